/**
 * Where photo files live. Keys are '/'-separated paths such as users/{uid}/photos/{version}/photo0.jpg;
 * each driver maps them onto its own store. Writes of one key are all-or-nothing (a reader never
 * sees half a file); replacing a set of keys atomically is the caller's job (see features/photos).
 */
export interface StorageDriver {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when the key does not exist. */
  get(key: string): Promise<Buffer | null>;
  /** Deletes one key. A missing key is fine. */
  delete(key: string): Promise<void>;
  /** Deletes every key that starts with `prefix` (which must end in '/'). Missing keys are fine. */
  deletePrefix(prefix: string): Promise<void>;
  /** Every key under `prefix`, for clean-up and tests. */
  list(prefix: string): Promise<string[]>;
  /**
   * Up to `limit` keys under `prefix` that sort after `after` (by code unit, as S3 lists them), in
   * that order: one page of a walk through a large prefix, the next page starting after the last
   * key of this one.
   */
  listPage(prefix: string, after: string, limit: number): Promise<string[]>;
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Refuses keys that could escape the store: empty, absolute, '..' or odd characters. */
export function assertSafeKey(key: string, { prefix = false } = {}): void {
  const body = prefix ? key.replace(/\/$/, "") : key;
  if (prefix && !key.endsWith("/")) throw new Error(`Storage prefix must end in '/': ${key}`);
  const segments = body.split("/");
  if (segments.some((segment) => !SEGMENT.test(segment) || segment === "." || segment === "..")) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
