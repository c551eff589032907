import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useState } from "react";
import { useNavigate } from "react-router";
import { PageLayout } from "../../components/page-layout.tsx";
import { paths } from "../../config/paths.ts";
import { ApiError } from "../../lib/api-client.ts";
import { useLoginPanel } from "../../lib/login-panel.ts";
import { useSession } from "../../lib/session.ts";
import { confirmMatch, usePendingMatch } from "./api.ts";

/** How long the server's message stays before the page moves on to /settings. */
const CONFIRMED_REDIRECT_MS = 2_000;

const MATCH_MESSAGES = new Set<string>([MESSAGES.profileNotActive, MESSAGES.matchCooldown, MESSAGES.noEligibleMatches]);

/** The pending match: the rules are the server's; this page shows the outcome. */
export default function MatchConfirmationPage() {
  const { isPending, user } = useSession();
  const { openLoginPanel } = useLoginPanel();
  return (
    <PageLayout title="Your Pending Match">
      {isPending ? null : user ? (
        <PendingMatch />
      ) : (
        <button type="button" className="btn-primary" onClick={openLoginPanel}>
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
      setResult(
        error instanceof ApiError && MATCH_MESSAGES.has(error.message) ? error.message : MESSAGES.confirmMatchFailed,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="card text-center">
      <p className="text-ink-soft">Compatibility</p>
      <p className="mt-1 text-5xl font-semibold text-rose-deep">{match.score}%</p>
      <button type="button" className="btn-primary mt-6" onClick={onConfirm} disabled={busy}>
        Confirm and Connect
      </button>
    </div>
  );
}
