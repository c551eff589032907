import { OUTCOME_TOKEN_PARAM } from "@sams-web/domain/matching/contracts";
import { OUTCOME_LABELS, outcomeNotice } from "@sams-web/domain/matching/messages";
import { MATCH_OUTCOMES } from "@sams-web/domain/matching/rules";
import { Link } from "react-router";
import { paths } from "../../config/paths.ts";
import { useMatchOutcomes } from "./api.ts";

/**
 * Below Sam's question in the chat, fourteen days after a connection: the three answers, one tap
 * each, while they may still change. Each opens the answer page with the same signed token an
 * email link carries, so both ways record the answer the same way.
 */
export function OutcomeQuestions() {
  const questions = useMatchOutcomes();
  return (
    <>
      {(questions.data ?? []).map((question) => (
        <div key={question.id} className="mr-8 rounded-2xl border border-rose/40 bg-rose-soft px-4 py-3">
          <p>
            <span className="font-semibold text-rose-deep">Sam:</span>{" "}
            {outcomeNotice(question.firstName, question.answer && OUTCOME_LABELS[question.answer])}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            {MATCH_OUTCOMES.map((outcome) => (
              <Link
                key={outcome}
                to={`${paths.matchOutcome}?${new URLSearchParams({ [OUTCOME_TOKEN_PARAM]: question.tokens[outcome] })}`}
                className={`${question.answer === outcome ? "btn-primary" : "btn-secondary"} no-underline`}
                aria-current={question.answer === outcome ? "true" : undefined}
              >
                {OUTCOME_LABELS[outcome]}
              </Link>
            ))}
          </div>
        </div>
      ))}
    </>
  );
}
