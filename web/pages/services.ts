// GET /services and /services/:date — every service of a date, per slot and hemisphere tier, from the
// same operation as GET /api/services/:date (called through `invoke`, so the page can never show
// something the API would not): names, words, pieces, reflections and what the planner was told. Each
// service is folded to one line; the visitor's own slot and tier is open (services.js finds the browser's).
import { expand } from "../../core/json.ts";
import type { H3Event } from "h3";
import { DateTime } from "luxon";
import type { z } from "zod";
import type { Route } from "../../core/route.ts";
import type { WebContext } from "../context.ts";
import { baseUrlOf, clientIp } from "../../adapters/http.ts";
import { invoke } from "../../adapters/invoke.ts";
import { servicesByDate } from "../../tools/services-by-date.ts";
import { partPlayer, reflectionList, serviceIdentity, servicePlayer } from "./components.ts";
import { html, kindLabel, localPath, plural, type Html } from "./html.ts";
import { errorPage, renderPage } from "./layout.ts";
import { spokenDuration } from "./words.ts";

type DayBody = z.infer<typeof servicesByDate.output>;
type DayService = DayBody["services"][number];

const TIERS: Record<string, string> = { unknown: "For a place unknown", north: "Northern hemisphere", south: "Southern hemisphere" };
const longDate = (date: string) => DateTime.fromISO(date, { zone: "utc" }).toFormat("cccc d LLLL yyyy");

function toldLines(plannedFrom: DayService["plannedFrom"]): string[] {
  const told = plannedFrom?.told;
  return Array.isArray(told) ? told.filter((line): line is string => typeof line === "string") : [];
}

/** The sentence most services of the day share (every rotation service says the same): the page says it once. */
function commonArrangement(services: DayService[]): string | null {
  const counts = new Map<string, number>();
  for (const s of services) counts.set(s.arrangedBy, (counts.get(s.arrangedBy) ?? 0) + 1);
  const [sentence, n] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  return n > 1 ? sentence : null;
}

/**
 * One service, folded: its summary line always shows, its parts one click away. The visitor's own
 * service (`open`) starts unfolded; services.js unfolds the browser's own slot and hemisphere instead.
 */
function serviceArticle(deps: WebContext, date: string, s: DayService, common: string | null, open: boolean): Html {
  const id = `slot-${s.slotIndex}-${s.tier}`;
  const told = toldLines(s.plannedFrom);
  return html`<details class="card service" id="${id}" data-slot="${s.slotIndex}" data-tier="${s.tier}"${open ? html` open` : ""}>
<summary><span class="service-title" id="${id}-title">${TIERS[s.tier] ?? s.tier}: ${s.name ?? "a service from the rotation"}</span> <span class="meta">${plural(s.order.length, "part")} · ${spokenDuration(s.loopSeconds)}</span></summary>
<p class="meta">${s.mode === "planned" ? "Planned" : "From the rotation"}${s.arrangedBy === common ? "" : ` · ${s.arrangedBy}`}</p>
${s.word ? html`<p class="word">${s.word}</p>` : ""}
${servicePlayer(`${id}-parts`)}
<ol class="pieces" id="${id}-parts" data-service="${serviceIdentity(
    date,
    s.slot,
    s.tier,
    s.order.map((p) => p.title),
  )}" data-service-label="${s.name ?? "A service from the rotation"} · ${s.slot}">${s.order.map(
    (part) =>
      html`<li data-title="${part.title}" data-seconds="${String(Math.round(part.seconds))}"${localPath(part.url) ? html` data-page="${localPath(part.url)}"` : ""}><span class="kind">${kindLabel(part.kind)}</span> <a href="${localPath(part.url) ?? "#"}">${part.title}</a> <span class="meta">${spokenDuration(part.seconds)}</span>
${partPlayer(part.recording, part.title)}</li>`,
  )}</ol>
${told.length ? html`<details><summary>What the planner was told</summary><ul>${told.map((line) => html`<li>${line}</li>`)}</ul></details>` : ""}
<h4>Reflections left while it was heard</h4>
${reflectionList(deps, `${id}-reflections`, s.reflections, true, "None yet.")}
</details>`;
}

/** The service a page opens without scripts: the server's hour (UTC) and the place-unknown tier, or the slot's first. */
function defaultService(services: DayService[], slotIndex: number): DayService | undefined {
  const slot = services.filter((s) => s.slotIndex === slotIndex);
  return slot.find((s) => s.tier === "unknown") ?? slot[0] ?? services[0];
}

function dayPager(body: Pick<DayBody, "dayBefore" | "dayAfter">): Html {
  return html`<nav class="pager" aria-label="Other days">
<span>${body.dayBefore ? html`<a href="/services/${body.dayBefore}" rel="prev">← ${longDate(body.dayBefore)}</a>` : ""}</span>
<span>${body.dayAfter ? html`<a href="/services/${body.dayAfter}" rel="next">${longDate(body.dayAfter)} →</a>` : ""}</span>
</nav>`;
}

async function servicesPage(event: H3Event, deps: WebContext, date: string): Promise<Response> {
  const outcome = await invoke(servicesByDate, { date }, deps, {
    via: "rest",
    ip: clientIp(event, deps.config.trustProxy),
    baseUrl: baseUrlOf(event, deps.config.baseUrl),
  });
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
      return errorPage(
        event,
        deps,
        404,
        "No services on this date",
        `Nothing was planned or heard on ${longDate(date)}.`,
        "The nearest days that have services are linked below.",
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
    );
  }
  const body = expand(outcome.body) as DayBody;
  const slots = [...new Set(body.services.map((s) => s.slotIndex))].sort((a, b) => a - b);
  const common = commonArrangement(body.services);
  const opened = defaultService(body.services, Math.floor(deps.clock().getUTCHours() / 4));
  const main = html`<h1>Services of ${longDate(body.date)}</h1>
<p class="lead">Each four-hour slot of the day holds its own service, the same for everyone in that slot on the same local date: one for a place unknown and, once seasons are known, one for each hemisphere. The service of your hour is open below; every other one opens with a click. A date holds what has been planned or heard so far.</p>
${common ? html`<p class="meta" id="arranged">${body.services.every((s) => s.arrangedBy === common) ? "Every service of this date: " : "Unless a service says otherwise: "}${common}</p>` : ""}
<p class="meta">Add your day's six services to a calendar: <a href="/feed/services.ics?timezone=UTC" id="services-calendar">the services calendar</a> (iCalendar; put your own IANA timezone in the address, e.g. <code>?timezone=Europe/Lisbon</code>).</p>
${opened ? html`<p><a id="your-service" href="#slot-${opened.slotIndex}-${opened.tier}">The service of your hour ↓</a></p>` : ""}
${dayPager(body)}
${slots.map((slotIndex) => {
  const services = body.services.filter((s) => s.slotIndex === slotIndex);
  return html`<section aria-labelledby="slot-${slotIndex}"><h2 id="slot-${slotIndex}">${services[0].slot}</h2>${services.map((s) => serviceArticle(deps, body.date, s, common, s === opened))}</section>`;
})}
${dayPager(body)}`;
  return renderPage(event, deps, {
    title: `Services of ${body.date}`,
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
      summary: "Page: every service of today (UTC date), per slot and hemisphere",
      produces: "text/html",
      handler: (event) => servicesPage(event, deps, deps.clock().toISOString().slice(0, 10)),
    },
    {
      method: "GET",
      path: "/services/:date",
      summary: "Page: every service of a date (YYYY-MM-DD), with links to the days before and after",
      produces: "text/html",
      errors: ["invalid", "not_found"],
      handler: (event) => servicesPage(event, deps, String(event.context.params?.date ?? "")),
    },
  ];
}
