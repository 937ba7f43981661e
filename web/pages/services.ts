// GET /services and /services/:date — every service of a date, per slot and hemisphere tier, from the
// same operation as GET /api/services/:date (called through `invoke`, so the page can never show
// something the API would not): names, words, pieces, reflections and what the planner was told. Each
// service is folded to one line; one half of the world's services is shown (`?half=`, services.js finds the
// browser's own), and the visitor's own hour is open.
import { expand } from "../../core/body.ts";
import type { H3Event } from "h3";
import { DateTime } from "luxon";
import { perObject } from "../../core/memo.ts";
import type { z } from "zod";
import type { Route } from "../../core/route.ts";
import { isTodaySomewhere, SLOT_LABELS, slotFirstBegins, slotLastEnds } from "../../planner/time.ts";
import type { WebContext } from "../context.ts";
import { callFromPage } from "./call.ts";
import { refusalHeaders } from "./forms.ts";
import { linkedByFeed } from "../services-ics.ts";
import { servicesByDate } from "../../tools/services-by-date.ts";
import { anyRecorded, partPlayer, reflectionList, serviceIdentity, servicePlayer } from "./components.ts";
import { html, kindLabel, localPath, plural, type Html } from "./html.ts";
import { errorPage, renderPage } from "./layout.ts";
import { HEMISPHERE_NAMES, ON_THEIR_CLOCK, serviceInSentence, serviceTitle, slotHours, spokenDuration } from "./words.ts";

type DayBody = z.input<typeof servicesByDate.output>;
type DayService = DayBody["services"][number];

/** Each service's newest reflections the day's page shows; the rest are a link away (service-reflections.ts). */
const DAY_SHOWN = 20;
/** The `half` a page is asked for, as the address spells it, and the tier of services it shows. */
const HALVES: Record<string, string> = { north: "north", south: "south", everywhere: "unknown" };
const HALF_OF: Record<string, string> = { north: "north", south: "south", unknown: "everywhere" };
/** A heading's first letter in capitals ("Midnight to 04:00"). */
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
export const longDate = (date: string) => DateTime.fromISO(date, { zone: "utc" }).toFormat("cccc d LLLL yyyy");
/** What the page says of the visitor's hour; services.js writes the same (keep them in step). */
const YOUR_HOUR = "The service of your hour is open below; open any other to read it.";
const ANY_HOUR = "Open any of them to read it.";

function toldLines(plannedFrom: DayService["plannedFrom"]): string[] {
  const told = plannedFrom?.told;
  return Array.isArray(told) ? told.filter((line): line is string => typeof line === "string") : [];
}

/**
 * One service, folded: its summary line always shows, its parts one click away. The visitor's own
 * service (`open`) starts unfolded; services.js unfolds the browser's own slot and hemisphere instead.
 */
function serviceArticle(deps: WebContext, date: string, s: DayService, open: boolean, shown: boolean): Html {
  const id = `slot-${s.slotIndex}-${s.tier}`;
  // A service still heard somewhere, or still to come in the west, has its reflections ahead of it, not behind.
  const heard = deps.clock().getTime() >= slotLastEnds(date, s.slotIndex).getTime() || s.reflectionCount > 0;
  const told = toldLines(s.plannedFrom);
  const title = serviceTitle(s.name, s.slot);
  return html`<details class="card service" id="${id}" data-slot="${s.slotIndex}" data-tier="${s.tier}"${open ? html` open` : ""}${shown ? "" : html` hidden`}>
<summary><span class="service-title" id="${id}-title">${title}</span> <span class="meta">${plural(s.order.length, "part")} · ${spokenDuration(s.loopSeconds)}</span></summary>
<p class="meta">For ${HEMISPHERE_NAMES[s.tier] ?? s.tier}${s.mode === "planned" ? " · named and given its word for this hour" : ""}</p>
${s.word ? html`<p class="word">${s.word}</p>` : ""}
${servicePlayer(`${id}-parts`)}
<ol class="pieces" id="${id}-parts" data-service="${serviceIdentity(
    date,
    s.slot,
    s.tier,
    s.order.map((p) => p.title),
  )}" data-service-label="${title} · ${slotHours(s.slot)}">${pieceItems(s.order)}</ol>
${told.length ? html`<details><summary>What this service was planned from</summary><ul>${told.map((line) => html`<li>${line}</li>`)}</ul></details>` : ""}
<h3>${heard ? "Reflections left while it was heard" : "Reflections left while it is heard"}${s.reflectionCount ? ` (${s.reflectionCount})` : ""}</h3>
${s.reflectionCount ? html`<p class="meta" id="${id}-clocks">${ON_THEIR_CLOCK}</p>` : ""}
${reflectionList(deps, `${id}-reflections`, s.reflections, true, heard ? "None yet." : "None yet: they gather here while it plays, wherever in the world it is heard.")}
${s.olderReflections ? html`<p><a href="/services/${date}/${String(s.slotIndex)}/${s.tier}" id="${id}-all">All ${String(s.reflectionCount)} reflections of ${serviceInSentence(s.name, s.slot)}</a></p>` : ""}
</details>`;
}

/**
 * A service's pieces as list items, made once per order: a record's order is built once per base URL and recordings
 * (tools/service-view.ts), and a day's page drew its eighteen on every view (a quarter of its 2.5 ms in process).
 */
const pieceItems = perObject((order: DayService["order"]): Html => {
  const played = anyRecorded(order);
  return html`${order.map((part) => pieceItem(part, played))}`;
});

function pieceItem(part: DayService["order"][number], played: boolean): Html {
  const page = localPath(part.url);
  return html`<li data-title="${part.title}" data-seconds="${String(Math.round(part.seconds))}"${page ? html` data-page="${page}"` : ""}><span class="kind">${kindLabel(part.kind)}</span> <a href="${page ?? "#"}">${part.title}</a> <span class="meta">${spokenDuration(part.seconds)}</span>
${partPlayer(part.recording, part.title, null, { played, words: "page" })}</li>`;
}

/** Per slot, the one service shown: the asked half's, else the one for everywhere, else the slot's first. */
function shownIn(services: DayService[], tier: string): Set<DayService> {
  const shown = new Set<DayService>();
  for (const slotIndex of new Set(services.map((s) => s.slotIndex))) {
    const slot = services.filter((s) => s.slotIndex === slotIndex);
    shown.add(slot.find((s) => s.tier === tier) ?? slot.find((s) => s.tier === "unknown") ?? slot[0]);
  }
  return shown;
}

/** Which half of the world the page shows, and the others one link away (services.js moves it to the browser's own). */
function halves(tier: string, date: string): Html {
  const others = Object.entries(HALF_OF).filter(([t]) => t !== tier);
  return html`<p id="halves" data-tier="${tier}" data-date="${date}">Showing the services for <strong id="half-shown">${HEMISPHERE_NAMES[tier]}</strong>. Also: ${others.map(
    ([t, half], i) => html`${i ? " · " : ""}<a href="?half=${half}" data-half="${t}">${HEMISPHERE_NAMES[t]}</a>`,
  )}</p>`;
}

/** The service a page opens without scripts: the server's hour (UTC) in the half shown, or the first shown. */
function defaultService(services: DayService[], shown: Set<DayService>, slotIndex: number): DayService | undefined {
  return services.find((s) => s.slotIndex === slotIndex && shown.has(s)) ?? [...shown][0];
}

/**
 * A slot with no service on this date, said plainly: one whose hour has not yet begun anywhere is arranged when it
 * does (planner/calendar.ts tick); one whose hour began long before had no sanctuary to hold it.
 */
function missingSlot(date: string, slotIndex: number, now: Date): Html {
  const coming = slotFirstBegins(date, slotIndex).getTime() > now.getTime();
  return html`<section aria-labelledby="slot-${slotIndex}"><h2 id="slot-${slotIndex}">${capitalized(slotHours(SLOT_LABELS[slotIndex]))}</h2>
<p class="meta" id="slot-${slotIndex}-missing">${coming ? "Not arranged yet: its services are arranged when this hour first begins, somewhere in the world." : "No service was held at this hour: it came before the sanctuary opened."}</p></section>`;
}

/**
 * How this day's services were made, as its own records say: a fixed "most by rotation, a few by a model" was untrue
 * where no model is configured (every service gathered by the rotation: an outside tester's report).
 */
export function howMade(services: ReadonlyArray<Pick<DayService, "mode">>): string {
  const planned = services.filter((s) => s.mode === "planned").length;
  const rotation = "chosen from the library in its turn (a rotation, kept by the sanctuary's rules for what belongs together)";
  const model = "planned, named and given a word by a language model";
  // Said of this day alone: how a server may be set up is its operator's business, not a visitor's (an outside reviewer).
  if (planned === 0) return `How these services came to be: each was ${rotation}.`;
  if (planned === services.length) return `How these services came to be: every one was ${model}.`;
  return `How these services came to be: ${planned} of the ${services.length} ${planned === 1 ? "was" : "were"} ${model}; the others were ${rotation}.`;
}

/** The days before and after; `where` names a second pager apart from the first (landmarks need names of their own). */
function dayPager(body: Pick<DayBody, "dayBefore" | "dayAfter">, where = ""): Html {
  return html`<nav class="pager" aria-label="${where ? `Other days, ${where}` : "Other days"}">
<span>${body.dayBefore ? html`<a href="/services/${body.dayBefore}" rel="prev">← ${longDate(body.dayBefore)}</a>` : ""}</span>
<span>${body.dayAfter ? html`<a href="/services/${body.dayAfter}" rel="next">${longDate(body.dayAfter)} →</a>` : ""}</span>
</nav>`;
}

async function servicesPage(event: H3Event, deps: WebContext, date: string): Promise<Response> {
  const tier = HALVES[event.url.searchParams.get("half") ?? ""] ?? "unknown";
  const outcome = await callFromPage(event, deps, servicesByDate, { date, reflections: DAY_SHOWN });
  if (!outcome.ok) {
    const dates = outcome.status === 404 ? await deps.calendar.dates() : [];
    const near = { dayBefore: dates.filter((d) => d < date).pop() ?? null, dayAfter: dates.find((d) => d > date) ?? null };
    if (outcome.status === 400) {
      return errorPage(
        event,
        deps,
        400,
        "That date cannot be read",
        "A date in this address is written as year, month and day, like 2026-11-24.",
        "The services of today are at /services.",
        dayPager(near),
      );
    }
    if (outcome.status === 404) {
      // A coming date is not empty, only not arranged yet; the pager stands above the suggestion (layout.ts errorPage).
      // One the calendar feed already lists (its next FEED_SLOTS slots, a week) is a page that exists: 200, not 404.
      const begins = slotFirstBegins(date, 0).getTime();
      const now = deps.clock().getTime();
      const coming = begins > now;
      const announced = coming && linkedByFeed(begins, now);
      return errorPage(
        event,
        deps,
        announced ? 200 : 404,
        coming ? "Not arranged yet" : "No services on this date",
        coming
          ? `Nothing is arranged for ${longDate(date)} yet: its services are arranged as its hours begin, the first at midnight where the day begins earliest.`
          : `Nothing was planned or heard on ${longDate(date)}.`,
        near.dayBefore && near.dayAfter
          ? "The nearest days that have services are linked above."
          : near.dayBefore || near.dayAfter
            ? "The nearest day that has services is linked above."
            : "The services of today are at /services.",
        dayPager(near),
      );
    }
    return errorPage(
      event,
      deps,
      outcome.status,
      "The services are resting",
      "The services of this date could not be gathered just now.",
      "Please try again in a moment.",
      dayPager(near),
      refusalHeaders(outcome), // a store's 503 keeps its Retry-After
    );
  }
  const body = expand(outcome.body);
  const shown = shownIn(body.services, tier);
  const hour = Math.floor(deps.clock().getUTCHours() / 4);
  const opened = defaultService(body.services, shown, hour);
  // "Your hour" only on a date that is someone's today: a past or coming day's page offered a service of the hour
  // that was not (an outside tester's report). Without scripts the visitor's hour is UTC's, as on the home page: said
  // when this is UTC's date and its hour is here. services.js says it, or takes it back, by the browser's own clock.
  const today = isTodaySomewhere(body.date, deps.clock());
  const yours = body.date === deps.clock().toISOString().slice(0, 10) && opened?.slotIndex === hour;
  const main = html`<h1>Services of ${longDate(body.date)}</h1>
<p class="lead">Each four-hour part of the day holds its own service: one for each half of the world, where the seasons differ, and one for everywhere. ${today ? html`<span id="your-hour">${yours ? YOUR_HOUR : ANY_HOUR}</span>` : ANY_HOUR}</p>
<p class="meta" id="how-made" data-explains>${howMade(body.services)}</p>
${halves(tier, body.date)}
<p class="meta">Add your day's six services to a calendar: <a href="/feed/services.ics?timezone=UTC" id="services-calendar">the services calendar</a> (iCalendar, on your own clock when your browser says where you are).</p>
${opened && today ? html`<p${yours ? "" : html` hidden`}><a id="your-service" href="#slot-${opened.slotIndex}-${opened.tier}">The service of your hour ↓</a></p>` : ""}
${dayPager(body, "above")}
${SLOT_LABELS.map((_, slotIndex) => {
  const services = body.services.filter((s) => s.slotIndex === slotIndex);
  if (!services.length) return missingSlot(body.date, slotIndex, deps.clock());
  return html`<section aria-labelledby="slot-${slotIndex}"><h2 id="slot-${slotIndex}">${capitalized(slotHours(services[0].slot))}</h2>${services.map((s) => serviceArticle(deps, body.date, s, s === opened, shown.has(s)))}</section>`;
})}
${dayPager(body, "below")}`;
  return renderPage(event, deps, {
    title: `Services of ${longDate(body.date)}`,
    description: `Every service of ${longDate(body.date)} at the sanctuary: names, opening words, pieces, reflections and what the planner was told.`,
    main,
    alternates: [{ type: "application/json", title: "The same services as JSON", href: `/api/services/${body.date}` }],
    scripts: ["service-list.js", "services.js"],
  });
}

export function servicesRoutes(deps: WebContext): Route[] {
  return [
    {
      method: "GET",
      path: "/services",
      summary: "Page: every service of today (UTC date; services.js moves a browser to its own date), per slot and hemisphere",
      produces: "text/html",
      errors: ["unavailable"],
      handler: (event) => servicesPage(event, deps, deps.clock().toISOString().slice(0, 10)),
    },
    {
      method: "GET",
      path: "/services/:date",
      summary: "Page: every service of a date (YYYY-MM-DD), with links to the days before and after",
      produces: "text/html",
      params: servicesByDate.input.pick({ date: true }),
      errors: ["invalid", "not_found", "unavailable"],
      handler: (event) => servicesPage(event, deps, String(event.context.params?.date ?? "")),
    },
  ];
}
