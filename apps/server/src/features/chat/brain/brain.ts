import type { ChatMessage } from "@sams-web/domain/chat/contracts";
import type { Stage } from "@sams-web/domain/chat/stages";

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
}

/** The brain could not produce a valid reply (model down, timed out, malformed or truncated output). */
export class BrainFailure extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "BrainFailure";
  }
}
