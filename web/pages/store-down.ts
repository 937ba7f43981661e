// Pages while the store is down (docs/behaviour.md §10): a page shows everything that needs no store, and says
// in one sentence what it leaves out; a page made only of stored things answers 503 with Retry-After in the
// site's own layout. Neither logs: the outage itself is logged once, when it begins (storage/store-failure.ts).
import type { H3Event } from "h3";
import type { SanctuaryError } from "../../core/errors.ts";
import { isStoreUnavailable } from "../../storage/store-failure.ts";
import type { WebContext } from "../context.ts";
import { html } from "./html.ts";
import { renderPage } from "./layout.ts";

/** The sentence a page shows where its reflections would be while they cannot be read. */
export const REFLECTIONS_RESTING =
  "Reflections cannot be shown just now: the sanctuary's store is resting. The service, its songs and the library go on; please look again in a minute.";

/** The store's refusal behind an error that reached h3 (h3 keeps a thrown error as the cause of its own), or null. */
export function storeRefusalIn(error: unknown): SanctuaryError | null {
  if (isStoreUnavailable(error)) return error;
  const cause = error instanceof Error ? error.cause : undefined;
  return isStoreUnavailable(cause) ? cause : null;
}

/** The 503 page for a page that is nothing but stored things. */
export function storeDownPage(event: H3Event, deps: WebContext, refusal: SanctuaryError): Response {
  return renderPage(event, deps, {
    title: "Resting for a moment",
    description: refusal.message,
    status: 503,
    headers: refusal.headers,
    cacheControl: "no-store",
    main: html`<h1>Resting for a moment</h1><p>This page is made of what visitors left, and the sanctuary's store cannot be read just now.</p><p>Nothing you left is lost. Please look again in a minute.</p><p><a href="/">The service playing now</a> and <a href="/docs">the library</a> go on meanwhile.</p>`,
  });
}
