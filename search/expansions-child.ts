// The child process that reads WordNet for the library's vocabulary (expansions.ts starts it): a few
// seconds of parsing that would otherwise stop the server's event loop. It answers in chunks of JSON
// lines, so the server parses them a chunk at a time between requests.
import { serveChildJob } from "../core/child-job.ts";
import { buildExpansions } from "./lexicon.ts";
import { terms } from "./text.ts";

/** Words per JSON line: each parses in a few milliseconds. */
const WORDS_PER_LINE = 2_000;

serveChildJob(async (texts: string[]) => {
  const vocabulary = new Set(texts.flatMap((t) => terms(t)));
  const entries = Object.entries(await buildExpansions(vocabulary));
  const lines: string[] = [];
  for (let i = 0; i < entries.length; i += WORDS_PER_LINE) lines.push(JSON.stringify(Object.fromEntries(entries.slice(i, i + WORDS_PER_LINE))));
  return lines.join("\n");
});
