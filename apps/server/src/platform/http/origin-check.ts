import fp from "fastify-plugin";
import { AppError } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing API requests sent from another site, in one place for every route
 * (Better Auth's own check is skipped in some setups, ours is not). Browsers always send Origin
 * on a cross-origin POST, and Sec-Fetch-Site where they support Fetch Metadata; clients that are
 * not browsers send neither and carry no ambient cookie risk.
 */
export const originCheckPlugin = fp(
  async (app) => {
    const allowed = new URL(app.config.publicUrl).origin;
    app.addHook("onRequest", async (request) => {
      if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
      const origin = request.headers.origin;
      const site = request.headers["sec-fetch-site"];
      const crossOrigin = origin !== undefined ? origin !== allowed : site === "cross-site" || site === "same-site";
      if (crossOrigin) throw new AppError("PERMISSION_DENIED", "crossSiteRequest");
    });
  },
  { name: "origin-check", dependencies: ["config"] },
);
