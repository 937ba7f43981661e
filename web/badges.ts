// GET /api/badge/{souls,reflections,status}.svg: Shields-style badges for READMEs and pages elsewhere
// (docs/behaviour.md §9), cached five minutes. `label` and `color` come from whoever wrote the embedding
// URL, so the label is only ever text (badge-maker escapes it) and the color must be a known value.
import type { makeBadge } from "badge-maker";
import type { H3Event } from "h3";
import { z } from "zod";
import type { WebContext } from "./context.ts";
import { xmlSafe } from "../core/text.ts";
import { BoundedMemo } from "../core/memo.ts";
import type { Route } from "../core/route.ts";
import { baseUrlOf } from "../adapters/http.ts";
import { keptTexts } from "./text-response.ts";
import { unlessStoreDown } from "../storage/store-failure.ts";
import { loadOnce } from "../core/load-once.ts";

export const DEFAULT_COLOR = "00b8d4";
export const LABEL_MAX = 50;

// badge-maker's own names and aliases, mapped to its palette. A plain object lookup is not used:
// badge-maker answers `"constructor" in namedColors` with true and renders fill="undefined".
const BADGE_NAMES = new Set([
  "brightgreen",
  "green",
  "yellow",
  "yellowgreen",
  "orange",
  "red",
  "blue",
  "grey",
  "lightgrey",
  "gray",
  "lightgray",
  "critical",
  "important",
  "success",
  "informational",
  "inactive",
]);
const cssNames = new BoundedMemo<boolean>(500);
/** badge-maker, loaded by the first badge asked for. */
const badgeMaker = loadOnce(() => import("badge-maker"));
type Draw = typeof makeBadge;

/**
 * The color to render, or the default. Accepted: 3 or 6 hex digits (with or without #), badge-maker's
 * named colors, and CSS color keywords badge-maker passes through. Everything else (functions such as
 * url(…) or rgb(…), schemes, quotes) is ignored: only letters and hex digits ever reach the SVG.
 */
export function badgeColor(raw: string | null, draw: Draw): string {
  const value = (raw ?? "").trim().toLowerCase();
  const hex = value.replace(/^#/, "");
  if (/^(?:[0-9a-f]{3}){1,2}$/.test(hex)) return hex;
  if (BADGE_NAMES.has(value)) return value;
  if (!/^[a-z]{3,20}$/.test(value)) return DEFAULT_COLOR;
  // A CSS keyword is accepted exactly when badge-maker writes it into the SVG as given (it drops
  // names it does not know). Asking it once per word keeps the two lists from ever disagreeing.
  const known = cssNames.get(value, () => draw({ label: "", message: "", color: value }).includes(`fill="${value}"`));
  return known ? value : DEFAULT_COLOR;
}

/** The visitor's label cut to 50 characters (whole code points, control characters dropped), or the default. */
export function badgeLabel(raw: string | null, fallback: string): string {
  // Control characters, and what XML cannot carry at all (U+FFFE, U+FFFF): the badge is an SVG document.
  const cleaned = Array.from(xmlSafe((raw ?? "").replace(/[\u0000-\u001F\u007F]/g, "")).trim())
    .slice(0, LABEL_MAX)
    .join("")
    .trim();
  return cleaned || fallback;
}

/**
 * The service's domain name. From BASE_URL when configured: these responses are publicly cacheable,
 * and a shared cache must not keep a label taken from a forged Host header.
 */
function domainOf(event: H3Event): string {
  return new URL(baseUrlOf(event)).hostname;
}

/** Nothing but the badge's own inline styles: no script, no fetch, no embedding of other documents. */
export const BADGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * A badge as an answer. Its SVG depends on its label, message and color alone: each is drawn once, with its bytes and
 * ETag (badge-maker measures every character's width, most of a badge request's CPU).
 */
function badgeResponse(event: H3Event, draw: Draw, badge: { label: string; message: string; color: string }, maxAge = 300): Response {
  // An SVG opened on its own is a document that could run script: this one never needs any, nor anything fetched.
  return drawn(event, `${badge.label}\n${badge.message}\n${badge.color}`, () => draw(badge), {
    "content-type": "image/svg+xml; charset=utf-8",
    "cache-control": `public, max-age=${maxAge}`,
    "content-security-policy": BADGE_CSP,
  });
}
const drawn = keptTexts(256);

/** What a badge whose count the store holds says while the store is down: an image still (it stands in someone's page), briefly cached. */
const RESTING = { message: "resting", color: "lightgrey", maxAge: 30 };

const BadgeQuery = z.object({
  label: z.string().optional().describe(`Text of the left side; longer than ${LABEL_MAX} characters is cut`),
  color: z
    .string()
    .optional()
    .describe(
      `Value side: 3 or 6 hex digits (# optional) or a named color such as brightgreen, red or teal; anything else is ignored (default ${DEFAULT_COLOR})`,
    ),
});

function badgeRoute(name: string, summary: string, defaultLabel: (event: H3Event) => string, message: () => Promise<string> | string): Route {
  return {
    method: "GET",
    path: `/api/badge/${name}.svg`,
    summary,
    produces: "image/svg+xml",
    query: BadgeQuery,
    handler: async (event) => {
      const query = event.url.searchParams;
      const label = badgeLabel(query.get("label"), defaultLabel(event));
      const [said, { makeBadge: draw }] = await Promise.all([unlessStoreDown(Promise.resolve(message())), badgeMaker()]);
      if (said === null) return badgeResponse(event, draw, { label, message: RESTING.message, color: RESTING.color }, RESTING.maxAge);
      return badgeResponse(event, draw, { label, message: said, color: badgeColor(query.get("color"), draw) });
    },
  };
}

export const soulsBadgeRoute = (deps: WebContext): Route =>
  badgeRoute("souls", "SVG badge: the souls in the congregation (unique visitors who attended in the last 24 hours)", domainOf, async () =>
    String(await deps.presence.count(deps.clock())),
  );

export const reflectionsBadgeRoute = (deps: WebContext): Route =>
  badgeRoute(
    "reflections",
    "SVG badge: reflections on the live feed (last 48 hours)",
    () => "reflections",
    async () => String(await deps.reflections.recentCount(deps.clock())),
  );

export const statusBadgeRoute = (): Route => badgeRoute("status", "SVG badge: the sanctuary is in session", domainOf, () => "in session");
