import type { RealtimeEvent } from "@sams-web/domain/api/realtime";
import type { MatchesResponse } from "@sams-web/domain/matching/contracts";
import { PUSH_BODIES } from "@sams-web/domain/notifications/messages";
import { afterAll, describe, expect, it } from "vitest";
import { type FakeOpenAiServer, resetFake, startFakeOpenAiServer } from "../../support/fake-openai-server.ts";
import { createTestApp } from "../../support/helpers.ts";
import { call, signedUpPerson } from "../../support/matching-fixtures.ts";
import { mailsTo } from "../../support/outbox.ts";

// A search scored by a model shows each candidate as soon as their pair is judged: the person's
// matches change (and their stream hears it), and the candidate is told, while the other pairs are
// still with the model.

const fake = await startFakeOpenAiServer();
afterAll(() => fake.close());
const t = await createTestApp({
  LLM_BASE_URL: fake.baseUrl,
  LLM_API_KEY: "test-key",
  LLM_MODEL: "fake-model",
  LLM_TIMEOUT_MS: "60000",
  LLM_RETRY_BASE_MS: "5",
  MATCHING_SCORER_CONCURRENCY: "1",
  NARRATIVE_WRITER: "extractive",
});

type Body = FakeOpenAiServer["requests"][number]["body"];
const isJudgement = (body: Body) =>
  (body.response_format as { json_schema?: { name?: string } }).json_schema?.name === "compatibility_judgement";
const FIT = { subScores: { values: 9, lifestyle: 9, goals: 9, communication: 9, interests: 9 }, uncertain: [] };
const POOR = { subScores: { values: 1, lifestyle: 1, goals: 1, communication: 1, interests: 1 }, uncertain: [] };

async function matchesOf(cookie: string) {
  const response = await t.app.inject({ method: "GET", url: "/api/matches", headers: { cookie } });
  return (response.json() as MatchesResponse).matches;
}

describe("a search scored by a model", () => {
  it("shows the first candidate while the others are still being judged, and announces only pairs the person will see", async () => {
    resetFake(fake, ["valid"]);
    const her = await signedUpPerson(t, { zipCode: "10001" });
    const first = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: "10002" });
    const second = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: "10003" });
    const third = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: "10004" });
    // The first pair judged fits; the model then waits on every later judgement until released.
    let judged = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    fake.reply = (body: Body) => (isJudgement(body) && judged > 2 ? POOR : FIT);
    fake.gate = (body) => {
      if (!isJudgement(body)) return undefined;
      judged += 1;
      return judged > 2 ? held : undefined;
    };
    const heard: RealtimeEvent[] = [];
    const unsubscribe = t.app.bus.subscribe(her.userId, (event) => heard.push(event));
    try {
      expect((await call(t.app, her.cookie, "triggeredGenerateNarrative")).status).toBe(200);
      expect((await call(t.app, her.cookie, "triggeredPrelimMatch")).body.result).toMatchObject({ found: true });
      let searchDone = false;
      const scoring = call(t.app, her.cookie, "triggeredMatchingAlgo").finally(() => {
        searchDone = true;
      });

      // While the model still holds the other judgements, one candidate is there to see.
      await expect.poll(() => heard.filter((e) => e.topic === "matches").length, { timeout: 30_000 }).toBe(1);
      expect(searchDone).toBe(false);
      const shown = await matchesOf(her.cookie);
      const shownAccount = (id: string | undefined) => {
        const account = [first, second, third].find((person) => person.userId === id);
        if (!account) throw new Error(`${id} is none of the three candidates`);
        return account;
      };
      expect(shown).toHaveLength(1);
      expect(shown[0]?.status).toBe("photoValidation");
      expect([first.userId, second.userId, third.userId]).toContain(shown[0]?.id);
      // The candidate, who did not watch, is told of it now too, not once the last pair is judged:
      // the email about new people is in their inbox while the model still holds the rest (the
      // notice itself is gone once it is emailed and pushed).
      const told = shownAccount(shown[0]?.id);
      await expect.poll(() => mailsTo(t, told.email, PUSH_BODIES.newPeople), { timeout: 15_000 }).toHaveLength(1);
      for (const other of [first, second, third].filter((person) => person !== told))
        expect(await mailsTo(t, other.email, PUSH_BODIES.newPeople)).toEqual([]);
      expect(searchDone).toBe(false);

      release();
      expect((await scoring).body.result).toEqual({ found: true });
      // Two more pairs judged poorly: written (set aside) but never announced one by one; the
      // search's end is announced once.
      const all = await matchesOf(her.cookie);
      expect(all.map((m) => m.status).sort()).toEqual(["no", "no", "photoValidation"]);
      expect(heard.filter((e) => e.topic === "matches")).toHaveLength(2);
    } finally {
      unsubscribe();
      release();
    }
  });
});
