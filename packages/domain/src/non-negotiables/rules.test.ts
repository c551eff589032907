import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../chat/contracts.ts";
import type { Facts } from "./contracts.ts";
import { NON_NEGOTIABLES_MESSAGES, readBackMessage } from "./messages.ts";
import {
  allergicAnimals,
  brokenLimit,
  confirmedLimits,
  dealbreakerStep,
  FACT_BITS,
  FACT_KEYS,
  FACT_OPTIONS,
  factBits,
  factsClash,
  LIMIT_IDS,
  limitApplies,
  NO_LONG_DISTANCE_BIT,
  RELOCATE_BIT,
  refusedBits,
  sharesWordRun,
  unsettledLimits,
} from "./rules.ts";
import { factsSchema, nonNegotiablesStepSchema, readingItemSchema } from "./schemas.ts";

describe("limits hold both ways", () => {
  const nonSmoker: Facts = { smoking: "no", limits: ["smokingAny"] };

  it("refuses a partner whose answer the limit names, whichever side holds it", () => {
    expect(factsClash(nonSmoker, { smoking: "sometimes" })).toBe(true);
    expect(factsClash({ smoking: "daily" }, nonSmoker)).toBe(true);
    expect(brokenLimit(nonSmoker, { smoking: "daily" })).toBe("smokingAny");
  });

  it("lets through a partner who fits, who did not answer, or who preferred not to say", () => {
    expect(factsClash(nonSmoker, { smoking: "no" })).toBe(false);
    expect(factsClash(nonSmoker, {})).toBe(false);
    expect(factsClash(nonSmoker, { smoking: null })).toBe(false);
  });

  it("names the unanswered topics Sam must ask about", () => {
    expect(unsettledLimits(nonSmoker, {})).toEqual(["smokingAny"]);
    expect(unsettledLimits(nonSmoker, { smoking: null })).toEqual(["smokingAny"]);
    expect(unsettledLimits(nonSmoker, { smoking: "no" })).toEqual([]);
  });

  it("reads a degree: heavy drinking refuses only heavy drinkers", () => {
    const holder: Facts = { limits: ["drinkingHeavy"] };
    expect(factsClash(holder, { drinking: "socially" })).toBe(false);
    expect(factsClash(holder, { drinking: "often" })).toBe(true);
  });

  it("keeps two people who both want children, and parts one who does from one who does not", () => {
    const wants: Facts = { wantsChildren: "yes", limits: ["noChildrenWanted"] };
    expect(factsClash(wants, { wantsChildren: "yes", limits: ["noChildrenWanted"] })).toBe(false);
    expect(factsClash(wants, { wantsChildren: "no" })).toBe(true);
    expect(factsClash(wants, { wantsChildren: "unsure" })).toBe(false);
  });

  it("reads 'a different faith' against one's own, and not at all without one", () => {
    const christian: Facts = { faith: "christian", limits: ["differentFaith"] };
    expect(factsClash(christian, { faith: "christian" })).toBe(false);
    expect(factsClash(christian, { faith: "muslim" })).toBe(true);
    expect(factsClash(christian, { faith: "none" })).toBe(false);
    expect(limitApplies("differentFaith", { faith: "spiritual" })).toBe(false);
    expect(unsettledLimits({ faith: null, limits: ["differentFaith"] }, {})).toEqual([]);
  });

  it("refuses a long-distance pair only when one is not open to it and neither would move", () => {
    const homebound: Facts = { longDistance: "no", relocate: "no" };
    expect(factsClash(homebound, { longDistance: "yes" }, 240)).toBe(true);
    expect(factsClash(homebound, { longDistance: "yes" }, 60)).toBe(false);
    expect(factsClash(homebound, { relocate: "yes" }, 240)).toBe(false);
    expect(factsClash(homebound, {}, undefined)).toBe(false);
  });

  it("adds the limits read from a person's words to the tapped ones", () => {
    expect(
      confirmedLimits({ limits: ["cats"] }, [
        { kind: "limit", id: "limit:smokingAny", limit: "smokingAny", words: "Smokers." },
        { kind: "trait", id: "trait:lying", label: "lying", words: "Lying." },
      ]).sort(),
    ).toEqual(["cats", "smokingAny"]);
  });

  it("rules out of an allergic person's home the animals they are allergic to", () => {
    expect(allergicAnimals({ allergies: "dogs" })).toEqual(["dogs"]);
    expect(allergicAnimals({ allergies: "cats" })).toEqual(["cats"]);
    expect(allergicAnimals({ allergies: "both" })).toEqual(["dogs", "cats"]);
    expect(allergicAnimals({ allergies: "none" })).toEqual([]);
    expect(allergicAnimals({})).toEqual([]);
  });
});

describe("the database's bits", () => {
  /** A small deterministic generator, so the comparison covers many shapes and is repeatable. */
  function random(seed: number) {
    let state = seed;
    return () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state / 2 ** 31;
    };
  }

  function randomFacts(next: () => number): Facts {
    const facts: Record<string, unknown> = {};
    for (const key of FACT_KEYS) {
      const roll = next();
      if (roll < 0.2) continue;
      if (roll < 0.3) facts[key] = null;
      else {
        const options = FACT_OPTIONS[key];
        facts[key] = options[Math.floor(next() * options.length)];
      }
    }
    facts.limits = LIMIT_IDS.filter(() => next() < 0.15);
    return facts as Facts;
  }

  it("fit in a signed 64-bit column", () => {
    expect(FACT_BITS.length).toBeLessThanOrEqual(63);
    expect(new Set(FACT_BITS.map(([key, value]) => `${key}:${value}`)).size).toBe(FACT_BITS.length);
  });

  it("say what the facts say, for thousands of pairs", () => {
    const next = random(7);
    for (let i = 0; i < 5_000; i++) {
      const a = randomFacts(next);
      const b = randomFacts(next);
      const byBits = (refusedBits(a) & factBits(b)) !== 0n || (refusedBits(b) & factBits(a)) !== 0n;
      expect(byBits).toBe(brokenLimit(a, b) !== null || brokenLimit(b, a) !== null);
    }
  });

  it("name the two long-distance answers", () => {
    expect(factBits({ longDistance: "no" })).toBe(NO_LONG_DISTANCE_BIT);
    expect(factBits({ relocate: "yes" })).toBe(RELOCATE_BIT);
    expect(factBits({ longDistance: "yes", relocate: "no", faithImportance: "high" })).toBe(0n);
  });
});

describe("never quoting another person", () => {
  it("finds six words in a row, whatever the case and punctuation", () => {
    const source = "Someone who is still best friends with their ex. Been there.";
    expect(sharesWordRun("Are you still best friends with their ex?", source)).toBe(true);
    expect(sharesWordRun("Are you still best friends with an ex?", source)).toBe(false);
    expect(sharesWordRun("Is gambling part of your life?", "Gambling is part of my life story")).toBe(false);
  });
});

describe("the dealbreakers stage's steps", () => {
  const sam = (text: string): ChatMessage => ({ sender: "bot", text, timestamp: 0 });
  const me = (text: string): ChatMessage => ({ sender: "user", text, timestamp: 0 });

  it("moves from the free answer to the taps to the read-back, by Sam's own lines", () => {
    expect(dealbreakerStep([])).toBe("free");
    const taps = [me("Debt."), sam(`Thank you. ${NON_NEGOTIABLES_MESSAGES.tapsIntro}`)];
    expect(dealbreakerStep(taps)).toBe("taps");
    expect(dealbreakerStep([...taps, me("And gambling."), sam("Noted.")])).toBe("taps");
    const readBack = [...taps, me(NON_NEGOTIABLES_MESSAGES.tapsDone), sam(readBackMessage(empty))];
    expect(dealbreakerStep(readBack)).toBe("readBack");
  });

  const empty = { limits: [], noLongDistance: false, asked: [], traits: [] };

  it("reads back in plain words, or says it heard no firm no", () => {
    expect(readBackMessage(empty)).toContain(NON_NEGOTIABLES_MESSAGES.readBackNothing);
    const text = readBackMessage({
      limits: ["smokingAny", "noChildrenWanted"],
      noLongDistance: true,
      asked: ["debts"],
      traits: ["lying"],
    });
    expect(text).toContain(
      "You can't accept: any smoking or vaping; someone who doesn't want children; a long-distance",
    );
    expect(text).toContain("From what you wrote: debts; I'll ask each person I find about these.");
    expect(text).toContain("I'll also keep in mind: lying.");
    expect(text.endsWith(NON_NEGOTIABLES_MESSAGES.readBackQuestion)).toBe(true);
  });
});

describe("schemas", () => {
  it("take answers, null for prefer not to say, and refuse anything else", () => {
    expect(factsSchema.safeParse({ smoking: "no", politics: null, limits: ["cats"] }).success).toBe(true);
    expect(factsSchema.safeParse({ smoking: "yes" }).success).toBe(false);
    expect(factsSchema.safeParse({ smokin: "no" }).success).toBe(false);
    expect(factsSchema.safeParse({ limits: ["cats", "cats"] }).success).toBe(false);
    expect(factsSchema.safeParse({ limits: ["spiders"] }).success).toBe(false);
  });

  it("bound what the chat sends and what a reading holds", () => {
    expect(nonNegotiablesStepSchema.safeParse({ step: "taps", facts: null }).success).toBe(true);
    expect(nonNegotiablesStepSchema.safeParse({ step: "confirm", removed: ["ask:debts"] }).success).toBe(true);
    expect(nonNegotiablesStepSchema.safeParse({ step: "confirm", removed: Array(50).fill("x") }).success).toBe(false);
    expect(
      readingItemSchema.safeParse({
        kind: "ask",
        id: "ask:x",
        label: "x",
        question: "q".repeat(500),
        endsOn: "yes",
        words: "x",
      }).success,
    ).toBe(false);
  });
});
