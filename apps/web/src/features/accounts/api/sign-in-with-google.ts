import { ACCOUNTS_PATHS } from "@sams-web/domain/accounts/contracts";
import { apiFetch } from "../../../lib/api-client.ts";

const POPUP_TIMEOUT_MS = 5 * 60_000;

/**
 * Google sign-in in a popup (SPEC.md section 7). The popup opens at once (in the click, so it is
 * not blocked), Better Auth gives the Google address, and the popup ends on our own
 * oauth-complete page, which this window watches for; the session cookie is then set.
 * Resolves on success, rejects when the popup is blocked, closed, or Google said no.
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
          const ok = new URL(href).searchParams.get("result") === "ok";
          popup.close();
          if (ok) resolve();
          else reject(new Error("Google sign-in failed"));
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
