import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/domain", "apps/server", "apps/web", "scripts"],
    // Two cores: more workers only queue on the one database server.
    maxWorkers: 2,
  },
});
