// The interview's stage order, transitions and Sam's scripted lines, free of zod on purpose: the
// home/chat screen imports it on the browser's first page. stages.ts adds the zod schemas.

/**
 * Interview stages in the ADVANCING order of SPEC section 4. The original stage list put two of
 * these in a different order; the spec says the advancing order is the one used, so this array
 * is the single source of truth for "what comes next".
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

/** After the interview, the conversation switches into follow-up mode (SPEC section 4). */
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

/**
 * What Sam says on moving INTO each stage (SPEC section 4: "Sam then posts a transition message
 * for the new stage"). The first stage has none: the opening message covers it.
 */
export const TRANSITION_MESSAGES: Readonly<Record<Exclude<Stage, "rapport_building">, string>> = {
  relationship_goals:
    "Thanks for sharing that. I feel like I'm really getting to know you! Now let's talk about what you're hoping to find: what does a long-term relationship look like for you?",
  best_qualities:
    "That's a lovely picture of the future you want. Now I'd like to hear about you at your best: what are the qualities you're proudest of, the ones the people closest to you would mention first?",
  partner_preferences:
    "You've got a lot to offer, and I can tell! Let's turn to the other side of the web: what are you looking for in a partner? Tell me about the person you'd love to meet.",
  dealbreakers:
    "That helps me so much. Every good web needs a few strong anchor threads, so let's talk dealbreakers: what would be an absolute no for you in a partner?",
  worst_qualities:
    "Good to know, I'll keep those firmly in mind. Now for a braver one, and there's no judging from this spider: what are the habits or qualities you find hardest in yourself?",
  contributions:
    "Thank you for being so honest, that takes courage. Let's look at what you bring: what would you contribute to a relationship, day to day and over the years?",
  past_relationships:
    "Whoever ends up with you is lucky! One last thread to spin: tell me about your past relationships. What worked, what didn't, and what did you learn along the way?",
  complete:
    "That's everything I wanted to ask. Thank you for letting me get to know you so well! Your interview is complete. Head over to Settings to upload your photos and begin a search, and I'll get spinning on finding someone special for you.",
};

/** The message Sam posts after moving into `stage`, or null for the first stage. */
export function transitionMessage(stage: Stage): string | null {
  return stage === FIRST_STAGE ? null : TRANSITION_MESSAGES[stage];
}
