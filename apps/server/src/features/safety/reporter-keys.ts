import { createHmac } from "node:crypto";

/**
 * Keyed hashes (HMAC-SHA256 under the auth secret) of where a report came from: its reporter's
 * mailbox and address. Stored with the report instead of either, so reports of one mailbox or one
 * address can be told apart and counted as one, even after the reporter's account is gone,
 * without the table naming anyone to whoever reads it without the secret.
 */
export function createReporterKeys(secret: string) {
  const keyed = (kind: string, value: string) =>
    createHmac("sha256", `reporter-${kind}:${secret}`).update(value).digest("base64url");
  return {
    mailbox: (mailbox: string) => keyed("mailbox", mailbox),
    address: (address: string) => keyed("address", address),
  };
}

export type ReporterKeys = ReturnType<typeof createReporterKeys>;
