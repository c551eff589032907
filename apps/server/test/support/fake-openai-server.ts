import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for an OpenAI-compatible endpoint (POST /v1/chat/completions) that answers
// as told: a valid reply, malformed or truncated output, a 500, a 429, or no answer at all.
// Asked to stream (`"stream": true`), it sends the answer as server-sent chunks of about one
// token (four characters) each, `tokenDelayMs` apart, as OpenAI does; "cut" then drops the
// connection halfway through the answer.

export type FakeBehaviour = "valid" | "malformed" | "wrong-shape" | "truncated" | "500" | "429" | "hang" | "cut";

export interface FakeRequest {
  /** Characters of all the messages sent to the model. */
  promptChars: number;
  body: { messages: { role: string; content: string }[]; response_format?: unknown; stream?: boolean };
}

export interface FakeOpenAiServer {
  baseUrl: string;
  requests: FakeRequest[];
  /** What the answers do, in order since the last reset; the last one repeats. */
  script: FakeBehaviour[];
  /** The object a "valid" answer carries, or a function of the request that returns it. */
  reply: unknown;
  /**
   * The time the model takes per token: a streamed answer pauses this long before each token, and
   * an answer asked for whole arrives after all its tokens' time, as a model writes as slowly
   * either way.
   */
  tokenDelayMs: number;
  /**
   * A streamed answer stops after this many tokens until `release()`: a test sees what arrived
   * while the model is still writing, without waiting for any time to pass. Null: never held.
   */
  holdAfterTokens: number | null;
  /** Lets every held answer go on. */
  release(): void;
  /**
   * Decides per request whether its answer waits: return `hold` (a promise the test resolves)
   * to keep it until then, or nothing to answer as usual. Null: no request waits.
   */
  gate: ((body: FakeRequest["body"]) => Promise<void> | undefined) | null;
  close(): Promise<void>;
}

/** Token count the fake reports: about four characters per token, as for English text. */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

function completion(content: string, finishReason: string, promptChars: number) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: "fake-model",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finishReason }],
    usage: {
      prompt_tokens: estimateTokens(promptChars),
      completion_tokens: estimateTokens(content.length),
      total_tokens: estimateTokens(promptChars + content.length),
    },
  };
}

/** An answer's text cut into tokens of about four characters, as a model writes it. */
export function tokensOf(content: string): string[] {
  return content.match(/[\s\S]{1,4}/g) ?? [];
}

function chunk(delta: Record<string, string>, finishReason: string | null, extra: Record<string, unknown> = {}) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: "fake-model",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...extra,
  };
}

async function streamAnswer(
  response: ServerResponse,
  content: string,
  options: {
    finishReason: string;
    promptChars: number;
    tokenDelayMs: number;
    cutHalfway: boolean;
    holdAfterTokens: number | null;
    held: () => Promise<void>;
  },
): Promise<void> {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const send = (payload: unknown) => response.write(`data: ${JSON.stringify(payload)}\n\n`);
  send(chunk({ role: "assistant", content: "" }, null));
  const tokens = tokensOf(content);
  for (const [index, token] of tokens.entries()) {
    if (index === options.holdAfterTokens) await options.held();
    if (options.tokenDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.tokenDelayMs));
    if (response.destroyed) return;
    if (options.cutHalfway && index >= tokens.length / 2) {
      response.destroy();
      return;
    }
    send(chunk({ content: token }, null));
  }
  send(
    chunk({}, options.finishReason, {
      usage: {
        prompt_tokens: estimateTokens(options.promptChars),
        completion_tokens: tokens.length,
        total_tokens: estimateTokens(options.promptChars) + tokens.length,
      },
    }),
  );
  response.end("data: [DONE]\n\n");
}

const writtenIn = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const hanging = new Set<ServerResponse>();
  let releaseHeld: (() => void)[] = [];
  const state: FakeOpenAiServer = {
    baseUrl: "",
    requests: [],
    script: ["valid"],
    reply: {
      message: "Tell me more about that!",
      stage_complete: false,
      stage_complete_justification: "Just started.",
    },
    tokenDelayMs: 0,
    holdAfterTokens: null,
    gate: null,
    release: () => {
      for (const release of releaseHeld) release();
      releaseHeld = [];
    },
    close: async () => {
      state.release();
      for (const response of hanging) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== "POST" || !request.url?.endsWith("/chat/completions")) {
      response.writeHead(404).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as FakeRequest["body"];
    const promptChars = body.messages.reduce((sum, m) => sum + String(m.content).length, 0);
    state.requests.push({ promptChars, body });
    const index = state.requests.length - 1;
    const behaviour = state.script[Math.min(index, state.script.length - 1)] ?? "valid";
    await state.gate?.(body);
    const answer = JSON.stringify(typeof state.reply === "function" ? state.reply(body) : state.reply);
    const json = (status: number, payload: unknown) => {
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
    };
    // A completion: whole, or streamed token by token when the request asks for a stream.
    const answerWith = (content: string, finishReason: string, cutHalfway = false) =>
      body.stream
        ? streamAnswer(response, content, {
            finishReason,
            promptChars,
            tokenDelayMs: state.tokenDelayMs,
            cutHalfway,
            holdAfterTokens: state.holdAfterTokens,
            held: () => new Promise<void>((resolve) => releaseHeld.push(resolve)),
          })
        : writtenIn(tokensOf(content).length * state.tokenDelayMs).then(() =>
            json(200, completion(content, finishReason, promptChars)),
          );
    switch (behaviour) {
      case "valid":
        return answerWith(answer, "stop");
      case "cut":
        return answerWith(answer, "stop", true);
      case "malformed":
        return answerWith("Sure! Here is what Sam would say: hello there", "stop");
      case "wrong-shape":
        return answerWith(JSON.stringify({ reply: "hi", done: "yes" }), "stop");
      case "truncated":
        return answerWith(answer.slice(0, 30), "length");
      case "500":
        return json(500, { error: { message: "internal error", type: "server_error" } });
      case "429":
        return json(429, { error: { message: "rate limited", type: "rate_limit_error" } });
      case "hang":
        hanging.add(response);
        response.on("close", () => hanging.delete(response));
        return;
    }
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}

/** Gives the fake a new script and forgets what it was asked before. */
export function resetFake(fake: FakeOpenAiServer, script: FakeBehaviour[]): void {
  fake.requests.length = 0;
  fake.script = script;
  fake.release();
  fake.holdAfterTokens = null;
  fake.gate = null;
}
