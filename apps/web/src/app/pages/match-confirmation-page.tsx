import { describeDistance } from "@sams-web/domain/matching/rules";
import { MESSAGES, type MessageCode } from "@sams-web/domain/shared/messages";
import { useState } from "react";
import { useNavigate } from "react-router";
import { PageLayout } from "../../components/page-layout.tsx";
import { paths } from "../../config/paths.ts";
import { confirmMatch, reviewPhotoMatch, usePendingMatch } from "../../features/matching/api.ts";
import { SafetyActions } from "../../features/safety/safety-actions.tsx";
import { hasErrorCode } from "../../lib/api-client.ts";
import { useLoginPanel } from "../../lib/login-panel.ts";
import { useSession } from "../../lib/session.ts";

/** How long the server's message stays before the page moves on to /settings. */
const CONFIRMED_REDIRECT_MS = 2_000;

/** The pending-match rules' refusals, each shown as its own message; any other failure is one to retry. */
const MATCH_REFUSALS = [
  "profileNotActive",
  "matchCooldown",
  "noEligibleMatches",
] as const satisfies readonly MessageCode[];

/** The pending match: the rules are the server's; this page shows the outcome. */
export default function MatchConfirmationPage() {
  const { isPending, user } = useSession();
  const { openLoginPanel } = useLoginPanel();
  return (
    <PageLayout title="Your Pending Match">
      {isPending ? null : user ? (
        <PendingMatch />
      ) : (
        <button type="button" className="btn-primary" onClick={() => openLoginPanel()}>
          Sign Up / Log In
        </button>
      )}
    </PageLayout>
  );
}

function PendingMatch() {
  const navigate = useNavigate();
  const pending = usePendingMatch();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  if (pending.isPending) return <p role="status">Loading…</p>;
  if (pending.isError) return <p role="alert">{MESSAGES.matchesLoadFailed}</p>;
  const { match, message } = pending.data;
  if (result) return <p role="status">{result}</p>;
  if (!match) return <p role="status">{message ?? MESSAGES.noEligibleMatches}</p>;

  async function onConfirm() {
    if (!match) return;
    setBusy(true);
    try {
      setResult(await confirmMatch(match.id));
      setTimeout(() => navigate(paths.settings), CONFIRMED_REDIRECT_MS);
    } catch (error) {
      setResult(hasErrorCode(error, ...MATCH_REFUSALS) ? MESSAGES[error.code] : MESSAGES.confirmMatchFailed);
    } finally {
      setBusy(false);
    }
  }

  async function onSetFree() {
    if (!match) return;
    setBusy(true);
    try {
      await reviewPhotoMatch(match.id, "declined");
      setResult(MESSAGES.matchSetFree);
    } catch {
      setResult(MESSAGES.photoReviewFailed);
    } finally {
      setBusy(false);
    }
  }

  const name = match.age === null ? match.firstName : `${match.firstName}, ${match.age}`;
  return (
    <div className="card mx-auto w-full max-w-md">
      {match.photo && (
        <img
          src={match.photo}
          alt={`${match.firstName}, your pending match`}
          className="aspect-square w-full rounded-lg object-cover"
        />
      )}
      <div className="mt-4 flex items-baseline justify-between gap-3">
        <h2 className="text-2xl font-semibold">{name}</h2>
        <p className="text-sm text-ink-soft">{describeDistance(match.distanceBandMiles)}</p>
      </div>
      <div className="mt-3 text-center">
        <p className="text-ink-soft">Compatibility</p>
        <p className="mt-1 text-5xl font-semibold text-rose-deep">{match.score}%</p>
      </div>
      {match.reason && (
        <p className="mt-4">
          <span className="font-semibold text-rose-deep">Sam:</span> {match.reason}
        </p>
      )}
      <p id="confirm-shares-email" className="mt-4 rounded-xl bg-amber-soft px-4 py-3 text-sm">
        {MESSAGES.confirmSharesEmail}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-between">
        <button type="button" className="btn-secondary" onClick={onSetFree} disabled={busy}>
          Set free
        </button>
        <button
          type="button"
          className="btn-primary"
          onClick={onConfirm}
          disabled={busy}
          aria-describedby="confirm-shares-email"
        >
          Confirm and Connect
        </button>
      </div>
      <SafetyActions personId={match.id} firstName={match.firstName} onDone={setResult} />
    </div>
  );
}
