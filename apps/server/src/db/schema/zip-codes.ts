import { doublePrecision, pgTable, text } from "drizzle-orm/pg-core";

// Reference data shared by the profile and the search.

// US ZIP centroids from the USPS list, loaded once at start (platform/db/zip-codes.ts).
export const zipCodes = pgTable("zip_codes", {
  zip: text("zip").primaryKey(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  city: text("city").notNull(),
  state: text("state").notNull(),
});
