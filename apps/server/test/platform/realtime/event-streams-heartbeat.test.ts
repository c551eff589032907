import type { AddressInfo } from "node:net";
import { SIGNED_OUT_EVENT } from "@sams-web/domain/api/realtime";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { FEATURES } from "../../../src/app.ts";
import { sessions } from "../../../src/db/schema.ts";
import { openEventStream } from "../../support/event-stream.ts";
import { createTestApp, signUp } from "../../support/helpers.ts";

// A session can end without anything said on the bus (it expires, or retention deletes it): the
// heartbeat, which checks every open stream's session together, ends those streams. Shortened
// here so the test waits for a few heartbeats, not minutes.

const HEARTBEAT_MS = 150;
const { app, db } = await createTestApp({}, [], FEATURES, { build: { eventStreamHeartbeatMs: HEARTBEAT_MS } });
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as AddressInfo;
afterAll(() => app.close());

const keepAlives = (text: string) => text.split(": keep-alive").length - 1;

describe("the event streams' heartbeat", () => {
  it("ends the stream of an expired session and of a deleted one, and only those", async () => {
    const expiring = await signUp(app);
    const deleted = await signUp(app);
    const staying = await signUp(app);
    const expiringStream = await openEventStream(port, expiring.cookie);
    const deletedStream = await openEventStream(port, deleted.cookie);
    const stayingStream = await openEventStream(port, staying.cookie);

    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expiring.userId));
    await db.delete(sessions).where(eq(sessions.userId, deleted.userId));

    await expiringStream.until(() => expiringStream.state.ended, "the expired session's stream to end");
    await deletedStream.until(() => deletedStream.state.ended, "the deleted session's stream to end");
    expect(expiringStream.state.text).toContain(`event: ${SIGNED_OUT_EVENT}`);
    expect(deletedStream.state.text).toContain(`event: ${SIGNED_OUT_EVENT}`);

    // Several heartbeats later, the live session's stream is still open and still kept alive.
    const seen = keepAlives(stayingStream.state.text);
    await stayingStream.until(() => keepAlives(stayingStream.state.text) >= seen + 3, "three more heartbeats");
    expect(stayingStream.state.ended).toBe(false);
    expect(stayingStream.state.text).not.toContain(SIGNED_OUT_EVENT);
    await stayingStream.close();
  });

  it("keeps every live stream open when many are checked together", async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => signUp(app)));
    const streams = await Promise.all(people.map((person) => openEventStream(port, person.cookie)));
    const [first] = streams;
    if (!first) throw new Error("no stream");
    const seen = keepAlives(first.state.text);
    await first.until(() => keepAlives(first.state.text) >= seen + 3, "three more heartbeats");
    for (const stream of streams) {
      expect(stream.state.ended).toBe(false);
      await stream.close();
    }
  });
});
