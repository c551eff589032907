import type { AddressInfo } from "node:net";
import type { CallableName } from "@sams-web/domain/api/callables";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { FEATURES, type Feature } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { matchingFeature } from "../src/features/matching/index.ts";
import type { CallableDefinition } from "../src/platform/http/callables.ts";
import { AppError } from "../src/platform/http/errors.ts";
import { createPostgresBus } from "../src/platform/realtime/bus.ts";
import { createTestApp, signUp } from "./support/helpers.ts";

// A callable that exists only in this test, to walk the protocol's every branch. It borrows a
// product callable's name with a shape of its own, which the contract map rightly refuses to type:
// the registry is reached through a looser view of itself.
// biome-ignore lint/suspicious/noExplicitAny: the test callable has an input shape of its own.
type LooseRegistry = { register(name: CallableName, definition: CallableDefinition<any, unknown>): void };
const echoFeature: Feature = async ({ callables }) => {
  (callables as unknown as LooseRegistry).register("triggeredPrelimMatch", {
    input: z.object({ word: z.string().min(1, "A word is needed.") }).strict(),
    handler: async ({ word }) => {
      if (word === "explode") throw new Error("select secret_column from hidden_table");
      if (word === "forbidden") throw new AppError("PERMISSION_DENIED", "verifyOtherAccount", "Not yours.");
      return { echoed: word };
    },
  });
};

// The echo borrows a real callable's name, so the feature that owns that name stays out.
const { app, bus } = await createTestApp(
  {},
  [echoFeature],
  FEATURES.filter((feature) => feature !== matchingFeature),
);

describe("GET /api/health", () => {
  it("reports the database as reachable", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: "up" });
  });

  it("sends the security headers, with scripts allowed only from our own origin", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|\*)/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });
});

describe("POST /api/call/:name (the callable protocol)", () => {
  const post = (name: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url: `/api/call/${name}`,
      headers: { "content-type": "application/json", ...headers },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });

  it("answers {result} for a valid {data}", async () => {
    const response = await post("triggeredPrelimMatch", { data: { word: "web" } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: { echoed: "web" } });
  });

  it("answers NOT_FOUND for an unknown callable", async () => {
    const response = await post("noSuchCallable", { data: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.status).toBe("NOT_FOUND");
  });

  it("answers NOT_FOUND for a product callable no feature has registered", async () => {
    const response = await post("triggeredMatchingAlgo", { data: {} });
    expect(response.statusCode).toBe(404);
  });

  it("answers INVALID_ARGUMENT with a message for malformed JSON", async () => {
    const response = await post("triggeredPrelimMatch", "{not json");
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      status: "INVALID_ARGUMENT",
      code: "invalidJson",
      message: "The request body is not valid JSON.",
    });
  });

  it("answers INVALID_ARGUMENT with the contract's message when data fails it", async () => {
    const response = await post("triggeredPrelimMatch", { data: { word: "" } });
    expect(response.statusCode).toBe(400);
    // A schema's own words that are no domain message keep the generic code.
    expect(response.json().error).toEqual({
      status: "INVALID_ARGUMENT",
      code: "invalidRequest",
      message: "A word is needed.",
    });
  });

  it("answers INVALID_ARGUMENT for a body that is not a {data} envelope", async () => {
    const response = await post("triggeredPrelimMatch", { word: "web" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.status).toBe("INVALID_ARGUMENT");
  });

  it("answers 413 for an oversized body", async () => {
    const response = await post("triggeredPrelimMatch", { data: { word: "x".repeat(2_000_000) } });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.status).toBe("PAYLOAD_TOO_LARGE");
  });

  it("passes an AppError's status and message through", async () => {
    const response = await post("triggeredPrelimMatch", { data: { word: "forbidden" } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      status: "PERMISSION_DENIED",
      code: "verifyOtherAccount",
      message: "Not yours.",
    });
  });

  it("never answers a stack trace or SQL on an unexpected failure", async () => {
    const response = await post("triggeredPrelimMatch", { data: { word: "explode" } });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.status).toBe("INTERNAL");
    expect(response.body).not.toMatch(/secret_column|hidden_table|at .*\.ts|stack/i);
  });
});

describe("unknown API paths", () => {
  it("answer a JSON NOT_FOUND", async () => {
    const response = await app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.status).toBe("NOT_FOUND");
  });
});

describe("GET /api/events (SSE)", () => {
  it("refuses a guest", async () => {
    const response = await app.inject({ method: "GET", url: "/api/events" });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.status).toBe("UNAUTHENTICATED");
  });

  it("streams a user's own changes to that user only", async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const open = async (cookie: string) => {
      const controller = new AbortController();
      const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
        headers: { cookie },
        signal: controller.signal,
      });
      expect(response.headers.get("content-type")).toContain("text/event-stream");
      const reader = response.body!.getReader();
      let text = "";
      const readUntil = async (needle: string, timeoutMs: number) => {
        const deadline = Date.now() + timeoutMs;
        while (!text.includes(needle) && Date.now() < deadline) {
          const chunk = await Promise.race([
            reader.read(),
            new Promise<{ done: true; value: undefined }>((r) =>
              setTimeout(() => r({ done: true, value: undefined }), 200),
            ),
          ]);
          if (chunk.value) text += new TextDecoder().decode(chunk.value);
        }
        return text;
      };
      return { readUntil, close: () => controller.abort() };
    };
    const aliceStream = await open(alice.cookie);
    const bobStream = await open(bob.cookie);
    await aliceStream.readUntil("retry:", 2000);
    await bobStream.readUntil("retry:", 2000);
    await bus.publish(alice.userId, { topic: "profile" });
    expect(await aliceStream.readUntil('"topic":"profile"', 3000)).toContain(
      'event: change\ndata: {"topic":"profile"}',
    );
    expect(await bobStream.readUntil('"topic":"profile"', 500)).not.toContain("profile");
    aliceStream.close();
    bobStream.close();
  });
});

describe("the Postgres realtime bus", () => {
  it("carries an event from one instance to a listener on another", async () => {
    const { databaseUrl } = await createTestApp();
    const first = await createPostgresBus(databaseUrl);
    const second = await createPostgresBus(databaseUrl);
    const received = new Promise((resolve) => second.subscribe("user-1", resolve));
    await first.publish("user-1", { topic: "matches", detail: "searching" });
    await expect(received).resolves.toEqual({ topic: "matches", detail: "searching" });
    await first.close();
    await second.close();
  });
});

describe("configuration", () => {
  it("defaults to the embedded setup", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
  });

  it("stops with a message naming the bad variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
  });
});
