// The stateless MCP dispatch both transports share: one JSON-RPC request in, its answer out as text. The method
// table is made once per process (adapters/mcp-methods.ts); answers that never change are encoded once per era
// and address. Nothing here knows a transport: HTTP and stdio say who calls and in which era (McpCaller, Era).
import { ProtocolErrorCode, type HandlerResultTypeMap } from "@modelcontextprotocol/server";
import { BoundedMemo } from "../core/memo.ts";
import type { Operation } from "../tools/operation.ts";
import type { AdapterContext } from "./context.ts";
import type { MethodCall } from "./mcp-caller.ts";
import type { Logger } from "../core/logger.ts";
import { asProtocolError, contextFreeMethods, createMcpMethods, invalidParamsMessage, type Method, type Params, type StandardMethod } from "./mcp-methods.ts";
import { bytesOf, type Bytes } from "../core/json.ts";
import { RawJson, errorMessage, resultMessage, resultPieces, type Id } from "./mcp-wire.ts";

export interface McpDispatch {
  /** Whether the table answers this method with these params (else the SDK refuses the message in its own words). */
  serves(method: string, params: Params): boolean;
  /** Whether the method is one of the table's (its params aside). */
  knows(method: string): boolean;
  /** -32602 for a method the table knows, given params it cannot read, saying what they must be. */
  refuseParams(id: Id, method: string): Bytes;
  /** The whole JSON-RPC answer to one request, as UTF-8 bytes. Never throws: a failure is a JSON-RPC error. */
  answer(id: Id, method: string, params: Params, call: MethodCall): Promise<Bytes>;
  /** The bare result of a standard method, typed as the SDK's entry (adapters/mcp.ts) takes it; it adds the era's fields itself. */
  result<M extends StandardMethod>(method: M, params: Params, call: MethodCall): Promise<HandlerResultTypeMap[M]>;
}

/** What a transport answers its messages with (the SDK's entry, HTTP's fallback, also asks `result`). */
export type MethodDispatch = Omit<McpDispatch, "result">;

export function createMcpDispatch(operations: Operation[], app: AdapterContext): McpDispatch {
  const { all, standard } = createMcpMethods(operations, app);
  return {
    ...methodDispatch(all, app.log),
    async result(method, params, call) {
      // Params the table cannot read are refused by `method`'s reader (InvalidParams), as the dispatch refuses them.
      const result = await standard[method].answer(params, call);
      // A tool call's result arrives as the bytes REST writes: read back here, the one parse boundary of this path.
      return result instanceof RawJson ? JSON.parse(result.text) : result;
    },
  };
}

/**
 * The methods that need no services (the handshake, discover, the tool, prompt and template lists, ping), answered
 * while the services start: stdio's first answers need not wait for the library and the store (adapters/mcp-stdio.ts).
 */
export function contextFreeDispatch(operations: Operation[], log: Logger): MethodDispatch {
  return methodDispatch(new Map<string, Method>(Object.entries(contextFreeMethods(operations))), log);
}

function methodDispatch(methods: ReadonlyMap<string, Method>, log: Logger): MethodDispatch {
  // Per method, era and address: a handful of entries (two eras, the addresses callers use).
  const ready = new BoundedMemo<Bytes>(64);
  // And whole answers to them for the first ids: clients number their requests from 0 or 1, so most answers to a fixed
  // method repeat one already sent, byte for byte, where each had copied the result (16 KB for tools/list) into a
  // new buffer. Other ids (a UUID per request) are answered as before and never kept. At most 128 × 16 KB.
  const repeated = new BoundedMemo<Bytes>(128);
  const failed = (id: Id, code: number, message: string, data?: unknown) => Buffer.from(errorMessage(id, code, message, data), "utf8");
  return {
    serves: (method, params) => methods.get(method)?.accepts(params) ?? false,
    knows: (method) => methods.has(method),
    refuseParams: (id, method) => failed(id, ProtocolErrorCode.InvalidParams, invalidParamsMessage(method)),
    async answer(id, method, params, call) {
      const entry = methods.get(method);
      if (!entry) return failed(id, ProtocolErrorCode.MethodNotFound, "Method not found");
      try {
        if (entry.fixed) {
          // Encoded once: each answer copies these bytes between its id and its closing brace.
          const key = `${method} ${call.era.version} ${call.base}`;
          const bytes = ready.get(key, () => {
            const result = entry.answer(params, call);
            if (result instanceof Promise) throw new Error(`${method} is marked fixed but answers asynchronously`);
            return bytesOf(resultPieces(method, result, call.era, call.base));
          });
          if (!isFirstId(id)) return resultMessage(id, [bytes]);
          return repeated.get(`${key} ${id}`, () => resultMessage(id, [bytes]));
        }
        return resultMessage(id, resultPieces(method, await entry.answer(params, call), call.era, call.base));
      } catch (error) {
        const refusal = asProtocolError(error);
        if (refusal.code === ProtocolErrorCode.InternalError) log.error({ err: error, method }, "MCP method failed");
        return failed(id, refusal.code, refusal.message, refusal.data);
      }
    },
  };
}

/** The ids whose answers to a fixed method are kept: a client's first few requests (JSON-RPC ids counted from 0 or 1). */
export const isFirstId = (id: Id): id is number => typeof id === "number" && Number.isInteger(id) && id >= 0 && id < 64;
