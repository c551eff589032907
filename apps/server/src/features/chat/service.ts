import type {
  CallSamApiOutput,
  ChatMessage,
  Conversation,
  CurrentConversationResponse,
  ImportConversationResponse,
} from "@sams-web/domain/chat/contracts";
import { deriveStage, isSubstantiveAnswer, splitByStage, stageOpener, turnsOfStage } from "@sams-web/domain/chat/rules";
import type { callSamApiInputSchema, importConversationInputSchema } from "@sams-web/domain/chat/schemas";
import { transitionMessage } from "@sams-web/domain/chat/stage-transitions";
import {
  advance,
  type ConversationStage,
  isFollowupStage,
  isStage,
  nextStage,
  type Stage,
  stageIndex,
} from "@sams-web/domain/chat/stages";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import type * as z from "zod";
import type { Database } from "../../platform/db/database-plugin.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { RealtimeBus } from "../../platform/realtime/bus.ts";
import { loadNonNegotiables } from "../non-negotiables/data.ts";
import { changeNonNegotiables, withConfirmed, withFacts, withPending } from "../non-negotiables/mutations.ts";
import { type Brain, BrainFailure, type BrainInput, type BrainReply, type ReplyDraftListener } from "./brain/brain.ts";
import { findQueuedFollowups, loadChatState, type StoredConversation } from "./data.ts";
import { type DealbreakersTurn, dealbreakersTurn } from "./dealbreakers-stage.ts";
import type { GuestSigner } from "./guest-signature.ts";
import {
  endPairOnAnswer,
  type NewMessage,
  removeFollowupQuestion,
  saveExchange,
  settleFollowupStage,
} from "./mutations.ts";

type CallSamApiInput = z.infer<typeof callSamApiInputSchema>;
type ImportInput = z.infer<typeof importConversationInputSchema>;

/** Most recent turns given to the brain in follow-up mode. */
const FOLLOWUP_CONTEXT_TURNS = 6;

export interface ChatServiceDeps {
  db: Database;
  bus: RealtimeBus;
  brain: Brain;
  log: { warn: (object: unknown, message: string) => void };
  /** Signs Sam's guest replies and checks them when a guest history is imported. */
  guestSigner: GuestSigner;
  /** Told when a person's interview reaches its end (the metrics and insights count it). */
  onInterviewCompleted?: () => void;
}

/** The interview stage a profile stage stands for: a follow-up stage means the interview is done. */
function interviewStage(stage: string): Stage {
  if (isStage(stage)) return stage;
  return isFollowupStage(stage) ? "complete" : "rapport_building";
}

function brainInput(history: ChatMessage[], stage: Stage, userMessage: string): BrainInput {
  const finishedStages = splitByStage(history, stage)
    .filter((segment) => segment.stage !== stage)
    .map((segment) => ({
      stage: segment.stage,
      answers: segment.messages.filter((m) => m.sender === "user").map((m) => m.text),
    }));
  return {
    mode: "interview",
    stage,
    userMessage,
    currentTurns: turnsOfStage(history, stage),
    finishedStages,
    earlierSamMessages: samMessages(history),
  };
}

/** What Sam has said in a conversation, oldest first. */
function samMessages(history: readonly ChatMessage[]): string[] {
  return history.filter((m) => m.sender === "bot").map((m) => m.text);
}

/**
 * Sam's transition message into `next`, to post after the reply, unless the stage did not move or
 * the reply already is that message (one message from Sam per turn).
 */
function transitionAfter(reply: BrainReply, stage: Stage, next: Stage): string | null {
  const transition = next !== stage ? transitionMessage(next) : null;
  return transition === reply.message ? null : transition;
}

/**
 * Asks the brain, and holds its verdict to the rules: a failure becomes Sam's 'tangled' reply
 * with the stage unchanged, and a stage completes only once this stage has a substantive answer
 * from the person, so a reply can never skip ahead or be talked into moving on by 'stage_complete'.
 */
async function askBrain(
  deps: ChatServiceDeps,
  input: BrainInput,
  onDraft?: ReplyDraftListener,
): Promise<BrainReply & { failed: boolean }> {
  let reply: BrainReply;
  try {
    reply = await deps.brain.reply(input, onDraft);
  } catch (error) {
    if (!(error instanceof BrainFailure)) throw error;
    // The error's causes are logged with it (platform/http/logging.ts), without what was said.
    deps.log.warn({ err: error }, "Sam's brain failed");
    return { message: MESSAGES.samTangled, stageComplete: false, justification: "", failed: true };
  }
  const answers = [...input.currentTurns.filter((t) => t.sender === "user").map((t) => t.text), input.userMessage];
  const earned = answers.some(isSubstantiveAnswer) && (input.mode === "followup" || input.stage !== "complete");
  return { ...reply, stageComplete: reply.stageComplete && earned, failed: false };
}

function toOutput(reply: BrainReply, stage: ConversationStage): CallSamApiOutput {
  return {
    message: reply.message,
    stage_complete: reply.stageComplete,
    stage_complete_justification: reply.justification,
    stage,
  };
}

function toConversation(stored: StoredConversation): Conversation {
  return {
    id: stored.id,
    messages: stored.messages,
    stage: interviewStage(stored.stage),
    timestamp: stored.timestamp,
  };
}

export function createChatService(deps: ChatServiceDeps) {
  const { db, bus } = deps;

  /** A guest: the history and stage come from the browser, bounded, and the stage is held to what the history shows. */
  async function guestReply(input: CallSamApiInput, onDraft?: ReplyDraftListener): Promise<CallSamApiOutput> {
    if (input.followupQuestion) throw new AppError("UNAUTHENTICATED", "followupNeedsAccount");
    const history = (input.conversationHistory ?? []).filter((m) => m.text.trim().length > 0);
    const claimed = isStage(input.effectiveStage) ? input.effectiveStage : "rapport_building";
    const stage = deriveStage(history, claimed);
    const userMessage = input.userMessage.trim();
    let turn: DealbreakersTurn;
    if (stage === "dealbreakers") {
      // The browser keeps a guest's answers and Sam's reading; a reading must be one Sam signed.
      const payload = input.nonNegotiables;
      const reading = payload && payload.step !== "taps" ? payload.reading : undefined;
      if (reading && !deps.guestSigner.verifyReading(reading.items, reading.signature)) {
        throw new AppError("INVALID_ARGUMENT", "readingUnverified");
      }
      turn = await dealbreakersTurn({
        brain: deps.brain,
        ask: (closing) => askBrain(deps, { ...brainInput(history, stage, userMessage), closing }, onDraft),
        history,
        userMessage,
        payload,
        facts: payload?.step === "taps" || payload?.step === "correct" ? payload.facts : null,
        pending: reading?.items ?? null,
      });
    } else {
      turn = { reply: await askBrain(deps, brainInput(history, stage, userMessage), onDraft) };
    }
    const { reply } = turn;
    const next = advance(stage, reply.stageComplete);
    // Signed over the history exactly as the browser keeps it, with this message as sent.
    const judged: ChatMessage[] = [...history, { sender: "user", text: input.userMessage, timestamp: 0 }];
    return {
      ...toOutput(reply, next),
      signature: deps.guestSigner.sign(judged, next, reply.message),
      ...(turn.readBack
        ? { reading: { items: turn.readBack, signature: deps.guestSigner.signReading(turn.readBack) } }
        : {}),
    };
  }

  /** Signed in: history and stage come from the database; whatever the browser sent is ignored. */
  async function memberReply(
    userId: string,
    input: CallSamApiInput,
    onDraft?: ReplyDraftListener,
  ): Promise<CallSamApiOutput> {
    const state = await loadChatState(db, userId);
    const history = state.conversation?.messages ?? [];
    const userMessage = input.userMessage.trim();
    const at = Date.now();
    const stamp = (offset: number) => new Date(at + offset);

    if (input.followupQuestion) {
      const question = input.followupQuestion;
      const queued = await findQueuedFollowups(db, userId, question);
      const first = queued[0];
      if (!first) throw new AppError("INVALID_ARGUMENT", "followupNotQueued");
      // A question that can end a pair wants a clear yes or no, and the answer is read as one.
      const limits = queued.filter((match) => match.endsOn !== null);
      const reply = await askBrain(
        deps,
        {
          mode: "followup",
          stage: "complete",
          userMessage,
          currentTurns: history.slice(-FOLLOWUP_CONTEXT_TURNS),
          finishedStages: [],
          followupQuestion: question,
          yesOrNo: limits.length > 0,
          earlierSamMessages: samMessages(history),
        },
        onDraft,
      );
      // 'followupsQueued: entered when any match has status followupsQueued with pending questions.'
      const stage = "followupsQueued";
      const saved: NewMessage[] = [];
      // Sam's question joins the saved conversation once, before the first answer to it.
      if (!history.some((m) => m.sender === "bot" && m.text === question)) {
        saved.push({ sender: "bot", text: question, stage, sentAt: stamp(-1) });
      }
      saved.push({ sender: "user", text: userMessage, stage, sentAt: stamp(0) });
      saved.push({ sender: "bot", text: reply.message, stage, sentAt: stamp(1) });
      await saveExchange(db, {
        userId,
        conversationId: state.conversation?.id ?? null,
        messages: saved,
        conversationStage: state.conversation?.stage ?? "complete",
        profileStage: stage,
      });
      if (state.profileStage !== stage) await bus.publish(userId, { topic: "profile" });
      if (reply.stageComplete && limits.length > 0) {
        // The answer applies to every pair waiting on it: one that breaks a limit ends there and
        // then, before anyone sees photos; the others keep going without the question.
        let ended = false;
        for (const match of limits) {
          if (reply.answer === match.endsOn && (await endPairOnAnswer(db, userId, match.candidateId))) {
            ended = true;
            await bus.publish(match.candidateId, { topic: "matches" });
          } else {
            await removeFollowupQuestion(db, userId, match.candidateId, question);
          }
        }
        if (ended && (await settleFollowupStage(db, userId))) await bus.publish(userId, { topic: "profile" });
        await bus.publish(userId, { topic: "matches" });
      } else if (reply.stageComplete) {
        await removeFollowupQuestion(db, userId, first.candidateId, question);
        await bus.publish(userId, { topic: "matches" });
      }
      await bus.publish(userId, { topic: "conversation" });
      return toOutput(reply, stage);
    }

    const stage = interviewStage(state.profileStage);
    let turn: DealbreakersTurn;
    if (stage === "dealbreakers") {
      const stored = await loadNonNegotiables(db, userId);
      turn = await dealbreakersTurn({
        brain: deps.brain,
        ask: (closing) => askBrain(deps, { ...brainInput(history, stage, userMessage), closing }, onDraft),
        history,
        userMessage,
        payload: input.nonNegotiables,
        facts: input.nonNegotiables?.step === "taps" ? (input.nonNegotiables.facts ?? stored.facts) : stored.facts,
        pending: stored.pending,
      });
    } else {
      turn = { reply: await askBrain(deps, brainInput(history, stage, userMessage), onDraft) };
    }
    const { reply } = turn;
    const next = advance(stage, reply.stageComplete);
    const saved: NewMessage[] = [];
    if (!state.conversation) {
      // The greeting the person saw before typing belongs to the saved conversation too.
      saved.push({ sender: "bot", text: stageOpener(stage), stage, sentAt: stamp(-1) });
    }
    saved.push({ sender: "user", text: userMessage, stage, sentAt: stamp(0) });
    // A reply that is the next stage's opener belongs to that stage, as a transition does.
    const opensNext = next !== stage && reply.message === transitionMessage(next);
    saved.push({ sender: "bot", text: reply.message, stage: opensNext ? next : stage, sentAt: stamp(1) });
    const transition = transitionAfter(reply, stage, next);
    if (transition) saved.push({ sender: "bot", text: transition, stage: next, sentAt: stamp(2) });
    const keepProfileStage = isFollowupStage(state.profileStage);
    const { facts, readBack, confirmed } = turn;
    const answered = facts !== undefined || readBack !== undefined || confirmed !== undefined;
    await saveExchange(
      db,
      {
        userId,
        conversationId: state.conversation?.id ?? null,
        messages: saved,
        conversationStage: next,
        profileStage: keepProfileStage ? null : next,
      },
      // The answers and Sam's reading land with the messages that gave and read them, or not at all.
      answered
        ? (tx) =>
            changeNonNegotiables(tx, userId, (current) => {
              let changed = withFacts(facts ?? null)(current);
              if (readBack) changed = withPending(readBack)(changed);
              if (confirmed) changed = withConfirmed(confirmed)(changed);
              return changed;
            })
        : undefined,
    );
    if (next === "complete" && stage !== "complete" && !keepProfileStage) deps.onInterviewCompleted?.();
    await bus.publish(userId, { topic: "conversation" });
    if (next !== stage || answered) await bus.publish(userId, { topic: "profile" });
    return {
      ...toOutput(reply, keepProfileStage ? (state.profileStage as ConversationStage) : next),
      ...(readBack ? { reading: { items: readBack } } : {}),
    };
  }

  return {
    /**
     * Sam's reply. `onDraft` hears the reply's text as a model writes it; the stage moves, and the
     * exchange is saved, only with the whole reply, as if nothing had been heard before.
     */
    reply(userId: string | null, input: CallSamApiInput, onDraft?: ReplyDraftListener): Promise<CallSamApiOutput> {
      return userId ? memberReply(userId, input, onDraft) : guestReply(input, onDraft);
    },

    async current(userId: string): Promise<CurrentConversationResponse> {
      const state = await loadChatState(db, userId);
      const stage =
        isStage(state.profileStage) || isFollowupStage(state.profileStage) ? state.profileStage : "rapport_building";
      return { conversation: state.conversation ? toConversation(state.conversation) : null, stage };
    },

    /**
     * Moves a guest conversation into the account after sign-up or log-in. The stage is what the
     * history shows (never more than it claims); an account that already has its own interview
     * keeps it, and the guest copy is dropped. A history whose replies were not all signed by
     * this server (guest-signature.ts) is refused whole: nothing of it is imported.
     */
    async importGuest(userId: string, input: ImportInput): Promise<ImportConversationResponse> {
      const state = await loadChatState(db, userId);
      const hasOwn = state.conversation?.messages.some((m) => m.sender === "user") ?? false;
      const kept = input.conversation.messages.filter((m) => m.text.trim().length > 0);
      if (hasOwn || !kept.some((m) => m.sender === "user")) {
        return { imported: false, conversation: state.conversation ? toConversation(state.conversation) : null };
      }
      if (deps.guestSigner.verify(kept) === null) {
        throw new AppError("INVALID_ARGUMENT", "guestHistoryUnverified");
      }
      // The guest's answers come as they are (they are theirs to give); Sam's reading only as he signed it.
      const guest = input.conversation.nonNegotiables;
      const reading = guest?.reading;
      if (reading && !deps.guestSigner.verifyReading(reading.items, reading.signature)) {
        throw new AppError("INVALID_ARGUMENT", "readingUnverified");
      }
      const stage = deriveStage(kept, input.conversation.stage);
      const now = Date.now();
      let previous = 0;
      // Each message is saved under the stage it belongs to, by the same rule as deriveStage.
      let current: Stage = "rapport_building";
      let answered = false;
      const rows: NewMessage[] = [];
      for (const message of kept) {
        if (message.sender === "user") answered = true;
        else if (current !== stage && answered && message.text === transitionMessage(nextStage(current))) {
          current = nextStage(current);
          answered = false;
        }
        // Timestamps from the browser are kept in order and never in the future.
        previous = Math.max(previous, Math.min(message.timestamp, now));
        rows.push({ sender: message.sender, text: message.text, stage: current, sentAt: new Date(previous) });
      }
      const keepProfileStage = isFollowupStage(state.profileStage) || state.chatComplete;
      const removed = new Set(guest?.removed ?? []);
      // A reading counts as confirmed only once the history shows the stage it was confirmed in is over.
      const confirmed = reading && guest?.confirmed && stageIndex(stage) > stageIndex("dealbreakers");
      await saveExchange(
        db,
        {
          userId,
          conversationId: null,
          messages: rows,
          conversationStage: stage,
          profileStage: keepProfileStage ? null : stage,
        },
        guest
          ? (tx) =>
              changeNonNegotiables(tx, userId, (current) => {
                let changed = withFacts(guest.facts ?? null)(current);
                if (reading && confirmed)
                  changed = withConfirmed(reading.items.filter((i) => !removed.has(i.id)))(changed);
                else if (reading) changed = withPending(reading.items)(changed);
                return changed;
              })
          : undefined,
      );
      // A guest who finished the interview before signing up finishes it now, as a member.
      if (stage === "complete" && !keepProfileStage) deps.onInterviewCompleted?.();
      await bus.publish(userId, { topic: "conversation" });
      await bus.publish(userId, { topic: "profile" });
      const after = await loadChatState(db, userId);
      return { imported: true, conversation: after.conversation ? toConversation(after.conversation) : null };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
