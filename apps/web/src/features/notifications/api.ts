import {
  type EmailChoices,
  NOTIFICATION_SETTINGS_PATH,
  type NotificationSettingsResponse,
  PUSH_KEY_PATH,
  PUSH_SUBSCRIPTION_PATH,
  type PushKeyResponse,
  UNSUBSCRIBE_INFO_PATH,
  UNSUBSCRIBE_PATH,
  UNSUBSCRIBE_TOKEN_PARAM,
  type UnsubscribeInfoResponse,
  type UnsubscribeResponse,
} from "@sams-web/domain/notifications/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api-client.ts";

// The notifications feature's server calls: the email switches, this device's push subscription,
// and the unsubscribe link's page.

// Under the "notifications" topic, so a change from another tab (or an unsubscribe link) refetches it.
export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ["notifications", "settings"],
    queryFn: () => apiFetch<NotificationSettingsResponse>(NOTIFICATION_SETTINGS_PATH),
  });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

/** Turns one email kind on or off; the switch shows the new state at once and the server's after. */
export function useChangeEmailChoice() {
  const queryClient = useQueryClient();
  const key = notificationSettingsQueryOptions().queryKey;
  return useMutation({
    mutationFn: (change: Partial<EmailChoices>) =>
      apiFetch<NotificationSettingsResponse>(NOTIFICATION_SETTINGS_PATH, { method: "PATCH", json: change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before) queryClient.setQueryData(key, { email: { ...before.email, ...change } });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}

export async function fetchPushKey(): Promise<string> {
  return (await apiFetch<PushKeyResponse>(PUSH_KEY_PATH)).publicKey;
}

export function saveSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  return apiFetch<void>(PUSH_SUBSCRIPTION_PATH, { method: "PUT", json: subscription });
}

export function removeSubscription(endpoint: string): Promise<void> {
  return apiFetch<void>(PUSH_SUBSCRIPTION_PATH, { method: "DELETE", json: { endpoint } });
}

export function describeUnsubscribe(token: string): Promise<UnsubscribeInfoResponse> {
  return apiFetch<UnsubscribeInfoResponse>(
    `${UNSUBSCRIBE_INFO_PATH}?${new URLSearchParams({ [UNSUBSCRIBE_TOKEN_PARAM]: token })}`,
  );
}

/** The same one-click POST a mail program sends (RFC 8058). */
export function unsubscribe(token: string): Promise<UnsubscribeResponse> {
  return apiFetch<UnsubscribeResponse>(
    `${UNSUBSCRIBE_PATH}?${new URLSearchParams({ [UNSUBSCRIBE_TOKEN_PARAM]: token })}`,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    },
  );
}
