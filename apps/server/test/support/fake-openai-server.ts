import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for an OpenAI-compatible endpoint (POST /v1/chat/completions) that answers
// as told: a valid reply, malformed or truncated output, a 500, a 429, or no answer at all.

export type FakeBehaviour = "valid" | "malformed" | "wrong-shape" | "truncated" | "500" | "429" | "hang";

export interface FakeRequest {
  /** Characters of all the messages sent to the model. */
  promptChars: number;
  body: { messages: { role: string; content: string }[]; response_format?: unknown };
}

export interface FakeOpenAiServer {
  baseUrl: string;
  requests: FakeRequest[];
  /** What the answers do, in order since the last reset; the last one repeats. */
  script: FakeBehaviour[];
  /** The object a "valid" answer carries, or a function of the request that returns it. */
  reply: unknown;
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

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const hanging = new Set<ServerResponse>();
  const state: FakeOpenAiServer = {
    baseUrl: "",
    requests: [],
    script: ["valid"],
    reply: {
      message: "Tell me more about that!",
      stage_complete: false,
      stage_complete_justification: "Just started.",
    },
    close: async () => {
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
    const answer = JSON.stringify(typeof state.reply === "function" ? state.reply(body) : state.reply);
    const json = (status: number, payload: unknown) => {
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
    };
    switch (behaviour) {
      case "valid":
        return json(200, completion(answer, "stop", promptChars));
      case "malformed":
        return json(200, completion("Sure! Here is what Sam would say: hello there", "stop", promptChars));
      case "wrong-shape":
        return json(200, completion(JSON.stringify({ reply: "hi", done: "yes" }), "stop", promptChars));
      case "truncated":
        return json(200, completion(answer.slice(0, 30), "length", promptChars));
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
}
