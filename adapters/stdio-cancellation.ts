// A stdio request's cancellation (adapters/mcp-stdio.ts): notifications/cancelled marks it, and the work that asks for
// a signal (ask, to close its request to the language model) gets one already aborted if the cancellation came first.
/**
 * Its AbortController is made only when the work asks for a signal (`ask` does; most work never does): made for
 * every request, a controller and its signal were some 7% of a stdio call's CPU (docs/performance.md).
 */
export class StdioCancellation {
  cancelled = false;
  private controller: AbortController | null = null;

  cancel(): void {
    this.cancelled = true;
    this.controller?.abort();
  }

  signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.cancelled) this.controller.abort();
    }
    return this.controller.signal;
  }
}
