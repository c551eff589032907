import { eq, or } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { matches, narratives, searches } from "../../../src/db/schema.ts";
import { type FakeOpenAiServer, resetFake, startFakeOpenAiServer } from "../../support/fake-openai-server.ts";
import { createTestApp } from "../../support/helpers.ts";
import { call, signedUpPerson } from "../../support/matching-fixtures.ts";

// A whole search with a language model configured: the narrative writer and the scorer both go
// through an OpenAI-compatible endpoint (a local fake), chosen by the default MATCHING_SCORER and
// NARRATIVE_WRITER ("auto").

const fake = await startFakeOpenAiServer();
afterAll(() => fake.close());
const t = await createTestApp({
  LLM_BASE_URL: fake.baseUrl,
  LLM_API_KEY: "test-key",
  LLM_MODEL: "fake-model",
  LLM_TIMEOUT_MS: "2000",
  LLM_MAX_RETRIES: "1",
  LLM_RETRY_BASE_MS: "5",
});

type Body = FakeOpenAiServer["requests"][number]["body"];
const schemaName = (body: Body) => (body.response_format as { json_schema?: { name?: string } }).json_schema?.name;

/** The fake as a model: narratives echo the grouped answers with a mark; judgements are `judgement`. */
function answerAsModel(judgement: unknown) {
  fake.reply = (body: Body) => {
    if (schemaName(body) === "narrative") {
      const content = String(body.messages.at(-1)?.content);
      const grouped = JSON.parse(content.slice("<answers>".length, -"</answers>".length)) as Record<string, string>;
      return { ...grouped, about: `[model] ${grouped.about}` };
    }
    return judgement;
  };
}

const FIT = { subScores: { values: 9, lifestyle: 9, goals: 9, communication: 9, interests: 9 }, uncertain: [] };

async function matchRowsOf(userId: string) {
  return t.db
    .select()
    .from(matches)
    .where(or(eq(matches.userId, userId), eq(matches.candidateId, userId)));
}

async function search(cookie: string) {
  expect((await call(t.app, cookie, "triggeredGenerateNarrative")).status).toBe(200);
  const prelim = await call(t.app, cookie, "triggeredPrelimMatch");
  expect(prelim.status).toBe(200);
  return { prelim: prelim.body.result, algo: await call(t.app, cookie, "triggeredMatchingAlgo") };
}

describe("matching with a language model", () => {
  it("writes narratives and judges both directions of each pair with the model; code computes the score", async () => {
    resetFake(fake, ["valid"]);
    answerAsModel(FIT);
    const her = await signedUpPerson(t, { zipCode: "10001" });
    const him = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: "10002" });
    const { prelim, algo } = await search(her.cookie);
    expect(prelim).toEqual({ found: true, searchesLeftToday: 2 });
    expect(algo.body.result).toEqual({ found: true });

    const written = await t.db.select().from(narratives);
    expect(written.map((n) => [n.source, n.about.startsWith("[model] ")])).toEqual([
      ["llm", true],
      ["llm", true],
    ]);
    const judged = fake.requests.filter((r) => schemaName(r.body) === "compatibility_judgement");
    expect(judged).toHaveLength(2);
    for (const request of judged) expect(request.body.messages.at(-1)?.content).toMatch(/^<seeker>.*<candidate>/s);

    const rows = await matchRowsOf(her.userId);
    expect(rows.map((r) => [r.userId, r.candidateId, r.status, r.score]).sort()).toEqual(
      [
        [her.userId, him.userId, "photoValidation", 90],
        [him.userId, her.userId, "photoValidation", 90],
      ].sort(),
    );
  });

  it.each([
    ["150", { ...FIT, subScores: { ...FIT.subScores, values: 150 } }],
    ["-1", { ...FIT, subScores: { ...FIT.subScores, values: -1 } }],
    ["'NaN'", { ...FIT, subScores: { ...FIT.subScores, values: "NaN" } }],
    ["'100%'", { ...FIT, subScores: { ...FIT.subScores, values: "100%" } }],
    ["a missing dimension", { uncertain: [], subScores: { values: 9, lifestyle: 9, goals: 9, communication: 9 } }],
  ])("a model answering %s stores nothing for the pair, and the search still ends", async (_case, judgement) => {
    resetFake(fake, ["valid"]);
    answerAsModel(judgement);
    const me = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: "60601" });
    await signedUpPerson(t, { zipCode: "60602" });
    const { prelim, algo } = await search(me.cookie);
    expect(prelim.found).toBe(true);
    expect(algo.body.result).toEqual({ found: false });
    expect(await matchRowsOf(me.userId)).toEqual([]);
    const [state] = await t.db.select().from(searches).where(eq(searches.userId, me.userId));
    expect(state?.state).toBe("done");
  });

  it("a model that is down fails the search without storing anything; run again, it finishes", async () => {
    resetFake(fake, ["500"]);
    answerAsModel(FIT);
    const me = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: "98101" });
    const her = await signedUpPerson(t, { zipCode: "98102" });
    const { prelim, algo } = await search(me.cookie);
    expect(prelim).toEqual({ found: true, searchesLeftToday: 2 });
    // The narratives fell back to the person's own words; the scorer has no fallback.
    const [mine] = await t.db.select().from(narratives).where(eq(narratives.userId, me.userId));
    expect(mine?.source).toBe("extractive");
    expect(algo.status).toBeGreaterThanOrEqual(500);
    expect(await matchRowsOf(me.userId)).toEqual([]);
    const [state] = await t.db.select().from(searches).where(eq(searches.userId, me.userId));
    expect(state?.state).toBe("scoring");

    resetFake(fake, ["valid"]);
    const again = await call(t.app, me.cookie, "triggeredMatchingAlgo");
    expect(again.body.result).toEqual({ found: true });
    expect((await matchRowsOf(me.userId)).map((r) => r.candidateId).sort()).toEqual([her.userId, me.userId].sort());
  });
});
