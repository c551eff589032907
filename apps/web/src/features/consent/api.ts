import {
  BROWSER_ID_HEADER,
  EXPORT_PATH,
  PRIVACY_REQUESTS_PATH,
  type PrivacyRequestKind,
  type PrivacyRequestsResponse,
  type PrivacyRequestView,
} from "@sams-web/domain/privacy/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiFetch } from "../../lib/api-client.ts";
import { getBrowserId } from "./browser-id.ts";
import { getConsent } from "./first-page-api.ts";

// The privacy settings page's and the data export's calls (what the cookie banner loads is in
// first-page-api.ts).

/** Signed in, the profile copy may change on another device: the live 'consent' topic refetches it. */
export function useProfileConsent(userId: string | undefined) {
  return useQuery({ queryKey: ["consent", "profile", userId], queryFn: getConsent, enabled: Boolean(userId) });
}

/** Under the 'consent' topic, so a request made in another tab shows here live. */
export const privacyRequestsQueryKey = (owner: string) => ["consent", "privacy-requests", owner] as const;

/** A guest's requests are bound to this browser's id, a signed-in person's to the account. */
export function getPrivacyRequests(): Promise<PrivacyRequestsResponse> {
  return apiFetch<PrivacyRequestsResponse>(PRIVACY_REQUESTS_PATH, {
    headers: { [BROWSER_ID_HEADER]: getBrowserId() },
  });
}

export function usePrivacyRequests(owner: string) {
  return useQuery({ queryKey: privacyRequestsQueryKey(owner), queryFn: getPrivacyRequests });
}

export async function createPrivacyRequest(kind: PrivacyRequestKind): Promise<PrivacyRequestView> {
  const body = await apiFetch<{ request: PrivacyRequestView }>(PRIVACY_REQUESTS_PATH, {
    method: "POST",
    headers: { [BROWSER_ID_HEADER]: getBrowserId() },
    json: { kind },
  });
  return body.request;
}

/** Submits a request; once it is recorded, `owner`'s list is fetched again. */
export function useCreatePrivacyRequest(
  owner: string,
  handlers: { onSuccess: (request: PrivacyRequestView, kind: PrivacyRequestKind) => void; onError: () => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrivacyRequest,
    onSuccess: (request, kind) => {
      handlers.onSuccess(request, kind);
      void queryClient.invalidateQueries({ queryKey: privacyRequestsQueryKey(owner) });
    },
    onError: handlers.onError,
  });
}

/** Fetches the archive and hands it to the browser as a file download. */
export async function downloadExport(): Promise<void> {
  let response: Response;
  try {
    response = await fetch(EXPORT_PATH, { credentials: "same-origin" });
  } catch {
    throw new ApiError("UNAVAILABLE", "The server could not be reached.", 0);
  }
  if (!response.ok) throw new ApiError("INTERNAL", response.statusText, response.status);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "sams-web-data.zip";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
