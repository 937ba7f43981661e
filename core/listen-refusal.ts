// A listen the system refused, said with the setting to change: Node's own message ("listen EADDRINUSE: address
// already in use 127.0.0.1:8080", "getaddrinfo ENOTFOUND 999.1.1.1") names the error but not what to do.

/** `error` from listening on `host`:`port`, with what to change appended (the system's code kept first). */
export function listenRefusal(error: unknown, host: string, port: number): Error {
  const code = error !== null && typeof error === "object" && "code" in error ? String(error.code) : "";
  const said = error instanceof Error ? error.message : String(error);
  const remedy = REMEDIES[code]?.(host, port);
  return remedy ? new Error(`${said}: ${remedy}`, { cause: error }) : error instanceof Error ? error : new Error(said);
}

const ALL_OR_LOCAL = "0.0.0.0 for every interface, 127.0.0.1 for this machine alone";

const REMEDIES: Record<string, (host: string, port: number) => string> = {
  EADDRINUSE: (_host, port) => `another process is listening on port ${port}; stop it, or set PORT to a free port`,
  EACCES: (_host, port) => `this process may not listen on port ${port} (ports below 1024 need privileges); set PORT to 1024 or above`,
  EADDRNOTAVAIL: (host) => `no network interface of this machine has the address ${host}; set HOST to one it has (${ALL_OR_LOCAL})`,
  ENOTFOUND: (host) => `HOST=${host} is neither an address nor a name this machine resolves; set HOST to an address (${ALL_OR_LOCAL})`,
  EAI_AGAIN: (host) => `the name ${host} could not be resolved now; set HOST to an address (${ALL_OR_LOCAL})`,
};
