// Sam's transition messages, in a module of their own: the browser loads them only when a
// guest's stage moves, not on the first page. Free of zod.
import { FIRST_STAGE, type Stage } from "./stages.ts";

/**
 * What Sam says on moving INTO each stage: Sam then posts a transition message for the new stage.
 * The first stage has none: the opening message covers it.
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
