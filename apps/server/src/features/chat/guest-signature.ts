import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { ChatMessage } from "@sams-web/domain/chat/contracts";
import { transitionMessage } from "@sams-web/domain/chat/stage-transitions";
import { FIRST_STAGE, nextStage, OPENING_MESSAGE, type Stage } from "@sams-web/domain/chat/stages";
import type { ReadingItem } from "@sams-web/domain/non-negotiables/contracts";

// A guest's conversation lives in the browser, so on import the server must be able to tell a
// history it produced from one written by hand (a made-up history could claim a finished
// interview). Each of Sam's guest replies is signed (HMAC-SHA256, a key derived from the auth
// secret) over the stage after the reply, the reply's text and a digest of every message before
// it, signatures included: each signature chains onto the one before, and onto exactly the
// history the server judged when it replied. What Sam read back of a guest's dealbreakers is
// signed too (another derived key), since it returns with the confirmation and the import.

/** A running SHA-256 over the messages, in order; the empty history has the initial value. */
const INITIAL_DIGEST = createHash("sha256").update("sams-web guest chat v1").digest("hex");

function step(digest: string, message: Pick<ChatMessage, "sender" | "text" | "signature">): string {
  return createHash("sha256")
    .update(digest)
    .update(JSON.stringify([message.sender, message.text, message.signature ?? null]))
    .digest("hex");
}

export interface GuestSigner {
  /** The signature of Sam's `reply`, which leaves the conversation at `stage`, to `history`. */
  sign(history: readonly ChatMessage[], stage: Stage, reply: string): string;
  /**
   * The stage a guest history has reached if it is one the server produced, else null. Sam's
   * words in it must be signed replies (each checked in order, so none can be changed, dropped or
   * moved), the greeting first, or the next stage's transition message right after the reply
   * that completed a stage. The person's own messages are theirs to have typed.
   */
  verify(messages: readonly ChatMessage[]): Stage | null;
  /** The signature of a reading Sam read back to a guest, so it comes back unchanged. */
  signReading(items: readonly ReadingItem[]): string;
  /** Whether a reading a guest sends back is one this server produced. */
  verifyReading(items: readonly ReadingItem[], signature: string): boolean;
}

export function createGuestSigner(secret: string): GuestSigner {
  const key = createHash("sha256").update(`guest-chat:${secret}`).digest();
  const mac = (digest: string, stage: Stage, reply: string) =>
    createHmac("sha256", key)
      .update(JSON.stringify([digest, stage, reply]))
      .digest("base64url");
  const matches = (signature: string, expected: string) => {
    const a = Buffer.from(signature);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  const readingKey = createHash("sha256").update(`guest-reading:${secret}`).digest();
  const readingMac = (items: readonly ReadingItem[]) =>
    createHmac("sha256", readingKey).update(JSON.stringify(items)).digest("base64url");

  return {
    signReading(items) {
      return readingMac(items);
    },

    verifyReading(items, signature) {
      return matches(signature, readingMac(items));
    },

    sign(history, stage, reply) {
      return mac(history.reduce(step, INITIAL_DIGEST), stage, reply);
    },

    verify(messages) {
      let digest = INITIAL_DIGEST;
      let stage: Stage = FIRST_STAGE;
      // The stage the reply just before completed, whose transition message may follow it.
      let opened: Stage | null = null;
      for (const [index, message] of messages.entries()) {
        const justOpened = opened;
        opened = null;
        if (message.sender === "bot") {
          if (message.signature !== undefined) {
            const signature = message.signature;
            const reached: Stage | undefined = [stage, nextStage(stage)].find((s) =>
              matches(signature, mac(digest, s, message.text)),
            );
            if (reached === undefined) return null;
            if (reached !== stage) opened = reached;
            stage = reached;
          } else {
            const greeting = index === 0 && message.text === OPENING_MESSAGE;
            const transition = justOpened !== null && message.text === transitionMessage(justOpened);
            if (!greeting && !transition) return null;
          }
        }
        digest = step(digest, message);
      }
      return stage;
    },
  };
}
