import helmet from "@fastify/helmet";
import fp from "fastify-plugin";

/** Third-party hosts one kind of content may come from, besides our own origin. */
export interface ThirdPartyHosts {
  script: readonly string[];
  img: readonly string[];
  connect: readonly string[];
}

export const NO_THIRD_PARTY_HOSTS: ThirdPartyHosts = { script: [], img: [], connect: [] };

/**
 * Helmet's headers with a Content-Security-Policy that allows our own origin only, plus the
 * third-party hosts the caller names (the ad pixel's, when one is configured).
 */
export const securityHeadersPlugin = fp<{ thirdParty: ThirdPartyHosts }>(
  async (app, { thirdParty }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...thirdParty.script],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:", ...thirdParty.img],
          connectSrc: ["'self'", ...thirdParty.connect],
          workerSrc: ["'self'", "blob:"],
          fontSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          baseUri: ["'self'"],
          upgradeInsecureRequests: app.config.publicUrl.startsWith("https://") ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: "security-headers", dependencies: ["config"] },
);
