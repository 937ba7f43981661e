// markdown-it, loaded by the first text parsed or rendered (synchronously, as parsing is): a page's rendering and a
// contribution's screening need it, a stdio start that does neither does not (some 40 ms of its start,
// docs/performance.md, seventy-first session). Its CommonJS build, the same version and code as its ES module.
import { createRequire } from "node:module";
import type MarkdownIt from "markdown-it";

let loaded: typeof MarkdownIt | undefined;

/** The markdown-it constructor, loaded on the first call. */
export function markdownIt(): typeof MarkdownIt {
  return (loaded ??= createRequire(import.meta.url)("markdown-it") as typeof MarkdownIt);
}
