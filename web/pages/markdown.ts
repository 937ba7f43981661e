// Markdown from the library and from contributions, rendered for pages. Two locks: markdown-it with
// html disabled writes raw HTML out as text, and sanitize-html then keeps only a short list of
// harmless tags and http(s)/mailto/relative links, in case either of them ever lets something through.
import { setImmediate as nextTurn } from "node:timers/promises";
import type MarkdownIt from "markdown-it";
import { markdownIt } from "../../core/markdown-it.ts";
import { requiredOnce } from "../../core/load-once.ts";
import type sanitizeHtml from "sanitize-html";
import { BoundedMemo } from "../../core/memo.ts";
import { trusted, type Html } from "./html.ts";

// breaks: the library writes verse (prayers, hymns, chants) one line per line, so a newline is a line break.
// Made by the first page rendered (core/markdown-it.ts).
let made: MarkdownIt | undefined;
const markdown = (): MarkdownIt => (made ??= withSitePaths(new (markdownIt())({ html: false, breaks: true, linkify: false, typographer: false })));

// A page's path written in a text ("/docs/the-hours describes them", an answer's "to read at /reflections/<slug>") is a
// link to it: the guides name each other so, answers name songs' pages, and a reader met them as dead text (outside
// testers' reports). The site's own sections only; not inside a link or code.
const SITE_PATH = /(?<![\w/.-])\/(?:docs|reflections|music|services)\/[a-z0-9](?:[a-z0-9/-]*[a-z0-9])?/g;
const SECTIONS = ["/docs/", "/reflections/", "/music/", "/services/"];

function withSitePaths(parser: MarkdownIt): MarkdownIt {
  parser.core.ruler.push("site_paths", (state) => {
    for (const block of state.tokens) {
      if (block.type !== "inline" || !block.children) continue;
      let inLink = 0;
      block.children = block.children.flatMap((token) => {
        if (token.type === "link_open") inLink++;
        if (token.type === "link_close") inLink--;
        if (token.type !== "text" || inLink > 0 || !SECTIONS.some((section) => token.content.includes(section))) return [token];
        const out = [];
        let at = 0;
        for (const found of token.content.matchAll(SITE_PATH)) {
          const text = new state.Token("text", "", 0);
          text.content = token.content.slice(at, found.index);
          const open = new state.Token("link_open", "a", 1);
          open.attrs = [["href", found[0]]];
          const label = new state.Token("text", "", 0);
          label.content = found[0];
          out.push(text, open, label, new state.Token("link_close", "a", -1));
          at = found.index + found[0].length;
        }
        const tail = new state.Token("text", "", 0);
        tail.content = token.content.slice(at);
        return [...out, tail];
      });
    }
  });
  return parser;
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "ul",
    "ol",
    "li",
    "em",
    "strong",
    "code",
    "pre",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "del",
  ],
  allowedAttributes: { a: ["href", "title", "rel"], ol: ["start"] },
  // No style attributes: the CSP forbids inline styles anyway (style-src 'self').
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  // A page has one h1 (its title): headings inside a document start one level down.
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? "");
      return { tagName, attribs: external ? { ...attribs, rel: "noopener nofollow" } : attribs };
    },
  },
};

/**
 * sanitize-html, loaded by the first page rendered (synchronously, as rendering is; it is CommonJS): the stdio bin
 * renders no page and never loads it (some 40 ms of its start, docs/performance.md).
 */
const sanitizer = requiredOnce<typeof sanitizeHtml>("sanitize-html");

/** The second lock on its own: HTML in, only the allowed tags, attributes and link schemes out. */
export function sanitizeRendered(markup: string): string {
  return sanitizer()(markup, SANITIZE);
}

/**
 * Both packages loaded now, one a turn (some 40 ms each), rather than by the first page a visitor asks for: the HTTP
 * server calls it once its start-up is over (server.ts).
 */
export async function loadRenderers(): Promise<void> {
  markdown();
  await nextTurn();
  sanitizer();
}

/**
 * Markdown → sanitized HTML. `under`: the level of the heading the text sits beneath on its page (a part's h3 on the
 * home page), so its own headings go below it in the outline (WCAG 1.3.1): `##` becomes one level deeper than that.
 */
export function renderMarkdown(source: string, under = 1): Html {
  return (renderings[under] ??= new BoundedMemo<Html>(256)).get(source, () => {
    const rendered = sanitizeRendered(markdown().render(source));
    return trusted(under > 1 ? deeperHeadings(rendered, under - 1) : rendered);
  });
}
// Rendering is pure, and the same texts come back on every view (a document, a service's readings, a song's context,
// the MCP guide): each is rendered once, by its heading level and source. markdown-it and the sanitizer were most of
// a page's CPU: a document's page 0.65 ms a request, the MCP guide's 1.6 (docs/performance.md, fifty-ninth session).
// One memo per heading level, keyed by the source alone (one key per cache), not by a string joined per call.
const renderings: Array<BoundedMemo<Html>> = [];

/** Every heading `by` levels deeper (h6 at most); the markup is sanitized already, so its tags are plain `<hN>`. */
function deeperHeadings(markup: string, by: number): string {
  return markup.replace(/<(\/?)h([2-6])>/g, (_, close: string, level: string) => `<${close}h${Math.min(6, Number(level) + by)}>`);
}

/** A document's body without its leading `# Title` line, which the page already shows as its h1. */
export function withoutTitleHeading(source: string): string {
  return source.replace(/^\s*#\s+[^\n]*\n+/, "");
}
