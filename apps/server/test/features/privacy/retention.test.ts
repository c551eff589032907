import { randomUUID } from "node:crypto";
import { RETENTION, RETENTION_JOBS } from "@sams-web/domain/privacy/rules";
import { eq, getTableName, inArray, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema.ts";
import {
  accountClosures,
  analyticsEvents,
  consentRecords,
  conversations,
  messages,
  privacyRequests,
  profiles,
  sessions,
  users,
} from "../../../src/db/schema.ts";
import { RETENTION_RUNS, retentionQueueName, runRetentionJob } from "../../../src/features/privacy/retention.ts";
import { createInlineJobs, createPgBossJobs } from "../../../src/platform/jobs/jobs.ts";
import { AccountLifecycle } from "../../../src/platform/lifecycle/account-lifecycle.ts";
import { createTestApp, signUp } from "../../support/helpers.ts";

// Inline jobs let the test see what the feature registers; pg-boss itself is tested at the end.
const jobs = createInlineJobs();
const { app, db, databaseUrl } = await createTestApp({}, []);
const NOW = Date.UTC(2027, 5, 15, 12, 0, 0);
const at = (msAgo: number) => new Date(NOW - msAgo);
const lifecycle = new AccountLifecycle();
const deleted: string[] = [];
lifecycle.onDeleted(async (id) => {
  deleted.push(id);
});
const deps = { db, accountLifecycle: lifecycle };
const job = (name: string) => {
  const found = RETENTION_JOBS.find((j) => j.name === name);
  if (!found) throw new Error(name);
  return found;
};

async function seedUser(label: string, lastActiveMsAgo: number): Promise<string> {
  const person = await signUp(app, { name: label });
  await db
    .update(users)
    .set({ createdAt: at(lastActiveMsAgo), updatedAt: at(lastActiveMsAgo) })
    .where(eq(users.id, person.userId));
  await db
    .update(sessions)
    .set({ createdAt: at(lastActiveMsAgo), updatedAt: at(lastActiveMsAgo) })
    .where(eq(sessions.userId, person.userId));
  return person.userId;
}

describe("retention windows of the privacy policy, on a seeded dataset with a shifted clock", () => {
  it("'AI chat data anonymized after 30 days': emails, phones and links go from messages 30+ days old, nothing else changes", async () => {
    const userId = await seedUser("Chatter", 0);
    const conversationId = randomUUID();
    await db.insert(conversations).values({ id: conversationId, userId, updatedAt: at(0) });
    const pii = "mail me at jo.doe@example.com or call (555) 123-4567, see https://jo.example.com/me";
    const rows = await db
      .insert(messages)
      .values([
        {
          conversationId,
          userId,
          sender: "user",
          text: pii,
          stage: "rapport_building",
          sentAt: at(RETENTION.aiChatAnonymisationMs),
        },
        {
          conversationId,
          userId,
          sender: "user",
          text: pii,
          stage: "rapport_building",
          sentAt: at(RETENTION.aiChatAnonymisationMs - 1),
        },
        {
          conversationId,
          userId,
          sender: "bot",
          text: "I love hiking since 2019-04-01",
          stage: "rapport_building",
          sentAt: at(RETENTION.aiChatAnonymisationMs * 3),
        },
      ])
      .returning({ id: messages.id });
    expect(await runRetentionJob(deps, job("anonymise-ai-chat"), NOW)).toBe(1);
    const after = await db
      .select()
      .from(messages)
      .where(
        inArray(
          messages.id,
          rows.map((r) => r.id),
        ),
      );
    const byId = new Map(after.map((m) => [m.id, m.text]));
    expect(byId.get(rows[0]?.id ?? -1)).toBe("mail me at [email removed] or call [phone removed], see [link removed]");
    expect(byId.get(rows[1]?.id ?? -1)).toBe(pii);
    expect(byId.get(rows[2]?.id ?? -1)).toBe("I love hiking since 2019-04-01");
    // Idempotent: a second run finds nothing left to change.
    expect(await runRetentionJob(deps, job("anonymise-ai-chat"), NOW)).toBe(0);
  });

  it("'conversation logs 180 days': older messages and the conversations they leave empty are deleted", async () => {
    const userId = await seedUser("Logger", 0);
    const old = randomUUID();
    const mixed = randomUUID();
    await db.insert(conversations).values([
      { id: old, userId, updatedAt: at(RETENTION.conversationLogsMs) },
      { id: mixed, userId, updatedAt: at(0) },
    ]);
    await db.insert(messages).values([
      {
        conversationId: old,
        userId,
        sender: "user",
        text: "old",
        stage: "rapport_building",
        sentAt: at(RETENTION.conversationLogsMs),
      },
      {
        conversationId: mixed,
        userId,
        sender: "user",
        text: "older",
        stage: "rapport_building",
        sentAt: at(RETENTION.conversationLogsMs + 5),
      },
      {
        conversationId: mixed,
        userId,
        sender: "user",
        text: "recent",
        stage: "rapport_building",
        sentAt: at(RETENTION.conversationLogsMs - 1),
      },
    ]);
    expect(await runRetentionJob(deps, job("purge-conversation-logs"), NOW)).toBe(3); // 2 messages + 1 conversation
    const left = await db.select().from(messages).where(eq(messages.userId, userId));
    expect(left.map((m) => m.text)).toEqual(["recent"]);
    const convs = await db.select().from(conversations).where(eq(conversations.userId, userId));
    expect(convs.map((c) => c.id)).toEqual([mixed]);
    expect(await runRetentionJob(deps, job("purge-conversation-logs"), NOW)).toBe(0);
  });

  it("'inactive accounts closed after 2 years', then deleted after the 3-month safety window unless the owner came back", async () => {
    const idle = await seedUser("Idle", RETENTION.inactiveAccountMs);
    const active = await seedUser("Active", RETENTION.inactiveAccountMs - 1);
    const returning = await seedUser("Returning", RETENTION.inactiveAccountMs + 10);
    await db.update(profiles).set({ status: "active" }).where(eq(profiles.userId, idle));

    const closed = await runRetentionJob(deps, job("close-inactive-accounts"), NOW);
    expect(closed).toBeGreaterThanOrEqual(2);
    const closures = await db.select().from(accountClosures);
    const closedIds = closures.map((c) => c.userId);
    expect(closedIds).toContain(idle);
    expect(closedIds).toContain(returning);
    expect(closedIds).not.toContain(active);
    expect(await db.select().from(sessions).where(eq(sessions.userId, idle))).toEqual([]);
    const [idleProfile] = await db.select().from(profiles).where(eq(profiles.userId, idle));
    expect(idleProfile?.status).toBe("unavailable");
    expect(await runRetentionJob(deps, job("close-inactive-accounts"), NOW)).toBe(0);

    // "Returning" signs in again after the closure.
    await db.insert(sessions).values({
      id: randomUUID(),
      token: randomUUID(),
      userId: returning,
      expiresAt: new Date(NOW + 86_400_000),
      createdAt: new Date(NOW + 1000),
      updatedAt: new Date(NOW + 1000),
    });

    // One millisecond before the safety window ends nothing is deleted.
    const early = NOW + RETENTION.closedAccountSafetyWindowMs - 1;
    expect(await runRetentionJob(deps, job("purge-closed-accounts"), early)).toBe(0);
    const later = NOW + RETENTION.closedAccountSafetyWindowMs;
    expect(await runRetentionJob(deps, job("purge-closed-accounts"), later)).toBe(1);
    expect(deleted).toEqual([idle]);
    expect(await db.select().from(users).where(eq(users.id, idle))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.id, returning))).toHaveLength(1);
    expect(await db.select().from(accountClosures).where(eq(accountClosures.userId, returning))).toEqual([]);
    expect(await runRetentionJob(deps, job("purge-closed-accounts"), later)).toBe(0);

    // 'deleted accounts 90 days': the tombstone goes 90 days after the purge, not before.
    expect(await runRetentionJob(deps, job("purge-deleted-accounts"), later + RETENTION.deletedAccountsMs - 1)).toBe(0);
    expect(await runRetentionJob(deps, job("purge-deleted-accounts"), later + RETENTION.deletedAccountsMs)).toBe(1);
    expect(await db.select().from(accountClosures).where(eq(accountClosures.userId, idle))).toEqual([]);
  });

  it("'traffic logs 1 year': analytics events exactly one year old go, younger ones stay", async () => {
    await db.insert(analyticsEvents).values([
      { name: "page_view", path: "/old", visitorHash: "a", createdAt: at(RETENTION.trafficLogsMs) },
      { name: "page_view", path: "/young", visitorHash: "b", createdAt: at(RETENTION.trafficLogsMs - 1) },
    ]);
    expect(await runRetentionJob(deps, job("purge-traffic-logs"), NOW)).toBe(1);
    const paths = (await db.select().from(analyticsEvents)).map((e) => e.path);
    expect(paths).toContain("/young");
    expect(paths).not.toContain("/old");
  });

  it("'consent records 5 years': consent records and California requests are kept 5 years, then deleted", async () => {
    await db.insert(consentRecords).values([
      { userId: "u-old", preferences: null, createdAt: at(RETENTION.consentRecordsMs) },
      { userId: "u-young", preferences: null, createdAt: at(RETENTION.consentRecordsMs - 1) },
    ]);
    await db.insert(privacyRequests).values([
      {
        id: "r-old",
        browserId: "b",
        kind: "optOut",
        createdAt: at(RETENTION.consentRecordsMs),
        answeredAt: at(RETENTION.consentRecordsMs),
      },
      {
        id: "r-young",
        browserId: "b",
        kind: "limit",
        createdAt: at(RETENTION.consentRecordsMs - 1),
        answeredAt: at(0),
      },
    ]);
    expect(await runRetentionJob(deps, job("purge-consent-records"), NOW)).toBe(2);
    expect((await db.select().from(consentRecords)).map((r) => r.userId)).toEqual(["u-young"]);
    expect((await db.select().from(privacyRequests)).map((r) => r.id)).toEqual(["r-young"]);
  });

  it("'data access requests answered within 30 days': an unanswered request is flagged after 30 days", async () => {
    await db.insert(privacyRequests).values({
      id: "r-unanswered",
      browserId: "b",
      kind: "optOut",
      createdAt: at(RETENTION.accessRequestResponseMs),
    });
    const logged: string[] = [];
    const count = await runRetentionJob(
      { ...deps, log: (m) => logged.push(m) },
      job("flag-overdue-access-requests"),
      NOW,
    );
    expect(count).toBe(1);
    expect(logged).toHaveLength(1);
    expect(await runRetentionJob(deps, job("flag-overdue-access-requests"), NOW - 1)).toBe(0);
  });

  it("windows for data the service never collects have no table to purge", () => {
    const skipped = RETENTION_JOBS.filter((j) => RETENTION_RUNS[j.name] === null).map((j) => j.name);
    expect(skipped.sort()).toEqual([
      "destroy-identity-verification-data",
      "purge-customer-care-records",
      "purge-transaction-logs",
    ]);
    const tables: string[] = [];
    for (const value of Object.values(schema) as unknown[]) if (is(value, PgTable)) tables.push(getTableName(value));
    for (const word of ["care", "support", "transaction", "purchase", "identity", "verification_document"]) {
      expect(tables.filter((t) => t.includes(word))).toEqual([]);
    }
    for (const j of RETENTION_JOBS) expect(j.name in RETENTION_RUNS).toBe(true);
  });
});

describe("retention runs as scheduled jobs", () => {
  it("every window with data is registered with a handler and a daily schedule", async () => {
    const { registerRetentionJobs } = await import("../../../src/features/privacy/retention.ts");
    await registerRetentionJobs({ jobs, db, accountLifecycle: lifecycle, log: app.log });
    const expected = RETENTION_JOBS.filter((j) => RETENTION_RUNS[j.name])
      .map(retentionQueueName)
      .sort();
    expect([...jobs.handlers.keys()].sort()).toEqual(expected);
    expect([...jobs.schedules.keys()].sort()).toEqual(expected);
    await jobs.run("retention-purge-traffic-logs");
  });

  it("pg-boss runs a queued job, a schedule's start-up run (once), and stops gracefully", async () => {
    const real = await createPgBossJobs({ connectionString: databaseUrl, maintenanceIntervalSeconds: 1 });
    const seen: object[] = [];
    let swept = 0;
    const registered: Promise<void>[] = [];
    const echoed = new Promise<void>((resolve) => {
      registered.push(
        real.work<{ n: number }>("test-echo", async (data) => {
          seen.push(data);
          resolve();
        }),
      );
    });
    const sweptOnce = new Promise<void>((resolve) => {
      registered.push(
        real.work("test-sweep", async () => {
          swept += 1;
          resolve();
        }),
      );
    });
    // A queue exists once its handler is registered; scheduling before that fails.
    await Promise.all(registered);
    await real.send("test-echo", { n: 1 });
    // A yearly schedule: only the start-up run can fire during the test; asking twice queues one.
    await real.schedule("test-sweep", "0 0 1 1 *", { runAtStart: true });
    await real.schedule("test-sweep", "0 0 1 1 *", { runAtStart: true });
    await Promise.all([echoed, sweptOnce]);
    await new Promise((r) => setTimeout(r, 2500));
    await real.stop();
    expect(seen).toEqual([{ n: 1 }]);
    expect(swept).toBe(1);
  }, 30_000);
});
