import { randomBytes } from "node:crypto";
import type { Facts } from "@sams-web/domain/non-negotiables/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../src/db/client.ts";
import { conversations, messages, profiles, users } from "../../src/db/schema.ts";
import { changeNonNegotiables } from "../../src/features/non-negotiables/mutations.ts";
import { readDealbreakers } from "../../src/platform/text-reading/dealbreaker-reading.ts";
import { signUp } from "./helpers.ts";

/** A person's interview answers by stage, as the chat would have stored them. */
export type Interview = Partial<Record<string, string>>;

export const DEFAULT_INTERVIEW: Interview = {
  rapport_building: "I love hiking on weekends, reading books and cooking dinner for friends.",
  relationship_goals: "I want marriage and a family, a long-term commitment with someone kind.",
  best_qualities: "I am honest, loyal and a patient listener with a good sense of humor.",
  partner_preferences: "I hope to meet someone honest and kind who enjoys hiking, books and music.",
  dealbreakers: "Dishonesty is a dealbreaker for me.",
  worst_qualities: "I can be stubborn and I overthink things.",
  contributions: "I bring loyalty, support, good cooking and laughter to a relationship.",
  past_relationships: "My last relationship taught me to communicate openly.",
};

export interface PersonInput {
  userId?: string;
  email?: string;
  name?: string;
  gender?: "man" | "woman" | "";
  seekingGender?: "man" | "woman" | "";
  age?: number;
  ageRangeMin?: number;
  ageRangeMax?: number;
  zipCode?: string;
  searchRadius?: number;
  status?: "active" | "unavailable";
  verified?: boolean;
  chatComplete?: boolean;
  picturesUploaded?: boolean;
  interview?: Interview;
  photoUrls?: string[];
  /** Their answers to the quick questions (limits included). */
  facts?: Facts;
  /** Whether they confirmed Sam's reading of their dealbreakers (read from `interview`). */
  confirmed?: boolean;
}

function birthdayFor(age: number): string {
  const now = new Date();
  // Mid-year birthdays keep the age stable whatever day the test runs.
  const year = now.getFullYear() - age - (now.getMonth() < 6 ? 1 : 0);
  return `${year}-07-01`;
}

/**
 * Makes (or, given userId, completes) a person ready to search: account, profile, and a finished
 * interview. Written straight into the tables so a test can build hundreds of people quickly.
 */
export async function createPerson(db: Database, input: PersonInput = {}): Promise<string> {
  const userId = input.userId ?? `u_${randomBytes(8).toString("hex")}`;
  const email = input.email ?? `${userId}@example.com`;
  const name = input.name ?? "Pat";
  const age = input.age ?? 30;
  if (!input.userId) {
    await db.insert(users).values({ id: userId, name, email, emailVerified: true });
    await db.insert(profiles).values({ userId, displayName: name, email });
  }
  await db
    .update(profiles)
    .set({
      displayName: name,
      status: input.status ?? "active",
      verified: input.verified ?? true,
      chatComplete: input.chatComplete ?? true,
      picturesUploaded: input.picturesUploaded ?? true,
      gender: input.gender ?? "woman",
      seekingGender: input.seekingGender ?? "man",
      age,
      birthday: birthdayFor(age),
      ageRangeMin: input.ageRangeMin ?? -5,
      ageRangeMax: input.ageRangeMax ?? 5,
      zipCode: input.zipCode ?? "10001",
      searchRadius: input.searchRadius ?? 25,
      conversationStage: "complete",
      photoUrls: input.photoUrls ?? [`/api/photos/${userId}/photo0.jpg`, `/api/photos/${userId}/photo1.jpg`],
    })
    .where(eq(profiles.userId, userId));
  const conversationId = `${Date.now()}${randomBytes(3).toString("hex")}`;
  await db.insert(conversations).values({ id: conversationId, userId, stage: "complete" });
  const interview = input.interview ?? DEFAULT_INTERVIEW;
  const rows = Object.entries(interview).flatMap(([stage, text]) =>
    text
      ? [
          { conversationId, userId, sender: "bot" as const, text: `Tell me about ${stage}.`, stage },
          { conversationId, userId, sender: "user" as const, text, stage },
        ]
      : [],
  );
  if (rows.length > 0) await db.insert(messages).values(rows);
  if (input.facts || input.confirmed) {
    const facts = input.facts ?? {};
    const reading = input.confirmed
      ? readDealbreakers(interview.dealbreakers ?? "", { facts, selfText: interview.rapport_building ?? "" })
      : [];
    await changeNonNegotiables(db, userId, (current) => ({
      ...current,
      facts,
      reading,
      readingConfirmed: input.confirmed ?? false,
    }));
  }
  return userId;
}

/** A signed-up person (for a session cookie) made ready to search. */
export async function signedUpPerson(t: { app: FastifyInstance; db: Database }, input: PersonInput = {}) {
  const account = await signUp(t.app);
  await createPerson(t.db, { ...input, userId: account.userId });
  return account;
}

/** Calls a callable function as the browser does; `cookie` is the caller's session. */
export async function call(app: FastifyInstance, cookie: string | undefined, name: string, data: unknown = {}) {
  const response = await app.inject({
    method: "POST",
    url: `/api/call/${name}`,
    headers: cookie ? { cookie } : {},
    payload: { data },
  });
  const body = response.json() as {
    result: Record<string, number | string>;
    error: { status: string; message: string };
  };
  return { status: response.statusCode, body, raw: response.body };
}
