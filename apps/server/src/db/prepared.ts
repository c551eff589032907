import type { Database } from "./client.ts";

/**
 * A statement prepared once for each database (Drizzle builds it once, PostgreSQL plans it once
 * per connection), for the reads nearly every request makes: building such a statement anew on
 * each call cost the server about as much as running it.
 */
export function preparedPerDatabase<Statement>(prepare: (db: Database) => Statement): (db: Database) => Statement {
  const prepared = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = prepared.get(db);
    if (!statement) {
      statement = prepare(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}
