import { describe, expect, it } from "vitest";
import { MESSAGES } from "../shared/messages.ts";
import {
  canTransition,
  classifyScore,
  countLiveMatches,
  DISTANCE_BANDS_MILES,
  describeDistance,
  distanceBand,
  firstNameOf,
  followupStageFor,
  inMatchCooldown,
  isLive,
  MATCH_COOLDOWN_MS,
  MATCH_FREQUENCY_MONTHS,
  MATCH_STATUSES,
  type MatchStatus,
  maySetFree,
  pendingMatchRule,
  photoReviewCandidate,
  SEARCH_MIN_LIVE_MATCHES,
  SEARCH_RETRY_MS,
  SPEC_MATCH_STATUSES,
  sortByScoreDesc,
} from "./rules.ts";

const DAY = 86_400_000;
const NOW = new Date(2026, 10, 1, 12).getTime(); // the day US daylight saving ends: 30 days is 30 × 24 h

describe("'Match statuses: photoValidation, followupsQueued, followupsAnswered, matchPending, no'", () => {
  it("includes the five named statuses, spelled as named", () => {
    expect(SPEC_MATCH_STATUSES).toEqual([
      "photoValidation",
      "followupsQueued",
      "followupsAnswered",
      "matchPending",
      "no",
    ]);
    for (const s of SPEC_MATCH_STATUSES) expect(MATCH_STATUSES).toContain(s);
  });
  it("adds accepted, confirmed and connected for mutual acceptance", () => {
    expect(MATCH_STATUSES).toEqual([...SPEC_MATCH_STATUSES, "accepted", "confirmed", "connected"]);
  });
});

describe("'match status moves only along allowed transitions'", () => {
  const allowed: [MatchStatus, MatchStatus][] = [
    ["photoValidation", "accepted"],
    ["accepted", "matchPending"],
    ["followupsQueued", "followupsAnswered"],
    ["followupsAnswered", "photoValidation"],
    ["matchPending", "confirmed"],
    ["confirmed", "connected"],
  ];
  for (const from of MATCH_STATUSES) if (from !== "no") allowed.push([from, "no"]);

  const all = MATCH_STATUSES.flatMap((from) => MATCH_STATUSES.map((to) => [from, to] as [MatchStatus, MatchStatus]));
  it.each(all)("%s → %s", (from, to) => {
    const ok = allowed.some(([f, t]) => f === from && t === to);
    expect(canTransition(from, to)).toBe(ok);
  });
  it("'no' is final and staying put is not a transition", () => {
    for (const to of MATCH_STATUSES) expect(canTransition("no", to)).toBe(false);
    for (const s of MATCH_STATUSES) expect(canTransition(s, s)).toBe(false);
  });
  it("photo review cannot skip the other side's acceptance (photoValidation ↛ matchPending)", () => {
    expect(canTransition("photoValidation", "matchPending")).toBe(false);
    expect(canTransition("matchPending", "connected")).toBe(false);
  });
});

describe("'Status 'no' means declined or inactive'", () => {
  it.each(MATCH_STATUSES)("isLive(%s)", (s) => expect(isLive(s)).toBe(s !== "no"));
  it("counts non-'no' matches", () => {
    expect(
      countLiveMatches([{ status: "no" }, { status: "matchPending" }, { status: "photoValidation" }, { status: "no" }]),
    ).toBe(2);
  });
});

describe("'Photo match list sorted by score, highest first'", () => {
  it("sorts descending, keeps ties in order and does not mutate", () => {
    const input = [
      { id: "a", score: 50 },
      { id: "b", score: 90 },
      { id: "c", score: 50 },
      { id: "d", score: 70 },
    ];
    const copy = [...input];
    expect(sortByScoreDesc(input).map((m) => m.id)).toEqual(["b", "d", "a", "c"]);
    expect(input).toEqual(copy);
  });
  it("'Photo review: shows the photos of the top-scoring candidate whose match status is photoValidation'", () => {
    const ms = [
      { id: "a", status: "matchPending" as const, score: 99 },
      { id: "b", status: "photoValidation" as const, score: 61 },
      { id: "c", status: "photoValidation" as const, score: 80 },
    ];
    expect(photoReviewCandidate(ms)?.id).toBe("c");
    expect(photoReviewCandidate(ms.slice(0, 1))).toBeNull();
  });
});

describe("'followupsQueued: entered when any match has status followupsQueued with pending follow-up questions. followupsAnswered: entered when none remain.'", () => {
  it("queued while questions remain", () => {
    expect(followupStageFor([{ status: "followupsQueued", followup_questions: ["Do you like hiking?"] }])).toBe(
      "followupsQueued",
    );
  });
  it("answered when a queued match has no questions left", () => {
    expect(followupStageFor([{ status: "followupsQueued", followup_questions: [] }])).toBe("followupsAnswered");
  });
  it("answered when questions sit on a match that is no longer queued", () => {
    expect(followupStageFor([{ status: "no", followup_questions: ["?"] }])).toBe("followupsAnswered");
    expect(followupStageFor([])).toBe("followupsAnswered");
  });
});

describe("'Pending match: User must have status active. If matchAccepted is less than 30 days old, no match is shown. Otherwise pending matches are sorted by descending score and the top one is shown.'", () => {
  const matches = [
    { id: "a", status: "matchPending" as const, score: 70 },
    { id: "b", status: "matchPending" as const, score: 85 },
    { id: "c", status: "photoValidation" as const, score: 99 },
    { id: "d", status: "no" as const, score: 100 },
  ];
  const active = { status: "active" as const, matchAccepted: null };

  it("inactive → 'Your profile is not active. Please update your status to see matches.'", () => {
    const r = pendingMatchRule({ status: "unavailable", matchAccepted: null }, matches, NOW);
    expect(r).toEqual({ kind: "blocked", message: "profileNotActive" });
    expect(r.kind === "blocked" && MESSAGES[r.message]).toBe(
      "Your profile is not active. Please update your status to see matches.",
    );
  });
  it("status is checked before the cool-down", () => {
    expect(pendingMatchRule({ status: "unavailable", matchAccepted: NOW }, matches, NOW)).toEqual({
      kind: "blocked",
      message: "profileNotActive",
    });
  });
  it("accepted 30 days minus 1 ms ago → cool-down message", () => {
    const r = pendingMatchRule({ status: "active", matchAccepted: NOW - 30 * DAY + 1 }, matches, NOW);
    expect(r).toEqual({ kind: "blocked", message: "matchCooldown" });
    expect(r.kind === "blocked" && MESSAGES[r.message]).toMatch(/^You have recently accepted a match\./);
  });
  it("accepted exactly 30 days ago → the cool-down is over", () => {
    expect(pendingMatchRule({ status: "active", matchAccepted: NOW - 30 * DAY }, matches, NOW)).toMatchObject({
      kind: "match",
      match: { id: "b" },
    });
  });
  it("shows the highest-scoring matchPending match, ignoring other statuses", () => {
    expect(pendingMatchRule(active, matches, NOW)).toEqual({ kind: "match", match: matches[1] });
  });
  it("no matchPending match → 'No eligible matches available at this time. Check back later!'", () => {
    const r = pendingMatchRule(active, matches.slice(2), NOW);
    expect(r).toEqual({ kind: "blocked", message: "noEligibleMatches" });
    expect(r.kind === "blocked" && MESSAGES[r.message]).toBe(
      "No eligible matches available at this time. Check back later!",
    );
  });
});

describe("classifyScore: 'Unclear points become follow-up questions (followupsQueued); clear fits go to photoValidation; misfits to no'", () => {
  it.each([
    [100, 0, "photoValidation"],
    [60, 0, "photoValidation"],
    [59, 0, "no"],
    [0, 0, "no"],
    [100, 2, "followupsQueued"],
    [40, 1, "followupsQueued"],
    [39, 1, "no"],
    [0, 3, "no"],
  ] as const)("score %i with %i uncertain points → %s", (score, uncertain, cls) => {
    expect(classifyScore(score, uncertain)).toBe(cls);
  });
  it.each([
    [-1, 0],
    [101, 0],
    [50.5, 0],
    [Number.NaN, 0],
    [50, -1],
    [50, 0.5],
  ])("throws on score %s / uncertain %s", (score, uncertain) => {
    expect(() => classifyScore(score, uncertain)).toThrow(RangeError);
  });
});

describe("business constants: search and matching", () => {
  it.each([
    ["New search allowed after 7 days (604800000 ms)", SEARCH_RETRY_MS, 604800000],
    ["or when fewer than 3 non-'no' matches exist", SEARCH_MIN_LIVE_MATCHES, 3],
    ["Match cool-down after accepting: 30 days", MATCH_COOLDOWN_MS, 30 * 24 * 60 * 60 * 1000],
    ["matches about one every six months", MATCH_FREQUENCY_MONTHS, 6],
  ])("%s", (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe("what a person learns about a candidate's place and name", () => {
  it("gives a distance only as the band that holds it, never closer than 10 miles", () => {
    expect(distanceBand(0)).toBe(10);
    expect(distanceBand(0.4)).toBe(10);
    expect(distanceBand(10)).toBe(10);
    expect(distanceBand(10.01)).toBe(25);
    expect(distanceBand(99)).toBe(100);
    expect(distanceBand(4000)).toBe(500);
    for (const miles of [0, 3, 12, 60, 300, 900]) expect(DISTANCE_BANDS_MILES).toContain(distanceBand(miles));
    expect(describeDistance(25)).toBe("within 25 miles");
  });

  it("names a candidate by the first word of their display name", () => {
    expect(firstNameOf("  Ada   Lovelace ")).toBe("Ada");
    expect(firstNameOf("Grace")).toBe("Grace");
  });
});

describe("'Set free' and the cool-down, as both the server and the pending match screen apply them", () => {
  it("sets a pair free from photo review until both are connected, never before photos nor after", () => {
    const free = MATCH_STATUSES.filter(maySetFree);
    expect(free.sort()).toEqual(["accepted", "confirmed", "matchPending", "photoValidation"]);
  });

  it("holds for exactly 30 days after an accepted match, and not at all without one", () => {
    const accepted = 1_000_000;
    expect(inMatchCooldown(null, accepted)).toBe(false);
    expect(inMatchCooldown(accepted, accepted + MATCH_COOLDOWN_MS - 1)).toBe(true);
    expect(inMatchCooldown(accepted, accepted + MATCH_COOLDOWN_MS)).toBe(false);
  });
});
