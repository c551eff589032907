// How connections turned out, per score band; see README.md.
//   npm run match:outcomes
// Uses DATABASE_URL, else the embedded PostgreSQL in DATA_DIR, like the server.
import { loadConfig } from "../apps/server/src/config.ts";
import { outcomeSummary } from "../apps/server/src/features/matching/outcomes/outcome-summary.ts";
import { openToolDatabase } from "./lib/tool-database.ts";

// Reading every connection may take longer than a request's deadline.
const { db, close } = await openToolDatabase(loadConfig(), 10);
try {
  for (const line of await outcomeSummary(db)) console.log(line);
} finally {
  await close();
}
