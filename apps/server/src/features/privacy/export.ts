import type { DataExportRegistry } from "../../platform/data-export/data-export-registry.ts";
import type { Database } from "../../platform/db/database-plugin.ts";
import { listMatchesFor } from "../matching/data.ts";
import { listOutcomesFor } from "../matching/outcomes/data.ts";
import { loadNonNegotiables } from "../non-negotiables/data.ts";
import { ownReportsAndBlocks, suspensionsOf } from "../safety/data.ts";
import { createArchive } from "./archive.ts";
import { listPrivacyRequests, readOwnData } from "./data.ts";

const README = `Sam's Web: your data

This archive holds everything Sam's Web keeps about you, as of the time in export.json:

- account.json        your sign-in account (name, email, when it was created)
- profile.json        your profile, including the addresses of your photos and your privacy settings
- conversations.json  your conversations with Sam, with every message
- matches.json        your matches as you see them in the app (never another person's email or words)
- outcomes.json       whether you met the people you connected with, as you answered Sam two weeks
                      on: "met", "talked" (but did not meet), "didNotTalk", or null if you did not
                      answer; with the match's id (as in matches.json) and when Sam asked and you answered
- story.json          your story as Sam wrote it from your interview (by section), what you told
                      Sam to change in it, and the introduction you approved for candidates, if any
- moderation.json     whether a moderator suspended your account, and when, and when a moderator
                      lifted that ("suspend", "restore"); empty if never
- safety.json         the reports you made (about whom, why, your words, when) and the people you
                      blocked (reporting also blocks)
- non-negotiables.json your answers to Sam's quick questions (what you cannot accept in a partner
                      included), what Sam read from your own words about your dealbreakers and you
                      confirmed (or are yet to), and when you confirmed it
- consent.json        the history of your cookie preferences and your California privacy requests
- notifications.json  which emails Sam sends you (new people, someone kept you, connections)
- any other files     such as your photos, when they are stored

Files are JSON (UTF-8). Times are ISO 8601 in UTC.
`;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The person's own data, one ZIP. Every read is keyed by their user id; matches go through the
 * same view the app shows, so another person's private data cannot slip in.
 */
export async function buildExport(
  db: Database,
  registry: DataExportRegistry,
  userId: string,
  now: Date,
): Promise<Buffer> {
  const own = await readOwnData(db, userId);
  const matches = await listMatchesFor(db, userId);
  const outcomes = await listOutcomesFor(db, userId);
  const moderation = await suspensionsOf(db, userId);
  const safety = await ownReportsAndBlocks(db, userId);
  const requests = await listPrivacyRequests(db, { userId });
  const nonNegotiables = await loadNonNegotiables(db, userId);
  const conversations = own.conversations.map((conversation) => ({
    id: conversation.id,
    stage: conversation.stage,
    processed: conversation.processed,
    createdAt: conversation.createdAt,
    updatedAt: conversation.updatedAt,
    messages: own.messages
      .filter((message) => message.conversationId === conversation.id)
      .map(({ sender, text, stage, sentAt }) => ({ sender, text, stage, timestamp: sentAt })),
  }));
  return createArchive(
    [
      { name: "README.txt", data: README },
      { name: "export.json", data: json({ exportedAt: now, userId }) },
      { name: "account.json", data: json(own.account ?? null) },
      { name: "profile.json", data: json(own.profile ?? null) },
      { name: "conversations.json", data: json(conversations) },
      { name: "matches.json", data: json(matches) },
      { name: "outcomes.json", data: json(outcomes) },
      { name: "moderation.json", data: json(moderation) },
      { name: "safety.json", data: json(safety) },
      { name: "non-negotiables.json", data: json(nonNegotiables) },
      {
        name: "consent.json",
        data: json({
          cookiePreferencesHistory: own.consentHistory,
          californiaRequests: requests.map(({ id, kind, createdAt, answeredAt }) => ({
            id,
            kind,
            createdAt,
            answeredAt,
          })),
        }),
      },
      ...(await registry.entriesFor(userId)),
    ],
    now,
  );
}
