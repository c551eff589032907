import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Database } from "../../db/client.ts";
import * as schema from "../../db/schema.ts";

/** Better Auth's storage: its four tables, by their plural names, in our database. */
export function authDatabaseAdapter(db: Database) {
  return drizzleAdapter(db, {
    provider: "pg",
    usePlural: true,
    schema: {
      users: schema.users,
      sessions: schema.sessions,
      accounts: schema.accounts,
      verifications: schema.verifications,
    },
  });
}
