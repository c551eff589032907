import {
  EVENTS_PATH,
  MAX_EVENT_STREAMS_PER_PERSON,
  SIGNED_OUT_EVENT,
  SUPERSEDED_EVENT,
} from "@sams-web/domain/api/realtime";
import fp from "fastify-plugin";

const HEARTBEAT_MS = 25_000;

/**
 * Server-Sent Events: each signed-in tab hears what changed for its user, and refetches. A stream
 * lives only as long as its session: when one of the user's sessions ends (the "session" topic,
 * published by sign-out, suspension, a password reset and deletion) each of their streams checks
 * its own. Every heartbeat, the sessions of all open streams are checked together, in one statement,
 * for sessions that ended any other way (expiry, retention); a statement per stream every heartbeat
 * cost more than the members' own requests did.
 */
export const eventsRoute = fp<{ heartbeatMs?: number }>(
  async (app, { heartbeatMs = HEARTBEAT_MS }) => {
    const { bus, sessions, metrics } = app;
    type End = (farewell?: typeof SUPERSEDED_EVENT | typeof SIGNED_OUT_EVENT) => void;
    /** Each open stream, by its end, with the session token it was opened with. */
    const open = new Map<End, string | null>();
    // Each person's open streams on this server, oldest first.
    const streamsOf = new Map<string, End[]>();

    let checking = false;
    const endStreamsSignedOut = async () => {
      if (checking || open.size === 0) return;
      checking = true;
      try {
        const streams = [...open];
        const tokens = [...new Set(streams.map(([, token]) => token).filter((token) => token !== null))];
        const live = await sessions.liveTokens(tokens);
        for (const [end, token] of streams) if (token === null || !live.has(token)) end(SIGNED_OUT_EVENT);
      } catch (error) {
        app.log.warn({ err: error }, "could not check the event streams' sessions");
      } finally {
        checking = false;
      }
    };
    const sessionCheck = setInterval(() => void endStreamsSignedOut(), heartbeatMs);
    sessionCheck.unref();
    app.addHook("preClose", async () => {
      clearInterval(sessionCheck);
      for (const end of open.keys()) end();
    });

    app.get(EVENTS_PATH, async (request, reply) => {
      const user = await sessions.requireUser(request);
      const token = await sessions.sessionTokenOf(request);
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      stream.write("retry: 3000\n\n");
      const endIfSignedOut = () =>
        void sessions.stillSignedIn(request).then(
          (signedIn) => signedIn || end(SIGNED_OUT_EVENT),
          (error: unknown) => request.log.warn({ err: error }, "could not check an event stream's session"),
        );
      const unsubscribe = bus.subscribe(user.id, (event) => {
        if (event.topic === "session") endIfSignedOut();
        else stream.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => stream.write(": keep-alive\n\n"), heartbeatMs);
      const end: End = (farewell) => {
        clearInterval(heartbeat);
        unsubscribe();
        // Ended once by the server (closing, superseded) and again when the connection closes.
        if (open.delete(end)) metrics.streamClosed();
        const mine = (streamsOf.get(user.id) ?? []).filter((other) => other !== end);
        if (mine.length > 0) streamsOf.set(user.id, mine);
        else streamsOf.delete(user.id);
        if (stream.writableEnded) return;
        if (farewell) stream.write(`event: ${farewell}\ndata: {}\n\n`);
        stream.end();
      };
      open.set(end, token);
      metrics.streamOpened();
      const mine = [...(streamsOf.get(user.id) ?? []), end];
      streamsOf.set(user.id, mine);
      if (mine.length > MAX_EVENT_STREAMS_PER_PERSON) mine[0]?.(SUPERSEDED_EVENT);
      request.raw.on("close", () => end());
    });
  },
  { name: "events-route", dependencies: ["realtime", "sessions", "metrics"], encapsulate: true },
);
