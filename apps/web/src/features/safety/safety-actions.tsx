import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXT_MAX_LENGTH,
  type ReportReason,
} from "@sams-web/domain/safety/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { ApiError } from "../../lib/api-client.ts";
import { blockPerson, reportPerson, unmatchPerson } from "./api.ts";

type Step = "idle" | "confirmUnmatch" | "confirmBlock" | "report";

/**
 * One tap from safety wherever a person is shown: Unmatch (when offered), Block and Report, each
 * asking once before it acts. After it, the person is gone from every list, so the lists refetch.
 */
export function SafetyActions({
  personId,
  firstName,
  withUnmatch = false,
  onDone,
}: {
  personId: string;
  firstName: string;
  withUnmatch?: boolean;
  onDone?: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>("idle");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState("");
  const id = useId();

  async function act(action: () => Promise<string>) {
    setBusy(true);
    setError(null);
    try {
      const message = await action();
      setStep("idle");
      onDone?.(message);
      await queryClient.invalidateQueries({ queryKey: ["matches"] });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : MESSAGES.photoReviewFailed);
    } finally {
      setBusy(false);
    }
  }

  function onReport(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setError(MESSAGES.reportReasonRequired);
      return;
    }
    void act(() => reportPerson(personId, reason, text));
  }

  const link = "inline-flex min-h-11 items-center px-2 text-sm font-semibold text-ink-soft underline";
  return (
    <div className="mt-3">
      {step === "idle" && (
        <div className="flex flex-wrap justify-center gap-x-4">
          {withUnmatch && (
            <button type="button" className={link} onClick={() => setStep("confirmUnmatch")}>
              Unmatch
            </button>
          )}
          <button type="button" className={link} onClick={() => setStep("confirmBlock")}>
            Block
          </button>
          <button type="button" className={link} onClick={() => setStep("report")}>
            Report
          </button>
        </div>
      )}
      {(step === "confirmUnmatch" || step === "confirmBlock") && (
        <div className="rounded-xl border border-line p-3 text-sm">
          <p>
            {step === "confirmUnmatch"
              ? `Unmatch ${firstName}? Sam will never pair you again.`
              : `Block ${firstName}? You will never see each other again on Sam's Web.`}
          </p>
          <div className="mt-3 flex gap-3">
            <button
              type="button"
              className="btn-primary"
              disabled={busy}
              onClick={() => void act(() => (step === "confirmUnmatch" ? unmatchPerson : blockPerson)(personId))}
            >
              {step === "confirmUnmatch" ? "Unmatch" : "Block"}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setStep("idle")}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {step === "report" && (
        <form onSubmit={onReport} className="rounded-xl border border-line p-3 text-sm">
          <fieldset>
            <legend className="font-semibold">Report {firstName}: what is wrong?</legend>
            <div className="mt-2 grid gap-1">
              {REPORT_REASONS.map((option) => (
                <label key={option} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-reason`}
                    value={option}
                    checked={reason === option}
                    onChange={() => setReason(option)}
                    className="h-5 w-5"
                  />
                  {REPORT_REASON_LABELS[option]}
                </label>
              ))}
            </div>
          </fieldset>
          <label htmlFor={`${id}-text`} className="mt-3 block font-semibold">
            Anything else we should know? (optional)
          </label>
          <textarea
            id={`${id}-text`}
            value={text}
            maxLength={REPORT_TEXT_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
            rows={3}
            aria-describedby={`${id}-count`}
            className="field-input mt-1 w-full"
          />
          <p id={`${id}-count`} className="text-right text-xs text-ink-soft">
            {text.length} / {REPORT_TEXT_MAX_LENGTH}
          </p>
          <p className="mt-1 text-ink-soft">Reporting also blocks: you will never see each other again.</p>
          <div className="mt-3 flex gap-3">
            <button type="submit" className="btn-primary" disabled={busy}>
              Send report
            </button>
            <button type="button" className="btn-secondary" onClick={() => setStep("idle")}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {error && (
        <p role="alert" className="mt-2 text-center text-rose-deep">
          {error}
        </p>
      )}
    </div>
  );
}
