import * as Dialog from "@radix-ui/react-dialog";
import { ACCOUNT_ERROR_CODES } from "@sams-web/domain/accounts/contracts";
import { DELETE_CONFIRMATION_WORD } from "@sams-web/domain/accounts/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "../../config/paths.ts";
import { ApiError } from "../../lib/api-client.ts";
import { refreshSession, useSession } from "../../lib/session.ts";
import { forgetThisDevice } from "../notifications/push-device.ts";
import { deleteAccount, getSignInProviders, sendVerificationEmail, signInWithGoogle, signOut } from "./api.ts";

type ResendState = "idle" | "sending" | "sent" | "error";

/** The account part of the settings screen: resend verification, Logout, Delete Account. */
export function AccountSection() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [resend, setResend] = useState<ResendState>("idle");
  const [logoutError, setLogoutError] = useState<string | null>(null);
  const [loggingOut, setLoggingOut] = useState(false);

  const resendVerification = async () => {
    setResend("sending");
    try {
      await sendVerificationEmail();
      setResend("sent");
    } catch {
      setResend("error");
    }
  };

  const logout = async () => {
    setLoggingOut(true);
    setLogoutError(null);
    try {
      // This device stops receiving the person's notifications (the server drops them with the sign-in too).
      await forgetThisDevice();
      await signOut();
      await refreshSession();
      navigate(paths.home);
    } catch {
      setLogoutError(MESSAGES.logoutFailed);
    } finally {
      setLoggingOut(false);
    }
  };

  return (
    <section aria-labelledby="account-heading" className="card">
      <h2 id="account-heading" className="text-xl font-semibold">
        Account
      </h2>
      {user && !user.emailVerified && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-sm text-ink-soft">Your email address is not verified yet.</p>
          <button type="button" className="link text-sm" onClick={resendVerification} disabled={resend === "sending"}>
            {resend === "sending" ? "Sending..." : "Resend verification link"}
          </button>
          {resend === "sent" && (
            <p role="status" className="text-sm text-moss">
              {MESSAGES.verificationEmailSent}
            </p>
          )}
          {resend === "error" && (
            <p role="alert" className="text-sm text-danger">
              {MESSAGES.resendVerificationFailed}
            </p>
          )}
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn-secondary" onClick={logout} disabled={loggingOut}>
          Logout
        </button>
        <DeleteAccountButton />
      </div>
      {logoutError && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {logoutError}
        </p>
      )}
    </section>
  );
}

/**
 * Delete Account with its confirmation popup (type 'delete'). What the deletion needs is asked up
 * front: a password account types its password with the word (the server checks it); a Google
 * account is told it may sign in with Google again, in a popup, when its login is not recent.
 * It ends on /account-deleted, and the server emails the address the account had.
 */
function DeleteAccountButton() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState("");
  // null until the account's sign-in methods are known (the popup asks /api/me when it opens).
  const [providers, setProviders] = useState<string[] | null>(null);
  useEffect(() => {
    if (!open || providers !== null) return;
    getSignInProviders().then(setProviders, () => setProviders([]));
  }, [open, providers]);
  const needsPassword = providers?.includes("credential") ?? false;
  const [password, setPassword] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setConfirmation("");
    setPassword("");
    setMessage(null);
  };

  const attempt = async (withPassword?: string) => {
    await deleteAccount({ confirmation, password: withPassword });
    // The server forgot this device with the account; the browser forgets its subscription too.
    await forgetThisDevice();
    await refreshSession();
    setOpen(false);
    navigate(paths.accountDeleted, { replace: true });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirmation.trim().toLowerCase() !== DELETE_CONFIRMATION_WORD) {
      setMessage(MESSAGES.deleteConfirmationRequired);
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await attempt(needsPassword ? password : undefined);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null;
      if (code === ACCOUNT_ERROR_CODES.reauthPassword) {
        setMessage(MESSAGES.reauthWithPassword);
      } else if (code === ACCOUNT_ERROR_CODES.reauthFailed) {
        setMessage(MESSAGES.reauthFailed);
      } else if (code === ACCOUNT_ERROR_CODES.reauthGoogle) {
        // A Google account signs in with Google again, in a popup, then the deletion is retried.
        try {
          await signInWithGoogle();
        } catch {
          setMessage(MESSAGES.googleReauthFailed);
          return;
        }
        await attempt().catch(() => setMessage(MESSAGES.deleteAccountFailed));
      } else if (error instanceof ApiError && error.status === "UNAUTHENTICATED") {
        setMessage(MESSAGES.noAuthenticatedUser);
      } else {
        setMessage(MESSAGES.deleteAccountFailed);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <Dialog.Trigger className="btn-secondary text-danger">Delete Account</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="card fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2">
          <Dialog.Title className="text-xl font-semibold">Delete Account</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-ink-soft">
            {MESSAGES.deleteAccountConfirm}
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3">
            <label>
              <span className="field-label">Type 'delete' to confirm</span>
              <input
                className="field-input"
                name="confirmation"
                autoComplete="off"
                value={confirmation}
                onChange={(event) => setConfirmation(event.target.value)}
              />
            </label>
            {providers !== null && !needsPassword && (
              <p className="text-sm text-ink-soft">{MESSAGES.deleteWithGoogleNote}</p>
            )}
            {needsPassword && (
              <label>
                <span className="field-label">Your password</span>
                <input
                  className="field-input"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              </label>
            )}
            {message && (
              <p role="alert" className="text-sm text-danger">
                {message}
              </p>
            )}
            <button
              type="submit"
              className="btn-primary bg-danger"
              disabled={
                busy ||
                providers === null ||
                confirmation.trim().toLowerCase() !== DELETE_CONFIRMATION_WORD ||
                (needsPassword && password === "")
              }
            >
              Delete my account
            </button>
            <Dialog.Close className="btn-secondary">Cancel</Dialog.Close>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
