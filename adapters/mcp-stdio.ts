// MCP over stdio: one JSON-RPC message a line (stdio-lines.ts splits them, bounded as HTTP bounds a body), checked
// as the SDK's message schema checks it (jsonrpc-message.ts), and the same stateless dispatch as HTTP answers them
// (adapters/mcp-dispatch.ts).
// A line that is not JSON gets -32700 and one too long -32600, as HTTP answers them, and the connection goes on.
// A connection is one client: the 2025 handshake's version and client name are kept for its later requests; a
// message carrying the 2026-07-28 envelope is answered in that revision whatever came before. A line holding an array
// is a JSON-RPC batch, answered after a 2025-03-26 handshake (that revision's servers must take them) and refused after
// a later one, as HTTP does.
import type { Readable, Writable } from "node:stream";
import { CLIENT_INFO_META_KEY, ProtocolErrorCode, PROTOCOL_VERSION_META_KEY, parseJSONRPCMessage } from "@modelcontextprotocol/server";
import { bytesOf, type Bytes } from "../core/json.ts";
import { atTurnEnd } from "../core/turn-end.ts";
import type { Logger } from "../core/logger.ts";
import type { McpCaller } from "./mcp-caller.ts";
import type { MethodDispatch } from "./mcp-dispatch.ts";
import { BATCHES_ENDED, MAX_BATCH, batchlessRevision, envelopeProblem } from "./mcp-route.ts";
import { StdioCancellation } from "./stdio-cancellation.ts";
import { MessageProblem, idOf, readRequest } from "./jsonrpc-message.ts";
import { LOST_CHARACTER } from "./query.ts";
import { StdioLines, type StdioLine } from "./stdio-lines.ts";
import { LEGACY_VERSIONS, MODERN_PROTOCOL_VERSION, PROTOCOL_VERSIONS, errorMessage, eraOf, isObject, unsupportedVersionMessage, type Id } from "./mcp-wire.ts";

/** A stdio line has no headers: a batch's revision is the connection's, or one its messages' envelopes name. */
const NO_HEADERS = new Headers();
const NEWLINE = Buffer.from("\n");

export interface StdioOptions {
  stdin: Readable;
  stdout: Writable;
  /** BASE_URL when set, else "" (links are paths without a host). */
  base: string;
  log: Logger;
  /** The longest line read, in bytes (SANCTUARY_BODY_LIMIT, the largest body HTTP reads). */
  maxLineBytes: number;
}

/**
 * A dispatch still starting: `early` answers at once the methods that need no services (the handshake, the lists:
 * mcp-dispatch.ts `contextFreeDispatch`), and every other request waits for `full`, the whole table, which needs the
 * library and the store open (about half a second of a start, which a desktop client makes for each session).
 */
export interface StartingDispatch {
  early: MethodDispatch;
  full: Promise<MethodDispatch>;
}

/** The table for `method` while the services start: the early one for what it knows, else the whole one once up. */
const whileStarting = ({ early, full }: StartingDispatch, method: string): MethodDispatch | Promise<MethodDispatch> => (early.knows(method) ? early : full);

/** Serves one stdio connection until stdin ends; `closed` settles when it has (after every answer is written). */
export function serveMcpStdio(dispatch: MethodDispatch | StartingDispatch, options: StdioOptions): { closed: Promise<void>; close: () => Promise<void> } {
  let answering = dispatch;
  // A start that fails ends the process (its entry says why); a request waiting for it is then never answered.
  if ("early" in dispatch)
    void dispatch.full.then(
      (full) => (answering = full),
      () => {},
    );
  const caller: McpCaller = { ip: "stdio", baseUrl: options.base, transport: "stdio" };
  let negotiated = eraOf(LEGACY_VERSIONS[0]);
  const pending = new Set<Promise<void>>();
  // Requests being answered, each with its cancellation: a cancelled one stops the work worth stopping (a language
  // model's answer) and gets no answer (the stdio page: "MUST NOT send any further messages for it").
  const inFlight = new Map<Id, StdioCancellation>();
  // The answers finished in one turn of the loop leave together at its end (core/turn-end.ts), one writev for them
  // all instead of a write each (a write was a fifth of a stdio call's CPU). A message and its newline are written
  // together, and a stream keeps its writes' order: a line is never interleaved with another's.
  let corked = false;
  const write = (message: string | Bytes) =>
    new Promise<void>((resolve) => {
      if (!corked) {
        corked = true;
        options.stdout.cork();
        atTurnEnd(() => {
          corked = false;
          options.stdout.uncork();
        });
      }
      options.stdout.write(message);
      // Settled once written or failed (a client gone mid-answer), so closing never waits on a pipe no one reads.
      options.stdout.write(NEWLINE, () => resolve());
    });

  /** The answer to one message (a request's result or error), or null: a notification, a response, a cancelled request. */
  async function reply(message: Record<string, unknown>): Promise<string | Bytes | null> {
    // A request whose id cannot be answered never reaches here: readRequest refused it (jsonrpc-message.ts).
    const { id, method } = message;
    if (typeof method !== "string") return null; // responses
    const params = isObject(message.params) ? message.params : {};
    if (!(typeof id === "string" || typeof id === "number")) {
      if (method === "notifications/cancelled") inFlight.get(params.requestId as Id)?.cancel();
      return null; // notifications
    }
    const meta = isObject(params._meta) ? params._meta : undefined;
    const refused = meta && PROTOCOL_VERSION_META_KEY in meta ? envelopeRefusal(id, method, meta) : null;
    if (refused) return refused;
    const modern = meta?.[PROTOCOL_VERSION_META_KEY] === MODERN_PROTOCOL_VERSION;
    if (method === "initialize" && !modern && typeof params.protocolVersion === "string") {
      negotiated = eraOf(LEGACY_VERSIONS.includes(params.protocolVersion) ? params.protocolVersion : LEGACY_VERSIONS[0]);
      if (isObject(params.clientInfo) && typeof params.clientInfo.name === "string") caller.client = params.clientInfo.name;
    }
    const clientInfo = meta?.[CLIENT_INFO_META_KEY];
    const who = modern && isObject(clientInfo) && typeof clientInfo.name === "string" ? { ...caller, client: clientInfo.name } : caller;
    const cancellation = new StdioCancellation();
    inFlight.set(id, cancellation);
    try {
      const table = "early" in answering ? await whileStarting(answering, method) : answering;
      // Cancelled while the services started: no answer, as for a request cancelled while it ran.
      if (cancellation.cancelled) return null;
      if (!table.serves(method, params))
        return table.knows(method) ? table.refuseParams(id, method) : errorMessage(id, ProtocolErrorCode.MethodNotFound, "Method not found");
      const era = modern ? eraOf(MODERN_PROTOCOL_VERSION) : negotiated;
      const answer = await table.answer(id, method, params, { era, caller: who, base: options.base, abortSignal: () => cancellation.signal() });
      return cancellation.cancelled ? null : answer;
    } finally {
      if (inFlight.get(id) === cancellation) inFlight.delete(id);
    }
  }

  async function answer(message: Record<string, unknown>): Promise<void> {
    const said = await reply(message);
    if (said !== null) await write(said);
  }

  /**
   * A JSON-RPC batch (a line holding an array), as HTTP answers one (mcp-http.ts): refused whole on a connection
   * speaking 2025-06-18 or later, which have no batches; after a 2025-03-26 handshake each message is answered as if
   * sent alone and the answers to its requests are written as one array (none for notifications only).
   */
  async function batch(messages: unknown[]): Promise<void> {
    const revision = batchlessRevision(messages, NO_HEADERS) ?? (negotiated.version >= BATCHES_ENDED ? negotiated.version : undefined);
    if (revision !== undefined)
      return write(
        errorMessage(
          null,
          ProtocolErrorCode.InvalidRequest,
          `Invalid Request: JSON-RPC batches ended with MCP ${BATCHES_ENDED}, and this connection speaks ${revision}: send one JSON-RPC message per line, not a batch.`,
        ),
      );
    if (messages.length === 0)
      return write(errorMessage(null, ProtocolErrorCode.InvalidRequest, "Invalid Request: the batch is empty; send at least one JSON-RPC message."));
    if (messages.length > MAX_BATCH)
      return write(
        errorMessage(
          null,
          ProtocolErrorCode.InvalidRequest,
          `Invalid Request: a batch holds at most ${MAX_BATCH} messages (this one ${messages.length}); send it in parts.`,
        ),
      );
    const answers = await Promise.all(messages.map(batchReply));
    const pieces = answers.filter((piece) => piece !== null);
    if (pieces.length) await write(bytesOf(["[", ...pieces.flatMap((piece, i) => (i === 0 ? [piece] : [",", piece])), "]"]));
  }

  async function batchReply(message: unknown): Promise<string | Bytes | null> {
    const read = readRequest(message);
    if (read instanceof MessageProblem) return errorMessage(read.id, read.code, read.message);
    // 2025-03-26 (Lifecycle): "The initialize request MUST NOT be part of a JSON-RPC batch".
    if (read?.method === "initialize")
      return errorMessage(idOf(read), ProtocolErrorCode.InvalidRequest, "Invalid Request: initialize is never part of a batch; send it on its own line.");
    if (read) return reply(read);
    // A client's response, read by the SDK's schema (refused in its words when malformed).
    let checked: unknown = null;
    try {
      checked = parseJSONRPCMessage(message);
    } catch {
      // Refused below.
    }
    return isObject(checked)
      ? reply(checked)
      : errorMessage(null, ProtocolErrorCode.InvalidRequest, "Invalid Request: the response is not one JSON-RPC 2.0 response.");
  }

  function take(line: StdioLine): void {
    let refusal: string | null = null;
    if ("overlong" in line) {
      refusal = errorMessage(
        null,
        ProtocolErrorCode.InvalidRequest,
        `Invalid Request: a message is at most ${options.maxLineBytes} bytes (SANCTUARY_BODY_LIMIT); the line was passed over to its end`,
      );
    } else if (line.text.includes(LOST_CHARACTER)) {
      // Bytes that are not UTF-8 were read as U+FFFD: run, they would have stored the marks in their place. Refused as
      // HTTP refuses such a body (-32700), before anything runs (docs/behaviour.md §8, "Whole text").
      refusal = errorMessage(
        null,
        ProtocolErrorCode.ParseError,
        "Parse error: the line holds bytes that are not UTF-8 (or U+FFFD, the mark left where such bytes were read). Nothing was run; send each line as UTF-8.",
      );
    } else if (line.text.trim()) {
      let message: unknown;
      try {
        const parsed: unknown = JSON.parse(line.text);
        if (Array.isArray(parsed)) {
          track(batch(parsed).catch((error: unknown) => options.log.warn({ err: error }, "stdio batch failed")));
          return;
        }
        // A request the SDK's schema would refuse is told what is wrong, with its id (its refusal said neither).
        const read = readRequest(parsed);
        if (read instanceof MessageProblem) refusal = errorMessage(read.id, read.code, read.message);
        else message = read ?? parseJSONRPCMessage(parsed);
      } catch (error) {
        refusal =
          error instanceof SyntaxError
            ? errorMessage(
                null,
                ProtocolErrorCode.ParseError,
                "Parse error: the line is not complete JSON. Send one JSON-RPC message as a JSON object on each line.",
              )
            : errorMessage(
                null,
                ProtocolErrorCode.InvalidRequest,
                'Invalid Request: each line is one JSON-RPC 2.0 message: an object with "jsonrpc": "2.0", a method, and a string or number id',
              );
      }
      if (isObject(message)) track(answer(message).catch((error: unknown) => options.log.warn({ err: error }, "stdio message failed")));
    }
    if (refusal) {
      options.log.warn("stdio line refused");
      track(write(refusal));
    }
  }

  /** Work the connection's end waits for: every answer and refusal written before `closed` settles. */
  function track(done: Promise<void>): void {
    pending.add(done);
    void done.finally(() => pending.delete(done));
  }

  const lines = new StdioLines(options.maxLineBytes);
  const onData = (chunk: Buffer) => {
    for (const line of lines.push(chunk)) take(line);
  };
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  let ended = false;
  // The client closing stdin (or its end of stdout) ends the connection; answers in flight are still written.
  const close = async () => {
    if (ended) return;
    ended = true;
    for (const line of lines.end()) take(line);
    options.stdin.off("data", onData);
    options.stdin.off("end", close);
    options.stdin.off("close", close);
    options.stdin.pause();
    await Promise.allSettled([...pending]);
    resolveClosed();
  };
  options.stdin.on("data", onData);
  options.stdin.on("end", close);
  options.stdin.on("close", close);
  options.stdin.on("error", (error) => options.log.warn({ err: error }, "stdin failed"));
  options.stdout.on("error", (error) => {
    options.log.warn({ err: error }, "stdout failed");
    void close();
  });
  if (options.stdin.readableEnded || options.stdin.destroyed) setImmediate(close);
  return { closed, close };
}

/**
 * What the 2026-07-28 envelope asks before a request is served, as HTTP asks it (mcp-http.ts, mcp-route.ts): a revision
 * this server serves (-32022 naming them otherwise), the client's identity and capabilities (-32602 without them), and
 * no `initialize`, which that revision has no more (-32601). Null when the request may be served.
 */
function envelopeRefusal(id: Id, method: string, meta: Record<string, unknown>): string | null {
  const version = meta[PROTOCOL_VERSION_META_KEY];
  if (typeof version !== "string" || !PROTOCOL_VERSIONS.includes(version)) return unsupportedVersionMessage(id, version);
  if (version !== MODERN_PROTOCOL_VERSION) return null;
  const problem = envelopeProblem(method, meta);
  return problem ? errorMessage(id, problem.code, problem.message) : null;
}
