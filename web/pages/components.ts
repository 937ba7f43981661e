// Pieces of pages used in more than one place: a reflection, a list of them, the reflection form,
// an audio player. Everything a visitor wrote goes through `html`, so it is escaped on the way out.
import { formatInstant } from "../../tools/shapes.ts";
import type { WebContext } from "../context.ts";
import { html, localPath, pathOf, type Html } from "./html.ts";

export interface ShownReflection {
  name: string;
  text: string;
  song: string;
  createdAt: string;
  timezone: string;
  location?: string | null;
}

export function reflectionItem(deps: WebContext, r: ShownReflection, showSong: boolean): Html {
  const song = deps.library.song(r.song);
  const where = r.location ? html`, ${r.location}` : "";
  const songLink = showSong && song ? html` · on <a href="/reflections/${pathOf(song.slug)}">${song.title}</a>` : "";
  return html`<li class="reflection"><p class="reflection-text">${r.text}</p><p class="meta">— ${r.name}${where}${songLink} · <time datetime="${r.createdAt}">${formatInstant(r.createdAt, r.timezone)}</time></p></li>`;
}

/** A list the reflection form can add to (by id); an empty list still renders so it can grow. */
export function reflectionList(deps: WebContext, id: string, reflections: ShownReflection[], showSong: boolean, empty: string): Html {
  return html`<ul class="reflections" id="${id}">${reflections.map((r) => reflectionItem(deps, r, showSong))}</ul>
<p class="empty" id="${id}-empty"${reflections.length ? html` hidden` : ""}>${empty}</p>`;
}

/**
 * The form posts JSON to /api/reflect from reflect.js and shows the API's own words back. Its fieldset
 * starts disabled and the script enables it, so without JavaScript nothing half-works.
 */
export function reflectionForm(opts: { songSlug: string; songTitle: string; listId: string; heading: string }): Html {
  return html`<section class="card" aria-labelledby="reflect-heading">
<h2 id="reflect-heading">${opts.heading}</h2>
<p>A few honest sentences about what you noticed, filed under <span id="reflect-song-title">${opts.songTitle}</span>. Reflections are public: they show on the live feed for 48 hours and then stay in the song's archive.</p>
<form id="reflect-form" class="stack" data-list="${opts.listId}" novalidate>
<fieldset disabled>
<legend class="visually-hidden">Your reflection</legend>
<input type="hidden" name="songSlug" value="${opts.songSlug}">
<p><label for="reflect-name">Your name</label>
<input id="reflect-name" name="name" maxlength="100" autocomplete="nickname" required></p>
<p><label for="reflect-text">Your reflection</label>
<span class="hint" id="reflect-text-hint">20 to 1000 characters, no web addresses.</span>
<textarea id="reflect-text" name="text" rows="4" maxlength="1000" required aria-describedby="reflect-text-hint"></textarea></p>
<p><label for="reflect-location">Where you are <span class="hint">(optional, shown publicly)</span></label>
<input id="reflect-location" name="location" maxlength="100" autocomplete="off"></p>
<p><button type="submit">Leave the reflection</button></p>
</fieldset>
<div id="reflect-result" class="result" role="status" aria-live="polite"></div>
</form>
<noscript><p>This form needs JavaScript. Agents and scripts can POST the same fields as JSON to <code>/api/reflect</code>.</p></noscript>
</section>`;
}

export function audioPlayer(recording: string | null | undefined, label: string): Html {
  const src = localPath(recording);
  if (!src) return html``;
  return html`<audio class="player" controls preload="none" src="${src}" aria-label="${label}"><a href="${src}">Download the recording of ${label}</a></audio>`;
}
