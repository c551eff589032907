import { createHash, randomBytes } from "node:crypto";
import { VERIFICATION_EMAILS_PER_DAY } from "@sams-web/domain/accounts/rules";
import { DAY_MS } from "@sams-web/domain/shared/time";
import { and, eq, gt, like, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { accounts, profiles, sessions, users, verifications } from "../../db/schema.ts";
import { countHit } from "../../platform/rate-limit/mutations.ts";
import { storedKey } from "../../platform/rate-limit/postgres-store.ts";

/** The profile at its defaults: status unavailable, not verified. */
export async function createProfileForUser(
  db: Database,
  input: { userId: string; email: string; displayName: string; verified?: boolean },
): Promise<void> {
  await db
    .insert(profiles)
    .values({ userId: input.userId, email: input.email, displayName: input.displayName, verified: input.verified })
    .onConflictDoNothing();
}

/**
 * Counts one verification email for the account's mailbox today (UTC) and answers whether it may
 * go: at most VERIFICATION_EMAILS_PER_DAY a day for the mailbox, across all its accounts and
 * instances (the rate limits' own counters).
 */
export async function countVerificationEmail(db: Database, userId: string, now: Date): Promise<boolean> {
  const [profile] = await db.select({ mailbox: profiles.mailbox }).from(profiles).where(eq(profiles.userId, userId));
  if (!profile) return false;
  const day = now.toISOString().slice(0, 10);
  const { hits } = await countHit(db, {
    key: storedKey(`count:verification-email:${day}:${profile.mailbox}`),
    windowMs: DAY_MS,
    now,
  });
  return hits <= VERIFICATION_EMAILS_PER_DAY;
}

/** The profile's display name, kept equal to the account's name. */
export async function setProfileDisplayName(db: Database, userId: string, displayName: string): Promise<void> {
  await db.update(profiles).set({ displayName }).where(eq(profiles.userId, userId));
}

export type TokenPurpose = "verify-email" | "reset-password";

/** Our tokens live in Better Auth's verifications table under prefixes Better Auth never uses. */
export const tokenIdentifier = (purpose: TokenPurpose, token: string) =>
  `sams-${purpose}:${createHash("sha256").update(token).digest("hex")}`;

/**
 * A new single-use token for the user: only its hash is stored, and earlier tokens of the same
 * purpose stop working, so the newest email is the only one that counts.
 */
export async function issueToken(
  db: Database,
  input: { purpose: TokenPurpose; userId: string; ttlMs: number },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx
      .delete(verifications)
      .where(and(eq(verifications.value, input.userId), like(verifications.identifier, `sams-${input.purpose}:%`)));
    await tx.insert(verifications).values({
      id: randomBytes(16).toString("hex"),
      identifier: tokenIdentifier(input.purpose, token),
      value: input.userId,
      expiresAt: new Date(Date.now() + input.ttlMs),
    });
  });
  return token;
}

/**
 * Verifies the account's email with its token, for the signed-in holder of that account only:
 * the token is used up only if it was sent for `userId` and is unexpired (so it works once), and
 * the mailbox then counts as proven by whoever holds the sign-in. Answers whether it did.
 */
export async function verifyEmailWithToken(db: Database, input: { token: string; userId: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(verifications)
      .where(
        and(
          eq(verifications.identifier, tokenIdentifier("verify-email", input.token)),
          eq(verifications.value, input.userId),
          gt(verifications.expiresAt, new Date()),
        ),
      )
      .returning({ userId: verifications.value });
    if (!row) return false;
    await markMailboxProven(tx, input.userId);
    return true;
  });
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The email is verified, on the auth user and the profile, by whoever holds the account's sign-in. */
async function markMailboxProven(tx: Transaction, userId: string): Promise<void> {
  await tx.update(users).set({ emailVerified: true, mailboxProvenAt: new Date() }).where(eq(users.id, userId));
  await tx.update(profiles).set({ verified: true }).where(eq(profiles.userId, userId));
}

/** An account made with Google: Google vouched for the address of the person signing in. */
export async function markProvenByGoogle(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ mailboxProvenAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Consumes the reset token, sets the new password hash and ends every session of the account,
 * all or nothing. Returns the account's id, or null when the token is invalid, used or expired. Whoever sets the
 * password this way read the mailbox: the email counts as verified and proven by the holder of
 * the (new) password, and any session opened with a password set by someone else is gone.
 */
export async function resetPasswordWithToken(
  db: Database,
  input: { token: string; passwordHash: string; newAccountId: string },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(verifications)
      .where(
        and(
          eq(verifications.identifier, tokenIdentifier("reset-password", input.token)),
          gt(verifications.expiresAt, new Date()),
        ),
      )
      .returning({ userId: verifications.value });
    if (!row) return null;
    const updated = await tx
      .update(accounts)
      .set({ password: input.passwordHash })
      .where(and(eq(accounts.userId, row.userId), eq(accounts.providerId, "credential")))
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      // An account made with Google gets a password of its own.
      await tx.insert(accounts).values({
        id: input.newAccountId,
        accountId: row.userId,
        providerId: "credential",
        userId: row.userId,
        password: input.passwordHash,
      });
    }
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    await markMailboxProven(tx, row.userId);
    return row.userId;
  });
}

/**
 * Deletes the account and everything that names it, in one transaction: the users row cascades
 * to sessions, accounts, profile, conversations, messages and matches on both sides; tokens and
 * auth state that mention the user by id or email go too.
 */
export async function deleteAccount(db: Database, input: { userId: string; email: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(verifications)
      .where(
        or(
          eq(verifications.value, input.userId),
          sql`position(${input.userId} in ${verifications.value}) > 0`,
          sql`position(${input.email} in ${verifications.value}) > 0`,
          sql`position(${input.email} in ${verifications.identifier}) > 0`,
        ),
      );
    await tx.delete(users).where(eq(users.id, input.userId));
  });
}
