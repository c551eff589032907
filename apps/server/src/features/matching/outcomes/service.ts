import type { OutcomeQuestion, RecordMatchOutcomeOutput } from "@sams-web/domain/matching/contracts";
import { outcomeChatMessage } from "@sams-web/domain/matching/messages";
import {
  firstNameOf,
  type MatchOutcome,
  OUTCOME_ANSWER_WINDOW_MS,
  OUTCOME_ASK_AFTER_MS,
} from "@sams-web/domain/matching/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../../db/client.ts";
import { AppError } from "../../../platform/http/errors.ts";
import type { Mailer } from "../../../platform/mail/mailer.ts";
import type { Notices } from "../../../platform/notices/notices.ts";
import type { RealtimeBus } from "../../../platform/realtime/bus.ts";
import { findDueOutcomeAsks, listOpenOutcomes } from "./data.ts";
import { outcomeMail } from "./mail.ts";
import { claimOutcomeAsk, saveOutcome } from "./mutations.ts";
import { type OutcomeSigner, outcomeLink } from "./outcome-links.ts";

/** People asked per sweep at most; the next sweep (an hour later) asks the rest. */
export const OUTCOME_SWEEP_BATCH = 200;

export interface OutcomeDeps {
  db: Database;
  bus: RealtimeBus;
  /** The mail platform; the question goes out through it (SMTP_URL or the outbox). */
  mailer: Mailer;
  /** Where the question is told (email by the person's choices, and a push); else mailed as it is. */
  notices?: Pick<Notices, "tell">;
  /** The address the product is reached at, for the answer links. */
  publicUrl: string;
  signer: OutcomeSigner;
  /** Where a failed email is reported: it must not stop the sweep. */
  log?: Pick<FastifyBaseLogger, "error">;
  now: () => number;
}

/**
 * What happened after a connection: fourteen days after two people connect, Sam asks each of them
 * once (an email and a message in their chat) whether they met, and takes the answer, or a changed
 * one, through signed links for seven days.
 */
export class OutcomeService {
  constructor(private readonly deps: OutcomeDeps) {}

  /** One signed token per answer, each good until the answer window closes. */
  private tokens(userId: string, candidateId: string, expiresAt: number): Record<MatchOutcome, string> {
    const sign = (outcome: MatchOutcome) => this.deps.signer.sign({ userId, candidateId, outcome, expiresAt });
    return { met: sign("met"), talked: sign("talked"), didNotTalk: sign("didNotTalk") };
  }

  /**
   * Asks everyone whose connection is at least OUTCOME_ASK_AFTER_MS old and who was not asked yet.
   * Each ask is claimed first (a unique insert, with Sam's chat message in the same transaction),
   * so sweeps running at once on several instances ask each person once: the losers skip it. The
   * email follows the claim; one the mail server cannot take now is tried again from the job queue
   * (the mail platform's retries), and the person has Sam's message in the chat meanwhile.
   * Returns how many people this sweep asked.
   */
  async sweep(): Promise<number> {
    const { db, bus, mailer, publicUrl, now } = this.deps;
    const at = now();
    const due = await findDueOutcomeAsks(db, new Date(at - OUTCOME_ASK_AFTER_MS), OUTCOME_SWEEP_BATCH);
    let asked = 0;
    for (const ask of due) {
      const otherFirstName = firstNameOf(ask.otherName);
      const claimed = await claimOutcomeAsk(db, {
        userId: ask.userId,
        candidateId: ask.candidateId,
        askedAt: new Date(at),
        chatMessage: outcomeChatMessage(otherFirstName),
      });
      if (!claimed) continue;
      asked += 1;
      const tokens = this.tokens(ask.userId, ask.candidateId, at + OUTCOME_ANSWER_WINDOW_MS);
      const links = {
        met: outcomeLink(publicUrl, tokens.met),
        talked: outcomeLink(publicUrl, tokens.talked),
        didNotTalk: outcomeLink(publicUrl, tokens.didNotTalk),
      };
      try {
        const mail = outcomeMail({ name: ask.name, email: ask.email }, otherFirstName, links);
        if (this.deps.notices) {
          await this.deps.notices.tell({ userId: ask.userId, kind: "outcomeAsked", aboutId: ask.candidateId, mail });
        } else {
          await mailer.send(mail);
        }
      } catch (error) {
        this.deps.log?.error({ err: error }, "the outcome email could not be sent");
      }
      await bus.publish(ask.userId, { topic: "conversation" });
      await bus.publish(ask.userId, { topic: "matches" });
    }
    return asked;
  }

  /**
   * A tapped answer link: records its answer, replacing an earlier one, while the window is open.
   * A token this server did not sign as it stands (altered, or for someone else's connection),
   * or one Sam never asked about, is refused as invalid; one past its window, as expired.
   */
  async record(token: string): Promise<RecordMatchOutcomeOutput> {
    const claim = this.deps.signer.verify(token);
    if (!claim) throw new AppError("INVALID_ARGUMENT", "outcomeLinkInvalid");
    const at = this.deps.now();
    if (at >= claim.expiresAt) throw new AppError("FAILED_PRECONDITION", "outcomeLinkExpired");
    const saved = await saveOutcome(this.deps.db, {
      userId: claim.userId,
      candidateId: claim.candidateId,
      outcome: claim.outcome,
      answeredAt: new Date(at),
      openSince: new Date(at - OUTCOME_ANSWER_WINDOW_MS),
    });
    if (saved === "notAsked") throw new AppError("NOT_FOUND", "outcomeLinkInvalid");
    if (saved === "closed") throw new AppError("FAILED_PRECONDITION", "outcomeLinkExpired");
    await this.deps.bus.publish(claim.userId, { topic: "matches" });
    return {
      outcome: claim.outcome,
      answerUntil: saved.askedAt.getTime() + OUTCOME_ANSWER_WINDOW_MS,
      message: MESSAGES.outcomeRecorded,
    };
  }

  /** The signed-in person's questions whose answer may still change, with a token per answer. */
  async openQuestions(userId: string): Promise<OutcomeQuestion[]> {
    const at = this.deps.now();
    const rows = await listOpenOutcomes(this.deps.db, userId, new Date(at - OUTCOME_ANSWER_WINDOW_MS));
    return rows.map((row) => {
      const answerUntil = row.askedAt.getTime() + OUTCOME_ANSWER_WINDOW_MS;
      return {
        id: row.candidateId,
        firstName: firstNameOf(row.otherName),
        answer: row.outcome,
        answerUntil,
        tokens: this.tokens(userId, row.candidateId, answerUntil),
      };
    });
  }
}
