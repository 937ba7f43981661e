// GET /services/:date/:slotIndex/:tier — every reflection left while one service was heard, fifty at a time
// (`?before=` for older ones), from the same operation as GET /api/reflections/service/… (called through
// `invoke`). The day's page shows each service's newest twenty and links here for the rest.
import type { H3Event } from "h3";
import { expand } from "../../core/body.ts";
import type { Route } from "../../core/route.ts";
import { reflectionsService } from "../../tools/reflections-service.ts";
import type { WebContext } from "../context.ts";
import { callFromPage } from "./call.ts";
import { reflectionList } from "./components.ts";
import { refusalHeaders } from "./forms.ts";
import { html } from "./html.ts";
import { errorPage, renderPage } from "./layout.ts";
import { longDate } from "./services.ts";
import { HEMISPHERE_NAMES, HEMISPHERE_SHORT, ON_THEIR_CLOCK, serviceInSentence, serviceTitle, slotHours } from "./words.ts";

const PAGE_SIZE = 50;

async function serviceReflectionsPage(event: H3Event, deps: WebContext): Promise<Response> {
  const params = event.context.params ?? {};
  const [date, slotIndex, tier] = [params.date, params.slotIndex, params.tier].map((p) => String(p ?? ""));
  const before = event.url.searchParams.get("before") ?? undefined;
  const outcome = await callFromPage(event, deps, reflectionsService, { date, slotIndex, tier, limit: PAGE_SIZE, before });
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? `/services/${date}` : "/services";
  if (!outcome.ok) {
    const [title, what] =
      outcome.status === 400
        ? ["No such page of reflections", "This address does not name a service's reflections as the day's page gives them, or a page of them it never gave."]
        : outcome.status === 404
          ? ["No such service", "No service with this hour and half of the world was recorded on this date."]
          : ["The reflections are resting", "This service's reflections could not be gathered just now."];
    const next = outcome.status >= 500 ? "Please try again in a moment." : `Nothing is lost. The day's services and their reflections are at ${day}.`;
    return errorPage(event, deps, outcome.status, title, what, next, undefined, refusalHeaders(outcome));
  }
  const body = expand(outcome.body);
  const title = serviceTitle(body.name, body.slot);
  const here = `/services/${body.date}/${body.slotIndex}/${body.tier}`;
  const service = `/services/${body.date}#slot-${String(body.slotIndex)}-${body.tier}`;
  const main = html`<nav aria-label="Breadcrumb" class="meta"><a href="/services">Services</a> › <a href="${service}">${body.date}</a></nav>
<h1>Reflections on ${serviceInSentence(body.name, body.slot)}</h1>
<p class="lead">The reflections left while it was heard on ${longDate(body.date)}, ${slotHours(body.slot)}, for ${HEMISPHERE_NAMES[body.tier] ?? body.tier}: ${body.total.toLocaleString("en-US")} in all, newest first.</p>
<p><a href="${service}">Read the service itself</a>: its parts in order, with their words.</p>
${body.total ? html`<p class="meta" id="service-reflections-clocks">${ON_THEIR_CLOCK}</p>` : ""}
${before ? html`<p class="meta">Older reflections. <a href="${here}">Back to the newest</a></p>` : ""}
${reflectionList(deps, "service-reflections", body.reflections, true, before ? "No reflections are older than these." : "No one left a reflection while this service was heard.")}
${body.older ? html`<p><a href="${here}?before=${new URL(body.older).searchParams.get("before") ?? ""}" rel="next">Older reflections</a></p>` : ""}`;
  return renderPage(event, deps, {
    // The half of the world named in both: a slot's three services (north, south, everywhere) are three pages.
    title: `${title}, ${longDate(body.date)}, ${HEMISPHERE_SHORT[body.tier] ?? body.tier}: reflections`,
    description: `The reflections visitors left while ${title} was heard on ${longDate(body.date)}, ${slotHours(body.slot)}, for ${HEMISPHERE_NAMES[body.tier] ?? body.tier}.`,
    main,
    alternates: [{ type: "application/json", title: "These reflections as JSON", href: `/api${here.replace("/services/", "/reflections/service/")}` }],
  });
}

export function serviceReflectionsRoutes(deps: WebContext): Route[] {
  return [
    {
      method: "GET",
      path: "/services/:date/:slotIndex/:tier",
      summary: "Page: every reflection left while one service was heard, fifty at a time (`?before=` for older ones)",
      produces: "text/html",
      // Read by the API's own operation (reflections of a service), so its fields are these parameters'.
      params: reflectionsService.input.pick({ date: true, slotIndex: true, tier: true }),
      query: reflectionsService.input.pick({ before: true }),
      errors: ["invalid", "not_found", "unavailable"],
      handler: (event) => serviceReflectionsPage(event, deps),
    },
  ];
}
