// POST /mcp: Streamable HTTP for both protocol eras from one stateless endpoint. A well-formed request of either
// era (mcp-route.ts says which) is answered by the stateless dispatch made once per process (mcp-dispatch.ts);
// whatever else arrives (headers that disagree with the body, an unknown revision or method) goes to the SDK's own
// entry, which refuses or serves it in its words. A batch is refused from 2025-06-18 on, and a 2025-03-26 one answered
// message by message, each as if sent alone. Around all: the Host guard on a loopback listener, a bounded body read,
// -32700 for a body that is not JSON, a lenient Accept (missing or */* is served JSON), and 405 for GET and DELETE.
import {
  WebStandardStreamableHTTPServerTransport,
  createMcpHandler,
  PROTOCOL_VERSION_META_KEY,
  isLegacyRequest,
  type McpHttpHandler,
} from "@modelcontextprotocol/server";
import type { H3Event } from "h3";
import { SanctuaryError } from "../core/errors.ts";
import { bytesOf, type Bytes } from "../core/json.ts";
import type { Route } from "../core/route.ts";
import type { Operation } from "../tools/operation.ts";
import type { AdapterContext } from "./context.ts";
import { answered, rpcError, rpcErrorText, sdkRequest, settled } from "./mcp-http-answers.ts";
import { JSON_RPC_ANSWER, JSON_RPC_REQUEST } from "./openapi-answers.ts";
import { noteRequest, noteTwin } from "./request-log.ts";
import { acceptFor, hostnameOf } from "./mcp-host.ts";
import { rpcNote } from "./mcp-note.ts";
import { MAX_DEPTH, baseUrlOf, clientIp, depthOf, errorResponse, readText, stepsFor } from "./http.ts";
import { createMcpServer } from "./mcp.ts";
import type { McpCaller } from "./mcp-caller.ts";
import type { McpDispatch } from "./mcp-dispatch.ts";
import { protocolVersionOf, reasonOf, refusalLog } from "./mcp-refusals.ts";
import { MessageProblem, idOf, readRequest } from "./jsonrpc-message.ts";
import { BATCHES_ENDED, MAX_BATCH, batchlessRevision, modernEnvelopeRefusal, routeOf, type McpRoute } from "./mcp-route.ts";
import { errorResult } from "./mcp-tools.ts";
import { PROTOCOL_VERSIONS, isObject, resultMessage, resultPieces, unsupportedVersionMessage } from "./mcp-wire.ts";

/**
 * Revisions a request may name: both eras' (mcp-wire.ts), the ones -32022 lists. The SDK's entry would also take
 * 2024-11-05 and 2024-10-07, which had no Streamable HTTP and which initialize never agrees to here.
 */
const SERVED_VERSIONS = new Set(PROTOCOL_VERSIONS);

/**
 * 400 with UnsupportedProtocolVersionError (-32022, 2026-07-28 "Versioning") when the request names a revision this
 * server does not serve, in its envelope or its header: `data.supported` lets a client of a newer revision retry with
 * one of ours rather than fall back to the 2025 handshake. Null when both are served or absent.
 */
function unsupportedVersion(body: unknown, header: string | null): Response | null {
  const meta = isObject(body) && isObject(body.params) && isObject(body.params._meta) ? body.params._meta[PROTOCOL_VERSION_META_KEY] : undefined;
  const requested = typeof meta === "string" && !SERVED_VERSIONS.has(meta) ? meta : header !== null && !SERVED_VERSIONS.has(header) ? header : null;
  if (requested === null) return null;
  return new Response(unsupportedVersionMessage(isObject(body) ? idOf(body) : null, requested), {
    status: 400,
    headers: { "content-type": "application/json" },
  });
}

export interface McpHttpOptions {
  /** Host names accepted; null accepts any (mcp-host.ts allowedHostsFor). */
  allowedHosts: string[] | null;
}

function createMcpHttp(operations: Operation[], dispatch: McpDispatch, app: AdapterContext, options: McpHttpOptions) {
  // The SDK's entry, for what the dispatch leaves to it (rare: mostly refusals): a handler and a server per
  // request, so the caller is handed to the server that serves it rather than looked up beside the request.
  const modern = (json: boolean, caller: McpCaller, base: string): McpHttpHandler =>
    createMcpHandler(() => createMcpServer(dispatch, caller, base), {
      legacy: "reject",
      // "auto" answers with one JSON body unless a handler sends a message before its result, which ours never do.
      responseMode: json ? "auto" : "sse",
      maxRequestBodySize: app.config.bodyLimit,
    });

  const hostRefused = (event: H3Event) => {
    if (!options.allowedHosts) return null;
    const host = event.req.headers.get("host");
    if (host && options.allowedHosts.includes(hostnameOf(host))) return null;
    return rpcError(
      403,
      -32000,
      `Forbidden: this server listens on a loopback address and answers only for ${options.allowedHosts.join(", ")} (Host was ${host ?? "missing"}).`,
    );
  };

  const noteRefusal = refusalLog(app.log);
  /** Any answer of 400 or more is a refused client: one log line per kind (see mcp-refusals.ts). */
  async function noted(event: H3Event, response: Response, body?: unknown): Promise<Response> {
    if (response.status < 400) return response;
    const headers = event.req.headers;
    noteRefusal({
      status: response.status,
      reason: (await reasonOf(response)) ?? response.statusText ?? String(response.status),
      userAgent: headers.get("user-agent") ?? "none",
      protocolVersion: protocolVersionOf(headers, body),
    });
    return response;
  }

  const toolNames = new Set(operations.flatMap((op) => (op.mcp ? [op.mcp.tool] : [])));
  async function post(event: H3Event): Promise<Response> {
    const seen: { body?: unknown } = {};
    const response = await serve(event, seen);
    // An answer below 400 (nearly all of them) is returned as it is, without another promise.
    return response.status < 400 ? response : noted(event, response, seen.body);
  }

  async function serve(event: H3Event, seen: { body?: unknown }): Promise<Response> {
    const refused = hostRefused(event);
    if (refused) return refused;
    let text: string;
    try {
      text = await readText(event, app.config.bodyLimit);
    } catch (error) {
      if (!(error instanceof SanctuaryError)) throw error;
      // The body's refusal says what to do as a REST refusal does, in the error's data (a JSON-RPC error has no other place).
      const suggestion = error.body([]).suggestion;
      return rpcError(error.status, error.kind === "too_large" ? -32600 : -32700, error.message, null, error.headers, { suggestion });
    }
    let body: unknown;
    try {
      body = seen.body = JSON.parse(text);
    } catch {
      return rpcError(400, -32700, "Parse error: the body is not complete JSON. Send one JSON-RPC message as a JSON object.");
    }
    noteRequest(event, rpcNote(body, toolNames));
    const { json } = acceptFor(event.req.headers.get("accept"));
    const baseUrl = baseUrlOf(event);
    if (!Array.isArray(body)) return one(event, body, text, json, baseUrl);
    if (depthOf(body) > MAX_DEPTH) return tooDeep(null, baseUrl, json);
    return batch(event, body, json, baseUrl);
  }

  /** One JSON-RPC message (the whole body, or one message of a 2025-03-26 batch), as `text` on the wire. */
  async function one(event: H3Event, body: unknown, text: string, json: boolean, baseUrl: string): Promise<Response> {
    // A request or notification the SDK's schema would refuse is told what is wrong, in the words stdio uses.
    const read = readRequest(body);
    if (read instanceof MessageProblem) return rpcError(400, read.code, read.message, read.id);
    const route = routeOf(body, event.req.headers);
    // A notification is never answered, however deep its params (the nesting rule below is for what is answered).
    if (route?.kind === "notification") return new Response(null, { status: 202 });
    if (depthOf(body) > MAX_DEPTH) return tooDeep(route, baseUrl, json);
    const caller: McpCaller = {
      ip: clientIp(event, app.config.trustProxy),
      baseUrl,
      transport: "http",
      client: route?.kind === "request" ? route.client : undefined,
    };
    if (route && dispatch.serves(route.method, route.params))
      return answered(
        await dispatch.answer(route.id, route.method, route.params, {
          era: route.era,
          caller,
          base: baseUrl,
          abortSignal: () => event.req.signal,
          record: (twin) => noteTwin(event, twin),
        }),
        json,
      );
    // A method of the table with params it cannot read: said here, in words (the SDK's entry would answer with a Zod dump).
    if (route?.kind === "request" && dispatch.knows(route.method)) return answered(dispatch.refuseParams(route.id, route.method), json);
    // A revision neither era serves: refused here, since the SDK's 2025 entry would list only its own revisions.
    const unsupported = unsupportedVersion(body, event.req.headers.get("mcp-protocol-version"));
    if (unsupported) return unsupported;
    // A 2026-07-28 envelope asking wrongly (an initialize, no capabilities) is told what, in the words stdio uses.
    const envelope = modernEnvelopeRefusal(body, event.req.headers);
    if (envelope) return rpcError(envelope.code === -32601 ? 404 : 400, envelope.code, envelope.message, envelope.id);
    const request = sdkRequest(event, text);
    const response = (await isLegacyRequest(request, body, { maxRequestBodySize: app.config.bodyLimit }))
      ? await legacy(request, body, json, caller, baseUrl)
      : await modern(json, caller, baseUrl).fetch(request, { parsedBody: body });
    return settled(response);
  }

  /**
   * A JSON-RPC batch. From 2025-06-18 on MCP has none (that revision's changelog removed them; the Streamable HTTP
   * page asks for one message a POST): refused whole with -32600, as is an empty batch. A 2025-03-26 batch (or one
   * naming no revision, which is 2025-03-26) is answered as JSON-RPC 2.0 asks: each message as if sent alone, one
   * answer for each request, in an array, notifications unanswered. Each answer is its own even when ids repeat: the
   * SDK's transport matched answers to requests by id, so a repeated id got one answer for two requests.
   */
  async function batch(event: H3Event, messages: unknown[], json: boolean, baseUrl: string): Promise<Response> {
    const unsupported = unsupportedVersion(messages, event.req.headers.get("mcp-protocol-version"));
    if (unsupported) return unsupported;
    const revision = batchlessRevision(messages, event.req.headers);
    if (revision !== undefined)
      return rpcError(
        400,
        -32600,
        `Invalid Request: JSON-RPC batches ended with MCP ${BATCHES_ENDED}, and this request speaks ${revision}: send one JSON-RPC message per request (each its own POST), not a batch.`,
        null,
        {},
        { suggestion: "Nothing was done. Send each message of the batch as its own POST; only a 2025-03-26 client may batch." },
      );
    if (messages.length === 0) return rpcError(400, -32600, "Invalid Request: the batch is empty; send at least one JSON-RPC message.");
    if (messages.length > MAX_BATCH)
      return rpcError(400, -32600, `Invalid Request: a batch holds at most ${MAX_BATCH} messages (this one ${messages.length}); send it in parts.`);
    const answers = await Promise.all(messages.map((message) => batchAnswer(event, message, baseUrl)));
    const pieces: Bytes[] = answers.filter((answer) => answer.byteLength > 0);
    if (pieces.length === 0) return new Response(null, { status: 202 });
    return answered(bytesOf(["[", ...pieces.flatMap((piece, i) => (i === 0 ? [piece] : [",", piece])), "]"]), json);
  }

  /** One message of a batch: its answer's JSON bytes, or none (a notification, a client's response). */
  async function batchAnswer(event: H3Event, message: unknown, baseUrl: string): Promise<Bytes> {
    const read = readRequest(message);
    if (read instanceof MessageProblem) return Buffer.from(rpcErrorText(read.code, read.message, read.id));
    // 2025-03-26 (Lifecycle): "The initialize request MUST NOT be part of a JSON-RPC batch".
    if (read?.method === "initialize")
      return Buffer.from(rpcErrorText(-32600, "Invalid Request: initialize is never part of a batch; send it as its own POST.", idOf(read)));
    // Answered as JSON (a notification's 202 has no body): the batch's own Accept decides the whole answer's form.
    const response = await one(event, message, JSON.stringify(message), true, baseUrl);
    return Buffer.from(await response.arrayBuffer());
  }

  /**
   * A message nesting deeper than any argument these tools take: a tool call gets a tool error in its era's shape
   * (its caller can read it as it reads any refused call), anything else -32600; the SDK never parses it.
   */
  function tooDeep(route: McpRoute | null, base: string, json: boolean): Response {
    if (route?.kind === "request" && route.method === "tools/call") {
      const error = new SanctuaryError("invalid", `Tool arguments nest more than ${MAX_DEPTH} levels deep.`, {
        suggestion: "Nothing happened. Every argument these tools take is at most a few levels deep.",
      });
      return answered(resultMessage(route.id, resultPieces("tools/call", errorResult(error.body(stepsFor(base).home())), route.era, base)), json);
    }
    return rpcError(400, -32600, `Invalid request: the message nests more than ${MAX_DEPTH} levels deep.`, route?.kind === "request" ? route.id : null);
  }

  /** A 2025-era request the dispatch left to the SDK: a fresh server and transport, no session. */
  async function legacy(request: Request, body: unknown, json: boolean, caller: McpCaller, base: string): Promise<Response> {
    const server = createMcpServer(dispatch, caller, base);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: json });
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: body });
    if (json) await server.close().catch(() => {});
    else
      void response
        .clone()
        .text()
        // A stream that fails must not become an unhandled rejection (which ends the process): the server closes either way.
        .catch(() => {})
        .finally(() => server.close().catch(() => {}));
    return response;
  }

  return {
    post,
    /**
     * GET and DELETE: no SSE stream to open and no session to end on a stateless endpoint (both eras: 405). A browser
     * (a GET asking for HTML) is sent to the page that explains how to connect instead.
     */
    methodNotAllowed: (event: H3Event) => {
      if (event.req.method !== "DELETE" && /\btext\/html\b/i.test(event.req.headers.get("accept") ?? ""))
        return new Response(null, { status: 303, headers: { location: `${baseUrlOf(event)}/docs/mcp` } });
      const response = errorResponse(event, "method_not_allowed", `${event.req.method} is not served at /mcp; use POST.`, {
        suggestion:
          "Nothing is wrong. This MCP endpoint is stateless: send each JSON-RPC message as its own POST; there is no stream to open and no session to end.",
      });
      response.headers.set("allow", "POST");
      return noted(event, response);
    },
  };
}

/** POST /mcp as a route (GET and DELETE are mounted beside it, answering 405). */
export function mcpRoute(
  app: AdapterContext,
  operations: Operation[],
  dispatch: McpDispatch,
  options: McpHttpOptions,
): Route & { methodNotAllowed: Route["handler"] } {
  const mcp = createMcpHttp(operations, dispatch, app, options);
  return {
    method: "POST",
    path: "/mcp",
    summary:
      "MCP endpoint (Streamable HTTP, stateless; protocol 2026-07-28 and 2025-03-26 to 2025-11-25; no authentication; eight tools, resources and prompts)",
    // One JSON message, or the same as one event of a stream for a client that accepts only text/event-stream.
    produces: ["application/json", "text/event-stream"],
    errors: ["invalid", "forbidden", "too_large"],
    errorBody: "json-rpc",
    takes: { type: "application/json", schema: JSON_RPC_REQUEST, required: true },
    answers: JSON_RPC_ANSWER,
    responses: { 202: "A notification or a response (a message without an id): accepted, no body" },
    refuses: {
      // app.ts mounts these beside the route (methodNotAllowed).
      GET: {
        why: "No stream to open: the endpoint is stateless, so GET is refused with 405 (a browser asking for HTML is sent to /docs/mcp with 303)",
        responses: { 303: "A browser (Accept: text/html) is sent to /docs/mcp, the page on connecting" },
      },
      DELETE: "No session to end: the endpoint is stateless, so DELETE is refused with 405",
    },
    handler: mcp.post,
    methodNotAllowed: mcp.methodNotAllowed,
  };
}
