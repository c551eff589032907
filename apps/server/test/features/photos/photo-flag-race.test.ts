import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { duplicatePhotos, photoHashes } from "../../../src/db/schema.ts";
import { PHOTO_SWEEP_GRACE_MS, sweepPhotoFiles } from "../../../src/features/photos/jobs.ts";
import { deletingPhotoFiles, lockPhotoFiles } from "../../../src/features/photos/mutations.ts";
import {
  keyOfPhotoUrl,
  newVersion,
  photoKey,
  photosPrefix,
  photoUrl,
} from "../../../src/features/photos/photo-keys.ts";
import { createTestApp, signUp, type TestApp, uploadPhotos } from "../../support/helpers.ts";
import { COPIES, realPhotograph } from "../../support/photo-copies.ts";

// A duplicate-photo flag keeps the files it points at for the moderator, so a flag must never
// point at a file that is being deleted: deleting a person's photo files and flagging one of
// their photos wait for each other, whichever comes first.

/** Resolves once some transaction waits for an advisory lock; fails if `other` settles first. */
async function someoneWaitsForALock(t: TestApp, other: Promise<unknown>, what: string): Promise<void> {
  let settled = false;
  void other.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (;;) {
    const { rows } = await t.db.execute<{ waiting: number }>(
      sql`select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted`,
    );
    if ((rows[0]?.waiting ?? 0) > 0) return;
    if (settled) throw new Error(`${what} finished without waiting for the lock`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A promise and the function that resolves it. */
function gate(): { open: () => void; opened: Promise<void> } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe("photo files and duplicate-photo flags, at the same moment", () => {
  let t: TestApp;
  let aqua: Buffer;
  let dune: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    [aqua, dune] = await Promise.all([realPhotograph("Aqua"), realPhotograph("Dune")]);
  });

  const stored = async (userId: string) => (await t.app.storage.list(photosPrefix(userId))).sort();

  it("a copy uploaded while the first uploader's files are being deleted is not flagged against a photo whose hashes went meanwhile", async () => {
    const victim = await signUp(t.app);
    const copier = await signUp(t.app);
    const [aquaUrl] = await uploadPhotos(t.app, victim.cookie, [aqua, dune]);
    const crop = COPIES["crop 10 % (centre)"] as (photo: Buffer) => Promise<Buffer>;
    const copy = await crop(aqua);

    // A deletion of the victim's files is under way (paused here, holding its lock).
    const holding = gate();
    const release = gate();
    const deleting = deletingPhotoFiles(t.db, victim.userId, async () => {
      holding.open();
      await release.opened;
    });
    await holding.opened;
    // The copy is uploaded: its lookup finds the victim's photo, then waits for the deletion.
    const copying = uploadPhotos(t.app, copier.cookie, [copy, dune]);
    await someoneWaitsForALock(t, copying, "the copy's upload");
    // Meanwhile the photo's hashes are gone (as a removal deletes them before its file).
    await t.db
      .delete(photoHashes)
      .where(and(eq(photoHashes.userId, victim.userId), eq(photoHashes.photoUrl, aquaUrl as string)));
    release.open();
    await deleting;
    await copying;

    const flags = await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.otherUserId, victim.userId));
    expect(flags.filter((flag) => flag.otherPhotoUrl === aquaUrl)).toEqual([]);
  }, 120_000);

  it("a sweep waits for a flag being written about a photo it would delete, and keeps the file", async () => {
    const victim = await signUp(t.app);
    const copier = await signUp(t.app);
    await uploadPhotos(t.app, victim.cookie, [aqua, dune]);
    const [copierUrl] = await uploadPhotos(t.app, copier.cookie, [dune, aqua]);
    // A photo the victim no longer has; its file is still stored, its hashes not yet deleted.
    const version = newVersion(Date.now() - 2 * PHOTO_SWEEP_GRACE_MS);
    const formerUrl = photoUrl(victim.userId, version, 0);
    await t.app.storage.put(photoKey(victim.userId, version, 0), aqua, "image/jpeg");
    await t.db.insert(photoHashes).values({
      userId: victim.userId,
      photoUrl: formerUrl,
      variant: 0,
      hash: 1n,
      band0: 0,
      band1: 0,
      band2: 0,
      band3: 1,
      createdAt: new Date(),
    });

    // A flag about that photo is being written (its transaction holds the lock as a flag writer does).
    const flagging = gate();
    const commit = gate();
    const writing = t.db.transaction(async (tx) => {
      await lockPhotoFiles(tx, victim.userId, "flag");
      await tx.insert(duplicatePhotos).values({
        userId: copier.userId,
        photoUrl: copierUrl as string,
        otherUserId: victim.userId,
        otherPhotoUrl: formerUrl,
        distance: 3,
      });
      flagging.open();
      await commit.opened;
    });
    await flagging.opened;
    const sweeping = sweepPhotoFiles({ db: t.db, storage: t.app.storage }, victim.userId);
    await someoneWaitsForALock(t, sweeping, "the sweep");
    commit.open();
    await writing;
    expect((await sweeping).deleted).toBe(0);
    expect(await stored(victim.userId)).toContain(keyOfPhotoUrl(formerUrl));
    // The former photo's hashes went first all the same: only current photos are compared.
    const hashed = await t.db.select().from(photoHashes).where(eq(photoHashes.photoUrl, formerUrl));
    expect(hashed).toEqual([]);

    // Once the flag is decided (gone), the next sweep deletes the file.
    await t.db.delete(duplicatePhotos).where(eq(duplicatePhotos.otherPhotoUrl, formerUrl));
    expect((await sweepPhotoFiles({ db: t.db, storage: t.app.storage }, victim.userId)).deleted).toBe(1);
    expect(await stored(victim.userId)).not.toContain(keyOfPhotoUrl(formerUrl));
  }, 120_000);
});
