import multipart from "@fastify/multipart";
import { PHOTO_ORDER_PATH, PHOTOS_PATH, type PhotosResponse, photoFieldName } from "@sams-web/domain/photos/contracts";
import { PHOTOS_MAX } from "@sams-web/domain/photos/rules";
import { photoOrderInputSchema } from "@sams-web/domain/photos/schemas";
import { isModerator } from "@sams-web/domain/safety/rules";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod";
import { AppError } from "../../platform/http/errors.ts";
import { registerPhotoJobs } from "./jobs.ts";
import { createPhotoService } from "./service.ts";

/**
 * A 560×560 JPEG at quality 0.95 is a few hundred KB even for noisy pictures; 2 MB per file and
 * 5 files cap a request at 10 MB, and nothing but the photo files is accepted.
 */
export const PHOTO_UPLOAD_LIMITS = {
  fileSize: 2 * 1024 * 1024,
  files: PHOTOS_MAX,
  fields: 0,
  parts: PHOTOS_MAX,
  fieldNameSize: 16,
  headerPairs: 20,
} as const;

const FIELD_INDEX = new Map(Array.from({ length: PHOTOS_MAX }, (_, i) => [photoFieldName(i), i]));

/**
 * What reading the multipart body failed on, as a clear 4xx: limit errors by their codes, and
 * anything else the parser throws (a body cut off, a broken part header, no closing boundary)
 * is a body that could not be read, never a server error.
 */
function uploadError(error: unknown): AppError {
  const code = (error as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new AppError("PAYLOAD_TOO_LARGE", "photoTooLarge");
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT") {
    return new AppError("INVALID_ARGUMENT", "tooManyPhotos");
  }
  if (code === "FST_FIELDS_LIMIT") return new AppError("INVALID_ARGUMENT", "photoNotJpeg");
  return new AppError("INVALID_ARGUMENT", "photoUnreadable");
}

const photosResponseSchema = z.object({ photos: z.array(z.string()) }) satisfies z.ZodType<PhotosResponse>;

/** Photo set upload and serving, on the configured storage (a test may pass its own to buildApp). */
const photos: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, bus, config, storage, sessions, accountLifecycle, dataExport } = app;
  const service = createPhotoService({ db, bus, storage, log: app.log });

  accountLifecycle.onDeleted((userId) => service.deleteAll(userId));
  // 'Download all their data': the person's own photo files join their export archive.
  dataExport.add((userId) => service.exportEntries(userId));
  await registerPhotoJobs({ db, storage, jobs: app.jobs, log: app.log });

  app.get(PHOTOS_PATH, { schema: { response: { 200: photosResponseSchema } } }, async (request, reply) => {
    const user = await sessions.requireUser(request);
    reply.header("cache-control", "no-store");
    return { photos: await service.list(user.id) };
  });

  app.get<{ Params: { userId: string; version: string; file: string } }>(
    `${PHOTOS_PATH}/:userId/:version/:file`,
    async (request, reply) => {
      const viewer = await sessions.optionalUser(request);
      const data = viewer
        ? await service.read(viewer.id, request.params, isModerator(viewer, config.ADMIN_EMAILS))
        : null;
      if (!data) throw new AppError("NOT_FOUND", "photoNotFound");
      // Each address names one immutable version, so the browser may keep it; no one else may.
      return reply
        .header("content-type", "image/jpeg")
        .header("cache-control", "private, max-age=86400")
        .header("content-disposition", "inline")
        .send(data);
    },
  );

  // Reorder and remove: each answers the photos as they are now. Per account, like uploads; far
  // more than a person arranging five photos needs.
  const editLimit = { rateLimit: { max: 120, timeWindow: "1 minute" } };

  app.put(
    PHOTO_ORDER_PATH,
    { config: editLimit, schema: { body: photoOrderInputSchema, response: { 200: photosResponseSchema } } },
    async (request, reply) => {
      const user = await sessions.requireUser(request);
      reply.header("cache-control", "no-store");
      return { photos: await service.reorder(user.id, request.body.photos) };
    },
  );

  app.delete<{ Params: { userId: string; version: string; file: string } }>(
    `${PHOTOS_PATH}/:userId/:version/:file`,
    { config: editLimit, schema: { response: { 200: photosResponseSchema } } },
    async (request, reply) => {
      const user = await sessions.requireUser(request);
      reply.header("cache-control", "no-store");
      return { photos: await service.remove(user.id, request.params) };
    },
  );

  // The multipart parser lives in its own scope, so only this route accepts multipart bodies.
  await app.register(async (scope: FastifyInstance) => {
    await scope.register(multipart, { limits: PHOTO_UPLOAD_LIMITS, throwFileSizeLimit: true });
    scope.put(
      PHOTOS_PATH,
      // Per account (the limits' own rule): people behind one address do not share a budget.
      {
        config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
        schema: { response: { 200: photosResponseSchema } },
        // Saved, or refused for what was sent (not JPEG, wrong size, too large, too few or many).
        onResponse: async (_request, reply) => {
          if (reply.statusCode === 200) app.metrics.photoUpload("saved");
          else if (reply.statusCode === 400 || reply.statusCode === 413) app.metrics.photoUpload("refused");
        },
      },
      async (request) => {
        const user = await sessions.requireUser(request);
        if (!request.isMultipart()) throw new AppError("INVALID_ARGUMENT", "photoNotJpeg");
        const uploads: Buffer[] = [];
        try {
          for await (const part of request.parts()) {
            const index = FIELD_INDEX.get(part.fieldname);
            if (part.type !== "file" || index === undefined || uploads[index] !== undefined) {
              throw new AppError("INVALID_ARGUMENT", "photoNotJpeg");
            }
            uploads[index] = await part.toBuffer();
          }
        } catch (error) {
          if (error instanceof AppError) throw error;
          throw uploadError(error);
        }
        // Fields must be photo0..photo{n-1} without gaps, so the order is the person's order.
        const photos = Array.from(uploads);
        if (photos.some((photo) => photo === undefined)) throw new AppError("INVALID_ARGUMENT", "tooFewPhotos");
        return { photos: await service.replace(user.id, photos) };
      },
    );
  });
};

export const photosFeature = fp(photos, {
  name: "photos",
  dependencies: [
    "config",
    "db",
    "jobs",
    "realtime",
    "storage",
    "sessions",
    "account-lifecycle",
    "data-export",
    "rate-limit",
    "zod-schemas",
    "metrics",
  ],
  encapsulate: true,
});
