// Who is calling over MCP, passed explicitly with every call (never looked up beside the request): the
// address rate limits count, the base links are made with, the transport, and the client's own name.
export interface McpCaller {
  ip: string;
  /** The address the caller reached, for links when no BASE_URL is configured ("" over stdio without one). */
  baseUrl: string;
  transport: "http" | "stdio";
  /** The client's name as it gave it (initialize's clientInfo or the 2026-07-28 envelope), for logs only. */
  client?: string;
}

/** The revision a message is answered in. */
export interface Era {
  version: string;
  /** 2026-07-28: results carry resultType, cache fields and the server's identity. */
  modern: boolean;
}

/** One MCP call as every method receives it. */
export interface MethodCall {
  era: Era;
  caller: McpCaller;
  /** The address links are made with: the configured BASE_URL, else the one the caller reached. */
  base: string;
  /**
   * Fires when the client cancels: over HTTP by closing its request (the 2026-07-28 cancellation page: a client
   * disconnect is the cancellation; a stateless 2025 request has no stream to resume either), over stdio by
   * notifications/cancelled. Made on first call.
   */
  abortSignal?: () => AbortSignal;
  /**
   * Over HTTP, a tool call's REST twin (`GET /api/now`) and the status it answered, added to the request's access line
   * (spec: each MCP call is recorded under its REST path); stdio writes a line of its own for each call.
   */
  record?: (twin: { rest: string; restStatus: number }) => void;
}
