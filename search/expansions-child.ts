// The child process that reads WordNet for the library's vocabulary (expansions.ts starts it): a few
// seconds of parsing that would otherwise stop the server's event loop. It answers in chunks of JSON
// lines, so the server parses them a chunk at a time between requests.
import { setImmediate as nextTurn } from "node:timers/promises";
import { serveChildJob } from "../core/child-job.ts";
import { expansionLists } from "./wordnet.ts";
import { terms } from "./text.ts";

/** Words per JSON line: each parses in a few milliseconds. */
const WORDS_PER_LINE = 2_000;

serveChildJob(async (texts: string[]) => {
  // A text at a time: the whole library's terms in one array first cost tens of MB.
  const vocabulary = new Set<string>();
  for (const text of texts) for (const term of terms(text)) vocabulary.add(term);
  // Each word's list is written out as it comes (JSON text, as the server keeps it): no table of them all.
  const lines: string[] = [];
  let line: string[] = [];
  for await (const [word, list] of expansionLists(vocabulary)) {
    line.push(`${JSON.stringify(word)}:${JSON.stringify(list)}`);
    if (line.length === WORDS_PER_LINE) {
      lines.push(`{${line.join(",")}}`);
      line = [];
      // A turn of the event loop now and then, so a parent that is gone (killed with SIGKILL, say) is heard
      // ("disconnect" exits): the words themselves never wait on I/O, and an orphan read WordNet to the end.
      await nextTurn();
    }
  }
  if (line.length) lines.push(`{${line.join(",")}}`);
  return lines.join("\n");
});
