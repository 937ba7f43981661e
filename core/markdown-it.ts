// markdown-it, loaded by the first text parsed or rendered (synchronously, as parsing is): a page's rendering and a
// contribution's screening need it, a stdio start that does neither does not (some 40 ms of its start,
// docs/performance.md, seventy-first session). Its CommonJS build, the same version and code as its ES module.
import type MarkdownIt from "markdown-it";
import { requiredOnce } from "./load-once.ts";

/** The markdown-it constructor, loaded on the first call. */
export const markdownIt = requiredOnce<typeof MarkdownIt>("markdown-it");
