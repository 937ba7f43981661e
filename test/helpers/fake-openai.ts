// A loopback server speaking the OpenAI chat-completions wire format, for tests that drive the real
// `openai` client. Each test sets how it answers and reads back what it was sent.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Reply =
  | { content: string }
  | { status: number; body?: unknown }
  | { malformed: true }
  | { delayMs: number; content: string }
  /** Never answered: the request stays open until the client closes it (counted in `abandoned`). */
  | { hold: true };

/** A reply, or a function choosing one from the request body (e.g. to build a plan from its candidates). */
export type ReplyRule = Reply | ((body: any) => Reply);

export interface FakeOpenAI {
  baseURL: string;
  requests: Array<{ path: string; body: any; headers: IncomingMessage["headers"] }>;
  /** Replies used in order (each taken off the list); the last one repeats. */
  replies: ReplyRule[];
  /** Requests the client closed before they were answered. */
  abandoned: number;
  close: () => Promise<void>;
}

export async function startFakeOpenAI(replies: ReplyRule[] = [{ content: "A grounded answer." }]): Promise<FakeOpenAI> {
  const state: FakeOpenAI = { baseURL: "", requests: [], replies, abandoned: 0, close: async () => {} };
  let served = 0;
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : null;
    state.requests.push({ path: req.url ?? "", body, headers: req.headers });
    served++;
    const rule = state.replies.length > 1 ? state.replies.shift()! : state.replies[0];
    const reply = typeof rule === "function" ? rule(body) : rule;
    if ("status" in reply) {
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(JSON.stringify(reply.body ?? { error: { message: "fake failure", type: "server_error" } }));
      return;
    }
    if ("hold" in reply) {
      res.once("close", () => state.abandoned++);
      return;
    }
    if ("malformed" in reply) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{ this is not json");
      return;
    }
    if ("delayMs" in reply) await new Promise((r) => setTimeout(r, reply.delayMs));
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        id: `chatcmpl-${served}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: body?.model ?? "fake",
        choices: [{ index: 0, message: { role: "assistant", content: reply.content, refusal: null }, finish_reason: "stop", logprobs: null }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  state.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () => new Promise((r) => server.close(() => r()));
  return state;
}
