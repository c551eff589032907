import type { ChatMessage } from "@sams-web/domain/chat/contracts";
import { isSubstantiveAnswer, splitByStage, turnsOfStage } from "@sams-web/domain/chat/rules";
import { TRANSITION_MESSAGES } from "@sams-web/domain/chat/stage-transitions";
import type { Facts, LimitId, NonNegotiablesStep, ReadingItem } from "@sams-web/domain/non-negotiables/contracts";
import { readBackMessage } from "@sams-web/domain/non-negotiables/messages";
import { dealbreakerStep, LIMIT_IDS, limitApplies } from "@sams-web/domain/non-negotiables/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { AppError } from "../../platform/http/errors.ts";
import { applyCorrection } from "../../platform/text-reading/dealbreaker-reading.ts";
import type { Brain, BrainReply } from "./brain/brain.ts";

// The dealbreakers stage, for a guest and a member alike. It runs in steps, each told by Sam's
// own lines in the stage's history (domain: dealbreakerStep):
//  1. the free answer: Sam acknowledges it and introduces the quick questions;
//  2. the quick questions (or skipping them), answered with taps;
//  3. Sam reads back, in plain words, what he understood from the taps and from the person's
//     words, and asks whether it is right; a correction typed then is applied at once and read
//     back again; "that's right" (with anything unticked taken out) confirms it and ends the stage.
// Only a confirmed reading ever refuses anyone; the step a message may take is checked here, so a
// client cannot skip the read-back or confirm what Sam never read back.

/** What one turn of the stage comes to; the caller saves it (member) or signs it (guest). */
export interface DealbreakersTurn {
  reply: BrainReply & { failed: boolean };
  /** Answers to save (the quick questions were just answered or skipped: null keeps what was there). */
  facts?: Facts | null;
  /** A reading Sam just read back, waiting for the person's word. */
  readBack?: ReadingItem[];
  /** The reading the person just confirmed; the stage is complete. */
  confirmed?: ReadingItem[];
}

/** The stage's free answers: what the person typed before and during the quick questions. */
export function dealbreakerWords(history: readonly ChatMessage[]): string {
  const fixed = new Set<string>([MESSAGES.tapsDone, MESSAGES.tapsSkipped]);
  const words: string[] = [];
  const turns = turnsOfStage(history, "dealbreakers");
  for (const [index, turn] of turns.entries()) {
    if (turn.sender !== "user" || fixed.has(turn.text)) continue;
    if (dealbreakerStep(turns.slice(0, index)) === "readBack") continue;
    words.push(turn.text);
  }
  return words.join("\n");
}

/** What the person said of themselves before this stage: their own stance on children, faith... */
export function selfWords(history: readonly ChatMessage[]): string {
  return splitByStage(history, "dealbreakers")
    .filter((segment) => segment.stage !== "dealbreakers" && segment.stage !== "partner_preferences")
    .flatMap((segment) => segment.messages.filter((m) => m.sender === "user").map((m) => m.text))
    .join("\n");
}

/** Sam's read-back of a reading, with the tapped limits (and the distance answer) first. */
export function readBack(facts: Facts | null, items: readonly ReadingItem[]): string {
  const own = facts ?? {};
  const limits = new Set<LimitId>((own.limits ?? []).filter((limit) => limitApplies(limit, own)));
  for (const item of items) if (item.kind === "limit") limits.add(item.limit);
  return readBackMessage({
    limits: LIMIT_IDS.filter((limit) => limits.has(limit)),
    noLongDistance: own.longDistance === "no" && own.relocate !== "yes",
    asked: items.flatMap((item) => (item.kind === "ask" ? [item.label] : [])),
    traits: items.flatMap((item) => (item.kind === "trait" ? [item.label] : [])),
  });
}

function samSays(message: string, justification: string, stageComplete = false): DealbreakersTurn["reply"] {
  return { message, stageComplete, justification, failed: false };
}

/**
 * One message at the dealbreakers stage. `facts` and `pending` are what is known of the person
 * (stored for a member; for a guest, what its browser sent back, its reading checked first).
 * `ask` asks the brain for Sam's words, with its usual guards.
 */
export async function dealbreakersTurn(args: {
  brain: Brain;
  ask: (closing: boolean) => Promise<BrainReply & { failed: boolean }>;
  history: readonly ChatMessage[];
  userMessage: string;
  payload: NonNegotiablesStep | undefined;
  facts: Facts | null;
  pending: ReadingItem[] | null;
}): Promise<DealbreakersTurn> {
  const { brain, history, userMessage, payload, pending } = args;
  const turns = turnsOfStage(history, "dealbreakers");
  const step = dealbreakerStep(turns);
  const own = { facts: args.facts ?? {}, selfText: selfWords(history) };

  if (payload?.step === "taps") {
    if (step !== "taps") throw new AppError("FAILED_PRECONDITION", "nonNegotiablesNotNow");
    const facts = payload.facts ?? args.facts;
    const items = await brain.readDealbreakers({
      text: dealbreakerWords(history),
      facts: facts ?? {},
      selfText: own.selfText,
    });
    return {
      reply: samSays(readBack(facts, items), "Sam reads back what he understood."),
      facts: payload.facts,
      readBack: items,
    };
  }
  if (payload?.step === "confirm") {
    if (step !== "readBack" || pending === null) throw new AppError("FAILED_PRECONDITION", "nonNegotiablesNotNow");
    const removed = new Set(payload.removed);
    return {
      // One message from Sam a turn: the next stage's opener, which thanks them for these, is the reply.
      reply: samSays(
        TRANSITION_MESSAGES.worst_qualities,
        "The person confirmed Sam's reading of their non-negotiables.",
        true,
      ),
      confirmed: pending.filter((item) => !removed.has(item.id)),
    };
  }
  if (step === "readBack") {
    // Typed under the read-back: a correction, applied at once and read back again.
    const corrected = applyCorrection(pending ?? [], userMessage, own);
    return { reply: samSays(readBack(args.facts, corrected), "Sam applies the correction."), readBack: corrected };
  }
  if (payload?.step === "correct") throw new AppError("FAILED_PRECONDITION", "nonNegotiablesNotNow");

  // The free answer, or more words while the quick questions wait: Sam acknowledges and asks nothing.
  const substantive = isSubstantiveAnswer(userMessage);
  const reply = await args.ask(substantive);
  if (reply.failed || !substantive) return { reply: { ...reply, stageComplete: false } };
  const next = step === "free" ? MESSAGES.tapsIntro : MESSAGES.tapsWaiting;
  // An acknowledgement already said in this conversation is not said again: then the quick questions' words stand alone.
  const message = reply.message.trim() ? `${reply.message} ${next}` : next;
  return { reply: { ...reply, message, stageComplete: false } };
}
