// Rules about a conversation's messages, shared by the server (guest histories, imports) and the
// browser. Free of zod.
import type { ChatMessage } from "./contracts.ts";
import { transitionMessage } from "./stage-transitions.ts";
import { FIRST_STAGE, nextStage, OPENING_MESSAGE, type Stage, stageIndex } from "./stages.ts";

/** Typing effect: one character per 50 ms. */
export const TYPING_MS_PER_CHAR = 50;

/** The message that opens `stage`: the greeting for the first stage, else its transition message. */
export function stageOpener(stage: Stage): string {
  return transitionMessage(stage) ?? OPENING_MESSAGE;
}

/**
 * The stage a history has really reached: it moves one step each time Sam's transition message
 * for the next stage appears after at least one answer from the person, and never past `claimed`.
 * A history that claims more than it shows is held to what it shows.
 */
export function deriveStage(messages: readonly ChatMessage[], claimed: Stage = "complete"): Stage {
  let stage: Stage = FIRST_STAGE;
  let answered = false;
  for (const message of messages) {
    if (message.sender === "user") {
      answered = true;
      continue;
    }
    if (stage === "complete" || stageIndex(stage) >= stageIndex(claimed)) continue;
    const next = nextStage(stage);
    if (answered && message.text === transitionMessage(next)) {
      stage = next;
      answered = false;
    }
  }
  return stage;
}

/** The messages since `stage` opened (after its opener), i.e. the current stage's turns. */
export function turnsOfStage(messages: readonly ChatMessage[], stage: Stage): ChatMessage[] {
  const opener = stageOpener(stage);
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message && message.sender === "bot" && message.text === opener) return messages.slice(i + 1);
  }
  return stage === FIRST_STAGE ? [...messages] : [];
}

/** Splits a history into its stages, in order, by their openers (for summaries of finished stages). */
export function splitByStage(
  messages: readonly ChatMessage[],
  upTo: Stage,
): { stage: Stage; messages: ChatMessage[] }[] {
  const segments: { stage: Stage; messages: ChatMessage[] }[] = [{ stage: FIRST_STAGE, messages: [] }];
  for (const message of messages) {
    const current = segments[segments.length - 1] as { stage: Stage; messages: ChatMessage[] };
    if (message.sender === "bot" && current.stage !== upTo && current.stage !== "complete") {
      const next = nextStage(current.stage);
      if (message.text === transitionMessage(next)) {
        segments.push({ stage: next, messages: [] });
        continue;
      }
    }
    current.messages.push(message);
  }
  return segments;
}

const WORD = /[\p{L}\p{N}']+/gu;

/** The words of a text, lower-cased. */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).filter((w) => w !== "stage_complete");
}

/**
 * Whether an answer says something: at least four words with some substance. "idk", "no" or a
 * person typing 'stage_complete' are not answers.
 */
export function isSubstantiveAnswer(text: string): boolean {
  const words = wordsOf(text.replaceAll(/stage_complete/gi, " "));
  const letters = words.join("").length;
  return words.length >= 4 && letters >= 15;
}
