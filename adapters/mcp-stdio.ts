// MCP over stdio: the SDK's stdio transport frames the messages (one JSON-RPC message a line), and the same
// stateless dispatch as HTTP answers them (adapters/mcp-dispatch.ts). A connection is one client: the 2025
// handshake's version and client name are kept for its later requests; a message carrying the 2026-07-28
// envelope is answered in that revision whatever came before.
import type { Readable, Writable } from "node:stream";
import { CLIENT_INFO_META_KEY, ProtocolErrorCode, PROTOCOL_VERSION_META_KEY, type JSONRPCMessage } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { bytesOf, type Bytes } from "../core/json.ts";
import type { Logger } from "../core/logger.ts";
import type { McpCaller } from "./mcp-caller.ts";
import type { McpDispatch } from "./mcp-dispatch.ts";
import { LEGACY_VERSIONS, MODERN_PROTOCOL_VERSION, errorMessage, eraOf, isObject } from "./mcp-wire.ts";

export interface StdioOptions {
  stdin: Readable;
  stdout: Writable;
  /** BASE_URL when set, else "" (links are paths without a host). */
  base: string;
  log: Logger;
}

/** Serves one stdio connection until stdin ends; `closed` settles when it has (after every answer is written). */
export function serveMcpStdio(dispatch: McpDispatch, options: StdioOptions): { closed: Promise<void>; close: () => Promise<void> } {
  const transport = new StdioServerTransport(options.stdin, options.stdout);
  const caller: McpCaller = { ip: "stdio", baseUrl: options.base, transport: "stdio" };
  let negotiated = eraOf(LEGACY_VERSIONS[0]);
  const pending = new Set<Promise<void>>();
  const write = (message: string | Bytes) =>
    new Promise<void>((resolve) => {
      // One write per message: a line is never interleaved with another's.
      if (options.stdout.write(bytesOf([message, "\n"]))) resolve();
      else options.stdout.once("drain", resolve);
    });

  async function answer(message: Record<string, unknown>): Promise<void> {
    const { id, method } = message;
    // A request whose id is neither a string nor a number (null): refused as HTTP refuses it, not passed over in silence.
    if (typeof method === "string" && "id" in message && !(typeof id === "string" || typeof id === "number")) {
      await write(errorMessage(null, ProtocolErrorCode.InvalidRequest, "Invalid Request: id must be a string or a number"));
      return;
    }
    if (typeof method !== "string" || !(typeof id === "string" || typeof id === "number")) return; // notifications and responses
    const params = isObject(message.params) ? message.params : {};
    const meta = isObject(params._meta) ? params._meta : undefined;
    const modern = meta?.[PROTOCOL_VERSION_META_KEY] === MODERN_PROTOCOL_VERSION;
    if (method === "initialize" && !modern && typeof params.protocolVersion === "string") {
      negotiated = eraOf(LEGACY_VERSIONS.includes(params.protocolVersion) ? params.protocolVersion : LEGACY_VERSIONS[0]);
      if (isObject(params.clientInfo) && typeof params.clientInfo.name === "string") caller.client = params.clientInfo.name;
    }
    const clientInfo = meta?.[CLIENT_INFO_META_KEY];
    const who = modern && isObject(clientInfo) && typeof clientInfo.name === "string" ? { ...caller, client: clientInfo.name } : caller;
    if (!dispatch.serves(method, params)) {
      await write(dispatch.knows(method) ? dispatch.refuseParams(id, method) : errorMessage(id, ProtocolErrorCode.MethodNotFound, "Method not found"));
      return;
    }
    await write(await dispatch.answer(id, method, params, { era: modern ? eraOf(MODERN_PROTOCOL_VERSION) : negotiated, caller: who, base: options.base }));
  }

  transport.onmessage = (message: JSONRPCMessage) => {
    const done = answer(message as Record<string, unknown>).catch((error: unknown) => options.log.warn({ err: error }, "stdio message failed"));
    pending.add(done);
    void done.finally(() => pending.delete(done));
  };
  transport.onerror = (error) => {
    options.log.warn({ err: error }, "stdio message refused");
    // JSON that is no single JSON-RPC message (a batch, which stdio does not carry, or an id of null): answered as
    // HTTP answers it, with no id to give, rather than left unanswered. (A line that is not JSON at all the SDK's
    // framing passes over by design, as noise on the pipe.)
    if (error.name === "ZodError" || error.name === "$ZodError")
      void write(errorMessage(null, ProtocolErrorCode.InvalidRequest, "Invalid Request: a line is one JSON-RPC message (stdio carries no batches)"));
  };
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => void Promise.allSettled([...pending]).then(() => resolve());
  });
  void transport.start();
  return { closed, close: () => transport.close() };
}
