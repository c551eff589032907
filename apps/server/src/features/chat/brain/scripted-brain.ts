import { isSubstantiveAnswer } from "@sams-web/domain/chat/rules";
import { transitionMessage } from "@sams-web/domain/chat/stage-transitions";
import { nextStage, type Stage } from "@sams-web/domain/chat/stages";
import type { ReadingItem } from "@sams-web/domain/non-negotiables/contracts";
import { readDealbreakers } from "../../../platform/text-reading/dealbreaker-reading.ts";
import { readYesNo } from "../../../platform/text-reading/yes-no.ts";
import { acknowledgementFor, isRude, RUDE_ANSWER_REPLY } from "./acknowledgement.ts";
import type { Brain, BrainInput, BrainReply, DealbreakerWords } from "./brain.ts";
import { englishOnlyReply, foreignLanguageOf } from "./language.ts";
import { STAGE_GOALS } from "./stage-goals.ts";

// The embedded Sam: a real interviewer written as data. Each stage opens with its transition
// message (or the greeting), then asks these follow-ups in turn, skipping any the person has
// already answered, each after a word that shows the answer was heard (acknowledgement.ts). A
// stage is complete once it has ANSWERS_PER_STAGE substantive answers, and the stage's
// transition message is then the whole reply: one message from Sam per turn. Deterministic: the
// same conversation always gets the same replies.

export const ANSWERS_PER_STAGE = 2;

/** A follow-up question, and what in an answer already answers it (then Sam does not ask it). */
interface Followup {
  question: string;
  answeredBy?: RegExp;
}

const FOLLOWUPS: Record<Exclude<Stage, "complete">, Followup[]> = {
  rapport_building: [
    { question: "What do you do with your time when nobody is asking anything of you?" },
    { question: "Who are the people you spend the most time with, and what do you love doing together?" },
  ],
  relationship_goals: [
    {
      question: "How do you picture everyday life together a few years in: living together, marriage, children?",
      answeredBy:
        /\b(?:marr\w*|wedding|husband|wife|kids?|child\w*|babies|baby|living together|live together|move in)\b/i,
    },
    {
      question: "What pace feels right to you when a relationship is getting serious?",
      answeredBy: /\b(?:slow\w*|pace|fast|quick\w*|rush\w*|take (?:it|things|our) time)\b/i,
    },
  ],
  best_qualities: [
    { question: "Can you tell me about a moment when one of those qualities really showed?" },
    { question: "What would your closest friend say is the best thing about you?" },
  ],
  partner_preferences: [
    { question: "Which values matter most to you in a partner's way of living?" },
    { question: "What kind of everyday rhythm would you love to share with someone?" },
  ],
  dealbreakers: [
    {
      question: "Are there lifestyle habits, like smoking or drinking, that would be a firm no for you?",
      answeredBy: /\b(?:smok\w*|cigar\w*|vap\w*|tobacco|drink\w*|drunk\w*|alcohol\w*|booze|sober)\b/i,
    },
    {
      question: "Is there anything about beliefs, children or where to live that you could not compromise on?",
      answeredBy: /\b(?:relig\w*|faith|belie\w*|church|god|kids?|child\w*|relocat\w*|where to live|moving)\b/i,
    },
  ],
  worst_qualities: [
    { question: "How does that tend to show up when you're in a relationship?" },
    { question: "What do you do, or wish you did, when you notice it happening?" },
  ],
  contributions: [
    { question: "What would a partner notice about how you care for them on an ordinary Tuesday?" },
    {
      question: "How do you like to handle disagreements with someone you love?",
      answeredBy: /\b(?:disagree\w*|argu\w*|conflict\w*|fight\w*)\b/i,
    },
  ],
  past_relationships: [
    { question: "What is one thing a past relationship taught you that you'd bring into the next one?" },
    { question: "Looking back, what would you do differently now?" },
  ],
};

/**
 * The stage's next question: the first one neither asked yet in this stage nor already answered
 * by what the person said in it; when all are, an open one about the stage's topic.
 */
function nextQuestion(stage: Exclude<Stage, "complete">, input: BrainInput): string {
  const asked = input.currentTurns.filter((t) => t.sender === "bot").map((t) => t.text);
  const said = [...input.currentTurns.filter((t) => t.sender === "user").map((t) => t.text), input.userMessage].join(
    "\n",
  );
  const open = FOLLOWUPS[stage].find(
    ({ question, answeredBy }) => !asked.some((text) => text.includes(question)) && !answeredBy?.test(said),
  );
  return open?.question ?? `Is there anything else about ${STAGE_GOALS[stage].topic} you'd like me to know?`;
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

/** A message that is no answer to the question: another language, an insult, or too little. */
function notAnAnswer(input: BrainInput, question: string | null, progress: string): BrainReply | null {
  const again = question ? ` ${question}` : "";
  const language = foreignLanguageOf(input.userMessage);
  if (language) {
    return {
      message: `${englishOnlyReply(language)}${again}`,
      stageComplete: false,
      justification: `The person wrote in another language (${language}); ${progress}`,
    };
  }
  if (isRude(input.userMessage)) {
    return {
      message: `${RUDE_ANSWER_REPLY}${again}`,
      stageComplete: false,
      justification: `The message was no answer to the question; ${progress}`,
    };
  }
  if (!isSubstantiveAnswer(input.userMessage)) {
    return {
      message: `I'd love to hear a little more than that, in a sentence or two.${again}`,
      stageComplete: false,
      justification: `The answer is too short; ${progress}`,
    };
  }
  return null;
}

/** A question that can end a pair: a clear yes or no settles it (however short), anything else asks again. */
function yesOrNoReply(input: BrainInput, question: string): BrainReply {
  const answer = readYesNo(input.userMessage);
  if (answer === "unclear") {
    const language = foreignLanguageOf(input.userMessage);
    return {
      message: language
        ? `${englishOnlyReply(language)} ${question}`
        : isRude(input.userMessage)
          ? `${RUDE_ANSWER_REPLY} ${question}`
          : `Could you answer that with a yes or a no? ${question}`,
      stageComplete: false,
      justification: "The answer does not say yes or no.",
      answer,
    };
  }
  return {
    message: "Thank you, that answers my question.",
    stageComplete: true,
    justification: `The person answered "${quote(question)}" with a ${answer}.`,
    answer,
  };
}

function followupReply(input: BrainInput): BrainReply {
  const question = input.followupQuestion ?? "";
  if (input.yesOrNo) return yesOrNoReply(input, question);
  const refused = notAnAnswer(input, question, "the question is still open.");
  if (refused) return refused;
  const acknowledgement = acknowledgementFor("rapport_building", input.userMessage, input.earlierSamMessages ?? []);
  return {
    message: `${acknowledgement ? `${acknowledgement} ` : ""}That answers my question.`,
    stageComplete: true,
    justification: `The person answered the question "${quote(question)}" with "${quote(input.userMessage)}".`,
  };
}

/** The embedded reading of a person's dealbreakers, with no model: what the scripted Sam reads back. */
export function phraseReading(words: DealbreakerWords): ReadingItem[] {
  return readDealbreakers(words.text, { facts: words.facts, selfText: words.selfText });
}

export function createScriptedBrain(): Brain {
  return {
    kind: "scripted",
    async readDealbreakers(words) {
      return phraseReading(words);
    },
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
      const earlier = input.currentTurns.filter(
        (t) => t.sender === "user" && isSubstantiveAnswer(t.text) && !isRude(t.text) && !foreignLanguageOf(t.text),
      ).length;
      const progress = `${earlier} of ${ANSWERS_PER_STAGE} substantive answers about ${STAGE_GOALS[stage].topic} so far.`;
      const refused = notAnAnswer(input, lastBotQuestion(input), progress);
      if (refused) return refused;
      const answers = earlier + 1;
      if (input.closing) {
        // What follows (the quick questions) is not a question of this reply's: it only acknowledges.
        return {
          message: acknowledgementFor(stage, input.userMessage, input.earlierSamMessages ?? []) ?? "",
          stageComplete: false,
          justification: `${answers} substantive answers about ${STAGE_GOALS[stage].topic}; what follows is not a question.`,
        };
      }
      if (answers >= ANSWERS_PER_STAGE) {
        // The next stage's transition message thanks the person and asks the next question: it is
        // the whole reply, so Sam says one thing, not two.
        return {
          message: transitionMessage(nextStage(stage)) ?? "",
          stageComplete: true,
          justification: `The person gave ${answers} substantive answers about ${STAGE_GOALS[stage].topic}, most recently "${quote(input.userMessage)}".`,
        };
      }
      const acknowledgement = acknowledgementFor(stage, input.userMessage, input.earlierSamMessages ?? []);
      const question = nextQuestion(stage, input);
      return {
        message: acknowledgement ? `${acknowledgement} ${question}` : question,
        stageComplete: false,
        justification: `${answers} of ${ANSWERS_PER_STAGE} substantive answers about ${STAGE_GOALS[stage].topic} so far.`,
      };
    },
  };
}
