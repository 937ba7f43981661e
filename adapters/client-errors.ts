// What answers a request Node's parser refused before any route saw it (a request line or headers past Node's 16 KB,
// a request that did not arrive in time, bytes that are not HTTP): the shared error shape, as every refusal, where
// Node alone would send a bare status line with no body.
import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import { SanctuaryError, type ErrorKind } from "../core/errors.ts";
import { COMMON_HEADERS } from "./headers.ts";
import { stepsFor } from "./http.ts";
import { noteRefusal } from "./refused-sockets.ts";

interface Refusal {
  status: number;
  reason: string;
  kind: ErrorKind;
  error: string;
  suggestion: string;
}

/** Node's own choice of status per parser error (llhttp's `HPE_*`, Node's `ERR_HTTP_*`), in the error shape's words. */
const REFUSALS: Readonly<Record<string, Refusal>> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: "Request Header Fields Too Large",
    kind: "too_large",
    error: "The request's address and headers are longer than this server reads (16 KB in all).",
    suggestion:
      "Nothing was read or stored. Send long text in a POST body rather than the address (a search's `q` takes up to 300 characters, a question up to 500), and fewer or shorter headers.",
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: "Request Timeout",
    kind: "invalid",
    error: "The request did not arrive in time: its headers and body must come within 8 seconds.",
    suggestion: "Nothing was stored. Send the request again, whole.",
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    reason: "Payload Too Large",
    kind: "too_large",
    error: "The request's chunk extensions are longer than this server reads.",
    suggestion: "Nothing was stored. Send the body without chunk extensions.",
  },
};

/** The refusal for a parser error's code; any other code is bytes that are not an HTTP/1.1 request (400). */
export function clientRefusal(code: string | undefined): Refusal {
  if (code !== undefined && Object.hasOwn(REFUSALS, code)) return REFUSALS[code];
  return {
    status: 400,
    reason: "Bad Request",
    kind: "invalid",
    error: `This is not an HTTP/1.1 request the server can read${code ? ` (${code})` : ""}.`,
    suggestion: "Nothing was read or stored. Send a well-formed HTTP/1.1 request; GET /api lists every endpoint.",
  };
}

/** The whole HTTP response for a refusal, written straight to the socket (no request or response object exists). */
export function clientRefusalBytes(refusal: Refusal, baseUrl: string): Buffer {
  const error = new SanctuaryError(refusal.kind, refusal.error, { suggestion: refusal.suggestion });
  const body = Buffer.from(JSON.stringify(error.body(stepsFor(baseUrl).home())), "utf8");
  // The common headers every answer carries (CORS for any origin among them), so a page elsewhere can read why.
  const common = Object.entries(COMMON_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  const head =
    `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\n` +
    "Content-Type: application/json; charset=utf-8\r\n" +
    `Content-Length: ${body.length}\r\n` +
    `Cache-Control: no-store\r\n${common}Connection: close\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, "latin1"), body]);
}

/**
 * Answers the parser's refusals in the error shape, then lets the socket go once the answer is written; a socket
 * already reset or closed is only destroyed.
 */
export function answerClientErrors(server: Server, baseUrl: string): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const refusal = clientRefusal(error.code);
    noteRefusal(socket, refusal.status);
    // end() alone half-closes: a client that keeps its side open (a stalled body's, after its 408) would keep the
    // connection, and the request begun on it, alive until it left, holding every shutdown for the whole grace and
    // its access line until then. Connection: close said nothing more comes, as Node's own refusal destroys it.
    socket.end(clientRefusalBytes(refusal, baseUrl), () => socket.destroy());
  });
}
