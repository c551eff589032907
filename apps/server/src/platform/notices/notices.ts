import type { NoticeKind } from "@sams-web/domain/notifications/rules";
import type { FastifyBaseLogger } from "fastify";
import type { Mailer, MailMessage } from "../mail/mailer.ts";

/** News for one person, told by the feature it happened in. */
export interface Notice {
  /** Who is told. */
  userId: string;
  kind: NoticeKind;
  /**
   * The other person of the match the news is about, so that it is only told while it still
   * stands (the questions not yet answered, say). It never leaves the server.
   */
  aboutId?: string;
  /**
   * The email of this news, when the feature composes its own (someone kept you, Sam's question
   * after a connection): sent unless the person turned its kind off, with a one-click unsubscribe.
   */
  mail?: MailMessage;
}

export type NoticeHandler = (notice: Notice) => Promise<void>;

/**
 * Where features tell a person's news, without knowing how it reaches them: the notifications
 * feature delivers it (email by the person's choices, Web Push to their devices). Without it (an
 * app built without that feature), a notice's own email is sent as it is.
 */
export class Notices {
  private handler: NoticeHandler | null = null;

  constructor(
    private readonly mailer: Mailer,
    private readonly log: Pick<FastifyBaseLogger, "error">,
  ) {}

  deliverWith(handler: NoticeHandler): void {
    if (this.handler) throw new Error("notices already have a deliverer");
    this.handler = handler;
  }

  /** Tells the news. Never throws: telling must not undo or fail what it tells of. */
  async tell(notice: Notice): Promise<void> {
    try {
      if (this.handler) await this.handler(notice);
      else if (notice.mail) await this.mailer.send(notice.mail);
    } catch (error) {
      this.log.error({ err: error, kind: notice.kind }, "a notice could not be told");
    }
  }
}
