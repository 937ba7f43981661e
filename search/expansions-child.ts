// The child process that reads WordNet for the library's vocabulary (expansions.ts starts it): a few
// seconds of parsing that would otherwise stop the server's event loop. It answers in JSON lines, one word
// a line, which the server reads without parsing the lists (expansions.ts).
import { setImmediate as nextTurn } from "node:timers/promises";
import { serveChildJob } from "../core/child-job.ts";
import { expansionLine } from "./expansions.ts";
import { expansionLists } from "./wordnet.ts";
import { terms } from "./text.ts";

/** Words between turns of the event loop. */
const WORDS_PER_TURN = 2_000;

serveChildJob(async (texts: string[]) => {
  // A text at a time: the whole library's terms in one array first cost tens of MB.
  const vocabulary = new Set<string>();
  for (const text of texts) for (const term of terms(text)) vocabulary.add(term);
  // Each word's line is written out as it comes (expansions.ts reads it without parsing its list): no table of all.
  const lines: string[] = [];
  for await (const [word, list] of expansionLists(vocabulary)) {
    lines.push(expansionLine(word, list));
    // A turn of the event loop now and then, so a parent that is gone (killed with SIGKILL, say) is heard
    // ("disconnect" exits): the words themselves never wait on I/O, and an orphan read WordNet to the end.
    if (lines.length % WORDS_PER_TURN === 0) await nextTurn();
  }
  return lines.join("\n");
});
