// What one family of keys holds, checked where it is read: a Zod schema per family (conversations, their
// sessions, ...), so `KeyValueStore.read` returns only a value it checked. A value that does not match (a
// hand-edited row, a half-migrated layout) is a named error with its key and the schema's complaint as the
// cause: the operation answers 500 and logs it, never serves what it could not read, and the process lives on.
import type { z } from "zod";

export interface KeyFamily<T> {
  /** Said in errors and logs: what the family's values are. */
  readonly name: string;
  readonly schema: z.ZodType<T>;
}

export const keyFamily = <T>(name: string, schema: z.ZodType<T>): KeyFamily<T> => ({ name, schema });

export class CorruptValue extends Error {
  constructor(
    readonly family: string,
    readonly key: string,
    cause: z.ZodError,
  ) {
    super(`The value stored at ${key} is not a readable ${family}: ${cause.issues[0]?.message ?? "it does not match its schema"}`, { cause });
    this.name = "CorruptValue";
  }
}
