import { describe, expect, it } from "vitest";
import { matches } from "../../../src/db/schema.ts";
import { extractiveNarrativeWriter } from "../../../src/features/matching/narrative/narrative.ts";
import { heuristicScorer } from "../../../src/features/matching/scoring/heuristic-scorer.ts";
import { MatchingService } from "../../../src/features/matching/service.ts";
import { createMailer } from "../../../src/platform/mail/mailer.ts";
import { createTestApp } from "../../support/helpers.ts";
import { createPerson } from "../../support/matching-fixtures.ts";
import { smtpCatcher } from "../../support/smtp-catcher.ts";

// A local SMTP catcher: with SMTP_URL set, introductions travel the real SMTP path too.
const { received, listen } = smtpCatcher();
const smtpPort = await listen();

const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: "Sam's Web <sam@example.com>" });

describe("introductions go through the mail platform", () => {
  it("with SMTP_URL, mutual confirmation sends each person one mail over SMTP naming only the other", async () => {
    const alex = await createPerson(t.db, { name: "Alex", email: "alex-intro@example.com" });
    const sam = await createPerson(t.db, { name: "Sam", email: "sam-intro@example.com" });
    await t.db.insert(matches).values([
      { userId: alex, candidateId: sam, status: "matchPending", score: 90, followupQuestions: [] },
      { userId: sam, candidateId: alex, status: "matchPending", score: 90, followupQuestions: [] },
    ]);
    const service = new MatchingService({
      db: t.db,
      bus: t.bus,
      writer: extractiveNarrativeWriter,
      scorer: heuristicScorer,
      topK: 20,
      scoringConcurrency: 4,
      mailer: createMailer(t.config, () => {}),
      publicUrl: t.config.publicUrl,
      now: Date.now,
    });
    await service.confirm(alex, sam);
    expect(received).toEqual([]);
    await service.confirm(sam, alex);
    expect(received.map((m) => m.to).sort()).toEqual([["alex-intro@example.com"], ["sam-intro@example.com"]]);
    const toAlex = received.find((m) => m.to[0] === "alex-intro@example.com")?.raw ?? "";
    const toSam = received.find((m) => m.to[0] === "sam-intro@example.com")?.raw ?? "";
    expect(toAlex).toContain("Sam <sam-intro@example.com>");
    expect(toSam).toContain("Alex <alex-intro@example.com>");
    expect(toAlex).toMatch(/^From: "Sam's Web" <sam@example\.com>/m);
  });
});
