import {
  STORY_CORRECTIONS_PATH,
  STORY_INTRO_PATH,
  STORY_PATH,
  type StoryResponse,
} from "@sams-web/domain/story/contracts";
import type { StorySection } from "@sams-web/domain/story/rules";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api-client.ts";

// "Your story"'s server calls. Under the "profile" topic: a rewrite in another tab refetches it.

export const storyQueryOptions = () =>
  queryOptions({ queryKey: ["profile", "story"], queryFn: () => apiFetch<StoryResponse>(STORY_PATH) });

export function useStory() {
  return useQuery(storyQueryOptions());
}

/** Each change answers with the story as it now is, which replaces the cached one. */
function useStoryChange<Input>(send: (input: Input) => Promise<StoryResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (story) => queryClient.setQueryData(storyQueryOptions().queryKey, story),
  });
}

export function useCorrectStory() {
  return useStoryChange((input: { section: StorySection; text: string }) =>
    apiFetch<StoryResponse>(STORY_CORRECTIONS_PATH, { method: "POST", json: input }),
  );
}

export function useApproveIntro() {
  return useStoryChange((text: string) => apiFetch<StoryResponse>(STORY_INTRO_PATH, { method: "PUT", json: { text } }));
}

export function useWithdrawIntro() {
  return useStoryChange(() => apiFetch<StoryResponse>(STORY_INTRO_PATH, { method: "DELETE" }));
}
