// The string options of an operator's command (backup, restore), read with parseArgs: a mistyped argument is one
// line naming the mistake and the usage, and exit 2, where parseArgs's TypeError printed Node's stack trace.
import { parseArgs } from "node:util";

export function stringOptions<K extends string>(command: string, usage: string, names: readonly K[]): Partial<Record<K, string>> {
  const options = Object.fromEntries(names.map((name) => [name, { type: "string" as const }]));
  try {
    // Parsed: every option is a string one, so each value is a string or absent.
    return parseArgs({ options }).values as Partial<Record<K, string>>;
  } catch (error) {
    console.error(`${command}: ${(error as Error).message}; ${usage}`);
    process.exit(2);
  }
}
