import { PROFILE_PATH, type ProfileResponse } from "@sams-web/domain/profile/contracts";
import type { Profile, ProfileUpdateInput } from "@sams-web/domain/profile/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api-client.ts";

/** Under the realtime topic 'profile', so a change from any tab refetches it. */
export const profileQueryKey = ["profile"] as const;

export async function getProfile(): Promise<Profile> {
  return (await apiFetch<ProfileResponse>(PROFILE_PATH)).profile;
}

export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: getProfile });
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
