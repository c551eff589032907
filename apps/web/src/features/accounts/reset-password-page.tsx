import { RESET_REDIRECT_MS } from "@sams-web/domain/accounts/rules";
import { resetPasswordFormSchema, resetRequestSchema } from "@sams-web/domain/accounts/schemas";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { PageLayout } from "../../components/page-layout.tsx";
import { paths } from "../../config/paths.ts";
import { ApiError } from "../../lib/api-client.ts";
import { checkResetCode, resetPassword, sendPasswordResetEmail } from "./api.ts";
import { messageForAuthError } from "./auth-error.ts";

type Mode = { kind: "checking" } | { kind: "request" } | { kind: "reset"; code: string; email: string };
type Notice = { tone: "error" | "success"; text: string } | null;

/**
 * /reset-password: request mode, switching to reset mode when the
 * link's oobCode is valid; a bad code stays in request mode with an error.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const code = params.get("oobCode");
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>(code ? { kind: "checking" } : { kind: "request" });
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!code) return;
    let current = true;
    checkResetCode(code).then(
      ({ email }) => current && setMode({ kind: "reset", code, email }),
      () => {
        if (!current) return;
        setMode({ kind: "request" });
        setNotice({ tone: "error", text: MESSAGES.invalidResetLink });
      },
    );
    return () => {
      current = false;
    };
  }, [code]);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate(paths.home), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const requestLink = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = resetRequestSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) {
      setNotice({ tone: "error", text: parsed.error.issues[0]?.message ?? MESSAGES.invalidEmail });
      return;
    }
    setBusy(true);
    // The same neutral message whatever happened, so the page never tells whether an account exists.
    await sendPasswordResetEmail(parsed.data.email).catch(() => undefined);
    setBusy(false);
    setNotice({ tone: "success", text: MESSAGES.resetLinkSent });
  };

  const reset = async (event: FormEvent<HTMLFormElement>, resetCode: string) => {
    event.preventDefault();
    const parsed = resetPasswordFormSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) {
      setNotice({ tone: "error", text: parsed.error.issues[0]?.message ?? MESSAGES.resetFailed });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      await resetPassword({ oobCode: resetCode, newPassword: parsed.data.password });
      setNotice({ tone: "success", text: MESSAGES.passwordResetSuccess });
      setDone(true);
    } catch (error) {
      // The server's own, stricter password policy: its refusal shows the policy's message.
      const policy = error instanceof ApiError && error.code === "PASSWORD_DOES_NOT_MEET_REQUIREMENTS";
      setNotice({ tone: "error", text: policy ? messageForAuthError(error) : MESSAGES.resetFailed });
    } finally {
      setBusy(false);
    }
  };

  const noticeLine = notice && (
    <p
      role={notice.tone === "error" ? "alert" : "status"}
      className={notice.tone === "error" ? "text-danger" : "text-moss"}
    >
      {notice.text}
    </p>
  );

  if (mode.kind === "checking") {
    return (
      <PageLayout title="Forgot Your Password?">
        <p role="status" className="text-ink-soft">
          Checking your link...
        </p>
      </PageLayout>
    );
  }

  if (mode.kind === "reset") {
    return (
      <PageLayout title="Reset Your Password" intro={<p>For {mode.email}</p>}>
        <form noValidate onSubmit={(event) => reset(event, mode.code)} className="card flex flex-col gap-4">
          <label>
            <span className="field-label">New Password</span>
            <input className="field-input" name="password" type="password" required autoComplete="new-password" />
          </label>
          <label>
            <span className="field-label">Confirm New Password</span>
            <input
              className="field-input"
              name="confirmPassword"
              type="password"
              required
              autoComplete="new-password"
            />
          </label>
          {noticeLine}
          <button type="submit" className="btn-primary" disabled={busy || done}>
            Reset Password
          </button>
        </form>
      </PageLayout>
    );
  }

  return (
    <PageLayout title="Forgot Your Password?">
      <form noValidate onSubmit={requestLink} className="card flex flex-col gap-4">
        <label>
          <span className="field-label">Email</span>
          <input className="field-input" name="email" type="email" required autoComplete="email" />
        </label>
        {noticeLine}
        <button type="submit" className="btn-primary" disabled={busy}>
          Send Reset Link
        </button>
      </form>
    </PageLayout>
  );
}
