import { TOKEN_REFRESH_MAX_ATTEMPTS, tokenRefreshDelayMs } from "@sams-web/domain/accounts/rules";
import { useDeferredValue, useSyncExternalStore } from "react";
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

let lastRefreshOk = true;

/** Fetches the session again, e.g. after logging in or out, or coming back online. */
export function refreshSession(): Promise<void> {
  inflight ??= apiFetch<{ user: SessionUser } | null>("/api/auth/get-session")
    .then(
      (body) => {
        lastRefreshOk = true;
        setState({ status: "ready", user: body?.user ?? null });
      },
      () => {
        lastRefreshOk = false;
        setState({ status: "ready", user: state.status === "ready" ? state.user : null });
      },
    )
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/**
 * Coming back online refreshes the session, retrying up to
 * TOKEN_REFRESH_MAX_ATTEMPTS times with 5 s × attempt between tries. `wait` is injectable for tests.
 */
export async function refreshSessionWithRetry(
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<boolean> {
  for (let attempt = 1; attempt <= TOKEN_REFRESH_MAX_ATTEMPTS; attempt++) {
    await refreshSession();
    if (lastRefreshOk) return true;
    const delay = tokenRefreshDelayMs(attempt);
    if (delay === null || attempt === TOKEN_REFRESH_MAX_ATTEMPTS) break;
    await wait(delay);
  }
  return false;
}

if (typeof window !== "undefined") {
  window.addEventListener("online", () => void refreshSessionWithRetry());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (state.status === "pending" && !inflight) void refreshSession();
  return () => listeners.delete(listener);
}

/** The signed-in user (`user`), null for a guest; `isPending` until the first answer. */
export function useSession(): { isPending: boolean; user: SessionUser | null } {
  const live = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  // A store's news is drawn at once, in one long task. The first answer changes the whole screen
  // (the signed-in shell and page, or the home screen) while the page is still loading, so it is
  // drawn as a background render instead, which React splits into short slices and the person
  // can tap between. Later answers (signing in or out) are shown at once.
  const firstAnswer = useDeferredValue(live);
  const current = firstAnswer.status === "pending" ? firstAnswer : live;
  return current.status === "pending" ? { isPending: true, user: null } : { isPending: false, user: current.user };
}
