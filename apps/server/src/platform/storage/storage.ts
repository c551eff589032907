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
   * One page of a walk through a large prefix: up to `limit` keys under `prefix`, in key order (by
   * code unit, as S3 lists them), from where `cursor` (the `next` of the page before; null for the
   * first page) left off. The page's length says nothing about what is left: a store may answer
   * fewer keys than asked and still have more, so the walk goes on while `next` is not null.
   */
  listPage(prefix: string, cursor: string | null, limit: number): Promise<KeyPage>;
}

/** A page of keys, and where the next page starts: null when the store said this is the last. */
export interface KeyPage {
  keys: string[];
  /** The store's own marker, only meaningful to the same driver and prefix. */
  next: string | null;
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
