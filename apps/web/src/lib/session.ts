import { useSyncExternalStore } from "react";
import { apiFetch } from "./api-client.ts";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

type SessionState = { status: "pending" } | { status: "ready"; user: SessionUser | null };

// A tiny store instead of a query library: the header and every route guard read it on the
// first page, which must stay small (bench/README.md, initial JavaScript).
let state: SessionState = { status: "pending" };
let inflight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Fetches the session again, e.g. after logging in or out, or coming back online. */
export function refreshSession(): Promise<void> {
  inflight ??= apiFetch<{ user: SessionUser } | null>("/api/auth/get-session")
    .then(
      (body) => setState({ status: "ready", user: body?.user ?? null }),
      () => setState({ status: "ready", user: state.status === "ready" ? state.user : null }),
    )
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (state.status === "pending" && !inflight) void refreshSession();
  return () => listeners.delete(listener);
}

/** The signed-in user (`user`), null for a guest; `isPending` until the first answer. */
export function useSession(): { isPending: boolean; user: SessionUser | null } {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  return current.status === "pending" ? { isPending: true, user: null } : { isPending: false, user: current.user };
}
