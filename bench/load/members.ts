// The simulated members of bench/load.ts: each holds an event stream and, between pauses drawn
// at random, does what members do (the mix below), one thing at a time, as a person waits for
// the answer before the next tap.
import http from "node:http";
import { ACCOUNTS_PATHS } from "@sams-web/domain/accounts/contracts";
import { EVENTS_PATH } from "@sams-web/domain/api/realtime";
import { CURRENT_CONVERSATION_PATH } from "@sams-web/domain/chat/contracts";
import { MATCHES_PATH } from "@sams-web/domain/matching/contracts";
import { PHOTOS_PATH, photoFieldName } from "@sams-web/domain/photos/contracts";
import { PROFILE_PATH } from "@sams-web/domain/profile/contracts";

/** What one member does per minute, on average, while the app is open. */
export const MIX_PER_MINUTE = {
  /** A message to Sam, then the conversation read again (as the chat screen does after a reply). */
  chat: 1,
  /** The header's session check on a page view or a tab coming back. */
  me: 1,
  /** The matches list (chat screen, photo review). */
  matches: 0.5,
  /** The settings page read. */
  profile: 0.25,
  /** A settings save (the search radius). */
  settings: 0.25,
  /** 'Keep in your web' on one candidate of the photo review: the other person hears of it. */
  review: 0.25,
  /** Two new photos (about one member in a hundred each minute). */
  upload: 0.01,
  /** Begin Search: narrative, preliminary match, scoring (about one member in 250 each minute). */
  search: 0.004,
} as const;
export type Action = keyof typeof MIX_PER_MINUTE;
export type RequestKind = Action | "conversation" | "join";

/** Which event an action should bring, and to whose stream. */
const EXPECTED_EVENT: Partial<Record<Action, { topic: string; to: "self" | "other" }>> = {
  chat: { topic: "conversation", to: "self" },
  settings: { topic: "profile", to: "self" },
  review: { topic: "matches", to: "other" },
  upload: { topic: "photos", to: "self" },
};

export interface MemberIdentity {
  id: string;
  cookie: string;
  /** Candidates of this member's photo review, each kept once. */
  candidates: string[];
}

export interface Recorder {
  request(kind: RequestKind, ms: number, ok: boolean, detail?: string): void;
  event(to: "self" | "other", ms: number): void;
  lostEvent(): void;
}

const EVENT_DEADLINE_MS = 10_000;
const RADII = [10, 25, 50, 100, 250];

export class Target {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  constructor(
    readonly host: string,
    readonly port: number,
  ) {}
  get origin(): string {
    return `http://localhost:${this.port}`;
  }
}

function send(
  target: Target,
  options: { method: string; path: string; headers: Record<string, string>; body?: Buffer | string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: target.host, port: target.port, agent: target.agent, method: options.method, path: options.path },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    for (const [name, value] of Object.entries(options.headers)) request.setHeader(name, value);
    request.setTimeout(60_000, () => request.destroy(new Error("timed out")));
    request.on("error", reject);
    request.end(options.body);
  });
}

const exponential = (mean: number) => -Math.log(1 - Math.random()) * mean;

export class Member {
  private stream: http.ClientRequest | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private busy = false;
  /** Events this member's stream should hear: topic and when the action that causes it was sent. */
  private readonly awaiting: { topic: string; sentAt: number; to: "self" | "other" }[] = [];
  private messageCount = 0;

  constructor(
    private readonly target: Target,
    readonly identity: MemberIdentity,
    /** Where this member's requests come from (X-Forwarded-For; the server trusts the bench as its proxy). */
    private readonly address: string,
    private readonly recorder: () => Recorder,
    private readonly others: (id: string) => Member | undefined,
    private readonly photos: { body: Buffer; boundary: string },
    private readonly mixScale: number,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      cookie: this.identity.cookie,
      origin: this.target.origin,
      "x-forwarded-for": this.address,
      ...extra,
    };
  }

  private async timed(
    kind: RequestKind,
    run: () => Promise<{ status: number; body: string }>,
  ): Promise<{ status: number; body: string } | null> {
    const started = performance.now();
    try {
      const result = await run();
      const ok = result.status >= 200 && result.status < 300;
      this.recorder().request(
        kind,
        performance.now() - started,
        ok,
        ok ? undefined : `${result.status} ${result.body.slice(0, 160)}`,
      );
      return ok ? result : null;
    } catch (error) {
      this.recorder().request(
        kind,
        performance.now() - started,
        false,
        error instanceof Error ? error.message : String(error),
      );
      return null;
    }
  }

  private get(kind: RequestKind, path: string) {
    return this.timed(kind, () => send(this.target, { method: "GET", path, headers: this.headers() }));
  }

  private callable(kind: RequestKind, name: string, data: unknown) {
    return this.timed(kind, () =>
      send(this.target, {
        method: "POST",
        path: `/api/call/${name}`,
        headers: this.headers({ "content-type": "application/json" }),
        body: JSON.stringify({ data }),
      }),
    );
  }

  /** Opens the event stream, then reads what a page load reads. */
  async join(): Promise<void> {
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: this.target.host,
        port: this.target.port,
        path: EVENTS_PATH,
        method: "GET",
        agent: false,
      });
      for (const [name, value] of Object.entries(this.headers({ accept: "text/event-stream" })))
        request.setHeader(name, value);
      request.on("response", (response) => {
        if (response.statusCode !== 200) {
          this.recorder().request("join", 0, false, `event stream ${response.statusCode}`);
          response.resume();
          resolve();
          return;
        }
        let buffered = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          buffered += chunk;
          let end = buffered.indexOf("\n\n");
          while (end >= 0) {
            this.onEvent(buffered.slice(0, end));
            buffered = buffered.slice(end + 2);
            end = buffered.indexOf("\n\n");
          }
        });
        resolve();
      });
      request.on("error", (error) => {
        if (!this.stopped) this.recorder().request("join", 0, false, `event stream: ${error.message}`);
        resolve();
      });
      request.end();
      this.stream = request;
    });
    await this.get("join", ACCOUNTS_PATHS.me);
    await this.get("join", PROFILE_PATH);
    await this.get("join", CURRENT_CONVERSATION_PATH);
    this.schedule();
  }

  private onEvent(block: string): void {
    const data = block.split("\n").find((line) => line.startsWith("data: "));
    if (!block.includes("event: change") || !data) return;
    const { topic } = JSON.parse(data.slice(6)) as { topic: string };
    const index = this.awaiting.findIndex((a) => a.topic === topic);
    if (index < 0) return;
    const [hit] = this.awaiting.splice(index, 1);
    if (hit) this.recorder().event(hit.to, Date.now() - hit.sentAt);
  }

  /** Called on the member whose stream should hear of an action. */
  expect(topic: string, sentAt: number, to: "self" | "other"): void {
    this.awaiting.push({ topic, sentAt, to });
    setTimeout(() => {
      const index = this.awaiting.findIndex((a) => a.sentAt === sentAt && a.topic === topic);
      if (index >= 0) {
        this.awaiting.splice(index, 1);
        if (!this.stopped) this.recorder().lostEvent();
      }
    }, EVENT_DEADLINE_MS).unref();
  }

  private schedule(): void {
    if (this.stopped) return;
    const perMinute = Object.values(MIX_PER_MINUTE).reduce((a, b) => a + b, 0) * this.mixScale;
    this.timer = setTimeout(() => void this.act(), exponential(60_000 / perMinute));
  }

  private pickAction(): Action {
    const entries = Object.entries(MIX_PER_MINUTE) as [Action, number][];
    const total = entries.reduce((sum, [, rate]) => sum + rate, 0);
    let draw = Math.random() * total;
    for (const [action, rate] of entries) {
      draw -= rate;
      if (draw <= 0) return action;
    }
    return "me";
  }

  private async act(): Promise<void> {
    if (this.stopped || this.busy) return;
    this.busy = true;
    try {
      await this.perform(this.pickAction());
    } finally {
      this.busy = false;
      this.schedule();
    }
  }

  private async perform(action: Action): Promise<void> {
    const sentAt = Date.now();
    const expected = EXPECTED_EVENT[action];
    switch (action) {
      case "chat": {
        this.expect("conversation", sentAt, "self");
        this.messageCount++;
        const sent = await this.callable("chat", "callSamApi", {
          userMessage: `I love long walks by the river and cooking with friends on Sundays (${this.messageCount}).`,
        });
        if (sent) await this.get("conversation", CURRENT_CONVERSATION_PATH);
        return;
      }
      case "me":
        await this.get("me", ACCOUNTS_PATHS.me);
        return;
      case "matches":
        await this.get("matches", MATCHES_PATH);
        return;
      case "profile":
        await this.get("profile", PROFILE_PATH);
        return;
      case "settings": {
        if (expected) this.expect(expected.topic, sentAt, "self");
        const searchRadius = RADII[Math.floor(Math.random() * RADII.length)];
        await this.timed("settings", () =>
          send(this.target, {
            method: "PATCH",
            path: PROFILE_PATH,
            headers: this.headers({ "content-type": "application/json" }),
            body: JSON.stringify({ searchRadius }),
          }),
        );
        return;
      }
      case "review": {
        const candidate = this.identity.candidates.shift();
        if (!candidate) return this.perform("matches");
        this.others(candidate)?.expect("matches", sentAt, "other");
        await this.callable("review", "triggeredPhotoMatch", { matchUid: candidate, action: "accepted" });
        return;
      }
      case "upload": {
        this.expect("photos", sentAt, "self");
        await this.timed("upload", () =>
          send(this.target, {
            method: "PUT",
            path: PHOTOS_PATH,
            headers: this.headers({ "content-type": `multipart/form-data; boundary=${this.photos.boundary}` }),
            body: this.photos.body,
          }),
        );
        return;
      }
      case "search": {
        // The three steps Begin Search takes, timed as one: what the person waits for.
        const started = performance.now();
        let ok = true;
        for (const step of ["triggeredGenerateNarrative", "triggeredPrelimMatch", "triggeredMatchingAlgo"]) {
          const result = await send(this.target, {
            method: "POST",
            path: `/api/call/${step}`,
            headers: this.headers({ "content-type": "application/json" }),
            body: JSON.stringify({ data: {} }),
          }).catch((error: Error) => ({ status: 0, body: error.message }));
          // A search that found nobody ends after the preliminary match.
          if (result.status !== 200) {
            ok = false;
            this.recorder().request(
              "search",
              performance.now() - started,
              false,
              `${step} ${result.status} ${result.body.slice(0, 160)}`,
            );
            return;
          }
          if (step === "triggeredPrelimMatch" && result.body.includes('"found":false')) break;
        }
        if (ok) this.recorder().request("search", performance.now() - started, true);
        return;
      }
    }
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.stream?.destroy();
  }
}

/** Two photos as the browser sends them: multipart fields photo0 and photo1, each a JPEG. */
export function photoUpload(jpegs: Buffer[]): { body: Buffer; boundary: string } {
  const boundary = "----samsweb-load-bench";
  const parts = jpegs.flatMap((jpeg, index) => [
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${photoFieldName(index)}"; filename="photo${index}.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
    ),
    jpeg,
    Buffer.from("\r\n"),
  ]);
  return { body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), boundary };
}
