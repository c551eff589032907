import { OUTCOME_TOKEN_PARAM, type RecordMatchOutcomeOutput } from "@sams-web/domain/matching/contracts";
import { OUTCOME_LABELS, outcomeChangeUntil } from "@sams-web/domain/matching/messages";
import { MESSAGES, type MessageCode } from "@sams-web/domain/shared/messages";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PageLayout } from "../../components/page-layout.tsx";
import { paths } from "../../config/paths.ts";
import { hasErrorCode } from "../../lib/api-client.ts";
import { recordMatchOutcome } from "./api.ts";

type State =
  | { kind: "saving" }
  | { kind: "saved"; result: RecordMatchOutcomeOutput }
  | { kind: "refused"; message: string };

// A token is sent once even if React runs the effect twice (development strict mode).
const attempts = new Map<string, Promise<RecordMatchOutcomeOutput>>();

/** The server's refusals of a link, each shown as its own message; anything else is a failure to try again. */
const REFUSALS = ["outcomeLinkExpired", "outcomeLinkInvalid"] as const satisfies readonly MessageCode[];

/**
 * /match-outcome?t=…, where an answer link from Sam's email or chat lands: the answer is recorded
 * by a request the page sends, so a mail scanner that only fetches the link records nothing.
 */
export default function MatchOutcomePage() {
  const [params] = useSearchParams();
  const token = params.get(OUTCOME_TOKEN_PARAM);
  const [state, setState] = useState<State>(
    token ? { kind: "saving" } : { kind: "refused", message: MESSAGES.outcomeLinkInvalid },
  );

  useEffect(() => {
    if (!token) return;
    let current = true;
    let attempt = attempts.get(token);
    if (!attempt) {
      attempt = recordMatchOutcome(token);
      attempts.set(token, attempt);
    }
    attempt.then(
      (result) => current && setState({ kind: "saved", result }),
      (error: unknown) => {
        // A failure that was not a refusal may be tried again with the same link.
        attempts.delete(token);
        if (!current) return;
        setState({
          kind: "refused",
          message: hasErrorCode(error, ...REFUSALS) ? MESSAGES[error.code] : MESSAGES.outcomeAnswerFailed,
        });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (state.kind === "saving") {
    return (
      <PageLayout title={MESSAGES.outcomeQuestion}>
        <div role="status" className="flex items-center gap-3 text-ink-soft">
          <span className="h-6 w-6 animate-spin rounded-full border-2 border-line border-t-rose" aria-hidden="true" />
          Saving your answer...
        </div>
      </PageLayout>
    );
  }
  const back = (
    <Link to={paths.home} className="btn-secondary">
      Back to Sam
    </Link>
  );
  if (state.kind === "refused") {
    return (
      <PageLayout title={MESSAGES.outcomeQuestion}>
        <p role="alert" className="mb-6">
          {state.message}
        </p>
        {back}
      </PageLayout>
    );
  }
  return (
    <PageLayout title={MESSAGES.outcomeRecorded}>
      <p role="status" className="text-2xl font-semibold text-rose-deep">
        {OUTCOME_LABELS[state.result.outcome]}
      </p>
      <p className="mt-3 mb-6 text-ink-soft">{outcomeChangeUntil(state.result.answerUntil)}</p>
      {back}
    </PageLayout>
  );
}
