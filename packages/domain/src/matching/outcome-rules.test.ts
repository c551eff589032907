import { describe, expect, it } from "vitest";
import { DAY_MS } from "../shared/time.ts";
import { MATCHING_MESSAGES, OUTCOME_LABELS, outcomeMailText } from "./messages.ts";
import {
  type ConnectionOutcome,
  isMatchOutcome,
  MATCH_OUTCOMES,
  OUTCOME_ANSWER_WINDOW_MS,
  OUTCOME_ASK_AFTER_MS,
  OUTCOME_SCORE_BANDS,
  summarizeOutcomes,
} from "./rules.ts";

describe("what happened after a connection: the rules", () => {
  it("asks fourteen days after connecting and takes answers for seven days, as the texts say", () => {
    expect(OUTCOME_ASK_AFTER_MS).toBe(14 * DAY_MS);
    expect(OUTCOME_ANSWER_WINDOW_MS).toBe(7 * DAY_MS);
    expect(MATCHING_MESSAGES.outcomeLinkExpired).toContain("7 days");
    expect(outcomeMailText("Alex Smith", "Robin").after).toContain("7 days");
  });

  it("offers three answers, each with its label, and knows nothing else", () => {
    expect(Object.keys(OUTCOME_LABELS)).toEqual([...MATCH_OUTCOMES]);
    expect(Object.values(OUTCOME_LABELS)).toEqual(["Yes, we met", "We talked but didn't meet", "We didn't talk"]);
    for (const outcome of MATCH_OUTCOMES) expect(isMatchOutcome(outcome)).toBe(true);
    for (const other of ["yes", "MET", "", null, 1, "toString"]) expect(isMatchOutcome(other)).toBe(false);
  });

  it("the score bands cover 0 to 100 without gap or overlap", () => {
    expect(OUTCOME_SCORE_BANDS[0].min).toBe(0);
    expect(OUTCOME_SCORE_BANDS.at(-1)?.max).toBe(100);
    for (let i = 1; i < OUTCOME_SCORE_BANDS.length; i++) {
      expect(OUTCOME_SCORE_BANDS[i]?.min).toBe((OUTCOME_SCORE_BANDS[i - 1]?.max ?? Number.NaN) + 1);
    }
  });
});

describe("summarizeOutcomes", () => {
  const connection = (score: number, answers: ConnectionOutcome["answers"], asked = true): ConnectionOutcome => ({
    score,
    asked,
    answers,
  });

  it("counts per band the connections, those asked, those answered by either person and those that met", () => {
    const summary = summarizeOutcomes([
      connection(59, ["met"]),
      connection(60, []),
      connection(69, ["talked", "didNotTalk"]),
      connection(70, [], false),
      connection(85, ["met", "talked"]),
      connection(89, ["didNotTalk"]),
      connection(90, ["met", "met"]),
      connection(100, ["talked"]),
    ]);
    expect(summary).toEqual([
      { band: "<60", connections: 1, asked: 1, answered: 1, met: 1, metShare: 1 },
      { band: "60–69", connections: 2, asked: 2, answered: 1, met: 0, metShare: 0 },
      { band: "70–79", connections: 1, asked: 0, answered: 0, met: 0, metShare: null },
      { band: "80–89", connections: 2, asked: 2, answered: 2, met: 1, metShare: 0.5 },
      { band: "90–100", connections: 2, asked: 2, answered: 2, met: 1, metShare: 0.5 },
      { band: "all", connections: 8, asked: 7, answered: 6, met: 3, metShare: 0.5 },
    ]);
  });

  it("with no connections, every band is empty and no share is made up", () => {
    for (const row of summarizeOutcomes([])) {
      expect(row).toMatchObject({ connections: 0, answered: 0, met: 0, metShare: null });
    }
  });
});
