import { describe, expect, it } from "vitest";
import { conversationStageSchema, stageSchema } from "./schemas.ts";
import { TRANSITION_MESSAGES, transitionMessage } from "./stage-transitions.ts";
import {
  advance,
  FOLLOWUP_STAGES,
  isFollowupStage,
  isStage,
  nextStage,
  OPENING_MESSAGE,
  STAGES,
  type Stage,
} from "./stages.ts";

describe("'The chat advances in this order'", () => {
  it("STAGES is rapport_building, relationship_goals, best_qualities, partner_preferences, dealbreakers, worst_qualities, contributions, past_relationships, complete", () => {
    expect(STAGES).toEqual([
      "rapport_building",
      "relationship_goals",
      "best_qualities",
      "partner_preferences",
      "dealbreakers",
      "worst_qualities",
      "contributions",
      "past_relationships",
      "complete",
    ]);
  });

  it.each([
    ["rapport_building", "relationship_goals"],
    ["relationship_goals", "best_qualities"],
    ["best_qualities", "partner_preferences"],
    ["partner_preferences", "dealbreakers"],
    ["dealbreakers", "worst_qualities"],
    ["worst_qualities", "contributions"],
    ["contributions", "past_relationships"],
    ["past_relationships", "complete"],
    ["complete", "complete"],
  ] as const)("nextStage(%s) → %s", (from, to) => {
    expect(nextStage(from)).toBe(to);
  });
});

describe("'A stage advances when the reply says stage_complete'", () => {
  it.each(STAGES)("%s stays put without stage_complete", (s) => {
    expect(advance(s, false)).toBe(s);
  });
  it.each(STAGES)("%s moves exactly one step with stage_complete", (s) => {
    const i = STAGES.indexOf(s);
    expect(advance(s, true)).toBe(STAGES[Math.min(i + 1, STAGES.length - 1)]);
  });
  it("walks the whole interview in 8 completed replies and then stays complete", () => {
    let s: Stage = "rapport_building";
    for (let i = 0; i < 8; i++) s = advance(s, true);
    expect(s).toBe("complete");
    expect(advance(s, true)).toBe("complete");
  });
});

describe("'Sam then posts a transition message for the new stage'", () => {
  const into = STAGES.filter((s) => s !== "rapport_building");
  it.each(into)("has a message for moving into %s", (s) => {
    const m = transitionMessage(s);
    expect(m).toBe(TRANSITION_MESSAGES[s as Exclude<Stage, "rapport_building">]);
    expect((m ?? "").length).toBeGreaterThan(40);
  });
  it("has none for the first stage (the opening message covers it)", () => {
    expect(transitionMessage("rapport_building")).toBeNull();
  });
  it("has exactly one message per stage moved into, all different", () => {
    expect(Object.keys(TRANSITION_MESSAGES).sort()).toEqual([...into].sort());
    expect(new Set(Object.values(TRANSITION_MESSAGES)).size).toBe(into.length);
  });
  it("the message for complete says the interview is done and points to Settings for photos and search", () => {
    const m = TRANSITION_MESSAGES.complete;
    expect(m).toMatch(/complete/i);
    expect(m).toMatch(/Settings/);
    expect(m).toMatch(/photos/);
    expect(m).toMatch(/search/);
  });
  it("the opening message introduces Sam", () => {
    expect(OPENING_MESSAGE).toMatch(/Sam/);
    expect(OPENING_MESSAGE).toMatch(/spider/);
  });
});

describe("'Follow-up stages: followupsQueued, followupsAnswered'", () => {
  it("lists both", () => expect(FOLLOWUP_STAGES).toEqual(["followupsQueued", "followupsAnswered"]));
  it("a conversation stage is an interview stage or a follow-up stage", () => {
    expect(conversationStageSchema.options).toEqual([...STAGES, ...FOLLOWUP_STAGES]);
    expect(isFollowupStage("followupsQueued")).toBe(true);
    expect(isFollowupStage("complete")).toBe(false);
  });
});

describe("isStage", () => {
  it.each(STAGES)("accepts %s", (s) => expect(isStage(s)).toBe(true));
  it.each(["followupsQueued", "Complete", "", null, 3])("rejects %j", (x) => expect(isStage(x)).toBe(false));
  it("stageSchema rejects unknown stages", () => expect(stageSchema.safeParse("small_talk").success).toBe(false));
});
