import type { ChatMessage } from "@sams-web/domain/chat/contracts";
import type { Stage } from "@sams-web/domain/chat/stages";
import type { Facts, ReadingItem } from "@sams-web/domain/non-negotiables/contracts";
import type { YesNo } from "../../../platform/text-reading/yes-no.ts";

/** What a brain needs to write Sam's next reply. Bounded by the caller, whatever the history's length. */
export interface BrainInput {
  /** interview: Sam asks about `stage`; followup: Sam asks `followupQuestion` and judges the answer. */
  mode: "interview" | "followup";
  stage: Stage;
  /** The person's new message. */
  userMessage: string;
  /** The current stage's earlier turns (after its opener), oldest first. */
  currentTurns: ChatMessage[];
  /** What the person said in each finished stage, oldest first. */
  finishedStages: { stage: Stage; answers: string[] }[];
  /** Follow-up mode: the question being answered. */
  followupQuestion?: string;
  /**
   * Follow-up mode, a question that can end a pair: it wants a clear yes or no, and the reply
   * says which (BrainReply.answer); anything less is asked again.
   */
  yesOrNo?: boolean;
  /** Interview mode: acknowledge the answer warmly and ask nothing (what comes next is not a question). */
  closing?: boolean;
  /**
   * Everything Sam has said in this conversation so far, oldest first, so that an interviewer
   * written as data never says the same acknowledgement twice.
   */
  earlierSamMessages?: readonly string[];
}

/** Sam's reply: in follow-up mode, stageComplete means the question is answered. */
export interface BrainReply {
  message: string;
  stageComplete: boolean;
  justification: string;
  /** A yes-or-no follow-up: what the answer says. */
  answer?: YesNo;
}

/** What a person says at the dealbreakers stage, and what Sam knows of them, for reading it. */
export interface DealbreakerWords {
  /** Their dealbreakers, in their own words. */
  text: string;
  facts: Facts;
  /** What they said of themselves in earlier stages (their own stance on children, faith...). */
  selfText: string;
}

/**
 * Hears Sam's message as it is written: the text so far, each call longer than the last. It is
 * the model's draft, before the reply is checked: the reply the call resolves with is what counts.
 */
export type ReplyDraftListener = (textSoFar: string) => void;

/** Sam's mind: the scripted interviewer (embedded default) or a language model. */
export interface Brain {
  readonly kind: "scripted" | "llm";
  /** A brain that writes over time (a model) passes its draft to `onDraft`; the scripted one answers at once. */
  reply(input: BrainInput, onDraft?: ReplyDraftListener): Promise<BrainReply>;
  /**
   * Reads a person's dealbreakers into the items Sam reads back: limits the quick questions know,
   * topics to ask each candidate about (with the neutral question), traits to keep in mind. Never
   * fails: a model that cannot answer leaves it to the embedded reading.
   */
  readDealbreakers(words: DealbreakerWords): Promise<ReadingItem[]>;
}

/** The brain could not produce a valid reply (model down, timed out, malformed or truncated output). */
export class BrainFailure extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "BrainFailure";
  }
}
