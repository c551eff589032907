// The database's tables, one file per feature under schema/ (the platform's own in schema/platform.ts).
// Queries, the auth adapter and drizzle-kit import them all from here.
export * from "./schema/accounts.ts";
export * from "./schema/analytics.ts";
export * from "./schema/chat.ts";
export * from "./schema/consent.ts";
export * from "./schema/matching.ts";
export * from "./schema/non-negotiables.ts";
export * from "./schema/notifications.ts";
export * from "./schema/platform.ts";
export * from "./schema/privacy.ts";
export * from "./schema/profile.ts";
export * from "./schema/safety.ts";
export * from "./schema/zip-codes.ts";
