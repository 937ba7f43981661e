// npx tsx scripts/ask-stray-quotes.ts answers.jsonl [--show]: of the answers eval-ask.ts --answers wrote that carry
// their facts, how many quoted passages carry none of the question's facts and none of its content words (stems):
// the stray quotes readers flag beside a good one (issue #41). Off-topic and uncarried answers are left out.
import { readFileSync } from "node:fs";
import { holds } from "../search/ask-eval.ts";
import { askTerms } from "../search/text.ts";

interface Answered {
  q: string;
  facts?: string[];
  answer: string;
  strict: boolean;
  offTopic?: boolean;
}

/** The quoted passages of an answer, each without its attribution line. */
const quotesOf = (answer: string): string[] =>
  answer
    .split(/\n\s*\n/)
    .filter((block) => block.startsWith(">"))
    .map((block) =>
      block
        .split("\n")
        .filter((line) => !/^>\s*—/.test(line))
        .join(" "),
    );

/** The passages of a carried answer that hold none of its facts and share no content word with its question. */
function strayQuotes(a: Answered): string[] {
  const asked = new Set(askTerms(a.q));
  return quotesOf(a.answer).filter((quote) => !(a.facts ?? []).some((f) => holds(quote, f)) && !askTerms(quote).some((t) => asked.has(t)));
}

const file = process.argv[2];
if (!file) throw new Error("usage: ask-stray-quotes.ts answers.jsonl [--show]");
const carried = readFileSync(file, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Answered)
  .filter((a) => a.strict && !a.offTopic);
let quotes = 0;
let stray = 0;
let answers = 0;
for (const a of carried) {
  const found = strayQuotes(a);
  quotes += quotesOf(a.answer).length;
  stray += found.length;
  answers += found.length ? 1 : 0;
  if (process.argv.includes("--show")) for (const quote of found) console.log(`${a.q}\n    ${quote.slice(0, 200)}`);
}
console.log(`carried ${carried.length}, quotes ${quotes}, stray (no fact, no word of the question) ${stray} in ${answers} answers`);
