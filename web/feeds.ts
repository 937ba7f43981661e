// GET /feed/reflections.xml and /feed/conversations.xml: Atom 1.0 feeds of the live reflections and
// (once ask stores them) public conversations; 20 entries each, cached five minutes (docs/behaviour.md §9).
// Everything in them comes from visitors, so every string is treated as plain text, never as markup.
import { idAuthority } from "./feed-ids.ts";
import type { Feed, Item } from "feed";
import type { WebContext } from "./context.ts";
import type { Reflection } from "../services/reflections.ts";
import { xmlSafe } from "../core/text.ts";
import type { Route } from "../core/route.ts";
import { baseUrlOf } from "../adapters/http.ts";
import { keptTexts, textResponse } from "./text-response.ts";
import { loadOnce } from "../core/load-once.ts";

const ENTRIES = 20;
const ATOM = "application/atom+xml; charset=utf-8";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// XML 1.0 cannot carry most control characters or lone surrogates at all, escaped or not: drop them.

/**
 * For elements the feed library writes as `type="html"` CDATA (entry title and content): escaping the
 * text as HTML makes readers show it literally, and leaves no `<` or `]]>` that could end the CDATA.
 */
export function htmlText(s: string): string {
  return xmlSafe(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/**
 * For elements written as XML text (author name, feed title): xml-js first turns `&amp;` back into `&`
 * before escaping, so a literal "&amp;" would come out as "&". Pre-escaping `&` makes it round-trip.
 */
const xmlText = (s: string) => xmlSafe(s).replace(/&/g, "&amp;");

export function reflectionEntry(r: Reflection, deps: WebContext, base: string): Item {
  const song = deps.library.song(r.song)?.title ?? r.song;
  const at = new Date(r.createdAt);
  // urn:uuid for the ids reflect makes; a tag URI (RFC 4151) for anything else, so ids never change.
  const id = UUID.test(r.id)
    ? `urn:uuid:${r.id.toLowerCase()}`
    : `tag:${idAuthority(deps.config.baseUrl)},${r.createdAt.slice(0, 10)}:reflection/${encodeURIComponent(r.id)}`;
  return {
    id,
    title: htmlText(`${r.name} on ${song}`),
    link: `${base}/reflections/${encodeURIComponent(r.song)}`,
    date: at,
    published: at,
    content: htmlText(r.text).replace(/\r?\n/g, "<br>"),
    author: [{ name: xmlText(r.name) }],
  };
}

/** The latest public conversations: question as title, the first answer as content; never any token. */
export async function conversationEntries(deps: WebContext, base: string): Promise<Item[]> {
  return (await deps.conversations.recent(ENTRIES)).map((c) => {
    const at = new Date(c.updatedAt);
    const answer = c.messages.find((m) => m.role === "assistant")?.content ?? "";
    return {
      id: `tag:${idAuthority(deps.config.baseUrl)},${c.createdAt.slice(0, 10)}:ask/${encodeURIComponent(c.slug)}`,
      title: htmlText(c.messages[0].content),
      link: `${base}/ask/${encodeURIComponent(c.slug)}`,
      date: at,
      published: new Date(c.createdAt),
      content: htmlText(answer).replace(/\r?\n/g, "<br>"),
      author: [{ name: xmlText(c.name) }],
    };
  });
}

interface FeedHead {
  path: string;
  /** The page the feed is the feed of. */
  page: string;
  title: string;
  subtitle: string;
}

const REFLECTIONS_FEED: FeedHead = {
  path: "/feed/reflections.xml",
  page: "/reflections",
  title: "Sanctuary: reflections",
  subtitle: "Short public reflections left on the sanctuary's songs.",
};
const CONVERSATIONS_FEED: FeedHead = {
  path: "/feed/conversations.xml",
  page: "/ask",
  title: "Sanctuary: conversations",
  subtitle: "Questions asked of the sanctuary's library, and its answers.",
};
/** The feed writer, loaded by the first feed asked for. */
const feedWriter = loadOnce(() => import("feed"));
const FEED_HEADERS = { "content-type": ATOM, "cache-control": "public, max-age=300" };

function atomText(Writer: typeof Feed, base: string, deps: WebContext, head: FeedHead, entries: Item[]): string {
  const feed = new Writer({
    id: `${base}${head.path}`,
    title: xmlText(head.title),
    description: xmlText(head.subtitle),
    link: `${base}${head.page}`,
    feedLinks: { atom: `${base}${head.path}` },
    // Entries arrive newest first; an empty feed was last changed when the server started, not every request.
    updated: entries[0]?.date ?? deps.startedAt,
    author: { name: "Sanctuary" },
    generator: "Sanctuary",
  });
  for (const entry of entries.slice(0, ENTRIES)) feed.addItem(entry);
  return feed.atom1();
}

export function reflectionsFeedRoute(deps: WebContext): Route {
  // The feed is a function of its address, the library's song titles and the reflections in it, and a reflection
  // never changes once stored: kept by those, its XML is written once (the feed library's writer was most of a read).
  const kept = keptTexts(16);
  return {
    method: "GET",
    path: REFLECTIONS_FEED.path,
    summary: "Atom 1.0 feed of the 20 most recent reflections on the live feed (last 48 hours), newest first",
    produces: "application/atom+xml",
    errors: ["unavailable"],
    handler: async (event) => {
      const base = baseUrlOf(event);
      const recent = await deps.reflections.recent(deps.clock(), ENTRIES);
      const { Feed: Writer } = await feedWriter();
      const key = `${base}\n${deps.library.contentHash}\n${recent.map((r) => r.id).join("\n")}`;
      return kept(
        event,
        key,
        () =>
          atomText(
            Writer,
            base,
            deps,
            REFLECTIONS_FEED,
            recent.map((r) => reflectionEntry(r, deps, base)),
          ),
        FEED_HEADERS,
      );
    },
  };
}

export function conversationsFeedRoute(deps: WebContext): Route {
  return {
    method: "GET",
    path: CONVERSATIONS_FEED.path,
    summary: "Atom 1.0 feed of the 20 most recent public conversations with the library",
    produces: "application/atom+xml",
    errors: ["unavailable"],
    handler: async (event) => {
      const base = baseUrlOf(event);
      const [{ Feed: Writer }, entries] = await Promise.all([feedWriter(), conversationEntries(deps, base)]);
      return textResponse(event, atomText(Writer, base, deps, CONVERSATIONS_FEED, entries), FEED_HEADERS);
    },
  };
}
