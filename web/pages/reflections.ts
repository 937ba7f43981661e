// GET /reflections (every song with its reflection count), /reflections/:slug (a song's page: lyrics,
// context, recording, its reflections and a form to add one; POST is that form without JavaScript),
// and /music/:slug → 301 to the song page.
import type { H3Event } from "h3";
import type { Route } from "../../core/route.ts";
import type { WebContext } from "../context.ts";
import { reflect } from "../../tools/reflect.ts";
import { REFLECT_BOXES, piecePlayer, reflectInput, reflectionForm, reflectionList, reflectionThanks } from "./components.ts";
import { formBody, formErrors, refusalHeaders, seeOther, submitForm, type FormState } from "./forms.ts";
import { externalUrl, html, pathOf, plural, routeParam, type Html } from "./html.ts";
import { errorPage, renderPage } from "./layout.ts";
import { REFLECTIONS_RESTING } from "./store-down.ts";
import { unlessStoreDown } from "../../storage/store-failure.ts";
import { lyricsHtml } from "./lyrics.ts";
import { renderMarkdown } from "./markdown.ts";
import { spokenDuration } from "./words.ts";
import { shareCard } from "../share-cards.ts";
import { cursorOf, placeOf } from "../../services/archive-cursor.ts";
import { songsMeant } from "../../tools/song-meant.ts";

/** Reflections a song's page shows at once: a long evening's reading, and a page that stays light on a phone. */
const PAGE_SIZE = 50;

async function songsPage(event: H3Event, deps: WebContext): Promise<Response> {
  const tally = await deps.reflections.tally();
  const count = (slug: string) => tally[slug]?.count ?? 0;
  // Most reflected first, then by title: the catalog order people know.
  const songs = [...deps.library.songs].sort((a, b) => count(b.slug) - count(a.slug) || a.title.localeCompare(b.title));
  const total = songs.reduce((n, s) => n + count(s.slug), 0);
  const main = html`<h1>Songs and their reflections</h1>
<p class="lead">${
    total
      ? `Every song the sanctuary sings, with the reflections visitors left after hearing it: ${plural(total, "reflection")} on ${plural(songs.filter((s) => count(s.slug) > 0).length, "song")} so far.`
      : "Every song the sanctuary sings. No one has left a reflection yet: when a song stays with you, its page has room for a few words, and they will be the first here."
  }</p>
<ul class="plain">${songs.map((song) => {
    const latest = tally[song.slug]?.mostRecent;
    return html`<li><a href="/reflections/${pathOf(song.slug)}">${song.title}</a> <span class="meta">${count(song.slug) ? plural(count(song.slug), "reflection") : "no reflections yet"} · ${song.axiom.text}</span>${latest ? html`<span class="meta">Latest, from ${latest.name}: “${latest.text.length > 140 ? `${latest.text.slice(0, 140)}…` : latest.text}”</span>` : ""}</li>`;
  })}</ul>`;
  return renderPage(event, deps, {
    title: "Reflections",
    description: "Every song of the sanctuary with the public reflections visitors left on it.",
    main,
    alternates: [{ type: "application/json", title: "Songs with reflection counts as JSON", href: "/api/reflections/by-song" }],
  });
}

async function songPage(
  event: H3Event,
  deps: WebContext,
  slug: string,
  state?: FormState,
  status = 200,
  headers: Record<string, string> = {},
): Promise<Response> {
  const song = deps.library.song(slug);
  if (!song) {
    return errorPage(
      event,
      deps,
      404,
      "No such song",
      `No song is kept at this address (${slug}).`,
      "Nothing is lost. Every song is listed on the reflections page.",
      meantSongs(slug, deps),
    );
  }
  // A page of reflections at a time, newest first; `before` is where the page before this one ended.
  const before = (event.method === "GET" && event.url.searchParams.get("before")) || null;
  const after = before === null ? undefined : placeOf(before);
  if (after === null) {
    return errorPage(
      event,
      deps,
      400,
      "No such page of reflections",
      "This address names a place in the song's reflections that its pages never gave; it may have been cut short.",
      `Nothing is lost. The song's page begins with its newest reflections: /reflections/${song.slug}`,
    );
  }
  // While the store is down the song is still read and heard; only its reflections wait (null).
  const archive = await unlessStoreDown(Promise.all([deps.reflections.songPage(song.slug, PAGE_SIZE, after), deps.reflections.songCount(song.slug)]));
  const reflections = archive?.[0].reflections ?? null;
  const older = archive?.[0].older;
  const here = `/reflections/${pathOf(song.slug)}`;
  const recording = deps.media.recordingUrl(song, "");
  const links = [
    ["Listen on Suno", externalUrl(song.links.suno)],
    ["Watch on YouTube", externalUrl(song.links.youtube)],
  ].filter((l): l is [string, string] => l[1] !== null);
  const seconds = deps.media.secondsOf(song);
  // The length is said once: beside the player when there is a recording, in the line of facts before.
  const main = html`<nav aria-label="Breadcrumb" class="meta"><a href="/docs">Library</a> › <a href="/reflections">Songs</a></nav>
<h1>${song.title}</h1>
<p class="lead">${song.tldr}</p>
<p class="meta"><span class="kind">Song</span>${recording ? "" : ` · ${spokenDuration(seconds)}`} · ${song.style} · its axiom: ${song.axiom.text}</p>
${piecePlayer(recording, song.title, seconds, `/reflections/${pathOf(song.slug)}`)}
${links.length ? html`<p>${links.map(([label, href], i) => html`${i ? " · " : ""}<a href="${href}" rel="noopener nofollow">${label}</a>`)}</p>` : ""}
<section aria-labelledby="lyrics-heading">
<h2 id="lyrics-heading">Lyrics</h2>
${lyricsHtml(song.lyrics ?? "")}
<p class="meta">Reading along? <a href="/docs/${pathOf(song.path)}.md?spoken">What the recording sings (plain text)</a>, its breaks and rests shown.</p>
</section>
<section aria-labelledby="context-heading">
<h2 id="context-heading">Why it was written</h2>
<div class="prose">${renderMarkdown(song.context)}</div>
</section>
<section aria-labelledby="song-reflections-heading">
<h2 id="song-reflections-heading">Reflections${archive ? ` (${archive[1]})` : ""}</h2>
${reflections?.length ? html`<p class="meta"><a href="#reflect">Leave a reflection of your own ↓</a> (the form follows the reflections)</p>` : ""}
${after ? html`<p class="meta">Older reflections, newest first. <a href="${here}#song-reflections-heading">Back to the newest</a></p>` : ""}
${reflectionList(deps, "song-reflections", reflections ?? [], false, reflections ? (after ? "No reflections are older than these." : "No one has left a reflection on this song yet.") : REFLECTIONS_RESTING)}
${older ? html`<p><a href="${here}?before=${cursorOf(older)}#song-reflections-heading" rel="next">Older reflections</a></p>` : ""}
</section>
${reflectionForm({ action: `/reflections/${pathOf(song.slug)}`, songSlug: song.slug, songTitle: song.title, heading: "Leave a reflection on this song", state })}`;
  return renderPage(event, deps, {
    // An older page of its reflections is a page of its own to a reader of titles (a tab, a history, a screen reader).
    title: before === null ? song.title : `${song.title}: older reflections`,
    description: song.tldr,
    main,
    status,
    headers,
    scripts: ["reflect.js", "service-list.js"],
    card: shareCard.song(song.slug, song.title),
    alternates: [{ type: "application/json", title: "This song as JSON", href: `/api/music/${pathOf(song.slug)}` }],
  });
}

/** The songs a mistyped address probably meant, as links to their pages (tools/song-meant.ts), or nothing. */
function meantSongs(slug: string, deps: WebContext): Html | undefined {
  const meant = songsMeant(slug, deps.library.songs);
  if (!meant.length) return undefined;
  return html`<p>Perhaps ${meant.map((song, i) => html`${i ? (i === meant.length - 1 ? " or " : ", ") : ""}<a href="/reflections/${pathOf(song.slug)}">${song.title}</a>`)}?</p>`;
}

export function reflectionRoutes(deps: WebContext): Route[] {
  return [
    {
      method: "GET",
      path: "/reflections",
      summary: "Page: every song with its reflection count",
      produces: "text/html",
      errors: ["unavailable"],
      handler: (event) => songsPage(event, deps),
    },
    {
      method: "GET",
      path: "/reflections/:slug",
      summary: "Page: a song (lyrics, context, recording) with its reflections, fifty at a time (`?before=` for older ones), and a form to leave one",
      produces: "text/html",
      errors: ["not_found"],
      handler: (event) => {
        const slug = routeParam(event.context.params, "slug");
        const thanks = event.url.searchParams.has("reflected") && deps.library.song(slug) ? reflectionThanks(deps.library.song(slug)!.title) : undefined;
        return songPage(event, deps, slug, thanks && { values: {}, said: thanks });
      },
    },
    {
      method: "POST",
      path: "/reflections/:slug",
      summary: "The song page's reflection form without JavaScript (form-encoded): stores it on this song, then 303 back; a refusal shows the form again",
      produces: "text/html",
      status: 303,
      errors: formErrors(reflect, "not_found"),
      // The song is the page's: a songSlug box is not read.
      takes: formBody(
        reflect,
        REFLECT_BOXES.filter((box) => box !== "songSlug"),
      ),
      handler: async (event) => {
        const song = deps.library.song(routeParam(event.context.params, "slug"));
        if (!song) return songPage(event, deps, routeParam(event.context.params, "slug"));
        // The page names its song: the form's hidden box cannot file the reflection elsewhere.
        const sent = await submitForm(event, deps, "reflect", reflect, (values) => ({ ...reflectInput(values), songSlug: song.slug }));
        // No fragment, as on the home page: the thanks take the focus by autofocus, which an address's fragment cancels.
        if (sent.outcome.ok) return seeOther(`/reflections/${encodeURIComponent(song.slug)}?reflected`);
        return songPage(event, deps, song.slug, sent.state, sent.status, refusalHeaders(sent.outcome));
      },
    },
    {
      method: "GET",
      path: "/music/:slug",
      summary: "Moved permanently to /reflections/:slug (the song's page)",
      produces: "text/html",
      status: 301,
      errors: ["not_found"],
      handler: (event) => {
        // Only a song's own slug is echoed into Location: an arbitrary path could make a header no client will read.
        const slug = routeParam(event.context.params, "slug");
        const song = deps.library.song(slug);
        // A page address: a song not kept gets the song page's own "no such song" page, as /reflections/:slug does.
        if (!song) return songPage(event, deps, slug);
        return new Response(null, {
          status: 301,
          headers: { location: `/reflections/${encodeURIComponent(song.slug)}`, "cache-control": "public, max-age=86400" },
        });
      },
    },
  ];
}
