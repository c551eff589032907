import * as Dialog from "@radix-ui/react-dialog";
import { googleSignInErrorMessage } from "@sams-web/domain/accounts/auth-errors";
import { loginFormSchema, signUpFormSchema } from "@sams-web/domain/accounts/schemas";
import { displayNameFromSignup } from "@sams-web/domain/profile/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { paths } from "../../config/paths.ts";
import { trackEvent } from "../../lib/analytics.ts";
import type { LoginPanelMode } from "../../lib/login-panel.ts";
import { refreshSession } from "../../lib/session.ts";
import { GoogleSignInError, getAccountOptions, signIn, signInWithGoogle, signUp } from "./api.ts";
import { messageForAuthError } from "./auth-error.ts";

type Field = "name" | "email" | "password" | "confirmPassword";
type FieldErrors = Partial<Record<Field, string>>;

/** The first message for each field of a failed check, so each shows under its own field. */
function errorsByField(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The login panel: Login / Sign Up, email and password, Google, Cancel. */
export default function LoginPanel({ initialMode, onClose }: { initialMode: LoginPanelMode; onClose: () => void }) {
  const [mode, setMode] = useState<LoginPanelMode>(initialMode);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [google, setGoogle] = useState<boolean | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  // Set once a sign-up succeeded: the panel then says where the verification link went.
  const [signedUpAs, setSignedUpAs] = useState<string | null>(null);
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    getAccountOptions().then(
      (options) => setGoogle(options.google),
      () => setGoogle(false),
    );
  }, []);

  const switchMode = (next: LoginPanelMode) => {
    setMode(next);
    setError(null);
    setFieldErrors({});
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
      const errors = errorsByField(parsed.error.issues);
      setFieldErrors(errors);
      setError(null);
      // Focus goes to the first field that needs attention, where its message is read out.
      const first = (["name", "email", "password", "confirmPassword"] as const).find((field) => errors[field]);
      if (first) event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      if (mode === "signup") {
        const data = parsed.data as { name: string; email: string; password: string };
        await signUp({
          name: displayNameFromSignup(data.name, data.email),
          email: data.email,
          password: data.password,
        });
        trackEvent("sign_up");
        await refreshSession();
        setSignedUpAs(data.email);
        return;
      }
      await signIn({ email: parsed.data.email, password: parsed.data.password });
      trackEvent("login");
      await finish();
    } catch (failure) {
      const message = messageForAuthError(failure);
      if (message === MESSAGES.passwordPolicy) setFieldErrors({ password: message });
      else setError(message);
    } finally {
      setBusy(false);
    }
  };

  const withGoogle = async () => {
    setFieldErrors({});
    if (!google) {
      setError(MESSAGES.googleNotConfigured);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signInWithGoogle();
      await finish();
    } catch (failure) {
      setError(googleSignInErrorMessage(failure instanceof GoogleSignInError ? failure.code : null));
    } finally {
      setBusy(false);
    }
  };

  if (signedUpAs !== null) return <CheckYourEmail email={signedUpAs} onClose={onClose} />;

  const title = mode === "login" ? "Login" : "Sign Up";
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            // Straight into the first field, not the Login / Sign Up switch.
            event.preventDefault();
            firstField.current?.focus();
          }}
          className="card fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto"
        >
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
              <FormField label="Your Name" name="name" error={fieldErrors.name}>
                {(props) => <input {...props} ref={firstField} className="field-input" autoComplete="name" />}
              </FormField>
            )}
            <FormField label="Email" name="email" error={fieldErrors.email}>
              {(props) => (
                <input
                  {...props}
                  ref={mode === "login" ? firstField : undefined}
                  className="field-input"
                  type="email"
                  required
                  autoComplete="email"
                />
              )}
            </FormField>
            <FormField
              label="Password"
              name="password"
              error={fieldErrors.password}
              hint={mode === "signup" ? MESSAGES.passwordRuleHint : undefined}
            >
              {(props) => (
                <div className="relative">
                  <input
                    {...props}
                    className="field-input pr-20"
                    type={showPassword ? "text" : "password"}
                    required
                    autoComplete={mode === "login" ? "current-password" : "new-password"}
                  />
                  <button
                    type="button"
                    className="absolute inset-y-0 right-0 min-w-11 rounded-r-xl px-3 text-sm font-semibold text-rose-deep"
                    aria-pressed={showPassword}
                    aria-label="Show password"
                    onClick={() => setShowPassword((shown) => !shown)}
                  >
                    {showPassword ? "Hide" : "Show"}
                  </button>
                </div>
              )}
            </FormField>
            {mode === "signup" && (
              <FormField label="Confirm Password" name="confirmPassword" error={fieldErrors.confirmPassword}>
                {(props) => (
                  <input
                    {...props}
                    className="field-input"
                    type={showPassword ? "text" : "password"}
                    required
                    autoComplete="new-password"
                  />
                )}
              </FormField>
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

/** After a sign-up: where the verification link went, and the way on (the chat, as before). */
function CheckYourEmail({ email, onClose }: { email: string; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="card fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto">
          <Dialog.Title className="font-display text-2xl font-semibold">{MESSAGES.checkYourEmailTitle}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-3 space-y-2">
              <p>
                {MESSAGES.checkYourEmailSentTo} <strong className="break-all">{email}</strong>.
              </p>
              <p className="text-ink-soft">{MESSAGES.checkYourEmail}</p>
            </div>
          </Dialog.Description>
          <Dialog.Close className="btn-primary mt-5 w-full">Continue</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface FieldProps {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** A labelled field with its rule (before typing) and its error (after a check) beneath it. */
function FormField({
  label,
  name,
  error,
  hint,
  children,
}: {
  label: string;
  name: Field;
  error: string | undefined;
  hint?: string;
  children: (props: FieldProps) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({ id, name, "aria-invalid": error ? true : undefined, "aria-describedby": described || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-soft">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
