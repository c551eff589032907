import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
  },
});
