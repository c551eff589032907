// The interview's stage order and Sam's opening line, free of zod on purpose: the home/chat screen
// imports it on the browser's first page. schemas.ts adds the zod schemas; Sam's transition
// messages are in stage-transitions.ts, loaded only when a guest's stage moves.

/**
 * Interview stages in the order the chat ADVANCES through them. An older stage list put two of
 * these in a different order; the advancing order is the one used, so this array is the single
 * source of truth for "what comes next".
 */
export const STAGES = [
  "rapport_building",
  "relationship_goals",
  "best_qualities",
  "partner_preferences",
  "dealbreakers",
  "worst_qualities",
  "contributions",
  "past_relationships",
  "complete",
] as const;
export type Stage = (typeof STAGES)[number];

export const FIRST_STAGE = "rapport_building" satisfies Stage;
export const FINAL_STAGE = "complete" satisfies Stage;

/** After the interview, the conversation switches into follow-up mode. */
export const FOLLOWUP_STAGES = ["followupsQueued", "followupsAnswered"] as const;
export type FollowupStage = (typeof FOLLOWUP_STAGES)[number];

/** Any value profile.conversationStage can hold. */
export type ConversationStage = Stage | FollowupStage;

export function isStage(x: unknown): x is Stage {
  return (STAGES as readonly unknown[]).includes(x);
}

export function isFollowupStage(x: unknown): x is FollowupStage {
  return (FOLLOWUP_STAGES as readonly unknown[]).includes(x);
}

/** Position of a stage in the advancing order (0 for rapport_building, 8 for complete). */
export function stageIndex(stage: Stage): number {
  return STAGES.indexOf(stage);
}

/** The stage after `stage`; complete is terminal and stays complete. */
export function nextStage(stage: Stage): Stage {
  const i = STAGES.indexOf(stage);
  return STAGES[i + 1] ?? FINAL_STAGE;
}

/**
 * Applies one Sam reply: the stage advances only when the reply says stage_complete, and never
 * by more than one step, so a model that over-reports completion cannot skip questions.
 */
export function advance(stage: Stage, stageComplete: boolean): Stage {
  return stageComplete ? nextStage(stage) : stage;
}

/** Sam's first greeting, shown before the user has typed anything. */
export const OPENING_MESSAGE =
  "Hi there, I'm Sam! I'm a friendly spider, and I spin webs that bring people together. I'd love to get to know you so I can help you find someone special for the long run. Let's start easy: tell me a little about yourself. What does a really good day look like for you?";
