import type { Stage } from "@sams-web/domain/chat/stages";

/** What Sam wants to learn in each stage: the goal both brains steer by. */
export const STAGE_GOALS: Record<Stage, { topic: string; goal: string }> = {
  rapport_building: {
    topic: "your everyday life",
    goal: "Get to know the person: their everyday life, what they enjoy, what a good day looks like. Build trust and warmth.",
  },
  relationship_goals: {
    topic: "what you want from a relationship",
    goal: "Learn what long-term relationship they hope for: commitment, living together, marriage, children, pace.",
  },
  best_qualities: {
    topic: "you at your best",
    goal: "Learn the qualities they are proudest of and how the people closest to them would describe them.",
  },
  partner_preferences: {
    topic: "the partner you hope to meet",
    goal: "Learn what they look for in a partner: character, values, lifestyle, interests.",
  },
  dealbreakers: {
    topic: "your dealbreakers",
    goal: "Learn their firm dealbreakers: what would be an absolute no in a partner.",
  },
  worst_qualities: {
    topic: "what you find hardest in yourself",
    goal: "Learn, kindly and without judgement, which of their own habits or qualities they find hardest.",
  },
  contributions: {
    topic: "what you bring to a relationship",
    goal: "Learn what they would contribute to a relationship, day to day and over the years.",
  },
  past_relationships: {
    topic: "your past relationships",
    goal: "Learn about their past relationships: what worked, what did not, and what they learned.",
  },
  complete: {
    topic: "your interview",
    goal: "The interview is finished. Thank them warmly, answer briefly, and point them to Settings to upload photos and begin a search.",
  },
};
