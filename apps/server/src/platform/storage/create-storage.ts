import path from "node:path";
import type { Config } from "../../config.ts";
import { createLocalStorage } from "./local-driver.ts";
import { createS3Storage } from "./s3-driver.ts";
import type { StorageDriver } from "./storage.ts";

/** S3 when S3_BUCKET is set, else files under DATA_DIR/photos (the embedded default). */
export function createStorage(config: Config): StorageDriver {
  if (config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalStorage(path.join(config.dataDir, "photos"));
}
