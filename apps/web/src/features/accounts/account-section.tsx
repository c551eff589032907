import { useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "../../app/paths.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { refreshSession } from "../../lib/session.ts";

/** The account part of the settings screen. */
export function AccountSection() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    setBusy(true);
    try {
      await apiFetch("/api/auth/sign-out", { method: "POST", json: {} });
      await refreshSession();
      navigate(paths.home);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="account-heading" className="card">
      <h2 id="account-heading" className="text-xl font-semibold">
        Account
      </h2>
      <button type="button" className="btn-secondary mt-4" onClick={logout} disabled={busy}>
        Logout
      </button>
    </section>
  );
}
