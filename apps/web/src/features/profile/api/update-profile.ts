import { PROFILE_PATH, type ProfileResponse } from "@sams-web/domain/profile/contracts";
import type { Profile, ProfileUpdateInput } from "@sams-web/domain/profile/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";
import { profileQueryKey } from "./get-profile.ts";

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
