// The end of the event loop's turn (its check phase, after the I/O callbacks): one immediate shared by all that waits
// for it. The group commit runs there (storage/sqlite-batch.ts), and an answer finished during the turn it was asked
// in is written there with the others (adapters/headers.ts). Written one by one, each answer's write woke the idle
// client for itself, and in a virtual machine a wake-up is dear: a distinct search's 3.4 KB write cost three times a
// cheap route's 7 KB (docs/performance.md, issue #35); written together, the client is woken once for the turn.
let waiting: Array<() => void> | null = null;
let ended = 0;
let shared: Promise<void> | null = null;

/** Runs `callback` at the end of this turn, after the callbacks asked for before it. */
export function atTurnEnd(callback: () => void): void {
  if (!waiting) {
    waiting = [];
    setImmediate(endTurn);
  }
  waiting.push(callback);
}

// Callbacks do not throw: the group commit settles its own failures, and a promise's resolve never throws.
function endTurn(): void {
  const callbacks = waiting ?? [];
  waiting = null;
  ended++;
  for (const callback of callbacks) callback();
}

/** How many turn ends have run. Read twice and the same: the reader is still in the turn it first read it in. */
export function turnsEnded(): number {
  return ended;
}

/** Settles at the end of this turn (one promise for all who ask in it). */
export function turnEnd(): Promise<void> {
  return (shared ??= new Promise((resolve) =>
    atTurnEnd(() => {
      shared = null;
      resolve();
    }),
  ));
}

/**
 * Settles once the event loop has read what arrived meanwhile: a turn to end this one, a turn whose poll reads what
 * came in (a stdio line, a socket's end), and a turn for the close callbacks that end makes. Work that ran without
 * giving way (ask with no language model) learns so of a cancellation or a closed request that came while it ran.
 */
export async function afterWaitingInput(): Promise<void> {
  for (let turn = 0; turn < 3; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
}
