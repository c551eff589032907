import { apiFetch } from "../../../lib/api-client.ts";

export function signOut(): Promise<unknown> {
  return apiFetch("/api/auth/sign-out", { method: "POST", json: {} });
}
