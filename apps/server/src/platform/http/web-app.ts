import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import fp from "fastify-plugin";

/** Serves the built SPA: hashed assets cached for good, every other page path gets index.html. */
export const webAppPlugin = fp(
  async (app) => {
    const distDir = app.config.webDistDir;
    if (!existsSync(path.join(distDir, "index.html"))) return;
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        res.setHeader(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
    app.get("/*", (request, reply) => {
      if (request.url.startsWith("/api/")) {
        return reply.code(404).send({ error: { status: "NOT_FOUND", message: `No route for GET ${request.url}` } });
      }
      const file = request.url.split("?")[0] ?? "/";
      const candidate = path.join(distDir, path.normalize(file));
      if (file !== "/" && candidate.startsWith(distDir) && existsSync(candidate) && !candidate.endsWith(path.sep)) {
        return reply.sendFile(path.relative(distDir, candidate));
      }
      reply.header("cache-control", "no-cache");
      return reply.sendFile("index.html");
    });
  },
  { name: "web-app", dependencies: ["config"] },
);
