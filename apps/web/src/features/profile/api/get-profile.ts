import { PROFILE_PATH, type ProfileResponse } from "@sams-web/domain/profile/contracts";
import type { Profile } from "@sams-web/domain/profile/schemas";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";

/** Under the realtime topic 'profile', so a change from any tab refetches it. */
export const profileQueryKey = ["profile"] as const;

export async function getProfile(): Promise<Profile> {
  return (await apiFetch<ProfileResponse>(PROFILE_PATH)).profile;
}

export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: getProfile });
}
