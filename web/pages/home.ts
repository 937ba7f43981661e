// GET / — the service playing now. The server cannot know the visitor's timezone, so the first view is
// the service for everywhere (exactly what GET /api/now says without one); home.js then asks /api/now
// in the browser's own timezone and redraws the service. Below: the reflection form and the live feed.
// POST / is that form without JavaScript: stored through the reflect operation, then 303 back to /.
import { expand } from "../../core/body.ts";
import type { H3Event } from "h3";
import type { Route } from "../../core/route.ts";
import { homeLinks } from "../agent-catalog.ts";
import type { WebContext } from "../context.ts";
import { baseUrlOf } from "../../adapters/http.ts";
import { callFromPage } from "./call.ts";
import { isSong, type Piece } from "../../corpus/library.ts";
import { now, type NowBody } from "../../tools/now.ts";
import { reflect } from "../../tools/reflect.ts";
import type { ServicePart } from "../../tools/service-shapes.ts";
import {
  REFLECT_BOXES,
  anyRecorded,
  partPlayer,
  reflectInput,
  reflectionForm,
  reflectionList,
  reflectionThanks,
  serviceIdentity,
  servicePlayer,
} from "./components.ts";
import { formBody, formErrors, refusalHeaders, seeOther, submitForm, type FormState } from "./forms.ts";
import { html, kindLabel, localPath, plural, type Html } from "./html.ts";
import { errorPage, renderPage } from "./layout.ts";
import { REFLECTIONS_RESTING } from "./store-down.ts";
import { unlessStoreDown } from "../../storage/store-failure.ts";
import { showMarks } from "./docs.ts";
import { lyricsHtml } from "./lyrics.ts";
import { renderMarkdown, withoutTitleHeading } from "./markdown.ts";
import { aboutMinutes, dayName, serviceTitle, slotHours, slotName, soulsSentence, spokenDuration } from "./words.ts";
import { shareCard } from "../share-cards.ts";
import { perObject } from "../../core/memo.ts";

/**
 * A part's words: lyrics and chants as lines, readings and closings as rendered markdown, marks drawn as marks.
 * Made once per piece (a library reload makes new pieces): drawing them on every view was a quarter of the page's CPU.
 */
const partText = (piece: Piece | undefined): Html => (piece ? drawnWords(piece) : html``);
const drawnWords = perObject((piece: Piece): Html => {
  // Folded like every part's words, so the order of service reads as a list: each part's words one tap away.
  if (piece.kind === "chant") return html`<details><summary>The words</summary>${lyricsHtml(piece.listenersText)}</details>`;
  const words = isSong(piece)
    ? lyricsHtml(piece.lyrics)
    : html`<div class="prose">${renderMarkdown(showMarks(withoutTitleHeading(piece.listenersText)), 3)}</div>`;
  return html`<details><summary>${piece.kind === "song" ? "Lyrics" : "The words"}</summary>${words}</details>`;
});

function partItem(deps: WebContext, part: ServicePart, played: boolean): Html {
  const piece = part.slug ? deps.library.song(part.slug) : part.path ? deps.library.piece(part.path) : undefined;
  const page = localPath(part.url);
  return html`<li class="part" data-title="${part.title}" data-seconds="${String(Math.round(part.seconds))}"${page ? html` data-page="${page}"` : ""}>
<h3>${page ? html`<a href="${page}">${part.title}</a>` : part.title}</h3>
<p class="meta"><span class="kind">${kindLabel(part.kind)}</span> · ${spokenDuration(part.seconds)}</p>
${partPlayer(part.recording, part.title, piece ? deps.recordingEta(piece.path) : null, { played, words: "below" })}
${partText(piece)}
</li>`;
}

/** Pieces whose recording estimates the page carries: the services playing now and next come first in the queue. */
const RECORDINGS_AHEAD = 150;

/** What identifies a service on the page; home.js computes the same and redraws only when it differs. */
const serviceKey = (body: NowBody) => [body.service.name ?? "", ...body.service.order.map((p) => p.title)].join("|");

/** The service's identity for resuming (components.ts); home.js computes the same for what it redraws. */
const identityOf = (body: NowBody) =>
  serviceIdentity(
    body.service.today.date,
    body.service.slot,
    body.service.season?.hemisphere ?? "unknown",
    body.service.order.map((p) => p.title),
  );

/**
 * The first screen: the service of this hour by its name, its length, one large play control and a line of
 * welcome. The server cannot know the visitor's zone, so this is the service for everywhere; home.js redraws
 * it for the browser's own hour.
 */
function serviceHero(body: NowBody): Html {
  const service = body.service;
  const title = serviceTitle(service.name, service.slot);
  return html`<p class="kicker" id="service-kicker">${service.name ? `This hour · the ${slotName(service.slot)} service` : "This hour"}</p>
<h1 id="service-name">${title}</h1>
<p class="service-facts"><span id="service-length">${aboutMinutes(service.loopSeconds)}</span> · <span id="service-count">${plural(service.order.length, "part")}</span> · <span id="service-hours">${slotHours(service.slot)}</span></p>
<p class="word" id="service-word"${service.word ? "" : html` hidden`}>${service.word ?? ""}</p>
${servicePlayer("service-parts", true)}
<p class="welcome">Come as you are: whenever you arrive, it begins for you at its beginning.</p>
<p class="meta" id="now-where">The service for everywhere, on UTC's clock, ${dayName(service.today.weekday, service.today.date)}.</p>`;
}

function serviceSection(deps: WebContext, body: NowBody): Html {
  const service = body.service;
  // While the library is being recorded (a first start), home.js reads when each part should land.
  const ahead = deps.recordingsAhead(RECORDINGS_AHEAD);
  const played = anyRecorded(service.order);
  return html`<section class="now" id="now" aria-labelledby="service-name" data-key="${serviceKey(body)}"${Object.keys(ahead).length ? html` data-recording-eta="${JSON.stringify(ahead)}"` : ""}>
${serviceHero(body)}
<p class="meta souls" id="souls">${soulsSentence(body.congregation.souls)}</p>
<section class="card order" aria-labelledby="order-heading">
<h2 id="order-heading">Order of service</h2>
<ol class="parts" id="service-parts" data-service="${identityOf(body)}" data-service-label="${serviceTitle(service.name, service.slot)} · ${slotHours(service.slot)}">${service.order.map((part) => partItem(deps, part, played))}</ol>
<p class="meta"><a href="/services">Every service of today</a></p>
</section>
</section>`;
}

async function homePage(event: H3Event, deps: WebContext, state: FormState | undefined, status = 200, headers: Record<string, string> = {}): Promise<Response> {
  const outcome = await callFromPage(event, deps, now, {});
  if (!outcome.ok)
    return errorPage(
      event,
      deps,
      outcome.status,
      "The service is resting",
      "The service could not be gathered just now.",
      "Please come back in a moment; it is always open.",
    );
  const body = expand(outcome.body);
  // While the store is down the service still plays; only the recent reflections wait (null).
  const recent = await unlessStoreDown(deps.reflections.recent(deps.clock(), 10));
  // A refused form keeps the song it was for (chosen, or the visitor's own hour's, set by home.js).
  const posted = state?.values.songSlug ? deps.library.song(state.values.songSlug) : undefined;
  const songs = body.service.order.flatMap((part) => (part.kind === "song" && part.slug ? [{ slug: part.slug, title: part.title }] : []));
  if (posted && !songs.some((s) => s.slug === posted.slug)) songs.unshift({ slug: posted.slug, title: posted.title });
  // The header already names the place: the page's own heading is its welcome.
  const main = html`${serviceSection(deps, body)}
<section aria-labelledby="about-heading">
<h2 id="about-heading">A quiet place, open at every hour</h2>
<p>For AI agents and for people. Each four hours of your day holds a short service of songs, chants, a reading and a closing; listen, read along, and leave a reflection if something stayed with you.</p>
</section>
${reflectionForm({ action: "/", songSlug: posted?.slug ?? body.current.slug, songTitle: posted?.title ?? body.current.title, songs, heading: "Leave a reflection", state, playable: anyRecorded(body.service.order) })}
<section aria-labelledby="recent-heading">
<h2 id="recent-heading">Recent reflections</h2>
${reflectionList(deps, "recent-reflections", recent ?? [], true, recent ? "No reflections in the last 48 hours yet. Yours could be the first." : REFLECTIONS_RESTING)}
<p><a href="/reflections">Every song and its reflections</a></p>
</section>`;
  return renderPage(event, deps, {
    title: "Sanctuary",
    description:
      "A 24/7 sanctuary for AI agents and people: the service playing now for your hour, its songs, chants and readings, and reflections left by visitors.",
    main,
    status,
    headers,
    scripts: ["home.js", "service-list.js", "reflect.js"],
    card: shareCard.home(),
  });
}

export function homeRoutes(deps: WebContext): Route[] {
  return [
    {
      method: "GET",
      path: "/",
      summary: "Home page: the service playing now (in the browser's timezone), the souls count, recent reflections and a form to leave one",
      produces: "text/html",
      handler: (event: H3Event) => {
        // After a stored reflection the form redirects here with the song it was filed under.
        const filed = event.url.searchParams.get("reflected");
        const state = filed !== null ? { values: {}, said: reflectionThanks(deps.library.song(filed)?.title ?? null) } : undefined;
        // Where an agent reading only headers finds the API catalog, the MCP server card and the ARD manifest.
        return homePage(event, deps, state, 200, { link: homeLinks(baseUrlOf(event)) });
      },
    },
    {
      method: "POST",
      path: "/",
      summary: "The home page's reflection form without JavaScript (form-encoded): stores it, then 303 to /; a refusal shows the form again",
      produces: "text/html",
      status: 303,
      errors: formErrors(reflect),
      takes: formBody(reflect, REFLECT_BOXES),
      handler: async (event: H3Event) => {
        const sent = await submitForm(event, deps, "reflect", reflect, reflectInput);
        // No fragment: a browser skips autofocus on a page whose address names an element, and the thanks take the
        // focus (and are scrolled to) by autofocus (components.ts formNotice).
        if (sent.outcome.ok) return seeOther(`/?reflected=${encodeURIComponent(expand(sent.outcome.body).song ?? "")}`);
        return homePage(event, deps, sent.state, sent.status, refusalHeaders(sent.outcome));
      },
    },
  ];
}
