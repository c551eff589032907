import { MESSAGES } from "@sams-web/domain/shared/messages";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { matches, nonNegotiables, profiles } from "../../../src/db/schema.ts";
import { type FakeRequest, resetFake, startFakeOpenAiServer } from "../../support/fake-openai-server.ts";
import { createTestApp, dealbreakersNext, signUp } from "../../support/helpers.ts";
import { createPerson } from "../../support/matching-fixtures.ts";

// With a model configured, the model reads a person's dealbreakers and writes the neutral
// questions, and reads the answers to them; code checks every question it writes (six words in a
// row of the person's own, "I", a number to call: dropped) and still applies the limits itself.

const fake = await startFakeOpenAiServer();
afterAll(() => fake.close());

const { app, db } = await createTestApp({
  LLM_BASE_URL: fake.baseUrl,
  LLM_API_KEY: "test-key",
  LLM_MODEL: "fake-model",
  LLM_TIMEOUT_MS: "5000",
  LLM_RETRY_BASE_MS: "5",
  CHAT_MESSAGES_PER_MINUTE: "1000",
  CHAT_IP_MESSAGES_PER_MINUTE: "1000",
});

const DEALBREAKERS = "I can't be with someone who keeps a motorcycle in the garage and rides it every weekend.";

/** The model's answers, by what it was asked: Sam's reply (moving on), or a reading of dealbreakers. */
function modelAnswers(reading: unknown, answer: "yes" | "no" | "unclear" = "yes") {
  return (body: FakeRequest["body"]) => {
    const asked = JSON.stringify(body.response_format ?? {});
    if (asked.includes("dealbreaker_reading")) return reading;
    const yesOrNo = asked.includes('"answer"');
    return {
      message: yesOrNo ? "Thank you for telling me." : "Wonderful, thank you.",
      stage_complete: true,
      stage_complete_justification: "Covered.",
      ...(yesOrNo ? { answer } : {}),
    };
  };
}

async function sam(cookie: string, data: Record<string, unknown>) {
  const response = await app.inject({
    method: "POST",
    url: "/api/call/callSamApi",
    headers: { cookie },
    payload: { data },
  });
  return response.json() as { result: { message: string; stage: string; stage_complete: boolean }; error?: unknown };
}

async function toReadBack(cookie: string) {
  let last: { message: string; stage: string } = { message: "", stage: "" };
  for (let turn = 0; turn < 12; turn++) {
    const next = dealbreakersNext(last, { smoking: "no", limits: ["smokingAny"] });
    const reply = await sam(cookie, next ?? { userMessage: DEALBREAKERS });
    last = reply.result;
    if (last.message.startsWith(MESSAGES.readBackIntro)) return last;
  }
  throw new Error("no read-back");
}

describe("the model reads the dealbreakers; code checks what it wrote", () => {
  it("keeps a sound question and a known limit, and drops a question that quotes, says 'I' or carries a number", async () => {
    const person = await signUp(app);
    resetFake(fake, ["valid"]);
    fake.reply = modelAnswers({
      items: [
        { kind: "ask", limit: null, label: "motorcycles", question: "Do you ride a motorcycle?", endsOn: "yes" },
        {
          kind: "ask",
          limit: null,
          label: "quoted",
          question: "Do you keep a motorcycle in the garage and ride it?",
          endsOn: "yes",
        },
        { kind: "ask", limit: null, label: "first person", question: "Would I like your bike?", endsOn: "yes" },
        { kind: "ask", limit: null, label: "a number", question: "Will you call 555 0100 today?", endsOn: "yes" },
        { kind: "limit", limit: "smokingAny", label: "smoking", question: null, endsOn: null },
        { kind: "trait", limit: null, label: "recklessness", question: null, endsOn: null },
      ],
    });
    const readBack = await toReadBack(person.cookie);
    expect(readBack.message).toContain("From what you wrote: motorcycles; I'll ask");
    expect(readBack.message).toContain("I'll also keep in mind: recklessness.");
    expect(readBack.message).not.toMatch(/quoted|first person|a number/);
    const [row] = await db.select().from(nonNegotiables).where(eq(nonNegotiables.userId, person.userId));
    expect(row?.pending?.map((item) => (item.kind === "ask" ? item.question : item.kind))).toEqual([
      "Do you ride a motorcycle?",
      "limit",
      "trait",
    ]);
  });

  it("a model that fails leaves the reading to the embedded reader, which the person confirms all the same", async () => {
    const person = await signUp(app);
    resetFake(fake, ["valid"]);
    fake.reply = modelAnswers({ nonsense: true });
    const readBack = await toReadBack(person.cookie);
    expect(readBack.message).toContain(MESSAGES.readBackIntro);
    expect(readBack.message).toContain("someone who keeps a motorcycle in the garage");
  });
});

describe("the model reads a yes or a no; code ends the pair", () => {
  async function queued(answer: "yes" | "no" | "unclear") {
    const person = await signUp(app);
    const holder = await createPerson(db, {});
    await createPerson(db, { userId: person.userId, gender: "man", seekingGender: "woman" });
    const question = "Do you ride a motorcycle?";
    await db.insert(matches).values([
      {
        userId: person.userId,
        candidateId: holder,
        status: "followupsQueued",
        score: 80,
        followupQuestions: [question],
        limitQuestions: [{ question, endsOn: "yes" }],
      },
      { userId: holder, candidateId: person.userId, status: "followupsAnswered", score: 80 },
    ]);
    await db.update(profiles).set({ conversationStage: "followupsQueued" }).where(eq(profiles.userId, person.userId));
    resetFake(fake, ["valid"]);
    fake.reply = modelAnswers({ items: [] }, answer);
    const reply = await sam(person.cookie, {
      userMessage: "Every weekend, rain or shine.",
      followupQuestion: question,
    });
    const [mine] = await db
      .select()
      .from(matches)
      .where(and(eq(matches.userId, person.userId), eq(matches.candidateId, holder)));
    const [theirs] = await db
      .select()
      .from(matches)
      .where(and(eq(matches.userId, holder), eq(matches.candidateId, person.userId)));
    return { reply, mine, theirs, asked: fake.requests.at(-1) };
  }

  it("a yes ends the pair for both", async () => {
    const { reply, mine, theirs, asked } = await queued("yes");
    expect(JSON.stringify(asked?.body.response_format)).toContain('"answer"');
    expect(reply.result.stage_complete).toBe(true);
    expect([mine?.status, theirs?.status]).toEqual(["no", "no"]);
  });

  it("a no keeps it, without the question", async () => {
    const { mine, theirs } = await queued("no");
    expect(mine?.status).toBe("followupsQueued");
    expect(mine?.followupQuestions).toEqual([]);
    expect(theirs?.status).toBe("followupsAnswered");
  });

  it("an unclear answer is asked again and changes nothing", async () => {
    const { reply, mine } = await queued("unclear");
    expect(reply.result.stage_complete).toBe(false);
    expect(mine?.followupQuestions).toEqual(["Do you ride a motorcycle?"]);
  });
});
