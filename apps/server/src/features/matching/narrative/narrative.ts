// A person's narrative: what they told Sam, arranged by topic, so the matcher can compare what
// one person seeks with what another offers. The embedded writer is extractive: it keeps the
// person's own words from each interview stage and adds nothing.

export const NARRATIVE_FIELDS = [
  "about",
  "goals",
  "bestQualities",
  "worstQualities",
  "partnerPreferences",
  "dealbreakers",
  "contributions",
  "pastRelationships",
] as const;
export type NarrativeField = (typeof NARRATIVE_FIELDS)[number];
export type Narrative = Record<NarrativeField, string>;

/** One message the person wrote, with the interview stage it answered and, from the log, when. */
export interface InterviewAnswer {
  stage: string;
  text: string;
  sentAt?: Date;
}

/** A narrative and what wrote it ("extractive" or "llm"), stored side by side. */
export interface WrittenNarrative {
  narrative: Narrative;
  source: "extractive" | "llm";
}

export interface NarrativeWriter {
  write(answers: readonly InterviewAnswer[]): Promise<WrittenNarrative>;
}

/**
 * Which narrative field each interview stage feeds. Follow-up questions ask a person about
 * themselves (see scoring/followup-questions.ts), so their answers join what they offer ("about").
 */
const FIELD_FOR_STAGE: Readonly<Record<string, NarrativeField>> = {
  rapport_building: "about",
  relationship_goals: "goals",
  best_qualities: "bestQualities",
  partner_preferences: "partnerPreferences",
  dealbreakers: "dealbreakers",
  worst_qualities: "worstQualities",
  contributions: "contributions",
  past_relationships: "pastRelationships",
  followupsQueued: "about",
  followupsAnswered: "about",
};

/** The stages of follow-up answers, which add to a section without being its interview answer. */
const FOLLOWUP_STAGES: ReadonlySet<string> = new Set(["followupsQueued", "followupsAnswered"]);

/**
 * A correction the person made to one section of their story ("Your story") comes as an answer
 * whose stage is this prefix and the section's field, in the order it was made among the
 * answers: the section then reads as they wrote it, the latest correction winning over whatever
 * was said before it, followed by what they answered after it.
 */
export const CORRECTION_STAGE = "correction:";

/** The narrative stored before a rewrite, and when it was written. */
export interface StoredNarrative {
  narrative: Narrative;
  writtenAt: Date;
}

/**
 * Conversation logs are kept 180 days, the narrative as long as the account: a rewrite from what
 * the log still holds must not lose what Sam learnt from answers it no longer has. A section whose
 * interview answer is gone from the log, and which the person has not corrected, keeps the text
 * it had, followed by the follow-up answers that section gathered since it was written (so
 * "about" still grows with each candidate's questions once its interview answer is gone).
 *
 * A corrected section is the correction and the follow-up answers given after it. Corrections
 * are kept with the account, but those answers go with the log: once the log may have lost some
 * of them (its oldest message is newer than the correction: the purge takes the oldest first), a
 * section corrected before the stored narrative keeps its text too, and grows the same way.
 */
export function keepWhatTheLogLost(
  previous: StoredNarrative | null,
  answers: readonly InterviewAnswer[],
  rewritten: Narrative,
): Narrative {
  if (!previous) return rewritten;
  const heard = new Set<NarrativeField>();
  const correctedAt = new Map<NarrativeField, Date | undefined>();
  const newFollowups = new Map<NarrativeField, string[]>();
  let oldestMessage: Date | undefined;
  for (const answer of answers) {
    if (answer.stage.startsWith(CORRECTION_STAGE)) {
      const field = answer.stage.slice(CORRECTION_STAGE.length);
      if ((NARRATIVE_FIELDS as readonly string[]).includes(field))
        correctedAt.set(field as NarrativeField, answer.sentAt);
      continue;
    }
    if (answer.sentAt && (!oldestMessage || answer.sentAt < oldestMessage)) oldestMessage = answer.sentAt;
    const field = FIELD_FOR_STAGE[answer.stage];
    if (!field) continue;
    if (!FOLLOWUP_STAGES.has(answer.stage)) heard.add(field);
    else if (answer.sentAt && answer.sentAt > previous.writtenAt) {
      newFollowups.set(field, [...(newFollowups.get(field) ?? []), oneLine(answer.text)]);
    }
  }
  // Whether the rewrite has all it needs for the section: its interview answer, or its latest
  // correction and everything said after it.
  const rebuilt = (field: NarrativeField) => {
    if (!correctedAt.has(field)) return heard.has(field);
    const correction = correctedAt.get(field);
    if (!correction || correction > previous.writtenAt) return true;
    return oldestMessage !== undefined && oldestMessage < correction;
  };
  const kept = { ...rewritten };
  for (const field of NARRATIVE_FIELDS) {
    if (rebuilt(field)) continue;
    const had = previous.narrative[field];
    const added = (newFollowups.get(field) ?? []).filter((text) => text !== "" && !had.includes(text));
    kept[field] = [had, ...added]
      .filter((part) => part !== "")
      .join(" ")
      .slice(0, NARRATIVE_FIELD_MAX_CHARS);
  }
  return kept;
}

/** An answer as a narrative quotes it: its whitespace folded into single spaces. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Long interviews are cut per field so scoring stays cheap and bounded. */
export const NARRATIVE_FIELD_MAX_CHARS = 2_000;

export function emptyNarrative(): Narrative {
  return {
    about: "",
    goals: "",
    bestQualities: "",
    worstQualities: "",
    partnerPreferences: "",
    dealbreakers: "",
    contributions: "",
    pastRelationships: "",
  };
}

/** The person's own answers, grouped by stage; deterministic and free. */
export const extractiveNarrativeWriter: NarrativeWriter = {
  async write(answers) {
    const parts: Record<NarrativeField, string[]> = {
      about: [],
      goals: [],
      bestQualities: [],
      worstQualities: [],
      partnerPreferences: [],
      dealbreakers: [],
      contributions: [],
      pastRelationships: [],
    };
    for (const answer of answers) {
      const text = oneLine(answer.text);
      if (answer.stage.startsWith(CORRECTION_STAGE)) {
        // What the section said until now gives way to the person's own words; what they
        // answer after it (a candidate's follow-up questions) adds to them.
        const field = answer.stage.slice(CORRECTION_STAGE.length);
        if ((NARRATIVE_FIELDS as readonly string[]).includes(field))
          parts[field as NarrativeField] = text === "" ? [] : [text];
        continue;
      }
      const field = FIELD_FOR_STAGE[answer.stage];
      if (field && text !== "") parts[field].push(text);
    }
    const narrative = emptyNarrative();
    for (const field of NARRATIVE_FIELDS) {
      narrative[field] = parts[field].join(" ").slice(0, NARRATIVE_FIELD_MAX_CHARS);
    }
    return { narrative, source: "extractive" };
  },
};
