// GET /feed/reflections.xml and /feed/conversations.xml: Atom 1.0 feeds of the live reflections and
// (once ask stores them) public conversations; 20 entries each, cached five minutes (docs/behaviour.md §9).
// Everything in them comes from visitors, so every string is treated as plain text, never as markup.
import { idAuthority } from "./feed-ids.ts";
import { Feed, type Item } from "feed";
import type { H3Event } from "h3";
import type { WebContext } from "./context.ts";
import type { Reflection } from "../services/reflections.ts";
import { xmlSafe } from "../core/text.ts";
import type { Route } from "../core/route.ts";
import { baseUrlOf } from "../adapters/http.ts";
import { textResponse } from "./text-response.ts";

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

function atomResponse(event: H3Event, deps: WebContext, path: string, page: string, title: string, subtitle: string, entries: Item[]): Response {
  const base = baseUrlOf(event);
  const feed = new Feed({
    id: `${base}${path}`,
    title: xmlText(title),
    description: xmlText(subtitle),
    link: `${base}${page}`,
    feedLinks: { atom: `${base}${path}` },
    // Entries arrive newest first; an empty feed was last changed when the server started, not every request.
    updated: entries[0]?.date ?? deps.startedAt,
    author: { name: "Sanctuary" },
    generator: "Sanctuary",
  });
  for (const entry of entries.slice(0, ENTRIES)) feed.addItem(entry);
  return textResponse(event, feed.atom1(), { "content-type": ATOM, "cache-control": "public, max-age=300" });
}

export function reflectionsFeedRoute(deps: WebContext): Route {
  return {
    method: "GET",
    path: "/feed/reflections.xml",
    summary: "Atom 1.0 feed of the 20 most recent reflections on the live feed (last 48 hours), newest first",
    produces: "application/atom+xml",
    errors: ["unavailable"],
    handler: async (event) => {
      const base = baseUrlOf(event);
      const recent = await deps.reflections.recent(deps.clock(), ENTRIES);
      const entries = recent.map((r) => reflectionEntry(r, deps, base));
      return atomResponse(
        event,
        deps,
        "/feed/reflections.xml",
        "/reflections",
        "Sanctuary: reflections",
        "Short public reflections left on the sanctuary's songs.",
        entries,
      );
    },
  };
}

export function conversationsFeedRoute(deps: WebContext): Route {
  return {
    method: "GET",
    path: "/feed/conversations.xml",
    summary: "Atom 1.0 feed of the 20 most recent public conversations with the library",
    produces: "application/atom+xml",
    errors: ["unavailable"],
    handler: async (event) => {
      const entries = await conversationEntries(deps, baseUrlOf(event));
      return atomResponse(
        event,
        deps,
        "/feed/conversations.xml",
        "/ask",
        "Sanctuary: conversations",
        "Questions asked of the sanctuary's library, and its answers.",
        entries,
      );
    },
  };
}
