import { isSubstantiveAnswer } from "@sams-web/domain/chat/rules";
import type { Stage } from "@sams-web/domain/chat/stages";
import type { CompatibilityDimension } from "@sams-web/domain/matching/rules";
import { CONCEPTS, readConcepts } from "../../../platform/text-reading/concepts.ts";
import type { Brain, BrainInput, BrainReply } from "./brain.ts";
import { STAGE_GOALS } from "./stage-goals.ts";

// The embedded Sam: a real interviewer written as data. Each stage opens with its transition
// message (or the greeting), then asks these follow-ups in turn, picking up a word from the
// person's last answer. A stage is complete once it has ANSWERS_PER_STAGE substantive answers.
// Deterministic: the same conversation always gets the same replies.

export const ANSWERS_PER_STAGE = 2;

const FOLLOWUPS: Record<Exclude<Stage, "complete">, string[]> = {
  rapport_building: [
    "What do you do with your time when nobody is asking anything of you?",
    "Who are the people you spend the most time with, and what do you love doing together?",
  ],
  relationship_goals: [
    "How do you picture everyday life together a few years in: living together, marriage, children?",
    "What pace feels right to you when a relationship is getting serious?",
  ],
  best_qualities: [
    "Can you tell me about a moment when one of those qualities really showed?",
    "What would your closest friend say is the best thing about you?",
  ],
  partner_preferences: [
    "Which values matter most to you in a partner's way of living?",
    "What kind of everyday rhythm would you love to share with someone?",
  ],
  dealbreakers: [
    "Are there lifestyle habits, like smoking or drinking, that would be a firm no for you?",
    "Is there anything about beliefs, children or where to live that you could not compromise on?",
  ],
  worst_qualities: [
    "How does that tend to show up when you're in a relationship?",
    "What do you do, or wish you did, when you notice it happening?",
  ],
  contributions: [
    "What would a partner notice about how you care for them on an ordinary Tuesday?",
    "How do you like to handle disagreements with someone you love?",
  ],
  past_relationships: [
    "What is one thing a past relationship taught you that you'd bring into the next one?",
    "Looking back, what would you do differently now?",
  ],
};

/** Said back about something the person likes or values, named by its topic ("hiking", "an active life"). */
const ACKNOWLEDGEMENTS = [
  (topic: string) => `I love that you mentioned ${topic}.`,
  (topic: string) => `It's lovely to hear about ${topic}.`,
  (topic: string) => `Thank you for telling me about ${topic}.`,
];

/** Said back when no topic fits, or when the answer is about what someone does not want or do well. */
const PLAIN_ACKNOWLEDGEMENTS = [
  "Thank you for sharing that.",
  "That's really helpful to know.",
  "I appreciate you being so open with me.",
];

/**
 * Stages whose answers say what a person likes, values or offers: a topic picked up from them is
 * something to be glad about. Dealbreakers, weaknesses and past relationships are not: "I love that
 * you mentioned drinking" to someone who named heavy drinking as a dealbreaker is exactly wrong.
 */
const WARM_STAGES: ReadonlySet<Stage> = new Set([
  "rapport_building",
  "relationship_goals",
  "best_qualities",
  "partner_preferences",
  "contributions",
]);

/** Where a topic is looked for first: what someone does and how they live read best said back. */
const TOPIC_ORDER: readonly CompatibilityDimension[] = ["interests", "lifestyle", "values", "communication", "goals"];

/**
 * A topic the answer affirms, named as a noun phrase from the matcher's vocabulary ("hiking",
 * "books", "honesty"), or null. Only affirmed topics: one in a negated clause ("I don't drink",
 * "smoking is a dealbreaker") is never said back as if it were a liking.
 */
export function pickUpTopic(answer: string): string | null {
  const { affirmed } = readConcepts(answer);
  for (const dimension of TOPIC_ORDER) {
    const concept = CONCEPTS[dimension].find((c) => affirmed[dimension].has(c.id));
    if (concept) return concept.label;
  }
  return null;
}

/** How Sam acknowledges the `count`th substantive answer of `stage`, varied from one to the next. */
function acknowledge(stage: Stage, answer: string, count: number): string {
  const topic = WARM_STAGES.has(stage) ? pickUpTopic(answer) : null;
  if (topic) return (ACKNOWLEDGEMENTS[count % ACKNOWLEDGEMENTS.length] as (t: string) => string)(topic);
  return PLAIN_ACKNOWLEDGEMENTS[count % PLAIN_ACKNOWLEDGEMENTS.length] as string;
}

/**
 * The question Sam last asked, without what came before it in the same message (an
 * acknowledgement, a transition), so asking again does not repeat the acknowledgement too.
 */
function lastBotQuestion(input: BrainInput): string | null {
  for (let i = input.currentTurns.length - 1; i >= 0; i--) {
    const turn = input.currentTurns[i];
    if (turn?.sender !== "bot") continue;
    const questions = turn.text.match(/[^.!?]*\?/g);
    return questions?.at(-1)?.trim() ?? null;
  }
  return null;
}

function quote(text: string): string {
  const clean = text.replaceAll(/\s+/g, " ").trim();
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean;
}

function followupReply(input: BrainInput): BrainReply {
  const question = input.followupQuestion ?? "";
  if (!isSubstantiveAnswer(input.userMessage)) {
    return {
      message: `Could you tell me a little more? ${question}`,
      stageComplete: false,
      justification: "The answer is too short to settle the question.",
    };
  }
  const topic = pickUpTopic(input.userMessage);
  return {
    message: `${topic ? `${ACKNOWLEDGEMENTS[0]?.(topic)} ` : ""}Thank you, that answers my question.`,
    stageComplete: true,
    justification: `The person answered the question "${quote(question)}" with "${quote(input.userMessage)}".`,
  };
}

export function createScriptedBrain(): Brain {
  return {
    kind: "scripted",
    async reply(input: BrainInput): Promise<BrainReply> {
      if (input.mode === "followup") return followupReply(input);
      const stage = input.stage;
      if (stage === "complete") {
        return {
          message:
            "Our interview is complete, and I've got everything I need! Head over to Settings to upload your photos and begin a search whenever you're ready.",
          stageComplete: false,
          justification: "The interview is already complete.",
        };
      }
      const earlier = input.currentTurns.filter((t) => t.sender === "user" && isSubstantiveAnswer(t.text)).length;
      if (!isSubstantiveAnswer(input.userMessage)) {
        const again = lastBotQuestion(input);
        return {
          message: `I'd love to hear a little more than that, in a sentence or two.${again ? ` ${again}` : ""}`,
          stageComplete: false,
          justification: `Only ${earlier} of ${ANSWERS_PER_STAGE} substantive answers about ${STAGE_GOALS[stage].topic} so far.`,
        };
      }
      const answers = earlier + 1;
      const acknowledgement = acknowledge(stage, input.userMessage, answers);
      if (answers >= ANSWERS_PER_STAGE) {
        return {
          message: `${acknowledgement} That gives me a real sense of ${STAGE_GOALS[stage].topic}.`,
          stageComplete: true,
          justification: `The person gave ${answers} substantive answers about ${STAGE_GOALS[stage].topic}, most recently "${quote(input.userMessage)}".`,
        };
      }
      const questions = FOLLOWUPS[stage];
      const question = questions[(answers - 1) % questions.length] as string;
      return {
        message: `${acknowledgement} ${question}`,
        stageComplete: false,
        justification: `${answers} of ${ANSWERS_PER_STAGE} substantive answers about ${STAGE_GOALS[stage].topic} so far.`,
      };
    },
  };
}
