// npx tsx scripts/ask-merge-fresh.ts <fresh.json> <covered-target.json> [<off-topic-target.json>]: once a fresh
// ask set has been run and reported, its questions join the fixtures (docs/ask-eval.md), where splitOf places
// them. Covered questions are appended to the first target, off-topic ones to the second (default
// test/fixtures/ask-off-topic.json); questions already there are skipped. It prints only counts per split,
// never a question's text: the test-split questions must stay unseen by whoever tunes ask.
import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { splitOf, type AskQuestion } from "../search/ask-eval.ts";

interface FixtureFile {
  about?: string;
  covered?: AskQuestion[];
  uncovered?: string[];
  [key: string]: unknown;
}

const [freshPath, coveredPath, offTopicPath = "test/fixtures/ask-off-topic.json"] = process.argv.slice(2);
if (!freshPath || !coveredPath) throw new Error("usage: ask-merge-fresh.ts <fresh.json> <covered-target.json> [<off-topic-target.json>]");

const readSet = async (path: string): Promise<FixtureFile> => JSON.parse(await readFile(resolve(path), "utf8")) as FixtureFile;
const key = (q: string) => q.trim().toLowerCase().replace(/\s+/g, " ");
const fresh = await readSet(freshPath);
const coveredTarget = await readSet(coveredPath).catch(() => ({ covered: [], uncovered: [] }) as FixtureFile);
const offTopicTarget = resolve(offTopicPath) === resolve(coveredPath) ? coveredTarget : await readSet(offTopicPath);

const tally = { dev: 0, test: 0, skipped: 0 };
const seen = new Set([...(coveredTarget.covered ?? []).map((c) => key(c.q)), ...(offTopicTarget.uncovered ?? []).map(key)]);
const add = <T>(list: T[], item: T, q: string) => {
  if (seen.has(key(q))) return void (tally.skipped += 1);
  seen.add(key(q));
  list.push(item);
  tally[splitOf(q)] += 1;
};
coveredTarget.covered ??= [];
offTopicTarget.uncovered ??= [];
for (const c of fresh.covered ?? []) add(coveredTarget.covered, c, c.q);
const coveredTally = { ...tally };
for (const q of fresh.uncovered ?? []) add(offTopicTarget.uncovered, q, q);

await writeFile(resolve(coveredPath), `${JSON.stringify(coveredTarget, null, 2)}\n`);
if (offTopicTarget !== coveredTarget) await writeFile(resolve(offTopicPath), `${JSON.stringify(offTopicTarget, null, 2)}\n`);
console.log(`covered: ${coveredTally.dev} dev, ${coveredTally.test} test, ${coveredTally.skipped} already there`);
console.log(`off-topic: ${tally.dev - coveredTally.dev} dev, ${tally.test - coveredTally.test} test, ${tally.skipped - coveredTally.skipped} already there`);
