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
      for (const socket of quiet(performance.now())) socket.destroy();
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

/**
 * The watched connections that answer nothing and have read nothing more for STALLED_MS (a client connected and
 * silent, or stopped halfway through a request's headers), asked at each pass of a drain. A connection being sent
 * a request's bytes is left while they keep coming, until it becomes a request or the grace ends.
 */
function stalledConnections(server: Server): (now: number) => Socket[] {
  const seen = new Map<Socket, { bytes: number; since: number }>();
  return (now) => {
    const stalled: Socket[] = [];
    for (const socket of openConnections.get(server) ?? []) {
      // Node's HTTP server holds the response being written on its socket until it ends (an internal, long stable).
      if (Reflect.get(socket, "_httpMessage") != null) {
        seen.delete(socket);
        continue;
      }
      const last = seen.get(socket);
      if (!last || last.bytes !== socket.bytesRead) seen.set(socket, { bytes: socket.bytesRead, since: now });
      else if (now - last.since >= STALLED_MS) stalled.push(socket);
    }
    return stalled;
  };
}
