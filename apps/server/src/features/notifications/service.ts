import type { EmailChoices, PushSubscriptionBody, UnsubscribeResponse } from "@sams-web/domain/notifications/contracts";
import { NOTIFICATIONS_MESSAGES, PUSH_BODIES } from "@sams-web/domain/notifications/messages";
import {
  EMAIL_KIND_OF,
  NEW_PEOPLE_EMAIL_INTERVAL_MS,
  NOTICE_PATHS,
  type NoticeKind,
} from "@sams-web/domain/notifications/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { Notice } from "../../platform/notices/notices.ts";
import type { PushSender } from "../../platform/push/push-sender.ts";
import type { RealtimeBus } from "../../platform/realtime/bus.ts";
import { findEmailChoices, findRecipient, findWaitingNews, listPushTargets, stillStands } from "./data.ts";
import { newPeopleMail, withUnsubscribe } from "./mail.ts";
import {
  claimUnpushed,
  deleteOtherSubscriptionsOfSession,
  deletePushSubscription,
  emailNewPeopleOnce,
  forgetDelivered,
  forgetPushEndpoint,
  insertNotice,
  saveEmailChoices,
  savePushSubscription,
} from "./mutations.ts";
import { type UnsubscribeSigner, unsubscribeLink } from "./unsubscribe-links.ts";

export interface NotificationDeps {
  db: Database;
  bus: RealtimeBus;
  mailer: Mailer;
  push: PushSender;
  signer: UnsubscribeSigner;
  publicUrl: string;
  /** Queues the person's delivery now (jobs.ts): their news goes out within seconds. */
  deliverSoon: (userId: string) => Promise<void>;
  /** Queues the person's digest for when the day since their last email is over. */
  deliverAt: (userId: string, at: Date) => Promise<void>;
  log?: Pick<FastifyBaseLogger, "error" | "warn">;
  now: () => number;
}

/**
 * How a person hears of news while away: an email by the kinds they chose (news of new people at
 * most once a day, gathered into a digest), and a push to each of their devices that allowed it.
 * Neither names anyone: the person sees who in the app.
 */
export class NotificationService {
  constructor(private readonly deps: NotificationDeps) {}

  // ── News in ──────────────────────────────────────────────────────────────────────────────

  /**
   * Records a notice and queues its delivery. A notice that carries its own email (someone kept
   * you, Sam's question after a connection) sends it now, if its kind is on, with its one-click
   * unsubscribe; news of new people is emailed by the delivery, which keeps to one email a day.
   */
  async tell(notice: Notice): Promise<void> {
    const { db, mailer } = this.deps;
    const emailKind = EMAIL_KIND_OF[notice.kind];
    if (notice.mail && (await findEmailChoices(db, notice.userId))[emailKind]) {
      const link = unsubscribeLink(
        this.deps.publicUrl,
        this.deps.signer.sign({ userId: notice.userId, kind: emailKind }),
      );
      await mailer.send(withUnsubscribe(notice.mail, emailKind, link));
    }
    await insertNotice(db, {
      userId: notice.userId,
      kind: notice.kind,
      aboutId: notice.aboutId ?? null,
      emailedAt: notice.kind === "newPeople" ? null : new Date(this.deps.now()),
    });
    await this.deps.deliverSoon(notice.userId);
  }

  // ── News out ─────────────────────────────────────────────────────────────────────────────

  /**
   * One delivery for a person (the notify job): the email about new people if one may go now (else
   * the digest is queued for later), then a push per kind of news to each of their devices. Safe to
   * run twice, or on two instances at once: each notice is emailed and pushed once.
   */
  async deliver(userId: string): Promise<void> {
    const now = new Date(this.deps.now());
    const recipient = await findRecipient(this.deps.db, userId);
    if (!recipient) return;
    const outcome = await emailNewPeopleOnce(
      this.deps.db,
      userId,
      now,
      NEW_PEOPLE_EMAIL_INTERVAL_MS,
      async (news, gathered) => {
        const link = unsubscribeLink(this.deps.publicUrl, this.deps.signer.sign({ userId, kind: "newPeople" }));
        const mail = newPeopleMail(recipient, news, gathered > 1, this.deps.publicUrl);
        await this.deps.mailer.send(withUnsubscribe(mail, "newPeople", link));
      },
    );
    if (outcome.kind === "later") await this.deps.deliverAt(userId, outcome.at);
    await this.pushNews(userId, now);
    await forgetDelivered(this.deps.db, userId);
  }

  private async pushNews(userId: string, now: Date): Promise<void> {
    const { db, push } = this.deps;
    const claimed = await claimUnpushed(db, userId, now);
    if (claimed.length === 0) return;
    const targets = await listPushTargets(db, userId);
    if (targets.length === 0) return;
    const newPeopleAbout = claimed.flatMap((n) => (n.kind === "newPeople" && n.aboutId ? [n.aboutId] : []));
    const news = await findWaitingNews(db, userId, newPeopleAbout);
    // One push per kind, however many notices of it: a device shows one line per kind anyway.
    const kinds = new Set<NoticeKind>(claimed.map((n) => n.kind).filter((kind) => stillStands(kind, news)));
    for (const kind of kinds) {
      const payload = {
        title: NOTIFICATIONS_MESSAGES.pushTitle,
        body: PUSH_BODIES[kind],
        url: NOTICE_PATHS[kind],
        tag: kind,
      };
      for (const target of targets) {
        const result = await push.send(target, payload);
        if (result === "gone") {
          await forgetPushEndpoint(db, target.endpoint);
        } else if (result === "failed") {
          // Best effort: the email and the app hold the same news, and a push service that is
          // down would hold a retried push no better.
          this.deps.log?.warn({ kind }, "a push could not be delivered");
        }
      }
    }
  }

  // ── The person's choices ─────────────────────────────────────────────────────────────────

  async emailChoices(userId: string): Promise<EmailChoices> {
    return findEmailChoices(this.deps.db, userId);
  }

  async changeEmailChoices(userId: string, changes: Partial<EmailChoices>): Promise<EmailChoices> {
    const saved = await saveEmailChoices(this.deps.db, userId, changes);
    await this.deps.bus.publish(userId, { topic: "notifications" });
    return saved;
  }

  /** This device's subscription, bound to the person and to this sign-in. */
  async subscribe(user: { id: string; sessionId: string }, body: PushSubscriptionBody): Promise<void> {
    if (!this.deps.push.accepts(body.endpoint)) {
      throw new AppError("INVALID_ARGUMENT", "notificationsDeviceFailed");
    }
    await savePushSubscription(this.deps.db, {
      endpoint: body.endpoint,
      userId: user.id,
      sessionId: user.sessionId,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
    });
    // A browser has one subscription at a time: one it had before under this sign-in is stale.
    await deleteOtherSubscriptionsOfSession(this.deps.db, user.sessionId, body.endpoint);
  }

  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await deletePushSubscription(this.deps.db, userId, endpoint);
  }

  // ── One-click unsubscribe ────────────────────────────────────────────────────────────────

  /** Which kind a link stops; changes nothing (the page a GET of the link shows asks first). */
  describeUnsubscribe(token: string): { kind: UnsubscribeResponse["kind"] } {
    const claim = this.deps.signer.verify(token);
    if (!claim) throw new AppError("INVALID_ARGUMENT", "unsubscribeInvalid");
    return { kind: claim.kind };
  }

  /** The POST of an unsubscribe link: that kind of email is off for that person. */
  async unsubscribeByLink(token: string): Promise<UnsubscribeResponse> {
    const claim = this.deps.signer.verify(token);
    if (!claim) throw new AppError("INVALID_ARGUMENT", "unsubscribeInvalid");
    if (!(await findRecipient(this.deps.db, claim.userId))) {
      // The account is gone, and with it every email: nothing is left to turn off.
      return { kind: claim.kind, message: MESSAGES.unsubscribeDone };
    }
    await this.changeEmailChoices(claim.userId, { [claim.kind]: false });
    return { kind: claim.kind, message: MESSAGES.unsubscribeDone };
  }
}
