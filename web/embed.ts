// GET /embed/souls (+ /embed/souls.js and .css): a small page any site may put in an iframe, showing the song
// the service opens with and the souls count. It is rendered complete on the server (a place unknown:
// the server cannot know the viewer's zone), then a same-origin script re-reads /api/now in the
// browser's own timezone every 30 seconds. No inline script or style (its own files), so a strict CSP forbids all others.
import type { WebContext } from "./context.ts";
import { slotOf, tierOf } from "../planner/time.ts";
import type { Route } from "../core/route.ts";
import { fixedText, textResponse } from "./text-response.ts";

export const EMBED_CSP = "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; frame-ancestors *; base-uri 'none'";

const ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;

/** Text as HTML. Most texts hold none of the five characters: one scan answers them (a page escapes hundreds). */
export function escapeHtml(s: string): string {
  return SPECIAL.test(s) ? s.replace(SPECIALS, (c) => ENTITIES[c]) : s;
}

export const soulsText = (n: number) => (n === 0 ? "no souls yet" : n === 1 ? "one soul" : `${n} souls`);

/** The opening song of the place-unknown service now, and the souls count: what /api/now would say without a timezone. */
async function snapshot(deps: WebContext): Promise<{ title: string; slug: string | null; souls: number }> {
  const now = deps.clock();
  const zone = "UTC";
  const position = slotOf(now, zone);
  const record = await deps.calendar.ensure({ date: position.date, slotIndex: position.slotIndex, tier: tierOf(zone) });
  const song = record.parts.map((part) => deps.library.piece(part.path)).find((piece) => piece?.kind === "song");
  return { title: song?.title ?? "A song of the sanctuary", slug: song?.slug ?? null, souls: await deps.presence.count(now) };
}

function page({ title, slug, souls }: Awaited<ReturnType<typeof snapshot>>): string {
  const href = slug ? `/reflections/${encodeURIComponent(slug)}` : "/reflections";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Souls in the sanctuary</title>
<link rel="stylesheet" href="/embed/souls.css">
</head>
<body>
<main aria-labelledby="heading">
  <h1 id="heading">Sanctuary, now</h1>
  <div id="live" aria-live="polite" aria-atomic="true">
    <p>Now playing: <a id="song" href="${escapeHtml(href)}" target="_blank" rel="noopener">${escapeHtml(title)}</a></p>
    <p><span id="souls" class="souls">${escapeHtml(soulsText(souls))}</span> in the congregation</p>
  </div>
</main>
<script src="/embed/souls.js" defer></script>
</body>
</html>
`;
}

// Served as a file, not inline, so that script-src 'self' holds. It only ever sets textContent and
// an href it builds itself from a slug; nothing from the response is parsed as HTML.
const SCRIPT = `"use strict";
(function () {
  var song = document.getElementById("song");
  var souls = document.getElementById("souls");
  var zone = "";
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { zone = ""; }
  var url = "/api/now" + (zone ? "?timezone=" + encodeURIComponent(zone) : "");
  // Only changed text is written, so the polite live region speaks when something actually changed.
  function setText(el, text) { if (el && el.textContent !== text) el.textContent = text; }
  function refresh() {
    if (document.hidden) return;
    fetch(url, { headers: { accept: "application/json" }, credentials: "omit", cache: "no-store" })
      .then(function (res) { return res.ok ? res.json() : null; })
      .then(function (body) {
        if (!body) return;
        var current = body.current || {};
        if (typeof current.title === "string") setText(song, current.title);
        if (song && typeof current.slug === "string") song.setAttribute("href", "/reflections/" + encodeURIComponent(current.slug));
        var n = body.congregation && body.congregation.souls;
        if (typeof n === "number" && isFinite(n)) setText(souls, n === 0 ? "no souls yet" : n === 1 ? "one soul" : n + " souls");
      })
      .catch(function () { /* keep what is shown; the next tick tries again */ });
  }
  refresh();
  setInterval(refresh, 30000);
  document.addEventListener("visibilitychange", refresh);
})();
`;

export function embedSoulsRoute(deps: WebContext): Route {
  return {
    method: "GET",
    path: "/embed/souls",
    summary: "Embeddable HTML page (iframe) with the current song and the souls count, refreshing every 30 seconds",
    produces: "text/html",
    handler: async (event) =>
      textResponse(event, page(await snapshot(deps)), {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": EMBED_CSP,
        "referrer-policy": "no-referrer",
        // Short: the page's first paint should not be much older than the 30-second refresh.
        "cache-control": "public, max-age=60",
      }),
  };
}

// The widget's look, small and in the host page's system font: it sits in other sites' pages, so it loads no typeface.
const STYLE = `:root { color-scheme: light dark; font: 15px/1.4 system-ui, sans-serif; }
body { margin: 0; padding: 0.75rem 1rem; }
p { margin: 0 0 0.25rem; }
a { color: inherit; }
h1 { font-size: 1rem; margin: 0 0 0.25rem; }
.souls { font-weight: 600; }
`;

/** One of the widget's own files, served as it is and kept an hour. */
function widgetFile(path: string, summary: string, type: "text/css" | "text/javascript", text: string): Route {
  const headers = { "content-type": `${type}; charset=utf-8`, "cache-control": "public, max-age=3600" };
  return { method: "GET", path, summary, produces: type, handler: fixedText(text, headers) };
}

export const embedSoulsStyleRoute = (): Route => widgetFile("/embed/souls.css", "The stylesheet of /embed/souls", "text/css", STYLE);

export const embedSoulsScriptRoute = (): Route =>
  widgetFile("/embed/souls.js", "The script of /embed/souls: polls /api/now in the browser's timezone every 30 seconds", "text/javascript", SCRIPT);
