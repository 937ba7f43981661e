// What one family of keys holds, checked where it is read: a Zod schema per family (conversations, service
// records, rate-limit windows, ...), kept beside the type it checks in the layer that owns it, so
// `KeyValueStore.read` returns only a value it checked. A value that does not match (a hand-edited row, a
// half-migrated layout) is refused or read as missing, as its family says:
// - refused (the default): a named error with its key and the schema's complaint as the cause; the operation
//   answers 500 and logs it, never serves what it could not read, and the process lives on;
// - missing: for what is rebuilt or taken again when absent (indexes, claims, counters, windows), where a
//   500 on every read would be worse than the gap; warned once per key, as a torn JSON value is read as
//   missing by every engine (storage/engine.ts decodeStored).
import type { z } from "zod";
import { storageDamage } from "./engine.ts";

export type IfCorrupt = "refuse" | "missing";

export interface KeyFamily<T> {
  /** Said in errors and logs: what the family's values are. */
  readonly name: string;
  readonly schema: z.ZodType<T>;
  readonly ifCorrupt: IfCorrupt;
  /**
   * Checked values by the object the engine handed back: an engine that caches reads (SQLite) returns the same
   * object until the key is written again, and stored values are never mutated, so each is checked once.
   */
  readonly checked: WeakMap<object, T>;
}

export const keyFamily = <T>(name: string, schema: z.ZodType<T>, options: { ifCorrupt?: IfCorrupt } = {}): KeyFamily<T> => ({
  name,
  schema,
  ifCorrupt: options.ifCorrupt ?? "refuse",
  checked: new WeakMap(),
});

export class CorruptValue extends Error {
  constructor(
    readonly family: string,
    readonly key: string,
    cause: z.ZodError,
  ) {
    const issue = cause.issues[0];
    const where = issue?.path.length ? ` (at ${issue.path.join(".")})` : "";
    super(`The value stored at ${key} is not a readable ${family}: ${issue?.message ?? "it does not match its schema"}${where}`, { cause });
    this.name = "CorruptValue";
  }
}

/** Keys already warned about, so a value read on every request is named once, not once a request. */
const warned = new Set<string>();

function warnOnce(error: CorruptValue): void {
  if (warned.has(error.key)) return;
  if (warned.size >= 1000) warned.clear();
  warned.add(error.key);
  storageDamage.report(`${error.message}; it is treated as missing`);
}

/**
 * A stored value (null: absent) as its family's type: null when absent or read as missing, else checked or
 * `CorruptValue`. `shared`: the engine hands back the same object until the key is written, so the check is
 * remembered by it; an engine that decodes afresh would pay more for the WeakMap (~2 µs) than for the check.
 */
export function checkStored<T>(family: KeyFamily<T>, key: string, value: unknown, shared = false): T | null {
  if (value === null || value === undefined) return null;
  const object = shared && typeof value === "object" ? value : null;
  if (object) {
    const hit = family.checked.get(object);
    if (hit !== undefined) return hit;
  }
  const checked = family.schema.safeParse(value);
  if (checked.success) {
    if (object) family.checked.set(object, checked.data);
    return checked.data;
  }
  const error = new CorruptValue(family.name, key, checked.error);
  if (family.ifCorrupt === "refuse") throw error;
  warnOnce(error);
  return null;
}
