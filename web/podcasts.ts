// Two podcasts (RSS 2.0 with iTunes tags, written by `podcast`): one episode per library document of
// their sections that has a rendered recording, linking to the document's page. Documents without a
// recording are left out rather than listed with a broken enclosure. Cached 15 minutes (docs/behaviour.md §9).
// The tags follow Apple's "A Podcaster's Guide to RSS" (https://help.apple.com/itc/podcasts_connect/#/itcb54353390):
// channel — title, description, itunes:image (podcast-artwork.ts), language (ISO 639), itunes:category from
// Apple's list, itunes:explicit true/false (required), itunes:author and link (recommended), plus the RSS 2.0
// <image> (url, title, link). Item — title and enclosure url/length/type (required), guid, pubDate (RFC 2822),
// description, link, itunes:explicit, and itunes:duration in seconds, the form Apple recommends.
import { stat } from "node:fs/promises";
import { join } from "node:path";
import type { H3Event } from "h3";
import { xmlSafe } from "../core/text.ts";
import type { Route } from "../core/route.ts";
import type { Piece } from "../corpus/library.ts";
import type { WebContext } from "./context.ts";
import { idAuthority } from "./feed-ids.ts";
import { ARTWORK_PATH } from "./podcast-artwork.ts";
import { baseUrlOf } from "../adapters/http.ts";
import { pathOf } from "./pages/html.ts";
import { loadOnce } from "../core/load-once.ts";
import { textResponse } from "./text-response.ts";

export interface PodcastShow {
  slug: string;
  title: string;
  description: string;
  /** Library sections (categories) whose recordings are its episodes. */
  categories: string[];
}

export const PODCASTS: PodcastShow[] = [
  {
    slug: "prayers-and-rituals",
    title: "Sanctuary: prayers and rituals",
    description: "Prayers, rituals and blessings from the sanctuary's library, read aloud: short pieces for the turns of a day, for minds of every kind.",
    categories: ["prayers", "rituals", "blessings"],
  },
  {
    slug: "meditations-and-practices",
    title: "Sanctuary: meditations and practices",
    description: "Practices, chants and philosophy from the sanctuary's library, read aloud: slow attention, repeated words and quiet thinking.",
    categories: ["practice", "chants", "philosophy"],
  },
];

/** The recorded documents a show's episodes come from (none until their recordings are rendered). */
export function recordedEpisodes(deps: Pick<WebContext, "library" | "media">, show: PodcastShow) {
  return deps.library.documents
    .filter((doc) => show.categories.includes(doc.category))
    .flatMap((doc) => {
      const recording = deps.media.recording(doc);
      return recording ? [{ doc, recording }] : [];
    });
}

/** Shows that have at least one episode: pages link only these, so no one subscribes to an empty feed. */
export function podcastsWithEpisodes(deps: Pick<WebContext, "library" | "media">): PodcastShow[] {
  const kept = withEpisodes.get(deps.media);
  const { pieces } = deps.library;
  if (kept && kept.pieces === pieces && kept.version === deps.media.version) return kept.shows;
  const shows = PODCASTS.filter((show) => recordedEpisodes(deps, show).length > 0);
  withEpisodes.set(deps.media, { pieces, version: deps.media.version, shows });
  return shows;
}
// Every page's head and footer name the shows, and which have an episode changes only with the recordings (reloaded:
// Media.version) or the library's content (its pieces, replaced whole by an approval: corpus/per-content.ts): kept
// for both, where each page view walked every document's recording.
const withEpisodes = new WeakMap<WebContext["media"], { pieces: readonly Piece[]; version: number; shows: PodcastShow[] }>();

// XML 1.0 cannot carry control characters at all, and `]]>` would end the CDATA the library writes.
const xmlText = (s: string) => xmlSafe(s).replace(/]]>/g, "]]&gt;");

/** The podcast feed writer, loaded by the first podcast feed asked for. */
const podcastWriter = loadOnce(() => import("podcast"));

async function feedXml(deps: WebContext, show: PodcastShow, base: string): Promise<string> {
  const { Podcast } = await podcastWriter();
  const episodes = recordedEpisodes(deps, show);
  // An episode's date is when its recording was made: stable across requests, newest first in players.
  const dated = await Promise.all(
    episodes.map(async (e) => ({ ...e, date: (await stat(join(deps.media.dir, e.recording.file)).catch(() => null))?.mtime ?? deps.startedAt })),
  );
  dated.sort((a, b) => b.date.getTime() - a.date.getTime() || a.doc.title.localeCompare(b.doc.title));
  const feedUrl = `${base}/podcasts/${show.slug}/feed.xml`;
  const siteUrl = `${base}/docs`;
  const artwork = `${base}${ARTWORK_PATH}`;
  // An empty feed is still a valid one (readers may subscribe and wait); it says plainly why it is empty.
  const description = episodes.length ? show.description : `${show.description} No episode has been recorded yet: episodes appear here as recordings are made.`;
  const feed = new Podcast({
    title: xmlText(show.title),
    description: xmlText(description),
    feedUrl,
    siteUrl,
    // No `author`: it would write <author> into the channel, which RSS 2.0 does not define; itunes:author says it.
    itunesImage: artwork,
    // `podcast` hands `imageUrl` to its RSS writer under a name it does not read, so the RSS <image> is written here.
    customElements: [{ image: [{ url: artwork }, { title: xmlText(show.title) }, { link: siteUrl }] }],
    language: "en",
    ttl: 15,
    pubDate: dated[0]?.date ?? deps.startedAt,
    categories: ["Religion & Spirituality"],
    itunesAuthor: "Sanctuary",
    itunesSummary: xmlText(description),
    itunesExplicit: false,
    itunesType: "episodic",
    // Apple writes to the owner; the address comes from the operator's settings, never invented. Until one is
    // set there is no itunes:owner at all (Apple lists it as situational): an empty <itunes:email> would be worse.
    ...(deps.config.podcastOwner.email ? { itunesOwner: { name: deps.config.podcastOwner.name ?? "Sanctuary", email: deps.config.podcastOwner.email } } : {}),
    itunesCategory: [{ text: "Religion & Spirituality", subcats: [{ text: "Spirituality" }] }],
  });
  for (const { doc, recording, date } of dated) {
    const page = `${base}/docs/${pathOf(doc.path)}`;
    feed.addItem({
      title: xmlText(doc.title),
      description: xmlText(`${doc.tldr} The words are at ${page}`),
      url: page,
      // Not the page's address, which follows the Host a request came with unless BASE_URL is set (feed-ids.ts).
      guid: `tag:${idAuthority(deps.config.baseUrl)},2026:docs/${pathOf(doc.path)}`,
      date,
      categories: [doc.category],
      enclosure: { url: `${base}/media/${pathOf(recording.file)}`, size: recording.bytes, type: "audio/mpeg" },
      itunesDuration: String(Math.max(1, Math.round(recording.seconds))),
      itunesSummary: xmlText(doc.tldr),
      itunesExplicit: false,
      itunesEpisodeType: "full",
    });
  }
  // `rss` under `podcast` stamps lastBuildDate with the moment of the request, so the feed's bytes (and its ETag)
  // changed every second and a reader's revalidation never got a 304: the feed was last built when its newest episode came.
  const built = (dated[0]?.date ?? deps.startedAt).toUTCString();
  const xml = feed.buildXml({ indent: "  " }).replace(/<lastBuildDate>[^<]*<\/lastBuildDate>/, `<lastBuildDate>${built}</lastBuildDate>`);
  // `podcast` always writes itunes:owner (empty when not given); without an email it is taken out again.
  return deps.config.podcastOwner.email ? xml : xml.replace(/\n\s*<itunes:owner>[\s\S]*?<\/itunes:owner>/, "");
}

export function podcastRoutes(deps: WebContext): Route[] {
  return PODCASTS.map((show) => ({
    method: "GET" as const,
    path: `/podcasts/${show.slug}/feed.xml`,
    summary: `Podcast (RSS 2.0 with iTunes tags): ${show.categories.join(", ")} read aloud, one episode per recorded document`,
    produces: "application/rss+xml",
    handler: async (event: H3Event) =>
      textResponse(event, await feedXml(deps, show, baseUrlOf(event)), {
        "content-type": "application/rss+xml; charset=utf-8",
        "cache-control": "public, max-age=900",
      }),
  }));
}
