import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** One email the outbox mail driver wrote (an .eml file in DATA_DIR/outbox). */
export interface Mail {
  /** Its file's name in the outbox (unique per mail). */
  file: string;
  /** The To: header: the address, with the person's name before it when the mail has one. */
  to: string;
  subject: string;
  /** Every header, each on one line (a long header is written folded over several). */
  headers: string;
  /** The whole file, quoted-printable soft line breaks and `=3D` undone, so a link or sentence reads whole. */
  text: string;
}

/** Whose outbox: a test app, or anything else with the app's config. */
export interface WithDataDir {
  config: { dataDir: string };
}

/** Every email in the app's outbox, oldest first (its file names start with the time written). */
export async function outboxMails(app: WithDataDir): Promise<Mail[]> {
  const dir = path.join(app.config.dataDir, "outbox");
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(
    files.map(async (file) => {
      const text = (await readFile(path.join(dir, file), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      const headers = text.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, " ") ?? "";
      const header = (name: string) => headers.match(new RegExp(`^${name}: (.*)$`, "im"))?.[1] ?? "";
      return { file, to: header("To"), subject: header("Subject"), headers, text };
    }),
  );
}

/** The outbox emails addressed to `email` (with exactly this subject when one is given). */
export async function mailsTo(app: WithDataDir, email: string, subject?: string): Promise<Mail[]> {
  return (await outboxMails(app)).filter(
    (mail) => mail.to.includes(email) && (subject === undefined || mail.subject === subject),
  );
}

/** The emails written since `earlier` (what `outboxMails` gave before a step), oldest first. */
export async function mailsSince(app: WithDataDir, earlier: readonly Mail[]): Promise<Mail[]> {
  const seen = new Set(earlier.map((mail) => mail.file));
  return (await outboxMails(app)).filter((mail) => !seen.has(mail.file));
}
