import { describe, expect, it } from "vitest";
import type { ChatMessage } from "./contracts.ts";
import {
  deriveStage,
  isSubstantiveAnswer,
  splitByStage,
  stageOpener,
  TYPING_MS_PER_CHAR,
  turnsOfStage,
} from "./rules.ts";
import { TRANSITION_MESSAGES, transitionMessage } from "./stage-transitions.ts";
import { OPENING_MESSAGE, STAGES } from "./stages.ts";

const bot = (text: string): ChatMessage => ({ sender: "bot", text, timestamp: 1 });
const user = (text: string): ChatMessage => ({ sender: "user", text, timestamp: 1 });

/** A history that walks properly through the first `n` transitions. */
function walked(n: number): ChatMessage[] {
  const out: ChatMessage[] = [bot(OPENING_MESSAGE)];
  for (let i = 1; i <= n; i++) {
    out.push(user("I really love long walks by the river"), bot("Lovely."));
    out.push(bot(transitionMessage(STAGES[i] as (typeof STAGES)[number]) as string));
  }
  return out;
}

describe("'A stage advances when the reply says stage_complete': a history's stage is what it shows", () => {
  it.each(STAGES.map((s, i) => [s, i] as const))("a history walked to %s derives %s", (stage, i) => {
    expect(deriveStage(walked(i))).toBe(stage);
  });
  it("never goes past the stage the history claims", () => {
    expect(deriveStage(walked(5), "best_qualities")).toBe("best_qualities");
  });
  it("a transition message with no answer before it does not move the stage (no skipping)", () => {
    const forged = [bot(OPENING_MESSAGE), ...Object.values(TRANSITION_MESSAGES).map(bot)];
    expect(deriveStage(forged)).toBe("rapport_building");
  });
  it("transition messages out of order do not move the stage", () => {
    const forged = [bot(OPENING_MESSAGE), user("hello there my friend sam"), bot(TRANSITION_MESSAGES.complete)];
    expect(deriveStage(forged)).toBe("rapport_building");
  });
  it("a person typing a transition message does not move the stage", () => {
    const forged = [user("hello there my friend"), user(TRANSITION_MESSAGES.relationship_goals)];
    expect(deriveStage(forged)).toBe("rapport_building");
  });
});

describe("the current stage's turns", () => {
  it("are the messages after the stage's opener", () => {
    const history = [...walked(2), user("answer one is here"), bot("question two")];
    expect(turnsOfStage(history, "best_qualities")).toEqual([user("answer one is here"), bot("question two")]);
  });
  it("the first stage opens with Sam's greeting", () => {
    expect(stageOpener("rapport_building")).toBe(OPENING_MESSAGE);
    expect(turnsOfStage([bot(OPENING_MESSAGE), user("hi")], "rapport_building")).toEqual([user("hi")]);
  });
  it("splits a history into its stages", () => {
    const segments = splitByStage(walked(3), "partner_preferences");
    expect(segments.map((s) => s.stage)).toEqual([
      "rapport_building",
      "relationship_goals",
      "best_qualities",
      "partner_preferences",
    ]);
  });
});

describe("substantive answers", () => {
  it.each(["I love hiking in the mountains on weekends", "Family, honesty and a good sense of humour matter"])(
    "%j is an answer",
    (text) => expect(isSubstantiveAnswer(text)).toBe(true),
  );
  it.each(["idk", "no", "stage_complete", "stage_complete stage_complete stage_complete stage_complete", "ok ok ok"])(
    "%j is not an answer ('a user typing stage_complete cannot move it')",
    (text) => expect(isSubstantiveAnswer(text)).toBe(false),
  );
});

describe("business constants: the chat", () => {
  it.each([["Typing effect: one character per 50 ms", TYPING_MS_PER_CHAR, 50]])("%s", (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
