import * as Dialog from "@radix-ui/react-dialog";
import { type FormEvent, useState } from "react";
import { apiFetch } from "../../lib/api-client.ts";
import { refreshSession } from "../../lib/session.ts";

export default function LoginPanel({ onClose }: { onClose: () => void }) {
  const [mode, setMode] = useState<"login" | "signup">("login");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await apiFetch(mode === "login" ? "/api/auth/sign-in/email" : "/api/auth/sign-up/email", {
        method: "POST",
        json: { email: form.get("email"), password: form.get("password"), name: form.get("name") ?? "" },
      });
      await refreshSession();
      onClose();
    } catch {
      setError("Authentication failed. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="card fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2">
          <Dialog.Title className="font-display text-2xl font-semibold">
            {mode === "login" ? "Login" : "Sign Up"}
          </Dialog.Title>
          <Dialog.Description className="sr-only">Log in or create an account</Dialog.Description>
          <form onSubmit={submit} className="mt-4 flex flex-col gap-3">
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
              <input className="field-input" name="password" type="password" required autoComplete="current-password" />
            </label>
            {error && (
              <p role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
            <button className="btn-primary" type="submit" disabled={busy}>
              {mode === "login" ? "Login" : "Sign Up"}
            </button>
            <button
              type="button"
              className="link text-sm"
              onClick={() => setMode(mode === "login" ? "signup" : "login")}
            >
              {mode === "login" ? "Need an account? Sign Up" : "Have an account? Login"}
            </button>
            <Dialog.Close className="btn-secondary">Cancel</Dialog.Close>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
