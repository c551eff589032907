import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { INSIGHTS_PAGE_PATH } from "@sams-web/domain/insights/contracts";
import { MODERATION_PAGE_PATH } from "@sams-web/domain/safety/contracts";
import { isModerator } from "@sams-web/domain/safety/rules";
import { isAppPath } from "@sams-web/domain/shell/routes";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "./errors.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Crawlers may read the public pages; the signed-in screens and the API hold nothing for them. */
const ROBOTS_TXT = `User-agent: *
Disallow: /api/
Disallow: /settings
Disallow: /photo-upload
Disallow: /match-confirmation
Disallow: /match-outcome
Disallow: /verify-email
Disallow: /reset-password
Disallow: /unsubscribe
`;

/**
 * Serves the built SPA. Hashed files under /assets/ are cached for good (a new build has new
 * names); everything else, index.html above all, is revalidated on each visit. The build writes a
 * brotli and a gzip copy next to each file, which are sent as they are to a browser that accepts
 * them. A page path answers index.html; any other path answers it too, so the app shows its
 * not-found page, but with a 404 status.
 */
export const webAppPlugin = fp(
  async (app) => {
    const distDir = app.config.webDistDir;
    if (!existsSync(path.join(distDir, "index.html"))) return;
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Our own Cache-Control below; @fastify/static's would replace it with max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader("cache-control", filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : "no-cache");
        // The same URL answers brotli, gzip or plain bytes: caches must keep them apart.
        res.setHeader("vary", "accept-encoding");
      },
    });
    app.get("/robots.txt", (_request, reply) =>
      reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=86400").send(ROBOTS_TXT),
    );
    // The moderators' pages exist only for them: anyone else gets what a path that is no page gets.
    const moderatorPages: readonly string[] = [MODERATION_PAGE_PATH, INSIGHTS_PAGE_PATH];
    const moderatorAsks = async (request: FastifyRequest) => {
      const user = await app.sessions.optionalUser(request);
      return Boolean(user && isModerator(user, app.config.ADMIN_EMAILS));
    };
    app.get("/*", async (request, reply) => {
      if (request.url.startsWith("/api/")) {
        throw new AppError("NOT_FOUND", "noRoute", `No route for GET ${request.url}`);
      }
      const pathname = request.url.split("?")[0] ?? "/";
      const page = isAppPath(pathname) || (moderatorPages.includes(pathname) && (await moderatorAsks(request)));
      return reply
        .code(page ? 200 : 404)
        .header("cache-control", "no-cache")
        .sendFile("index.html");
    });
  },
  { name: "web-app", dependencies: ["config", "sessions"] },
);
