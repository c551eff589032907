import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PageLayout } from "../../components/page-layout.tsx";
import { paths } from "../../config/paths.ts";
import { refreshSession } from "../../lib/session.ts";
import { verifyEmail } from "./api.ts";

type State = "verifying" | "success" | "error";

// A code is applied once even if React runs the effect twice (development strict mode).
const attempts = new Map<string, Promise<unknown>>();

/** /verify-email?oobCode=…: verifying spinner, then 'Email Verified!' or 'Verification Failed'. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const code = params.get("oobCode");
  const [state, setState] = useState<State>(code ? "verifying" : "error");

  useEffect(() => {
    if (!code) {
      setState("error");
      return;
    }
    let current = true;
    let attempt = attempts.get(code);
    if (!attempt) {
      attempt = verifyEmail(code);
      attempts.set(code, attempt);
    }
    attempt.then(
      () => {
        if (!current) return;
        setState("success");
        void refreshSession();
      },
      () => current && setState("error"),
    );
    return () => {
      current = false;
    };
  }, [code]);

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
  if (state === "success") {
    return (
      <PageLayout title={MESSAGES.emailVerified}>
        <Link to={paths.home} className="btn-primary">
          Continue to Chat
        </Link>
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
