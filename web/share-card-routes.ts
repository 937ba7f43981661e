// GET /cards/home.png, /cards/song/<slug>.png, /cards/docs/<path>.png and /cards/conversation/<slug>.png: the
// share cards pages name in og:image (share-cards.ts draws them). The words are chosen here, the SVG composed
// (about a millisecond), and its hash is the card's ETag, so a client holding the card gets its 304 without a
// render. A render is resvg's renderAsync and a deflate, both on libuv's worker threads rather than the event
// loop; at most two run at once, and the PNGs are kept in a bounded memo keyed by kind, id and that hash, so a
// changed piece is drawn again and an unchanged one never is.
import { createHash } from "node:crypto";
import type { H3Event } from "h3";
import { errorResponse } from "../adapters/http.ts";
import { BoundedMemo } from "../core/memo.ts";
import { opaqueRgbPng } from "../core/png.ts";
import type { Route } from "../core/route.ts";
import type { WebContext } from "./context.ts";
import { notModified, rangedResponse } from "./media.ts";
import { kindLabel, plural } from "./pages/html.ts";
import { DESCRIPTION as MCP_DESCRIPTION, TITLE as MCP_TITLE } from "./pages/mcp-guide.ts";
import { spokenDuration } from "./pages/words.ts";
import { CARD_BACKGROUND, CARD_FONT_FAMILY, CARD_FONT_FILES, CARD_HEIGHT, CARD_WIDTH, cardSvg, HOME_TITLE, type CardFace } from "./share-cards.ts";
import { percentDecoded } from "../core/text.ts";

/** About 55 KB each: 256 cards hold under 15 MB, more than the library's songs and most-shared pieces. */
const KEPT = 256;
const AT_ONCE = 2;
const HEADERS = { "content-type": "image/png", "cache-control": "public, max-age=3600" };

interface Drawn {
  /** What the card is of, for the memo's key: "song:<slug>", "docs:<path>"… */
  id: string;
  face: CardFace;
}

/** The MCP guide at /docs/mcp is a page of its own rather than a library document; its card says what it is. */
const MCP_GUIDE_FACE: CardFace = { label: "Guide", title: MCP_TITLE, context: MCP_DESCRIPTION, meta: "For agents and their people" };

function homeFace(deps: WebContext): CardFace {
  return {
    label: "Welcome",
    title: HOME_TITLE,
    context: "Each four hours of the day hold a short service of songs, chants, a reading and a closing. Come as you are.",
    meta: `${plural(deps.library.songs.length, "song")} · ${plural(deps.library.documents.length, "piece")} to read`,
  };
}

async function drawnFor(deps: WebContext, kind: string, id: string): Promise<Drawn | null> {
  if (kind === "home") return id === "home" ? { id: "home", face: homeFace(deps) } : null;
  if (kind === "song") {
    const song = deps.library.song(id);
    if (!song) return null;
    const style = song.style.split(",")[0].trim();
    return {
      id: `song:${song.slug}`,
      face: { label: "Song", title: song.title, context: song.tldr, meta: [style, spokenDuration(deps.media.secondsOf(song))].join(" · ") },
    };
  }
  if (kind === "docs") {
    if (id === "mcp") return { id: "docs:mcp", face: MCP_GUIDE_FACE };
    const doc = deps.library.document(id);
    if (!doc) return null;
    return {
      id: `docs:${doc.path}`,
      face: { label: kindLabel(doc.kind), title: doc.title, context: doc.tldr, meta: `about ${spokenDuration(deps.media.secondsOf(doc))} to read aloud` },
    };
  }
  // Conversation slugs are lowercase words and hyphens (the page's own test); anything else names none.
  const conversation = /^[a-z0-9-]{1,120}$/.test(id) ? await deps.conversations.get(id) : null;
  if (!conversation?.messages.length) return null;
  const questions = conversation.messages.filter((m) => m.role === "user").length;
  return {
    id: `conversation:${conversation.slug}`,
    face: {
      label: "Conversation",
      title: conversation.messages[0].content,
      fallbackTitle: "A question for the library",
      context: `Asked of the sanctuary's library by ${conversation.name}`,
      meta: plural(questions, "question"),
    },
  };
}

async function render(svg: string): Promise<Buffer> {
  // Loaded at the first card rather than at start: a platform without a resvg binary still serves everything else.
  const { renderAsync } = await import("@resvg/resvg-js");
  const image = await renderAsync(svg, {
    fitTo: { mode: "original" },
    background: CARD_BACKGROUND,
    font: { loadSystemFonts: false, fontFiles: CARD_FONT_FILES, defaultFontFamily: CARD_FONT_FAMILY },
  });
  if (image.width !== CARD_WIDTH || image.height !== CARD_HEIGHT) throw new Error(`share card rendered at ${image.width}×${image.height}`);
  // zlib level 6: a card comes out a few per cent larger than at 9 for a sixth of the deflate's CPU.
  return opaqueRgbPng(image.pixels, image.width, image.height, 6);
}

/** Renders in turn, at most AT_ONCE at a time: libuv's four worker threads also serve files, DNS and zlib. */
function takingTurns(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running < limit) running++;
    else await new Promise<void>((go) => waiting.push(go)); // the finishing render hands its place over
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

export function shareCardRoutes(deps: WebContext): Route[] {
  const kept = new BoundedMemo<Buffer>(KEPT);
  const drawing = new Map<string, Promise<Buffer>>();
  const inTurn = takingTurns(AT_ONCE);

  const card = (key: string, svg: string): Promise<Buffer> => {
    const done = kept.find(key);
    if (done) return Promise.resolve(done);
    let pending = drawing.get(key);
    if (!pending) {
      pending = inTurn(() => render(svg))
        .then((png) => (kept.put(key, png), png))
        .finally(() => drawing.delete(key));
      drawing.set(key, pending);
    }
    return pending;
  };

  const serve = async (event: H3Event, kind: string, id: string | null): Promise<Response> => {
    const drawn = id === null ? null : await drawnFor(deps, kind, id);
    if (!drawn) {
      return errorResponse(event, "not_found", `There is no share card at ${event.url.pathname}.`, {
        suggestion: "Nothing is lost. Each song, library document and public conversation has a card; a page names its own in og:image.",
      });
    }
    const svg = cardSvg(drawn.face);
    const hash = createHash("sha256").update(svg).digest("hex").slice(0, 20);
    const etag = `"card-${hash}"`;
    if (notModified(event.req.headers, etag)) return new Response(null, { status: 304, headers: { ...HEADERS, etag } });
    try {
      const png = await card(`${drawn.id}#${hash}`, svg);
      return rangedResponse(event, { size: png.length, etag, headers: HEADERS, slice: (start, end) => new Uint8Array(png.subarray(start, end + 1)) });
    } catch (err) {
      deps.log.error({ err, card: drawn.id }, "share card could not be drawn");
      return errorResponse(event, "unavailable", "This share card could not be drawn just now.", {
        suggestion: "Nothing else is affected; the page itself still works. Try again in a minute.",
      });
    }
  };

  const file = (event: H3Event, name: string): string | null => {
    const raw = String(event.context.params?.[name] ?? "");
    return raw.endsWith(".png") ? percentDecoded(raw.slice(0, -4)) : null;
  };
  const route = (path: string, summary: string, handler: Route["handler"]): Route => ({
    method: "GET",
    path,
    summary,
    produces: "image/png",
    ranged: true,
    errors: ["not_found", "unavailable"],
    handler,
  });
  return [
    route("/cards/home.png", "The home page's share card (og:image): 1200 × 630 PNG", (event) => serve(event, "home", "home")),
    route("/cards/song/:file", "A song's share card, /cards/song/<slug>.png: 1200 × 630 PNG", (event) => serve(event, "song", file(event, "file"))),
    route("/cards/docs/**:path", "A library document's share card, /cards/docs/<path>.png: 1200 × 630 PNG", (event) =>
      serve(event, "docs", file(event, "path")),
    ),
    route("/cards/conversation/:file", "A public conversation's share card, /cards/conversation/<slug>.png: 1200 × 630 PNG", (event) =>
      serve(event, "conversation", file(event, "file")),
    ),
  ];
}
