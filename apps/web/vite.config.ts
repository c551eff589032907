import mdx from "@mdx-js/rollup";
import withTableOfContents from "@stefanprobst/rehype-extract-toc";
import withTableOfContentsExport from "@stefanprobst/rehype-extract-toc/mdx";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import withHeadingIds from "rehype-slug";
import { tsImport } from "tsx/esm/api";
import { defineConfig, type Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";

const LEGAL_CONSTANTS_MODULE = "virtual:legal-constants";
/** The domain constants that the legal pages quote (retention windows, cookie durations, units), by module. */
const LEGAL_CONSTANTS: Record<string, readonly string[]> = {
  "@sams-web/domain/privacy/rules": ["RETENTION"],
  "@sams-web/domain/consent/rules": ["COOKIE_PREFERENCE_VALIDITY_MS", "COOKIE_MAX_AGE_MS"],
  "@sams-web/domain/shared/time": ["DAY_MS", "YEAR_MS"],
};

/**
 * Domain constants as literal values in the legal pages' own chunks. Imported from the domain at
 * run time they would join the constants chunk that the first page loads, whose budget has no
 * bytes to spare (the retention table alone would cost it about 170 bytes gzip).
 */
function legalConstants(): Plugin {
  const resolved = `\0${LEGAL_CONSTANTS_MODULE}`;
  return {
    name: "sams-web:legal-constants",
    resolveId: (id) => (id === LEGAL_CONSTANTS_MODULE ? resolved : null),
    async load(id) {
      if (id !== resolved) return null;
      const lines: string[] = [];
      for (const [module, names] of Object.entries(LEGAL_CONSTANTS)) {
        // The domain package is TypeScript, which Node does not load by itself.
        const constants: Record<string, unknown> = await tsImport(module, import.meta.url);
        for (const name of names) {
          if (constants[name] === undefined) throw new Error(`${module} has no ${name}`);
          lines.push(`export const ${name} = ${JSON.stringify(constants[name])};`);
        }
      }
      return lines.join("\n");
    },
  };
}

/**
 * Takes vite-plugin-pwa's manifest link out of the built page: the page links the manifest itself
 * once it has loaded (lib/service-worker.ts), so the browser does not fetch the manifest and its
 * icon while the first screen is still loading.
 */
function manifestLinkedAfterLoad(): Plugin {
  return {
    name: "sams-web:manifest-linked-after-load",
    apply: "build",
    // After vite-plugin-pwa's own post-order transform, which writes the link.
    enforce: "post",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const link = /<link rel="manifest" href="\/manifest\.webmanifest">/;
        if (!link.test(html)) throw new Error("vite-plugin-pwa wrote no manifest link to take out");
        return html.replace(link, "");
      },
    },
  };
}

export default defineConfig({
  plugins: [
    // The legal pages are MDX, compiled here, so no Markdown parser ships to the browser. Each
    // heading gets an id from its text, and every page exports its table of contents.
    {
      enforce: "pre",
      ...mdx({ rehypePlugins: [withHeadingIds, withTableOfContents, withTableOfContentsExport] }),
    },
    legalConstants(),
    react(),
    tailwindcss(),
    // The installable app: its manifest, and the service worker (src/service-worker/sw.ts) with
    // the app shell's precache list written in. The page registers it itself
    // (lib/service-worker.ts), in a few lines instead of a library on the first page.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src/service-worker",
      filename: "sw.ts",
      injectRegister: false,
      manifest: {
        id: "/",
        name: "Sam's Web",
        short_name: "Sam's Web",
        description: "Talk with Sam, a friendly spider, and find a long-term relationship.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "portrait",
        theme_color: "#fbf8f4",
        background_color: "#fbf8f4",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      injectManifest: {
        // The shell: the page, its scripts and styles, and the icons; of the screens, only the home
        // screen (Sam's chat), which the app opens on. Other screens are kept once visited (the
        // service worker's "screens" cache). Never the precompressed copies: the server picks those.
        globPatterns: ["**/*.{html,js,css,svg,png,webmanifest}"],
        globIgnores: ["**/*.br", "**/*.gz", "assets/!(home)-page-*.js", "assets/auth-error-*.js"],
        maximumFileSizeToCacheInBytes: 400 * 1024,
      },
    }),
    manifestLinkedAfterLoad(),
    // A brotli and a gzip copy of each built file at the top quality, which the server sends as
    // they are to a browser that accepts them (no compression work per request).
    compression({
      algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
      threshold: 512,
    }),
  ],
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    reportCompressedSize: false,
    // No preload lists baked into every lazy import: they cost the first page about 1 KB gzip
    // of its 90 KB budget (bench/README.md), and a lazy screen's few chunks load fast anyway.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // TanStack Query, which every signed-in screen loads (the query layer), as one chunk
          // rather than the five the automatic split made of it: each chunk is a request of its
          // own, and on a phone's network a screen waits on the number of requests in its chain
          // more than on their bytes (bench/README.md, lighthouse.ts). Only its own modules: with
          // their dependencies, React would move into it and the first page would load it all.
          groups: [
            {
              name: "query",
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
