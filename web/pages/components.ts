// Pieces of pages used in more than one place: a time, a reflection, a list of them, the reflection form
// and what it says back, an audio player. Everything a visitor wrote goes through `html`, so it is escaped on the way out.
import { formatInstant } from "../../tools/shapes.ts";
import { perContent } from "../../corpus/per-content.ts";
import { perObject } from "../../core/memo.ts";
import type { WebContext } from "../context.ts";
import { inputOf, type FormState } from "./forms.ts";
import { html, localPath, pathOf, type Html } from "./html.ts";
import type { Said } from "./wording.ts";
import { spokenDuration } from "./words.ts";

export interface ShownReflection {
  name: string;
  text: string;
  song: string;
  createdAt: string;
  timezone: string;
  location?: string | null;
}

/**
 * An instant on a page: UTC from the server, inside <time datetime>, which times.js rewrites into the
 * viewer's own zone. So every time on a page is in one zone, whoever wrote it from wherever.
 */
export const when = (iso: string): Html => html`<time datetime="${iso}">${formatInstant(iso, "UTC")}</time>`;

export function reflectionItem(deps: WebContext, r: ShownReflection, showSong: boolean): Html {
  const kept = itemsOf(deps.library)(r);
  return showSong ? (kept.withSong ??= itemOf(deps, r, true)) : (kept.plain ??= itemOf(deps, r, false));
}
// An item depends on its reflection, whether its song is named and the library's content (the song's title): made once
// per reflection read and content (the store keeps the pages it read: services/reflections.ts), where a page of a
// day's services escaped and formatted hundreds of them on every view.
const itemsOf = perContent(() => perObject((_: ShownReflection): { plain?: Html; withSong?: Html } => ({})));

function itemOf(deps: WebContext, r: ShownReflection, showSong: boolean): Html {
  const song = deps.library.song(r.song);
  // Visitors' words may be written right to left: each is isolated (dir="auto", <bdi>), so an Arabic name does not
  // pull the date beside it into its own direction, and an Arabic reflection reads from the right. Their language is
  // not known (lang=""): inheriting the page's "en", a screen reader read an Arabic reflection in an English voice.
  const where = r.location ? html`, <bdi lang="">${r.location}</bdi>` : "";
  const songLink = showSong && song ? html` · on <a href="/reflections/${pathOf(song.slug)}">${song.title}</a>` : "";
  return html`<li class="reflection"><p class="reflection-text" dir="auto" lang="">${r.text}</p><p class="meta">— <bdi lang="">${r.name}</bdi>${where}${songLink} · ${when(r.createdAt)}</p></li>`;
}

/** A list the reflection form can add to (by id); an empty list still renders so it can grow. */
export function reflectionList(deps: WebContext, id: string, reflections: readonly ShownReflection[], showSong: boolean, empty: string): Html {
  return html`<ul class="reflections" id="${id}">${reflections.map((r) => reflectionItem(deps, r, showSong))}</ul>
<p class="empty" id="${id}-empty"${reflections.length ? html` hidden` : ""}>${empty}</p>`;
}

/**
 * What a form says back: thanks (role=status), or a refusal in people's words (role=alert). `focus`: a refusal
 * about no one box the form shows takes the focus itself (formNotice), so the page opens where the words are,
 * without scripts.
 */
export function notice(id: string, said: Said | undefined, focus = false): Html {
  if (!said) return html`<div id="${id}" class="result" role="status" aria-live="polite"></div>`;
  const kind = said.tone === "error" ? "error" : "success";
  const focused = focus ? html` tabindex="-1" autofocus` : html``;
  return html`<div id="${id}" class="result ${kind}" role="${kind === "error" ? "alert" : "status"}"${kind === "error" ? "" : html` aria-live="polite"`}${focused}>${said.lines.map((line) => html`<p>${line}</p>`)}</div>`;
}

/**
 * A form's notice, placed where it is seen after the post (below the button it stood off a phone's screen): above the
 * box a refusal is about, which takes the focus (marked) and is scrolled to the middle of the window with its notice
 * just above it; else above the first box, where thanks land (taking the focus, which scrolls them into view) and where
 * a refusal of no box shown takes the focus itself. `boxes`: the boxes that carry `marked`. Called with each box's
 * name before that box, and with null at the top: the notice is drawn at exactly one of them.
 */
export function formNotice(id: string, state: FormState | undefined, boxes: readonly string[]): (box: string | null) => Html {
  const said = state?.said;
  const at = said?.tone === "error" && said.field && boxes.includes(said.field) ? said.field : null;
  // A refusal of no box shown, and thanks after the redirect: a notice already on the page as it loads is not read
  // out by every screen reader, so it takes the focus (a refusal of a box marks the box, which takes it).
  const shown = notice(id, said, Boolean(said) && at === null);
  return (box) => (box === at ? shown : html``);
}

/**
 * A box's description (its hint, by id) and, after a refusal of it, its marks: invalid, described by the notice too
 * (screen readers read aria-describedby with the box; VoiceOver and TalkBack ignore aria-errormessage), the first
 * refused box focused.
 */
export function marked(said: Said | undefined, box: string, noticeId: string, hint?: string): Html {
  const first = said?.tone === "error" && said.field === box;
  const refused = first || (said?.tone === "error" && (said.also?.includes(box) ?? false));
  const described = [hint, refused ? noticeId : undefined].filter(Boolean).join(" ");
  const description = described ? html` aria-describedby="${described}"` : html``;
  if (!refused) return description;
  return html`${description} aria-invalid="true" aria-errormessage="${noticeId}"${first ? html` autofocus` : ""}`;
}

export interface ReflectionFormOptions {
  /** Where the form posts: the page it is on (POST / or POST /reflections/<slug>). */
  action: string;
  songSlug: string;
  songTitle: string;
  /** The songs a visitor may file it under (the home page: the service's songs); without, the form's one song. */
  songs?: Array<{ slug: string; title: string }>;
  heading: string;
  state?: FormState;
  /** Whether any part of the service shown is recorded (the home page): only then does a song play. */
  playable?: boolean;
}

/** The song choice's hint; home.js writes the same (keep them in step). */
export const songHint = (playable: boolean): string =>
  playable ? "Reflections are kept with a song; the one playing is chosen for you." : "Reflections are kept with a song: choose the one your words are about.";

/**
 * The choice of song on the home page (home.js rebuilds its options when the visitor's hour has another service).
 * Its hint speaks of the song playing only where something can play: with nothing recorded, nothing does.
 */
function songChoice(songs: Array<{ slug: string; title: string }>, chosen: string, kept: boolean, playable: boolean): Html {
  return html`<p><label for="reflect-song">The song it is about</label>
<span class="hint" id="reflect-song-hint">${songHint(playable)}</span>
<select id="reflect-song" name="songSlug" aria-describedby="reflect-song-hint"${kept ? html` data-kept` : ""}>${songs.map(
    (s) => html`<option value="${s.slug}"${s.slug === chosen ? html` selected` : ""}>${s.title}</option>`,
  )}</select></p>`;
}

/**
 * A plain HTML form: it posts to its own page, which stores the reflection through the reflect operation
 * and redirects back (or shows the form again with the refusal). reflect.js only adds the browser's
 * timezone, so the reflection lands in the service the visitor was hearing.
 */
export function reflectionForm(opts: ReflectionFormOptions): Html {
  const values = opts.state?.values ?? {};
  const said = opts.state?.said;
  const noticeAt = formNotice("reflect-result", opts.state, ["name", "text", "location"]);
  return html`<section class="card" id="reflect" aria-labelledby="reflect-heading">
<h2 id="reflect-heading">${opts.heading}</h2>
<p>A few honest sentences about what you noticed${opts.songs ? "" : html`, filed under <span id="reflect-song-title">${opts.songTitle}</span>`}. Reflections are public: they show on the live feed for 48 hours and then stay in the song's archive.</p>
<form id="reflect-form" class="stack" method="post" action="${opts.action}">
${noticeAt(null)}
${opts.songs ? "" : html`<input type="hidden" name="songSlug" value="${opts.songSlug}">`}
<input type="hidden" name="timezone" value="${values.timezone ?? ""}">
${noticeAt("name")}<p><label for="reflect-name">Your name</label>
<input id="reflect-name" name="name" autocomplete="nickname" required value="${values.name ?? ""}"${marked(said, "name", "reflect-result")}></p>
${noticeAt("text")}<p><label for="reflect-text">Your reflection</label>
<span class="hint" id="reflect-text-hint">20 to 1000 characters, no web addresses.</span>
<textarea id="reflect-text" name="text" rows="4" required${marked(said, "text", "reflect-result", "reflect-text-hint")}>${values.text ?? ""}</textarea></p>
${opts.songs ? songChoice(opts.songs, opts.songSlug, Boolean(values.songSlug), opts.playable ?? true) : ""}
${noticeAt("location")}<p><label for="reflect-location">Where you are <span class="hint">(optional, shown publicly)</span></label>
<input id="reflect-location" name="location" autocomplete="off" value="${values.location ?? ""}"${marked(said, "location", "reflect-result")}></p>
<p><button type="submit">Leave the reflection</button></p>
</form>
</section>`;
}

/**
 * The reflection form's boxes as the reflect operation takes them; empty optional boxes are left out. The
 * hidden timezone box is the browser's: one the API would refuse as too long is left out instead, which the
 * operation reads exactly as it reads an unrecognized name (UTC), since the visitor could not fix it.
 */
export function reflectInput(values: Record<string, string | string[]>): Record<string, unknown> {
  const input = inputOf(values, REFLECT_BOXES, ["location", "songSlug", "timezone"]);
  if (typeof input.timezone === "string" && input.timezone.trim().length > 50) delete input.timezone;
  return input;
}

/** The reflection form's boxes (reflectionForm), named as reflect's fields. */
export const REFLECT_BOXES = ["name", "text", "location", "songSlug", "timezone"] as const;

/** The thanks a page shows after the redirect that follows a stored reflection. */
export function reflectionThanks(songTitle: string | null): Said {
  const archive = songTitle ? `the archive of “${songTitle}”` : "its song's archive";
  return {
    tone: "calm",
    lines: [`Thank you. Your reflection is on the live feed for the next 48 hours, and then it stays in ${archive}.`],
    field: null,
    known: true,
  };
}

/**
 * A search box in a page's own content (the library index, the search page); a plain GET form to /search. After a
 * refusal of the words (`said`, shown in the notice `noticeId`) the box is marked and focused, as a form's box is.
 */
export function searchForm(id: string, query: string, said?: Said, noticeId = "search-result"): Html {
  return html`<form class="search-form" role="search" aria-label="Search the library" method="get" action="/search">
<p><label for="${id}">Search the library</label>
<span class="hint" id="${id}-hint">A word, a feeling or a question; songs, prayers, practices and essays are searched by meaning and by their words.</span>
<span class="search-row"><input id="${id}" name="q" type="search" value="${query}"${marked(said, "q", noticeId, `${id}-hint`)} autocomplete="off"> <button type="submit">Search</button></span></p>
</form>`;
}

/**
 * A piece's own player. Its length is printed beside it, from the recording's manifest (or the declared
 * length): a native player reads "0:00" until it has fetched the file, and a large one may take a while.
 */
export function audioPlayer(recording: string | null | undefined, label: string, seconds?: number): Html {
  const src = localPath(recording);
  if (!src) return html``;
  const audio = html`<audio class="player" controls preload="${seconds === undefined ? "none" : "metadata"}" src="${src}" aria-label="${label}"><a href="${src}">Download the recording of ${label}</a></audio>`;
  if (seconds === undefined) return audio;
  return html`<div class="player-row">${audio}<p class="meta player-length">Length ${spokenDuration(seconds)}</p></div>`;
}

/**
 * A song's or a reading's page player in the house's own controls: one play button that hands the piece to the
 * player bar (service-list.js, as a service of one part), so it plays on across pages; without scripts, the
 * browser's own player, as before. Its length is printed beside it.
 */
export function piecePlayer(recording: string | null | undefined, label: string, seconds: number, page: string): Html {
  const src = localPath(recording);
  if (!src) return html``;
  return html`<div class="piece-player">
<div class="service-player single" data-player-for="piece-part" data-play-label="Play" hidden>
<button type="button" class="play" data-state="play">Play</button>
</div>
<ol class="single-part" id="piece-part" data-single data-service="piece ${page}" data-service-label="${label}"><li data-title="${label}" data-seconds="${String(Math.round(seconds))}" data-page="${page}">${audioPlayer(recording, label)}</li></ol>
<p class="meta player-length">Length ${spokenDuration(seconds)}</p>
</div>`;
}

/**
 * What makes two lists the same service, for resuming where a visitor left off (and only then: any other
 * service starts from its beginning, docs/behaviour.md §3). service-list.js and home.js read it from the list.
 */
export function serviceIdentity(date: string, slot: string, tier: string, titles: string[]): string {
  return `${date} ${slot} ${tier}: ${titles.join(" / ")}`;
}

/**
 * One play button for a service's parts, in order (service-list.js hands them to the player bar, player.js):
 * hidden until the script runs, since without it each part's own player is still there. The line under it
 * says which part is playing (the player bar's own line is the one read out as it changes). `primary`: the
 * page's one large play control (the home page's first screen).
 */
export function servicePlayer(listId: string, primary = false): Html {
  return html`<div class="service-player${primary ? " primary" : ""}" data-player-for="${listId}" hidden>
<button type="button" class="play" data-state="play">Play the service</button>
<p class="meta now-playing"></p>
</div>`;
}

/**
 * Where an unrecorded part's words are: drawn below it (the home page), or on its own page (a day's services).
 * `played`: some other part of its service is recorded, so the service's player runs and passes over this one.
 */
export interface NotRecorded {
  played: boolean;
  words: "below" | "page";
}

/** A part's player, or the note that it has none yet, with when it should land if it is being recorded. */
export function partPlayer(recording: string | null | undefined, label: string, etaSeconds: number | null, where: NotRecorded): Html {
  if (localPath(recording)) return audioPlayer(recording, label);
  return html`<p class="meta not-recorded">${notRecordedNote(etaSeconds, where)}</p>`;
}

/**
 * The same words home.js writes (keep them in step). With nothing in the service recorded there is no player to
 * pass over anything (the service's play button stays hidden): the note says where the words are to read instead.
 */
export function notRecordedNote(etaSeconds: number | null, where: NotRecorded): string {
  const meanwhile = where.played
    ? "the player passes over it"
    : where.words === "below"
      ? "its words are below, to read"
      : "its words are on its page, to read";
  if (etaSeconds === null) return `Not yet recorded; ${meanwhile}.`;
  const when = etaSeconds < 60 ? "within a minute" : `in about ${Math.round(etaSeconds / 60)} minute${Math.round(etaSeconds / 60) === 1 ? "" : "s"}`;
  return `Being recorded now, ready ${when}; ${where.played ? `${meanwhile} until then` : `until then ${meanwhile}`}.`;
}

/** Whether any part of a service has a recording a page can play. */
export const anyRecorded = (order: ReadonlyArray<{ recording?: string | null }>): boolean => order.some((p) => localPath(p.recording) !== null);
