// The child process that reads WordNet for the library's vocabulary (expansions.ts starts it): a few
// seconds of parsing that would otherwise stop the server's event loop.
import { serveChildJob } from "../core/child-job.ts";
import { buildExpansions } from "./lexicon.ts";
import { terms } from "./text.ts";

serveChildJob(async (texts: string[]) => {
  const vocabulary = new Set(texts.flatMap((t) => terms(t)));
  return JSON.stringify(await buildExpansions(vocabulary));
});
