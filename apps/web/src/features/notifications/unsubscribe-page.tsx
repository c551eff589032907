import { UNSUBSCRIBE_TOKEN_PARAM } from "@sams-web/domain/notifications/contracts";
import { EMAIL_KIND_LABELS } from "@sams-web/domain/notifications/messages";
import type { EmailKind } from "@sams-web/domain/notifications/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PageLayout } from "../../components/page-layout.tsx";
import { paths } from "../../config/paths.ts";
import { ApiError } from "../../lib/api-client.ts";
import { describeUnsubscribe, unsubscribe } from "./api.ts";

type PageState =
  | { step: "loading" }
  | { step: "ask"; kind: EmailKind }
  | { step: "sending"; kind: EmailKind }
  | { step: "done" }
  | { step: "invalid" }
  /** The link could not be read (offline, the server down): nothing says it is not valid. */
  | { step: "unreachable" }
  | { step: "failed"; kind: EmailKind };

/**
 * The page an email's unsubscribe link opens. Opening it changes nothing (mail scanners open
 * links): it names the emails the link stops, and the button does it, by the same one-click POST
 * a mail program sends.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get(UNSUBSCRIBE_TOKEN_PARAM) ?? "";
  const [state, setState] = useState<PageState>({ step: "loading" });
  // Bumped by "Try again": reads the link once more.
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each attempt reads the link again.
  useEffect(() => {
    if (!token) {
      setState({ step: "invalid" });
      return;
    }
    let live = true;
    setState({ step: "loading" });
    describeUnsubscribe(token).then(
      ({ kind }) => live && setState({ step: "ask", kind }),
      // Only the server's refusal of the token (its signature, or its shape) makes the link
      // invalid; no answer, or a busy server, may pass on another try.
      (error: unknown) =>
        live &&
        setState({
          step: error instanceof ApiError && error.status === "INVALID_ARGUMENT" ? "invalid" : "unreachable",
        }),
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);

  const confirm = async (kind: EmailKind) => {
    setState({ step: "sending", kind });
    try {
      await unsubscribe(token);
      setState({ step: "done" });
    } catch {
      setState({ step: "failed", kind });
    }
  };

  return (
    <PageLayout title={MESSAGES.unsubscribeHeading}>
      <div className="card space-y-4" aria-live="polite">
        {state.step === "loading" && <p role="status">Loading…</p>}
        {(state.step === "ask" || state.step === "sending" || state.step === "failed") && (
          <>
            <p>
              Sam will stop sending you emails about: <strong>{EMAIL_KIND_LABELS[state.kind]}</strong>.
            </p>
            <button
              type="button"
              className="btn-primary"
              disabled={state.step === "sending"}
              onClick={() => void confirm(state.kind)}
            >
              {MESSAGES.unsubscribeButton}
            </button>
            {state.step === "failed" && (
              <p role="alert" className="text-sm text-danger">
                {MESSAGES.unsubscribeFailed}
              </p>
            )}
          </>
        )}
        {state.step === "done" && <p role="status">{MESSAGES.unsubscribeDone}</p>}
        {state.step === "invalid" && (
          <p role="alert" className="text-danger">
            {MESSAGES.unsubscribeInvalid}
          </p>
        )}
        {state.step === "unreachable" && (
          <>
            <p role="alert" className="text-danger">
              {MESSAGES.unsubscribeUnreachable}
            </p>
            <button type="button" className="btn-primary" onClick={() => setAttempt((n) => n + 1)}>
              {MESSAGES.unsubscribeRetry}
            </button>
          </>
        )}
        {state.step !== "loading" && (
          <p>
            <Link to={`${paths.settings}#notifications`} className="link">
              {MESSAGES.unsubscribeSettingsLink}
            </Link>
          </p>
        )}
      </div>
    </PageLayout>
  );
}
