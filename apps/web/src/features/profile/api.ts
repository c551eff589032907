import { PROFILE_PATH, type ProfileResponse } from "@sams-web/domain/profile/contracts";
import type { Profile, ProfileUpdateInput } from "@sams-web/domain/profile/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api-client.ts";

/** Under the realtime topic 'profile', so a change from any tab refetches it. */
export const profileQueryKey = ["profile"] as const;

export async function getProfile(): Promise<Profile> {
  return (await apiFetch<ProfileResponse>(PROFILE_PATH)).profile;
}

/**
 * The person's profile. A section inside a page that loads the profile itself passes
 * `loadedByPage: true` and reads the page's load instead of starting its own. Mounted after the
 * page's load, a second reader would otherwise ask the server for the same profile again (a change
 * arrives through the realtime topic anyway); mounted after the load failed, it would start it
 * again and put the whole query back to pending, so the page would swap its error for its loading
 * state, show the sections again, and loop for as long as the server is down.
 */
export function useProfile({ loadedByPage = false }: { loadedByPage?: boolean } = {}) {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: getProfile,
    retryOnMount: !loadedByPage,
    refetchOnMount: !loadedByPage,
  });
}

export async function updateProfile(changes: ProfileUpdateInput): Promise<Profile> {
  return (await apiFetch<ProfileResponse>(PROFILE_PATH, { method: "PATCH", json: changes })).profile;
}

/** Saves a partial update and puts the server's answer straight into the cache. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
