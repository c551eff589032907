import { randomBytes } from "node:crypto";

// Layout (docs/decisions/0005-versioned-photo-keys.md): users/{uid}/photos/{version}/photo{i}.jpg,
// where every save writes a new version and the profile row says which version is current.
// The address that serves a photo mirrors its key: /api/photos/{uid}/{version}/photo{i}.jpg.
export const PHOTO_URL_PREFIX = "/api/photos/";
const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;
const FILE = /^photo[0-4]\.jpg$/;
/** A version is "v", the time of the save in base-36 milliseconds, and 8 random hex digits. */
const VERSION = /^v([0-9a-z]{1,12})[0-9a-f]{8}$/;

/** Where every person's files are. */
export const USERS_PREFIX = "users/";
const PHOTO_KEY_OWNER = /^users\/([^/]+)\/photos\//;

export function userPrefix(userId: string): string {
  return `${USERS_PREFIX}${userId}/`;
}

export function photosPrefix(userId: string): string {
  return `${userPrefix(userId)}photos/`;
}

/** Whose photo file a storage key is, or null for a key that is no photo file. */
export function ownerOfPhotoKey(key: string): string | null {
  return PHOTO_KEY_OWNER.exec(key)?.[1] ?? null;
}

export function versionPrefix(userId: string, version: string): string {
  return `${photosPrefix(userId)}${version}/`;
}

/** Where photo {index} of a version is stored; photoUrl is the address that serves it. */
export function photoKey(userId: string, version: string, index: number): string {
  return `${versionPrefix(userId, version)}photo${index}.jpg`;
}

export function photoUrl(userId: string, version: string, index: number): string {
  return `${PHOTO_URL_PREFIX}${userId}/${version}/photo${index}.jpg`;
}

export function parsePhotoUrl(url: string): { userId: string; version: string; file: string } | null {
  if (!url.startsWith(PHOTO_URL_PREFIX)) return null;
  const [userId, version, file, ...rest] = url.slice(PHOTO_URL_PREFIX.length).split("/");
  if (rest.length > 0 || !userId || !version || !file) return null;
  if (!SEGMENT.test(userId) || !SEGMENT.test(version) || !FILE.test(file)) return null;
  return { userId, version, file };
}

/** The storage key of the file a photo address serves, or null for an address that is not one. */
export function keyOfPhotoUrl(url: string): string | null {
  const parsed = parsePhotoUrl(url);
  return parsed ? `${versionPrefix(parsed.userId, parsed.version)}${parsed.file}` : null;
}

export function newVersion(now = Date.now()): string {
  return `v${now.toString(36)}${randomBytes(4).toString("hex")}`;
}

/** When a version was saved, read from its name; null for a name newVersion did not make. */
export function versionSavedAt(version: string): Date | null {
  const match = VERSION.exec(version);
  if (!match) return null;
  const time = Number.parseInt(match[1] as string, 36);
  return Number.isSafeInteger(time) ? new Date(time) : null;
}
