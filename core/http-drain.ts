// Closing an HTTP server without cutting anyone off: stop accepting, let the requests already in flight
// finish (bounded), close keep-alive connections as they fall idle, and only then cut what is left.
import type { Server } from "node:http";

/** Node's own default (5 s) is shorter than most proxies' idle timeouts (nginx 60 s, AWS ALB 60 s): a
 * proxy reusing a connection the server has just closed gets a reset. Ours outlasts them. */
export const KEEP_ALIVE_TIMEOUT_MS = 75_000;

/** The longest a shutdown waits for requests in flight before closing their connections. */
export const DRAIN_GRACE_MS = 10_000;

/** Resolves true when every connection ended by itself, false when the grace ran out and the rest were cut. */
export function drain(server: Server, graceMs = DRAIN_GRACE_MS): Promise<boolean> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve(true);
    let cut = false;
    // An idle keep-alive connection would otherwise hold close() open until its client sends again; a
    // connection whose response is still being written becomes idle when it ends and is closed on the next pass.
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => {
      cut = true;
      server.closeAllConnections();
    }, graceMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(deadline);
      resolve(!cut);
    });
    server.closeIdleConnections();
  });
}
