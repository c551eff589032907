import { EVENTS_PATH } from "@sams-web/domain/api/realtime";
import fp from "fastify-plugin";

const HEARTBEAT_MS = 25_000;

/** Server-Sent Events: each signed-in tab hears what changed for its user, and refetches. */
export const eventsRoute = fp(
  async (app) => {
    const { bus, sessions } = app;
    const open = new Set<() => void>();
    app.addHook("preClose", async () => {
      for (const end of open) end();
    });

    app.get(EVENTS_PATH, async (request, reply) => {
      const user = await sessions.requireUser(request);
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      stream.write("retry: 3000\n\n");
      const unsubscribe = bus.subscribe(user.id, (event) => {
        stream.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => stream.write(": keep-alive\n\n"), HEARTBEAT_MS);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        if (!stream.writableEnded) stream.end();
      };
      open.add(end);
      request.raw.on("close", end);
    });
  },
  { name: "events-route", dependencies: ["realtime", "sessions"], encapsulate: true },
);
