import { INSIGHTS_PAGE_PATH } from "@sams-web/domain/insights/contracts";
import type { QueueDuplicate, QueueEntry, QueueReport } from "@sams-web/domain/safety/contracts";
import {
  applicableModerationActions,
  duplicatesByPerson,
  MODERATION_QUEUE_LIMIT,
  type ModerationAction,
  neutralisedText,
  queueStrength,
  REPORT_REASON_LABELS,
  SHADOW_HIDE_REPORTERS,
} from "@sams-web/domain/safety/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { MODERATION_TITLE } from "@sams-web/domain/shell/routes";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { PageLayout } from "../../components/page-layout.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { moderatePerson, useModerationQueue } from "./api.ts";

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

const ACTION_LABELS: Record<ModerationAction, string> = { dismiss: "Dismiss", suspend: "Suspend", restore: "Restore" };

/**
 * Text a member wrote, shown so it cannot mislead: its bidirectional controls visible and its
 * combining marks cut (neutralisedText), and isolated, so it cannot reorder what is around it.
 */
function MemberText({ text }: { text: string }) {
  return <bdi>{neutralisedText(text)}</bdi>;
}

/** "1 and 3", "2, 3 and 4": report numbers as a moderator reads them. */
function numbers(list: number[]): string {
  return list.length === 1 ? String(list[0]) : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
}

/** Who reported, as far as a moderator can judge it: the account's age, and shared mailboxes or addresses. */
function ReporterLine({ report, index, all }: { report: QueueReport; index: number; all: QueueReport[] }) {
  const others = (same: (other: QueueReport) => boolean) =>
    all.flatMap((other, position) => (position !== index && same(other) ? [position + 1] : []));
  const sameMailbox = others((other) => other.mailboxGroup === report.mailboxGroup);
  const sameAddress = others((other) => report.addressGroup !== null && other.addressGroup === report.addressGroup);
  const age = report.reporterAccountAgeDays;
  const facts = [
    age === null ? "account since deleted" : `account ${age} day${age === 1 ? "" : "s"} old when reporting`,
    sameMailbox.length > 0 ? `same mailbox as report ${numbers(sameMailbox)}` : null,
    sameAddress.length > 0 ? `same address as report ${numbers(sameAddress)}` : null,
    report.countsTowardHide ? null : "does not count towards a hide",
  ].filter(Boolean);
  return <p className="mt-1 text-xs text-ink-soft">{facts.join(" · ")}</p>;
}

/** "From 2 mailboxes; 1 of them counts towards hiding this person (it takes 3)." */
function reportSummary(reports: QueueReport[]): string {
  const mailboxes = new Set(reports.map((report) => report.mailboxGroup)).size;
  const counting = new Set(reports.filter((report) => report.countsTowardHide).map((report) => report.mailboxGroup))
    .size;
  const plural = mailboxes === 1 ? "mailbox" : "mailboxes";
  const verb = counting === 1 ? "counts" : "count";
  return `From ${mailboxes} ${plural}; ${counting} of them ${verb} towards hiding this person (it takes ${SHADOW_HIDE_REPORTERS}).`;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** What the card's place in the queue stands on (queueStrength), in the order it is weighed. */
function strengthLine(entry: QueueEntry): string | null {
  const strength = queueStrength(entry);
  const parts = [
    strength.countingReporters > 0 ? `${plural(strength.countingReporters, "reporter")} counting towards a hide` : null,
    strength.matchedPhotos > 0
      ? `${plural(strength.matchedPhotos, "photo")} like another account's, the closest ${strength.closestDistance} of 64 bits apart`
      : null,
    strength.openReports > 0 ? plural(strength.openReports, "open report") : null,
  ].filter(Boolean);
  return parts.length > 0 ? `Evidence: ${parts.join(" · ")}.` : null;
}

/** One flagged photo beside the one it looks like, each opening at full size. */
function PhotoPair({ duplicate, name }: { duplicate: QueueDuplicate; name: string }) {
  const photo = (url: string, alt: string, caption: string) => (
    <figure>
      <a href={url} target="_blank" rel="noreferrer" className="block rounded focus-visible:outline-2">
        <img src={url} alt={alt} className="h-16 w-16 rounded object-cover sm:h-20 sm:w-20" />
      </a>
      <figcaption className="mt-1 text-xs text-ink-soft">{caption}</figcaption>
    </figure>
  );
  return (
    <li className="flex items-start gap-2 rounded-lg bg-silk-deep/60 p-2">
      {photo(duplicate.photoUrl, `${name}'s`, "This account")}
      {photo(duplicate.otherPhotoUrl, `${duplicate.otherName}'s`, "Had it first")}
      <p className="text-xs text-ink-soft">{duplicate.distance} of 64 bits apart</p>
    </li>
  );
}

/**
 * The card's look-alike photos, one group per account they look like (duplicatesByPerson): the
 * account with the most matched photos first, each group's closest pair first.
 */
function LookAlikes({ entry }: { entry: QueueEntry }) {
  const groups = duplicatesByPerson(entry.duplicates);
  return (
    <section aria-label="Photos that look like another account's">
      <h3 className="mt-4 font-semibold">
        Photos that look like another account's (
        {plural(new Set(entry.duplicates.map((d) => d.photoUrl)).size, "photo")}, {plural(groups.length, "account")})
      </h3>
      {groups.map((group) => {
        const other = group.pairs[0] as QueueDuplicate;
        return (
          <section key={group.otherId} className="mt-2" aria-label={`Like ${other.otherName}'s photos`}>
            {/* An address has no place to break: it may break anywhere rather than widen the page. */}
            <h4 className="text-sm [overflow-wrap:anywhere]">
              Like <MemberText text={other.otherName} /> (<MemberText text={other.otherEmail} />
              ): {plural(group.matchedPhotos, "photo")}, the closest {group.closestDistance} of 64 bits apart
            </h4>
            <ul className="mt-1 flex flex-wrap gap-2 text-sm">
              {group.pairs.map((duplicate) => (
                <PhotoPair
                  key={`${duplicate.photoUrl}-${duplicate.otherPhotoUrl}`}
                  duplicate={duplicate}
                  name={entry.displayName}
                />
              ))}
            </ul>
          </section>
        );
      })}
      <p className="mt-2 text-sm">The first to upload may be the one whose photos were taken.</p>
    </section>
  );
}

/**
 * One reported person: who reported what, what they wrote about themselves, and the decisions
 * that still change something for them. `onDecided` gets the sentence to show: after a dismiss
 * the person leaves the queue, and this card with them.
 */
function QueueCard({ entry, onDecided }: { entry: QueueEntry; onDecided: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function decide(action: ModerationAction) {
    setBusy(true);
    setError(null);
    try {
      onDecided(await moderatePerson(entry.id, action, reason));
      setReason("");
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : MESSAGES.moderationFailed);
    } finally {
      setBusy(false);
      // Also after a refusal: another moderator may have decided, and the card shows it.
      await queryClient.invalidateQueries({ queryKey: ["moderation-queue"] });
    }
  }

  const actions = applicableModerationActions({
    suspended: entry.suspended,
    shadowHidden: entry.shadowHidden,
    openItems: entry.reports.length + entry.duplicates.length,
    moderator: entry.moderator,
  });
  const state = entry.suspended ? "Suspended" : entry.shadowHidden ? "Hidden from new searches" : "Visible";
  return (
    <li className="card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold [overflow-wrap:anywhere]">
          <MemberText text={entry.displayName} />
        </h2>
        <p className="text-sm text-ink-soft [overflow-wrap:anywhere]">
          <MemberText text={entry.email} /> · {state}
        </p>
      </div>
      {strengthLine(entry) && <p className="mt-1 text-sm font-medium">{strengthLine(entry)}</p>}
      {entry.photos.length > 0 && (
        <div className="mt-3 flex gap-2 overflow-x-auto">
          {entry.photos.map((photo, index) => (
            <img
              key={photo}
              src={photo}
              alt={`${entry.displayName}, ${index + 1} of ${entry.photos.length}`}
              className="h-24 w-24 shrink-0 rounded-lg object-cover"
            />
          ))}
        </div>
      )}
      {entry.narrative && (
        <p className="mt-3 whitespace-pre-line text-sm [overflow-wrap:anywhere]">
          <MemberText text={entry.narrative} />
        </p>
      )}
      {entry.reports.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">Open reports ({entry.reports.length})</h3>
          <p className="mt-1 text-sm text-ink-soft">{reportSummary(entry.reports)}</p>
        </>
      )}
      <ol className="mt-2 space-y-2 text-sm">
        {entry.reports.map((report, index) => (
          <li
            // Reports have no id on the card; their order (oldest first) is stable between loads.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={`${report.createdAt}-${index}`}
            className="overflow-hidden rounded-lg bg-silk-deep/60 p-2 [overflow-wrap:anywhere]"
          >
            <span className="font-semibold">
              {index + 1}. {REPORT_REASON_LABELS[report.reason]}
            </span>{" "}
            — from{" "}
            {report.reporterFirstName === null ? "a deleted account" : <MemberText text={report.reporterFirstName} />},{" "}
            {when.format(report.createdAt)}
            <ReporterLine report={report} index={index} all={entry.reports} />
            {report.text && (
              <p className="mt-1 whitespace-pre-line">
                <MemberText text={report.text} />
              </p>
            )}
          </li>
        ))}
      </ol>
      {entry.duplicates.length > 0 && <LookAlikes entry={entry} />}
      {entry.history.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">History</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {entry.history.map((action) => (
              <li key={`${action.createdAt}-${action.action}`}>
                {when.format(action.createdAt)}: {ACTION_LABELS[action.action]} by{" "}
                {action.moderatorEmail ?? "a former moderator"} — <MemberText text={action.reason} />
              </li>
            ))}
          </ul>
        </>
      )}
      <label htmlFor={`${id}-reason`} className="field-label mt-4 block">
        Why (kept in the audit log for moderators; never shown to the person)
      </label>
      <textarea
        id={`${id}-reason`}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        rows={2}
        className="field-input mt-1 w-full"
      />
      <div className="mt-3 flex flex-wrap gap-3">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={action === "suspend" ? "btn-primary" : "btn-secondary"}
            disabled={busy}
            onClick={() => void decide(action)}
          >
            {ACTION_LABELS[action]}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-rose-deep">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * /admin: the moderation queue, for moderators (ADMIN_EMAILS). Anyone else gets the queue's 404
 * and sees `notFound`, the app's not-found screen.
 */
export default function AdminPage({ notFound }: { notFound: ReactNode }) {
  const queue = useModerationQueue();
  const [notice, setNotice] = useState<string | null>(null);
  const hidden = queue.error instanceof ApiError && queue.error.httpStatus === 404;
  useEffect(() => {
    if (queue.data) document.title = MODERATION_TITLE;
  }, [queue.data]);
  if (hidden) return <>{notFound}</>;
  return (
    <PageLayout
      title="Moderation"
      width="max-w-3xl"
      intro={
        <Link to={INSIGHTS_PAGE_PATH} className="link">
          Insights: sign-ups, searches, connections and reports
        </Link>
      }
    >
      <p role="status" className="mb-4 min-h-6 text-sm">
        {queue.isPending ? MESSAGES.moderationQueueLoading : notice}
      </p>
      {queue.isError && <p role="alert">{MESSAGES.moderationQueueLoadFailed}</p>}
      {queue.data?.length === 0 && <p>{MESSAGES.moderationEmptyQueue}</p>}
      {queue.data?.length === MODERATION_QUEUE_LIMIT && <p className="mb-4 text-sm">{MESSAGES.moderationQueueFull}</p>}
      <ul className="space-y-6">
        {(queue.data ?? []).map((entry) => (
          <QueueCard key={entry.id} entry={entry} onDecided={setNotice} />
        ))}
      </ul>
    </PageLayout>
  );
}
