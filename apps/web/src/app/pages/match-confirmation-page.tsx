import { MATCH_MOMENT_PARAM } from "@sams-web/domain/matching/contracts";
import { confirmedNotice, setFreeQuestion } from "@sams-web/domain/matching/messages";
import { describeDistance, PENDING_MATCH_REFUSALS } from "@sams-web/domain/matching/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { type ReactNode, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PageLayout } from "../../components/page-layout.tsx";
import { paths } from "../../config/paths.ts";
import { confirmMatch, reviewPhotoMatch, usePendingMatch } from "../../features/matching/api.ts";
import { SafetyActions } from "../../features/safety/safety-actions.tsx";
import { hasErrorCode } from "../../lib/api-client.ts";
import { useLoginPanel } from "../../lib/login-panel.ts";
import { useSession } from "../../lib/session.ts";

/** How long the server's message and what happens next stay before the page moves on to /settings. */
const CONFIRMED_REDIRECT_MS = 6_000;

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

/** Every ending of this page leads somewhere: Your web, where everyone Sam found waits, and Sam. */
function WaysOn() {
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <Link to={paths.yourWeb} className="btn-secondary no-underline">
        Your web
      </Link>
      <Link to={paths.home} className="btn-secondary no-underline">
        Back to Sam
      </Link>
    </div>
  );
}

function Outcome({ children }: { children: ReactNode }) {
  return (
    <div>
      <div role="status">{children}</div>
      <WaysOn />
    </div>
  );
}

function PendingMatch() {
  const navigate = useNavigate();
  const pending = usePendingMatch();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReactNode | null>(null);
  const [confirmingSetFree, setConfirmingSetFree] = useState(false);

  if (pending.isPending) return <p role="status">Loading…</p>;
  if (pending.isError) return <p role="alert">{MESSAGES.matchesLoadFailed}</p>;
  const { match, message, code } = pending.data;
  if (result) return <Outcome>{result}</Outcome>;
  if (!match) {
    // Also where an emailed link lands after the pair ended: the spec's sentence, and the ways on.
    return (
      <Outcome>
        <p>{message ?? MESSAGES.noEligibleMatches}</p>
        {(code ?? "noEligibleMatches") === "noEligibleMatches" && (
          <p className="mt-2 text-ink-soft">{MESSAGES.pendingMatchEnded}</p>
        )}
      </Outcome>
    );
  }

  async function onConfirm() {
    if (!match) return;
    setBusy(true);
    try {
      const answer = await confirmMatch(match.id);
      if (answer.connected) {
        // Both confirmed: the moment has a screen of its own, with the other's address.
        navigate(`${paths.itsAMatch}?${new URLSearchParams({ [MATCH_MOMENT_PARAM]: match.id })}`);
        return;
      }
      setResult(
        <>
          <p>{answer.message}</p>
          <p className="mt-2 text-ink-soft">{confirmedNotice(match.firstName)}</p>
        </>,
      );
      setTimeout(() => navigate(paths.settings), CONFIRMED_REDIRECT_MS);
    } catch (error) {
      setResult(hasErrorCode(error, ...PENDING_MATCH_REFUSALS) ? MESSAGES[error.code] : MESSAGES.confirmMatchFailed);
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
      {/* Set free ends the pair for good: asked once, in place of the two choices. */}
      {confirmingSetFree ? (
        <div className="mt-6 rounded-xl border border-line p-3">
          <p>{setFreeQuestion(match.firstName)}</p>
          <div className="mt-3 flex justify-between gap-3">
            <button type="button" className="btn-secondary" onClick={() => setConfirmingSetFree(false)}>
              Cancel
            </button>
            <button type="button" className="btn-primary" onClick={onSetFree} disabled={busy}>
              Set free
            </button>
          </div>
        </div>
      ) : (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-between">
          <button type="button" className="btn-secondary" onClick={() => setConfirmingSetFree(true)} disabled={busy}>
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
      )}
      <SafetyActions personId={match.id} firstName={match.firstName} onDone={setResult} />
    </div>
  );
}
