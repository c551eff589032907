import { isSubstantiveAnswer, wordsOf } from "@sams-web/domain/chat/rules";
import type { Stage } from "@sams-web/domain/chat/stages";
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

const ACKNOWLEDGEMENTS = [
  (word: string) => `I love that you mentioned ${word}.`,
  (word: string) => `Oh, ${word}! That tells me a lot about you.`,
  (word: string) => `Thank you for telling me about ${word}.`,
];

const STOPWORDS = new Set(
  "about above after again against because been before being below between both could does doing down during each from further have having here itself just more most myself once only other ourselves over same should some such than that their theirs them themselves then there these they this those through under until very what when where which while whom with would your yours yourself really think things thing like love want much many also maybe something someone always never every everything people person good great pretty quite into well kind sort".split(
    " ",
  ),
);

/** The most telling word of an answer: the longest that is not a filler word (first one on ties). */
export function pickUpWord(answer: string): string | null {
  let best: string | null = null;
  for (const word of wordsOf(answer)) {
    if (word.length < 4 || STOPWORDS.has(word) || /^\d+$/.test(word)) continue;
    if (!best || word.length > best.length) best = word;
  }
  return best;
}

function lastBotQuestion(input: BrainInput): string | null {
  for (let i = input.currentTurns.length - 1; i >= 0; i--) {
    const turn = input.currentTurns[i];
    if (turn?.sender === "bot") return turn.text;
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
  const word = pickUpWord(input.userMessage);
  return {
    message: `${word ? `${ACKNOWLEDGEMENTS[0]?.(word)} ` : ""}Thank you, that answers my question.`,
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
      const word = pickUpWord(input.userMessage);
      const acknowledgement = word
        ? (ACKNOWLEDGEMENTS[answers % ACKNOWLEDGEMENTS.length] as (w: string) => string)(word)
        : "Thank you for sharing that.";
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
