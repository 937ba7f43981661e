// Which sockets a parser refusal answered (adapters/client-errors.ts), read by the access line (request-log.ts):
// a module of its own, since the refusal's answer is built from http.ts, which leads back to the request log.

/** The status each refused socket was answered with: a request begun on it (a 408 mid-body) is logged with it. */
const refusedSockets = new WeakMap<object, number>();

export function noteRefusal(socket: object, status: number): void {
  refusedSockets.set(socket, status);
}

/** The status a parser refusal sent on `socket`, if one did: the access line's status for the request it cut short. */
export function refusalStatusOf(socket: object | null | undefined): number | undefined {
  return socket ? refusedSockets.get(socket) : undefined;
}
