// Closing an HTTP server without cutting anyone off: stop accepting, let the requests already in flight
// finish (bounded), close keep-alive connections as they fall idle, and only then cut what is left.
import type { Server } from "node:http";
import type { Socket } from "node:net";

/** Node's own default (5 s) is shorter than most proxies' idle timeouts (nginx 60 s, AWS ALB 60 s): a
 * proxy reusing a connection the server has just closed gets a reset. Ours outlasts them. */
export const KEEP_ALIVE_TIMEOUT_MS = 75_000;

/** The longest a shutdown waits for requests in flight before closing their connections. */
export const DRAIN_GRACE_MS = 10_000;

/** How long a drain leaves a connection that is sending no request and has sent nothing more meanwhile. */
export const STALLED_MS = 1_000;

/**
 * How long a drain waits on a request whose body has stopped arriving before answering it 408, as its request time
 * limit would have: `close()` stops Node's check of that limit too, so such a client held every shutdown to its grace
 * and was cut without an answer (an operator's report). Longer than STALLED_MS: a body may pause between its parts.
 */
export const STALLED_BODY_MS = 3_000;

/** The connections of each watched server, from its first: a drain finds those that are not answering anything. */
const openConnections = new WeakMap<Server, Set<Socket>>();

/**
 * Keeps the server's open connections (per connection, never per request), so a drain can close those that have
 * begun no request: Node's closeIdleConnections leaves a connection that has sent nothing yet, or half a request's
 * headers, and `close()` stops the check that would time them out, so one such client held every shutdown to its
 * grace and was reported as a request in flight.
 */
export function watchConnections(server: Server): void {
  const open = new Set<Socket>();
  openConnections.set(server, open);
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  });
}

/** Resolves true when every connection ended by itself, false when the grace ran out and the rest were cut. */
export function drain(server: Server, graceMs = DRAIN_GRACE_MS): Promise<boolean> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve(true);
    let cut = false;
    const quiet = stalledConnections(server);
    // An idle keep-alive connection would otherwise hold close() open until its client sends again; a
    // connection whose response is still being written becomes idle when it ends and is closed on the next pass.
    const pass = () => {
      server.closeIdleConnections();
      const { silent, stalledBodies } = quiet(performance.now());
      for (const socket of silent) socket.destroy();
      // Answered as Node answers a request past its time limit: the server's clientError listener (or Node's own 408).
      for (const socket of stalledBodies) if (!server.emit("clientError", requestTimeout(), socket)) socket.destroy();
    };
    const idle = setInterval(pass, 50);
    const deadline = setTimeout(() => {
      cut = true;
      server.closeAllConnections();
    }, graceMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(deadline);
      resolve(!cut);
    });
    pass();
  });
}

/** The error Node gives a request past its time limit, by its code (adapters/client-errors.ts answers it). */
const requestTimeout = () => Object.assign(new Error("request did not arrive in time"), { code: "ERR_HTTP_REQUEST_TIMEOUT" });

/**
 * The watched connections that have read nothing more for a while, asked at each pass of a drain: `silent`, those
 * answering nothing for STALLED_MS (a client connected and silent, or stopped halfway through a request's headers);
 * `stalledBodies`, those whose request's body stopped arriving STALLED_BODY_MS ago. A connection still being sent
 * bytes is left while they keep coming, until its request is whole or the grace ends.
 */
function stalledConnections(server: Server): (now: number) => { silent: Socket[]; stalledBodies: Socket[] } {
  const seen = new Map<Socket, { bytes: number; since: number }>();
  /** Requests already answered 408: their sockets close once the answer is written. */
  const timedOut = new WeakSet<Socket>();
  return (now) => {
    const silent: Socket[] = [];
    const stalledBodies: Socket[] = [];
    for (const socket of openConnections.get(server) ?? []) {
      // Node's HTTP server holds the response being written on its socket until it ends (an internal, long stable);
      // the response names its request, whose `complete` says whether the body has all arrived.
      const response: unknown = Reflect.get(socket, "_httpMessage");
      const request: unknown = response == null ? null : Reflect.get(response, "req");
      if (response != null && (request == null || Reflect.get(request, "complete") !== false)) {
        seen.delete(socket);
        continue;
      }
      if (timedOut.has(socket)) continue;
      const last = seen.get(socket);
      if (!last || last.bytes !== socket.bytesRead) seen.set(socket, { bytes: socket.bytesRead, since: now });
      else if (response == null && now - last.since >= STALLED_MS) silent.push(socket);
      else if (response != null && now - last.since >= STALLED_BODY_MS) {
        timedOut.add(socket);
        stalledBodies.push(socket);
      }
    }
    return { silent, stalledBodies };
  };
}
