import type { CompatibilityDimension } from "@sams-web/domain/matching/rules";

/**
 * Follow-up questions come from fixed templates about a dimension, never from anyone's words:
 * a question goes to the person whose narrative left the dimension unclear and asks about
 * themselves, so it cannot reveal what the other person said or wants.
 */
const TEMPLATES: Readonly<Record<CompatibilityDimension, string>> = {
  values:
    "I'd love to understand what matters most to you. Which values guide the way you live and treat the people close to you?",
  lifestyle: "Tell me a little more about your everyday life: how do you like to spend your evenings and weekends?",
  goals: "Where do you see your life heading in the next few years, and what would you love to build with a partner?",
  communication: "How do you like to stay connected with someone you care about, and how do you handle a disagreement?",
  interests: "What do you love doing in your free time? Which hobbies or passions could you talk about for hours?",
};

export function followupQuestionsFor(dimensions: readonly CompatibilityDimension[]): string[] {
  return [...new Set(dimensions)].map((d) => TEMPLATES[d]);
}
