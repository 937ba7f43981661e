// Every call, over REST or MCP, is recorded here under its REST method and path, so listeners
// (presence counts attendance, for one) see one stream whatever the transport.
export interface AccessEntry {
  method: string;
  /** The REST path with its parameters filled in, e.g. `/api/music/first-light`. */
  path: string;
  operation: string;
  via: "rest" | "mcp";
  ip: string;
  at: Date;
  /** The validated input, without the operation's private fields. */
  input: Record<string, unknown>;
}

export type AccessListener = (entry: AccessEntry) => void | Promise<void>;

export class AccessLog {
  private listeners: Array<{ path: string | null; listener: AccessListener }> = [];

  /** Listen to every call, or only to calls of one REST path pattern's operation. */
  on(operation: string | null, listener: AccessListener): void {
    this.listeners.push({ path: operation, listener });
  }

  /** Whether anyone listens: callers skip building entries nobody reads. */
  get listening(): boolean {
    return this.listeners.length > 0;
  }

  async record(entry: AccessEntry): Promise<void> {
    for (const { path, listener } of this.listeners) {
      if (path === null || path === entry.operation) await listener(entry);
    }
  }
}
