import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertSafeKey, type StorageDriver } from "./storage.ts";

/** Files under one directory (DATA_DIR/photos by default). */
export function createLocalStorage(root: string): StorageDriver {
  const fileFor = (key: string) => path.join(root, ...key.split("/"));
  const list = async (prefix: string): Promise<string[]> => {
    assertSafeKey(prefix, { prefix: true });
    const dir = fileFor(prefix.slice(0, -1));
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error) => {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    });
    return entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith(".tmp"))
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
      .sort();
  };

  return {
    async put(key, data) {
      assertSafeKey(key);
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a crash never leaves a half-written photo under its real name.
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temp, data, { mode: 0o600 });
      await rename(temp, file);
    },
    async get(key) {
      assertSafeKey(key);
      try {
        return await readFile(fileFor(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await rm(fileFor(key), { force: true });
    },
    async deletePrefix(prefix) {
      assertSafeKey(prefix, { prefix: true });
      await rm(fileFor(prefix.slice(0, -1)), { recursive: true, force: true });
    },
    list,
    async listPage(prefix, cursor, limit) {
      // The directory tree is read whole each time: one machine's store, where that is cheap
      // (a store that grows past that is what the S3 driver is for). The cursor is the last key
      // handed out, given only while keys remain after it.
      const rest = (await list(prefix)).filter((key) => cursor === null || key > cursor);
      const keys = rest.slice(0, limit);
      return { keys, next: rest.length > keys.length ? (keys.at(-1) ?? null) : null };
    },
  };
}
