// Who may reach POST /mcp and in which form: the Host names a loopback listener accepts, and the answer's form
// (JSON or an SSE stream) from the client's Accept. Pure functions over headers; mcp-http.ts applies them.

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[?::1\]?)$/i;

/** Whether a listener's host (HOST) is loopback: reached from this machine alone. */
export const isLoopbackHost = (host: string): boolean => LOOPBACK.test(host);

/**
 * Reachable from other machines with no public address set, every link in an answer takes the Host its request named,
 * whatever a client writes there: said once at the start, for the operator (docs/operating.md, "Behind a reverse proxy").
 */
export function unsetBaseUrlNotice(c: { baseUrl?: string; host: string }): string | null {
  if (c.baseUrl || isLoopbackHost(c.host)) return null;
  return "BASE_URL is unset: links in answers name the Host each request sends; set BASE_URL to the public address once others reach this server";
}

/**
 * The Host names a loopback listener accepts (DNS-rebinding protection: a page on another site that resolves its
 * name to 127.0.0.1 still sends its own name as Host), or null when the listener is not loopback and any Host goes.
 */
export function allowedHostsFor(listenHost: string, baseUrl?: string): string[] | null {
  if (!isLoopbackHost(listenHost)) return null;
  const hosts = ["localhost", "127.0.0.1", "[::1]", listenHost.toLowerCase()];
  if (baseUrl) hosts.push(new URL(baseUrl).hostname.toLowerCase());
  return [...new Set(hosts)];
}

/** The Host header's name without its port (`[::1]:3000` → `[::1]`). */
export const hostnameOf = (host: string) => host.toLowerCase().replace(/:\d+$/, "");

/** Accept as clients send it → what the SDK is shown, and whether the answer is JSON or an SSE stream. */
export function acceptFor(accept: string | null): { json: boolean } {
  const a = (accept ?? "").toLowerCase();
  const sseOnly = a.includes("text/event-stream") && !a.includes("application/json") && !a.includes("*/*");
  return { json: !sseOnly };
}
