import { ACCOUNT_ERROR_CODES } from "@sams-web/domain/accounts/contracts";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PageLayout } from "../../components/page-layout.tsx";
import { paths } from "../../config/paths.ts";
import { ApiError } from "../../lib/api-client.ts";
import { useLoginPanel } from "../../lib/login-panel.ts";
import { refreshSession, useSession } from "../../lib/session.ts";
import { useProfile } from "../profile/api.ts";
import { signOut, verifyEmail } from "./api.ts";

type State = "verifying" | "success" | "error" | "signInFirst" | "otherAccount";

// A code is applied once per signed-in account even if React runs the effect twice (development
// strict mode); after logging in to the right account, it is tried again.
const attempts = new Map<string, Promise<unknown>>();

/**
 * /verify-email?oobCode=…: verifying spinner, then 'Email Verified!' or 'Verification Failed'.
 * A link verifies only the account signed in where it is opened, so whoever registered someone
 * else's address never gets it verified by the owner's click: signed out, the page asks to log
 * in and tries again once logged in; signed in to another account, it says so.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const code = params.get("oobCode");
  const session = useSession();
  const { openLoginPanel } = useLoginPanel();
  const [state, setState] = useState<State>(code ? "verifying" : "error");
  const who = session.isPending ? null : (session.user?.id ?? "");

  useEffect(() => {
    if (!code) {
      setState("error");
      return;
    }
    if (who === null) return;
    let current = true;
    const key = `${who}:${code}`;
    let attempt = attempts.get(key);
    if (!attempt) {
      attempt = verifyEmail(code);
      attempts.set(key, attempt);
    }
    setState("verifying");
    attempt.then(
      () => {
        if (!current) return;
        setState("success");
        void refreshSession();
      },
      (failure: unknown) => {
        if (!current) return;
        const reason = failure instanceof ApiError ? failure.code : null;
        if (reason === ACCOUNT_ERROR_CODES.verifySignInFirst) setState("signInFirst");
        else if (reason === ACCOUNT_ERROR_CODES.verifyOtherAccount) setState("otherAccount");
        else setState("error");
      },
    );
    return () => {
      current = false;
    };
  }, [code, who]);

  if (state === "verifying") {
    return (
      <PageLayout title="Verifying your email">
        <div role="status" className="flex items-center gap-3 text-ink-soft">
          <span className="h-6 w-6 animate-spin rounded-full border-2 border-line border-t-rose" aria-hidden="true" />
          Verifying...
        </div>
      </PageLayout>
    );
  }
  if (state === "success") return <VerifiedNextStep />;
  if (state === "signInFirst" || state === "otherAccount") {
    return (
      <PageLayout
        title={MESSAGES.verifySignInTitle}
        intro={<p>{state === "signInFirst" ? MESSAGES.verifySignInFirst : MESSAGES.verifyOtherAccount}</p>}
      >
        {state === "signInFirst" ? (
          <button type="button" className="btn-primary" onClick={() => openLoginPanel("login")}>
            Log In
          </button>
        ) : (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void signOut().finally(() => void refreshSession())}
          >
            Log Out
          </button>
        )}
      </PageLayout>
    );
  }
  return (
    <PageLayout title={MESSAGES.verificationFailed} intro={<p>{MESSAGES.verificationFailedDetail}</p>}>
      <Link to={paths.home} className="btn-secondary">
        Back to Home
      </Link>
    </PageLayout>
  );
}

/**
 * 'Email Verified!' and the way on: the chat while the interview is still going; once it is
 * complete the next step is in Settings (ZIP code, birthday, photos, Still Looking), so that comes
 * first and the chat stays one tap away.
 */
function VerifiedNextStep() {
  const profile = useProfile();
  const toChat = (primary: boolean) => (
    <Link to={paths.home} className={primary ? "btn-primary" : "btn-secondary"}>
      Continue to Chat
    </Link>
  );
  if (profile.data?.chatComplete) {
    return (
      <PageLayout title={MESSAGES.emailVerified} intro={<p>{MESSAGES.verifiedNextSettings}</p>}>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.settings} className="btn-primary">
            Continue to Settings
          </Link>
          {toChat(false)}
        </div>
      </PageLayout>
    );
  }
  return (
    <PageLayout title={MESSAGES.emailVerified} intro={profile.data ? <p>{MESSAGES.verifiedNextChat}</p> : undefined}>
      {toChat(true)}
    </PageLayout>
  );
}
