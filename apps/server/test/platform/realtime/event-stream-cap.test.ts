import type { AddressInfo } from "node:net";
import { MAX_EVENT_STREAMS_PER_PERSON, SUPERSEDED_EVENT } from "@sams-web/domain/api/realtime";
import { afterAll, describe, expect, it } from "vitest";
import { openEventStream } from "../../support/event-stream.ts";
import { createTestApp, signUp } from "../../support/helpers.ts";

const { app, bus } = await createTestApp();
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as AddressInfo;
afterAll(() => app.close());

const openStream = (cookie: string) => openEventStream(port, cookie);

describe("open event streams per person", () => {
  it(`a new stream past ${MAX_EVENT_STREAMS_PER_PERSON} closes the oldest, which is told not to come back`, async () => {
    const person = await signUp(app);
    const streams = [];
    for (let i = 0; i < MAX_EVENT_STREAMS_PER_PERSON + 1; i += 1) {
      const stream = await openStream(person.cookie);
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
    expect(rest.every((stream) => !stream.state.ended)).toBe(true);
    for (const stream of [...rest, other]) await stream.close();
  });
});
