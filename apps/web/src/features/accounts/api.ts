import { ACCOUNTS_PATHS, type AccountOptionsResponse, type MeResponse } from "@sams-web/domain/accounts/contracts";
import { apiFetch, call, hasErrorCode } from "../../lib/api-client.ts";

// The accounts feature's server calls. Plain fetchers with neither the query library nor zod:
// the login panel opens from the first page, whose budget has no room for either.

/**
 * Email and password sign-in, behind the bot check. An account that has seen many wrong passwords
 * asks for the harder check: solved here at once (a few seconds), then the sign-in is sent again.
 */
export async function signIn(input: { email: string; password: string }): Promise<unknown> {
  const send = (botcheck: true | "harder") =>
    apiFetch("/api/auth/sign-in/email", { method: "POST", json: input, botcheck });
  try {
    return await send(true);
  } catch (error) {
    if (!hasErrorCode(error, "harderCheckRequired")) throw error;
    return send("harder");
  }
}

/** Creates the account (and its profile, server side) and signs in, behind the bot check. */
export function signUp(input: { name: string; email: string; password: string }): Promise<unknown> {
  return apiFetch("/api/auth/sign-up/email", { method: "POST", json: input, botcheck: true });
}

export function signOut(): Promise<unknown> {
  return apiFetch("/api/auth/sign-out", { method: "POST", json: {} });
}

const POPUP_TIMEOUT_MS = 5 * 60_000;

/** A Google sign-in that ended on the error page, with the auth service's code if it gave one. */
export class GoogleSignInError extends Error {
  constructor(readonly code: string | null) {
    super("Google sign-in failed");
    this.name = "GoogleSignInError";
  }
}

/**
 * Google sign-in in a popup. The popup opens at once (in the click, so it is not blocked), the
 * auth server gives the Google address, and the popup ends on our own oauth-complete page, which
 * this window watches for; the session cookie is then set. Resolves on success, rejects when the
 * popup is blocked, closed, or Google said no.
 */
export async function signInWithGoogle(): Promise<void> {
  const popup = window.open("about:blank", "google-sign-in", "width=500,height=650");
  if (!popup) throw new Error("popup blocked");
  try {
    const done = `${ACCOUNTS_PATHS.oauthComplete}?result=ok`;
    const failed = `${ACCOUNTS_PATHS.oauthComplete}?result=error`;
    const { url } = await apiFetch<{ url: string }>("/api/auth/sign-in/social", {
      method: "POST",
      json: {
        provider: "google",
        callbackURL: done,
        errorCallbackURL: failed,
        newUserCallbackURL: done,
        disableRedirect: true,
      },
    });
    popup.location.href = url;
    await new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const timer = window.setInterval(() => {
        if (popup.closed) {
          window.clearInterval(timer);
          reject(new Error("popup closed"));
          return;
        }
        let href = "";
        try {
          href = popup.location.href; // throws while the popup is on Google's origin
        } catch {}
        if (href.startsWith(`${window.location.origin}${ACCOUNTS_PATHS.oauthComplete}`)) {
          window.clearInterval(timer);
          const landing = new URL(href).searchParams;
          popup.close();
          if (landing.get("result") === "ok") resolve();
          // The auth service names why (error=ACCOUNT_SUSPENDED…), for the login panel's message.
          else reject(new GoogleSignInError(landing.get("error")));
        } else if (Date.now() - started > POPUP_TIMEOUT_MS) {
          window.clearInterval(timer);
          popup.close();
          reject(new Error("popup timed out"));
        }
      }, 250);
    });
  } catch (error) {
    if (!popup.closed) popup.close();
    throw error;
  }
}

/** Whether Google sign-in is configured on this server. */
export function getAccountOptions(): Promise<AccountOptionsResponse> {
  return apiFetch(ACCOUNTS_PATHS.options);
}

/** sendCustomVerificationEmail: mails a fresh verification link to the signed-in user. */
export function sendVerificationEmail(): Promise<{ sent: boolean; alreadyVerified: boolean }> {
  return call("sendCustomVerificationEmail", {});
}

/** Applies an email verification code (oobCode) from the emailed link. */
export function verifyEmail(oobCode: string): Promise<{ verified: true }> {
  return apiFetch(ACCOUNTS_PATHS.verifyEmail, { method: "POST", json: { oobCode } });
}

/** sendCustomPasswordResetEmail: the answer is neutral whether or not the account exists. */
export function sendPasswordResetEmail(email: string): Promise<unknown> {
  return call("sendCustomPasswordResetEmail", { email }, { botcheck: true });
}

/** Checks a password reset code without using it; answers the account's email. */
export function checkResetCode(oobCode: string): Promise<{ email: string }> {
  return apiFetch(ACCOUNTS_PATHS.checkResetCode, { method: "POST", json: { oobCode } });
}

/** Confirms a password reset with the code and the new password. */
export function resetPassword(input: { oobCode: string; newPassword: string }): Promise<{ reset: true }> {
  return apiFetch(ACCOUNTS_PATHS.resetPassword, { method: "POST", json: input });
}

/** Deletes the signed-in account; without a recent login the server asks for re-authentication. */
/** How the signed-in account signs in ("credential", "google"): what deleting it will ask for. */
export async function getSignInProviders(): Promise<string[]> {
  return (await apiFetch<MeResponse>(ACCOUNTS_PATHS.me)).providers;
}

export function deleteAccount(input: { confirmation: string; password?: string }): Promise<{ deleted: true }> {
  return apiFetch(ACCOUNTS_PATHS.deleteAccount, { method: "POST", json: input });
}
