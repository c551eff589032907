import * as Dialog from "@radix-ui/react-dialog";
import { loginFormSchema, signUpFormSchema } from "@sams-web/domain/accounts/schemas";
import { displayNameFromSignup } from "@sams-web/domain/profile/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { type FormEvent, useEffect, useState } from "react";
import { paths } from "../../config/paths.ts";
import { trackEvent } from "../../lib/analytics.ts";
import { refreshSession } from "../../lib/session.ts";
import { getAccountOptions, signIn, signInWithGoogle, signUp } from "./api.ts";
import { messageForAuthError } from "./auth-error.ts";

type Mode = "login" | "signup";

/** The login panel: Login / Sign Up, email and password, Google, Cancel. */
export default function LoginPanel({ onClose }: { onClose: () => void }) {
  const [mode, setMode] = useState<Mode>("login");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [google, setGoogle] = useState<boolean | null>(null);

  useEffect(() => {
    getAccountOptions().then(
      (options) => setGoogle(options.google),
      () => setGoogle(false),
    );
  }, []);

  const switchMode = (next: Mode) => {
    setMode(next);
    setError(null);
  };

  const finish = async () => {
    await refreshSession();
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = mode === "signup" ? signUpFormSchema.safeParse(form) : loginFormSchema.safeParse(form);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.authFailed);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (mode === "signup") {
        const data = parsed.data as { name: string; email: string; password: string };
        await signUp({
          name: displayNameFromSignup(data.name, data.email),
          email: data.email,
          password: data.password,
        });
        trackEvent("sign_up");
      } else {
        await signIn({ email: parsed.data.email, password: parsed.data.password });
        trackEvent("login");
      }
      await finish();
    } catch (failure) {
      setError(messageForAuthError(failure));
    } finally {
      setBusy(false);
    }
  };

  const withGoogle = async () => {
    if (!google) {
      setError(MESSAGES.googleNotConfigured);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signInWithGoogle();
      await finish();
    } catch {
      setError(MESSAGES.googleAuthFailed);
    } finally {
      setBusy(false);
    }
  };

  const title = mode === "login" ? "Login" : "Sign Up";
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="card fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto">
          <Dialog.Title className="font-display text-2xl font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="sr-only">Log in or create an account</Dialog.Description>
          <fieldset className="mt-4 grid grid-cols-2 gap-1 rounded-full border-0 bg-silk-deep p-1">
            <legend className="sr-only">Login or Sign Up</legend>
            {(["login", "signup"] as const).map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={mode === m}
                onClick={() => switchMode(m)}
                className={`rounded-full px-3 py-1.5 text-sm font-semibold ${mode === m ? "bg-white text-ink shadow" : "text-ink-soft"}`}
              >
                {m === "login" ? "Login" : "Sign Up"}
              </button>
            ))}
          </fieldset>
          {busy ? (
            <p role="status" className="mt-6 text-center text-ink-soft">
              {MESSAGES.creatingProfile}
            </p>
          ) : null}
          <form onSubmit={submit} noValidate className={`mt-4 flex flex-col gap-3 ${busy ? "hidden" : ""}`}>
            {mode === "signup" && (
              <label>
                <span className="field-label">Your Name</span>
                <input className="field-input" name="name" autoComplete="name" />
              </label>
            )}
            <label>
              <span className="field-label">Email</span>
              <input className="field-input" name="email" type="email" required autoComplete="email" />
            </label>
            <label>
              <span className="field-label">Password</span>
              <input
                className="field-input"
                name="password"
                type="password"
                required
                autoComplete={mode === "login" ? "current-password" : "new-password"}
              />
            </label>
            {mode === "signup" && (
              <label>
                <span className="field-label">Confirm Password</span>
                <input
                  className="field-input"
                  name="confirmPassword"
                  type="password"
                  required
                  autoComplete="new-password"
                />
              </label>
            )}
            {mode === "login" && (
              // A full page load, as the product requires: the reset page starts fresh.
              <a href={paths.resetPassword} className="link self-end text-sm">
                Forgot Password
              </a>
            )}
            {error && (
              <p role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
            <button className="btn-primary" type="submit" disabled={busy}>
              {title}
            </button>
            <div className="flex items-center gap-3 text-sm text-ink-soft" aria-hidden="true">
              <span className="h-px flex-1 bg-line" />
              or
              <span className="h-px flex-1 bg-line" />
            </div>
            <button type="button" className="btn-secondary" onClick={withGoogle} disabled={busy}>
              {mode === "login" ? "Login with Google" : "Sign Up with Google"}
            </button>
            {google === false && <p className="text-xs text-ink-soft">{MESSAGES.googleNotConfigured}</p>}
            <Dialog.Close className="btn-secondary">Cancel</Dialog.Close>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
