import { MATCH_MOMENT_PARAM, type WebEntry } from "@sams-web/domain/matching/contracts";
import { WEB_STAGE_LABELS, webStageDetail, writeTo } from "@sams-web/domain/matching/messages";
import { describeDistance, WEB_STAGES, type WebStage } from "@sams-web/domain/matching/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useState } from "react";
import { Link } from "react-router";
import { PageLayout } from "../../components/page-layout.tsx";
import { SpiderLogo } from "../../components/spider-logo.tsx";
import { paths } from "../../config/paths.ts";
import { formatDay } from "../../lib/dates.ts";
import { SafetyActions } from "../safety/safety-actions.tsx";
import { useYourWeb } from "./api.ts";

/** Where each stage's entries lead: the screen where the person acts on it. */
function StageAction({ entry }: { entry: WebEntry }) {
  const name = entry.person?.firstName ?? "them";
  switch (entry.stage) {
    case "questionsForYou":
      return (
        <Link to={paths.home} className="btn-primary no-underline">
          Answer Sam's questions
        </Link>
      );
    case "photosToReview":
      return (
        <Link to={paths.home} className="btn-primary no-underline">
          Review {name}'s photos
        </Link>
      );
    case "pendingMatch":
      return (
        <Link to={paths.matchConfirmation} className="btn-primary no-underline">
          {MESSAGES.mutualMatchLink}
        </Link>
      );
    case "connected":
      return (
        <div className="flex flex-wrap gap-3">
          {entry.email && (
            <a href={`mailto:${entry.email}`} className="btn-primary no-underline">
              {writeTo(name)}
            </a>
          )}
          {entry.person && (
            <Link
              to={`${paths.itsAMatch}?${new URLSearchParams({ [MATCH_MOMENT_PARAM]: entry.person.id })}`}
              className="btn-secondary no-underline"
            >
              {entry.momentSeen ? `Your match with ${name}` : `See your match with ${name}`}
            </Link>
          )}
        </div>
      );
    default:
      return null;
  }
}

/** A photo, or Sam standing in for someone not shown yet. */
function Portrait({ entry }: { entry: WebEntry }) {
  if (entry.person?.photo) {
    return <img src={entry.person.photo} alt="" className="h-16 w-16 shrink-0 rounded-full object-cover" />;
  }
  return (
    <span aria-hidden="true" className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-silk-deep">
      <SpiderLogo className="h-10 w-10 opacity-70" />
    </span>
  );
}

function EntryCard({ entry, onSafety }: { entry: WebEntry; onSafety: (message: string) => void }) {
  const { person } = entry;
  const title = person
    ? person.age === null
      ? person.firstName
      : `${person.firstName}, ${person.age}`
    : "Someone Sam found for you";
  // Once Sam has shown someone, they stay one tap from Unmatch, Block and Report, wherever they wait.
  const safety = person && entry.stage !== "photosToReview" && entry.stage !== "pendingMatch";
  return (
    <li className="rounded-2xl border border-line bg-white p-4 shadow-sm">
      <div className="flex items-start gap-4">
        <Portrait entry={entry} />
        <div className="min-w-0 flex-1">
          <h3 className="text-lg font-semibold">{title}</h3>
          <p className="text-sm text-ink-soft">
            {[
              person ? describeDistance(person.distanceBandMiles) : null,
              entry.score === null ? null : `${entry.score}% compatible`,
              entry.connectedAt === null ? null : `connected ${formatDay(entry.connectedAt)}`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
          <p className="mt-2 [overflow-wrap:anywhere]">
            {webStageDetail(entry.stage, person?.firstName ?? null, entry.email)}
          </p>
        </div>
      </div>
      <div className="mt-3">
        <StageAction entry={entry} />
      </div>
      {safety && (
        <SafetyActions
          personId={person.id}
          firstName={person.firstName}
          withUnmatch={entry.stage === "connected"}
          onDone={onSafety}
        />
      )}
    </li>
  );
}

function WebSkeleton() {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">Loading your web…</span>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="h-36 animate-pulse rounded-2xl border border-line bg-white/60" />
      ))}
    </div>
  );
}

/**
 * /your-web: everyone Sam is talking to the person about, grouped by where each stands, what
 * waits for the person first. It says of each other person only what the stage allows (see the
 * server's your-web feature): nobody is named before photo review, an email only once connected.
 */
export default function YourWebPage() {
  const web = useYourWeb();
  const [notice, setNotice] = useState<string | null>(null);
  const entries = web.data?.entries ?? [];
  const stages = WEB_STAGES.filter((stage) => entries.some((entry) => entry.stage === stage));
  return (
    <PageLayout title="Your web" intro="Everyone Sam is talking to you about, and where each of you stands.">
      <Link
        to={paths.yourStory}
        className="mb-8 flex items-center justify-between gap-3 rounded-2xl border border-rose/40 bg-rose-soft px-4 py-3 text-ink no-underline"
      >
        <span>
          <span className="block font-semibold text-rose-deep">Your story</span>
          <span className="text-sm">How Sam sees you, and what candidates read about you.</span>
        </span>
        <span aria-hidden="true" className="text-2xl text-rose-deep">
          ›
        </span>
      </Link>
      {notice && (
        <p role="status" className="mb-6 rounded-xl bg-moss-soft px-4 py-3 text-moss">
          {notice}
        </p>
      )}
      {web.isPending ? (
        <WebSkeleton />
      ) : web.isError ? (
        <p role="alert" className="text-danger">
          {MESSAGES.matchesLoadFailed}
        </p>
      ) : entries.length === 0 ? (
        <div className="card">
          <p>{MESSAGES.yourWebEmpty}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to={paths.home} className="btn-secondary no-underline">
              Talk with Sam
            </Link>
            <Link to={paths.settings} className="btn-secondary no-underline">
              Search from Settings
            </Link>
          </div>
        </div>
      ) : (
        <div className="space-y-8">
          {stages.map((stage: WebStage) => (
            <section key={stage} aria-labelledby={`web-${stage}`}>
              <h2 id={`web-${stage}`} className="mb-3 text-xl font-semibold">
                {WEB_STAGE_LABELS[stage]}
              </h2>
              <ul className="space-y-4">
                {entries
                  .filter((entry) => entry.stage === stage)
                  .map((entry, index) => (
                    <EntryCard key={entry.person?.id ?? `${stage}-${index}`} entry={entry} onSafety={setNotice} />
                  ))}
              </ul>
            </section>
          ))}
          {entries.some((entry) => entry.stage === "connected") && (
            <p className="text-sm text-ink-soft">{MESSAGES.connectionEmailShared}</p>
          )}
        </div>
      )}
    </PageLayout>
  );
}
