// The status line's reason phrase. A web Response's statusText is "" unless its maker names one, and srvx hands
// that "" to Node's writeHead, which sends it as given: "HTTP/1.1 200 " with nothing after the code. HTTP/1.1 allows
// that, but uptime monitors and people reading `curl -i` look for "200 OK", so the server's responses fill the
// phrase in from Node's table where their maker left it empty (through http.createServer's ServerResponse option).
import { ServerResponse, STATUS_CODES, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from "node:http";

type HeadersGiven = OutgoingHttpHeaders | OutgoingHttpHeader[];

/** The reason phrase to send: the one given, or the status's usual phrase when the given one is empty. */
export function reasonPhrase(status: number, given: string): string {
  return given === "" ? (STATUS_CODES[status] ?? "") : given;
}

/** Node's ServerResponse, but an empty reason phrase becomes the status's usual one ("200 OK", "404 Not Found"). */
export class ServerResponseWithReason<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override writeHead(status: number, reasonOrHeaders?: string | HeadersGiven, headers?: HeadersGiven): this {
    if (typeof reasonOrHeaders === "string") return super.writeHead(status, reasonPhrase(status, reasonOrHeaders), headers);
    return super.writeHead(status, reasonOrHeaders);
  }
}
