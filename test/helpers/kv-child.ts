// Another process for the storage tests: opens the backend given as JSON, then either counts (increments
// one counter and updates one JSON value `count` times each, printing the numbers its increments returned)
// or, with count "forever", writes keys one after another and prints each key once its write is acknowledged
// (with "visits", records visits as attend does and prints each name once it is counted).
import { PresenceStore } from "../../services/presence.ts";
import { openKeyValueStore } from "../../storage/index.ts";

const [backend, key, count] = process.argv.slice(2);
const kv = openKeyValueStore(JSON.parse(backend));
if (count === "forever") {
  for (let i = 0; ; i++) {
    // Several writes in flight at once, so acknowledgements come from group commits too.
    await Promise.all([0, 1, 2, 3].map((j) => kv.set(`${key}:${i}-${j}`, { i, j }).then(() => process.stdout.write(`${key}:${i}-${j}\n`))));
  }
}
if (count === "visits") {
  // Presence as attend records it: each name printed once its visit is acknowledged as counted.
  const presence = new PresenceStore(kv);
  for (let i = 0; ; i++) {
    await Promise.all(
      [0, 1, 2, 3].map((j) => presence.record(`${key}-${i}-${j}`, new Date()).then((counted) => counted && process.stdout.write(`${key}-${i}-${j}\n`))),
    );
  }
}
const numbers: number[] = [];
for (let i = 0; i < Number(count); i++) {
  numbers.push(await kv.increment(`${key}:counter`));
  await kv.update<{ n: number }>(`${key}:document`, (doc) => ({ n: (doc?.n ?? 0) + 1 }));
}
await kv.close();
process.stdout.write(JSON.stringify(numbers));
