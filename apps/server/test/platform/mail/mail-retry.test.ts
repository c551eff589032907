import { MESSAGES } from "@sams-web/domain/shared/messages";
import { describe, expect, it } from "vitest";
import { matches } from "../../../src/db/schema.ts";
import { createInlineJobs, createPgBossJobs } from "../../../src/platform/jobs/jobs.ts";
import type { Mailer } from "../../../src/platform/mail/mailer.ts";
import {
  MAIL_RETRY,
  MAIL_RETRY_QUEUE,
  registerMailRetries,
  withRetries,
} from "../../../src/platform/mail/retrying-mailer.ts";
import { createTestApp } from "../../support/helpers.ts";
import { call, createPerson, signedUpPerson } from "../../support/matching-fixtures.ts";
import { freePort } from "../../support/own-postgres.ts";
import { smtpCatcher } from "../../support/smtp-catcher.ts";

// The mail server is down when two people connect: the connection is made and answered as usual,
// and each introduction waits on the job queue until the server is back.

const port = await freePort();
const { received, listen } = smtpCatcher();

const jobs = createInlineJobs();
const t = await createTestApp(
  { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Sam's Web <sam@example.com>" },
  [],
  undefined,
  { build: { jobs } },
);

describe("a mail server that is down", () => {
  it("loses no introduction: the connection stands, and each mail is sent once the server answers again", async () => {
    const me = await signedUpPerson(t, { name: "Alex", gender: "man", seekingGender: "woman" });
    const other = await createPerson(t.db, { name: "Kim Park", email: "kim-retry@example.com" });
    await t.db.insert(matches).values([
      { userId: me.userId, candidateId: other, status: "matchPending", score: 80 },
      { userId: other, candidateId: me.userId, status: "confirmed", score: 80 },
    ]);
    const queuedBefore = jobs.delayed.length;

    // Nothing listens on the port yet: every connection is refused.
    const connected = await call(t.app, me.cookie, "triggeredMatchConfirmation", { matchId: other });
    expect(connected.status).toBe(200);
    expect(connected.body.result.message).toBe(MESSAGES.matchConnected);
    const retries = jobs.delayed.slice(queuedBefore);
    expect(retries.map((job) => job.name)).toEqual([MAIL_RETRY_QUEUE, MAIL_RETRY_QUEUE]);
    for (const job of retries) {
      expect(job.startAfter.getTime()).toBeGreaterThan(Date.now() + (MAIL_RETRY.retryDelaySeconds - 60) * 1000);
    }

    // Still down at the first retry: the job fails, so the queue tries it again later.
    await expect(jobs.run(MAIL_RETRY_QUEUE, retries[0]?.data)).rejects.toThrow();

    expect(await listen(port)).toBe(port);
    for (const job of retries) await jobs.run(MAIL_RETRY_QUEUE, job.data);
    expect(received.map((mail) => mail.to).sort()).toEqual([[me.email], ["kim-retry@example.com"]].sort());
    const toMe = received.find((mail) => mail.to[0] === me.email);
    expect(toMe?.raw).toContain("kim-retry@example.com");
  });

  it("waits on pg-boss in the database, to be tried again in 5 minutes and up to 12 times more", async () => {
    const real = await createPgBossJobs({ connectionString: t.databaseUrl });
    try {
      const refusing: Mailer = {
        driver: "smtp",
        send: async () => {
          throw new Error("421 try again later");
        },
      };
      await registerMailRetries(real, refusing);
      const before = Date.now();
      await withRetries(refusing, real, () => {}).send({
        to: "later@example.com",
        subject: "Someone kept you in their web",
        text: "…",
        html: "<p>…</p>",
      });
      const { rows } = await t.pool.query<{ startAfter: Date; retryLimit: number; retryDelay: number; to: string }>(
        `select start_after as "startAfter", retry_limit as "retryLimit", retry_delay as "retryDelay",
                data->'message'->>'to' as "to"
           from pgboss.job where name = $1`,
        [MAIL_RETRY_QUEUE],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.to).toBe("later@example.com");
      expect(rows[0]?.retryLimit).toBe(MAIL_RETRY.retryLimit);
      expect(rows[0]?.retryDelay).toBe(MAIL_RETRY.retryDelaySeconds);
      expect(rows[0]?.startAfter.getTime()).toBeGreaterThanOrEqual(before + MAIL_RETRY.retryDelaySeconds * 1000 - 1000);
    } finally {
      await real.stop();
    }
  });
});
