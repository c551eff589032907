import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { accounts, sessions, users, verifications } from "../../db/schema.ts";
import { tokenIdentifier } from "./mutations.ts";

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  return row ?? null;
}

/** The mailbox an address delivers to (src/db/functions/mailbox_of.sql). */
export async function mailboxOf(db: Database, email: string): Promise<string> {
  const result = await db.execute<{ mailbox: string }>(sql`select mailbox_of(${email}) as mailbox`);
  return result.rows[0]?.mailbox ?? email.trim().toLowerCase();
}

/** The email of a reset token's account, without using the token up (the reset page shows it first). */
export async function emailForResetToken(db: Database, token: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(
      and(
        eq(verifications.identifier, tokenIdentifier("reset-password", token)),
        gt(verifications.expiresAt, new Date()),
      ),
    );
  return row?.email ?? null;
}

/** The account a verification token was sent for, without using the token up. */
export async function accountOfVerificationToken(db: Database, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, tokenIdentifier("verify-email", token)),
        gt(verifications.expiresAt, new Date()),
      ),
    );
  return row?.userId ?? null;
}

/** The user's sign-in methods: "credential" for a password, "google" for Google. */
export async function providersOf(
  db: Database,
  userId: string,
): Promise<{ providerId: string; password: string | null }[]> {
  return db
    .select({ providerId: accounts.providerId, password: accounts.password })
    .from(accounts)
    .where(eq(accounts.userId, userId));
}

/**
 * The user's sign-in methods' ids, for /api/me, which every page asks for: the statement is
 * prepared once per database instead of built on every call.
 */
export function prepareProviderIdsOf(db: Database): (userId: string) => Promise<string[]> {
  const statement = db
    .selectDistinct({ providerId: accounts.providerId })
    .from(accounts)
    .where(eq(accounts.userId, sql.placeholder("userId")))
    .prepare("provider_ids_of_user");
  return async (userId) => (await statement.execute({ userId })).map((row) => row.providerId);
}

/** When the session behind a token began (a fresh sign-in resets it). */
export async function sessionCreatedAt(db: Database, sessionId: string): Promise<Date | null> {
  const [row] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.createdAt ?? null;
}
