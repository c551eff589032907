// The legal pages' Markdown (features/legal/*.mdx), compiled at build time by vite.config.ts.
declare module "*.mdx" {
  import type { Toc } from "@stefanprobst/rehype-extract-toc";
  import type { MDXContent } from "mdx/types";

  export const title: string;
  export const lastUpdated: string;
  export const tableOfContents: Toc;
  const Content: MDXContent;
  export default Content;
}

// Domain constants written into the legal pages at build time (vite.config.ts, legalConstants).
declare module "virtual:legal-constants" {
  type Constants = typeof import("@sams-web/domain/constants");
  export const RETENTION: Constants["RETENTION"];
  export const COOKIE_PREFERENCE_VALIDITY_MS: Constants["COOKIE_PREFERENCE_VALIDITY_MS"];
  export const COOKIE_MAX_AGE_MS: Constants["COOKIE_MAX_AGE_MS"];
  export const DAY_MS: Constants["DAY_MS"];
  export const YEAR_MS: Constants["YEAR_MS"];
}
