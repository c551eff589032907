import type { AddressInfo } from "node:net";
import { MAX_EVENT_STREAMS_PER_PERSON, SUPERSEDED_EVENT } from "@sams-web/domain/api/realtime";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, signUp } from "../../support/helpers.ts";

const { app, bus } = await createTestApp();
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as AddressInfo;
afterAll(() => app.close());

/** An event stream read as the browser reads it, keeping everything received. */
async function openStream(cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const state = { text: "", ended: false };
  const pump = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        state.text += new TextDecoder().decode(value);
      }
    } catch {
      // aborted by the test
    }
    state.ended = true;
  })();
  const until = async (condition: () => boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const close = async () => {
    controller.abort();
    await pump;
  };
  return { state, until, close };
}

describe("open event streams per person", () => {
  it(`a new stream past ${MAX_EVENT_STREAMS_PER_PERSON} closes the oldest, which is told not to come back`, async () => {
    const person = await signUp(app);
    const streams = [];
    for (let i = 0; i < MAX_EVENT_STREAMS_PER_PERSON + 1; i += 1) {
      const stream = await openStream(person.cookie);
      await stream.until(() => stream.state.text.includes("retry:"), "the stream to open");
      streams.push(stream);
    }
    const [oldest, ...rest] = streams;
    await oldest?.until(() => oldest.state.ended, "the oldest stream to end");
    expect(oldest?.state.text).toContain(`event: ${SUPERSEDED_EVENT}`);
    await bus.publish(person.userId, { topic: "profile" });
    for (const stream of rest) {
      await stream.until(() => stream.state.text.includes('"topic":"profile"'), "the change on a live stream");
      expect(stream.state.ended).toBe(false);
    }
    // Another person's streams are not counted against this one.
    const other = await openStream((await signUp(app)).cookie);
    await other.until(() => other.state.text.includes("retry:"), "the other person's stream");
    expect(rest.every((stream) => !stream.state.ended)).toBe(true);
    for (const stream of [...rest, other]) await stream.close();
  });
});
