// A second (and third) process for the storage tests: opens the backend given as JSON, increments one
// counter and updates one JSON value `count` times each, and prints the numbers its increments returned.
import { openKeyValueStore } from "../../storage/index.ts";

const [backend, key, count] = process.argv.slice(2);
const kv = openKeyValueStore(JSON.parse(backend));
const numbers: number[] = [];
for (let i = 0; i < Number(count); i++) {
  numbers.push(await kv.increment(`${key}:counter`));
  await kv.update<{ n: number }>(`${key}:document`, (doc) => ({ n: (doc?.n ?? 0) + 1 }));
}
await kv.close();
process.stdout.write(JSON.stringify(numbers));
