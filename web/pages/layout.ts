// The frame every page shares: head (title, description, feeds, stylesheet), a skip link, site
// navigation, main, footer, and the security headers. Pages supply only their own <main> content.
import type { H3Event } from "h3";
import type { WebContext } from "../context.ts";
import { baseUrlOf } from "../../adapters/http.ts";
import { horizon, themeToggle } from "./artwork.ts";
import { assetHref, fontHref, type AssetName } from "./assets.ts";
import { html, type Html } from "./html.ts";
import { podcastsWithEpisodes, type PodcastShow } from "../podcasts.ts";
import { openGraph, type ShareCard } from "../share-cards.ts";
import { playerBar } from "./player-bar.ts";
import { requestIdFor } from "../../adapters/request-id.ts";
import { textResponse } from "../text-response.ts";

/** On every page: the player bar's playback and the shell that keeps it playing across pages. */
const PLAYER_SCRIPTS: AssetName[] = ["player.js", "shell.js"];

export interface Alternate {
  type: string;
  title: string;
  href: string;
}

export interface Page {
  /** The page's own title; the site name is added after it. */
  title: string;
  description: string;
  main: Html;
  scripts?: AssetName[];
  status?: number;
  alternates?: Alternate[];
  cacheControl?: string;
  /** Extra response headers (a refused form's Retry-After, a cookie). */
  headers?: Record<string, string>;
  /** The words in the header's search box (the search page shows what was searched for). */
  query?: string;
  /** The picture a shared link to this page shows (og:image); pages without their own show the home page's. */
  card?: ShareCard;
}

/** Every page links the Atom feeds, so feed readers find them from anywhere; podcasts once they have episodes. */
export const FEEDS: Alternate[] = [
  { type: "application/atom+xml", title: "Sanctuary: reflections", href: "/feed/reflections.xml" },
  { type: "application/atom+xml", title: "Sanctuary: conversations", href: "/feed/conversations.xml" },
];

const podcastHref = (show: PodcastShow) => `/podcasts/${show.slug}/feed.xml`;
const podcastName = (show: PodcastShow) => show.title.replace(/^Sanctuary: /, "");

const NAV: Array<[string, string]> = [
  ["/", "Now"],
  ["/services", "Services"],
  ["/reflections", "Reflections"],
  ["/ask", "Ask"],
  ["/docs", "Library"],
];

/** Scripts and styles come only from this origin; recordings may also come from BASE_URL's origin. */
export function contentSecurityPolicy(configuredBase?: string): string {
  const mediaOrigin = configuredBase ? ` ${new URL(configuredBase).origin}` : "";
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "font-src 'self'",
    "img-src 'self' data:",
    `media-src 'self'${mediaOrigin}`,
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders(deps: WebContext): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(deps.config.baseUrl),
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
  };
}

/** The search box every page carries: a plain GET form, so it works without JavaScript. */
function searchBox(query: string | undefined): Html {
  return html`<form class="site-search" role="search" aria-label="Site search" method="get" action="/search">
<label for="site-q" class="visually-hidden">Search the library</label>
<input id="site-q" name="q" type="search" maxlength="300" placeholder="Search the library" value="${query ?? ""}" autocomplete="off">
<button type="submit" title="Search"><svg class="search-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" stroke-width="2.2"/><path d="M15.5 15.5 L21 21" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/></svg><span class="visually-hidden">Search</span></button>
</form>`;
}

/**
 * The header's tabs, the one whose address begins this page's marked: "page" on the tab's own page, "true" on a page
 * within its section (a song's page, /reflections/…, is Reflections'), which a screen reader would otherwise announce
 * as the page itself.
 */
function navigation(current: string): Html {
  const mark = (href: string) =>
    current === href ? html` aria-current="page"` : href !== "/" && current.startsWith(`${href}/`) ? html` aria-current="true"` : "";
  return html`<nav aria-label="Sanctuary"><ul>${NAV.map(([href, label]) => html`<li><a href="${href}"${mark(href)}>${label}</a></li>`)}</ul></nav>`;
}

export function renderPage(event: H3Event, deps: WebContext, page: Page): Response {
  const base = baseUrlOf(event);
  const path = event.url.pathname;
  const title = page.title === "Sanctuary" ? "Sanctuary" : `${page.title} · Sanctuary`;
  const podcasts = podcastsWithEpisodes(deps);
  const document = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<script src="${assetHref("theme.js")}"></script>
<title>${title}</title>
<meta name="description" content="${page.description}">
<link rel="canonical" href="${base}${path}">
${openGraph(base, path, page)}
<link rel="stylesheet" href="${assetHref("site.css")}">
<link rel="preload" href="${fontHref("SourceSerif4_400Regular")}" as="font" type="font/ttf" crossorigin>
<link rel="preload" href="${fontHref("SourceSerif4_600SemiBold")}" as="font" type="font/ttf" crossorigin>
<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48">
<link rel="icon" href="${assetHref("icon.svg")}" type="image/svg+xml">
${[...FEEDS, ...podcasts.map((p) => ({ type: "application/rss+xml", title: `Sanctuary podcast: ${podcastName(p)}`, href: podcastHref(p) })), ...(page.alternates ?? [])].map((a) => html`<link rel="alternate" type="${a.type}" title="${a.title}" href="${a.href}">\n`)}<link rel="api-catalog" href="/.well-known/api-catalog">
${[...new Set<AssetName>(["times.js", ...PLAYER_SCRIPTS, ...(page.scripts ?? [])])].map((name) => html`<script src="${assetHref(name)}" defer></script>\n`)}</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site">
${horizon}
<div class="masthead">
<p class="brand"><a href="/"><img src="${assetHref("icon.svg")}" alt="" width="40" height="40"><span class="brand-name">Sanctuary</span></a> <span class="brand-line">open at every hour</span></p>
${searchBox(page.query)}
${themeToggle}
</div>
${navigation(path)}
</header>
<main id="main" tabindex="-1">
${page.main}
</main>
${playerBar()}
<footer class="site">
<p>Feeds: <a href="/feed/reflections.xml">reflections</a> · <a href="/feed/conversations.xml">conversations</a>${podcasts.length ? html` · podcasts of ${podcasts.map((p, i) => html`${i ? " and " : ""}<a href="${podcastHref(p)}">${podcastName(p)}</a>`)}` : ""}</p>
<p>For agents: <a href="/llms.txt">llms.txt</a> · <a href="/api">API</a> · <a href="/openapi.json">OpenAPI</a> · <a href="/docs/mcp">MCP</a> at <code>/mcp</code> · <a href="/auth.md">auth and limits</a></p>
</footer>
</body>
</html>
`;
  const headers = {
    "content-type": "text/html; charset=utf-8",
    // Pages show what visitors just left: revalidate every time (they are cheap to render; an unchanged one is a 304).
    "cache-control": page.cacheControl ?? "no-cache",
    ...securityHeaders(deps),
    "x-request-id": requestIdFor(event),
    ...page.headers,
  };
  return textResponse(event, document.value, headers, page.status ?? 200);
}

/** A page for a 404 or 400: what happened, in calm words, and where to go. */
export function errorPage(
  event: H3Event,
  deps: WebContext,
  status: number,
  heading: string,
  message: string,
  suggestion: string,
  extra?: Html,
  headers?: Record<string, string>,
): Response {
  return renderPage(event, deps, {
    title: heading,
    description: message,
    status,
    headers,
    // `extra` is what the address probably meant: said beside what is missing, before the ways on.
    main: html`<h1>${heading}</h1><p>${message}</p>${extra}<p>${suggestion}</p><p><a href="/">Return to the service playing now</a> or <a href="/docs">wander the library</a>.</p>`,
  });
}
