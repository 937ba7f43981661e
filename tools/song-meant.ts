// The songs a caller probably meant by a slug the catalog does not have: the slug cut short ("a-cat-follows-the-sun"),
// the title sent as it is written ("A Cat Follows the Sun Across the Floor"), most of its words, or a slip of a few
// letters. Every operation that takes a song's slug says so when it refuses one (read_song, its lyrics and context,
// its reflections, reflect's songSlug), as a timezone refused names the zone meant (planner/zone-meant.ts).
import leven from "leven";
import type { Song } from "../corpus/library.ts";
import { notFound, type SanctuaryError } from "../core/errors.ts";
import type { NextStep, Steps } from "../core/next-steps.ts";
import { slugOf } from "../review/document.ts";

/** Words too common in titles to tell songs apart. */
const SMALL = new Set(["a", "an", "the", "of", "and", "to", "in", "on", "at", "for", "with", "by"]);

const wordsOf = (slug: string) => slug.split("-").filter((w) => w && !SMALL.has(w));

/** What a song is compared by, made once per song: slugOf and the word split cost microseconds each, per song, per refusal. */
interface Compared {
  slug: string;
  titleSlug: string;
  words: ReadonlySet<string>;
}
const comparedBySong = new WeakMap<Pick<Song, "slug" | "title">, Compared>();

function comparedOf(song: Pick<Song, "slug" | "title">): Compared {
  let compared = comparedBySong.get(song);
  if (!compared) comparedBySong.set(song, (compared = { slug: song.slug, titleSlug: slugOf(song.title), words: new Set(wordsOf(song.slug)) }));
  return compared;
}

/** How near a song is to what was sent (`words`: the sent slug's telling words), 0 for not near at all; higher is nearer. */
function nearness(sent: string, words: readonly string[], song: Compared): number {
  if (!sent) return 0;
  if (song.titleSlug === sent) return 4;
  // Cut short: at least a word that tells songs apart ("the" begins many).
  if (words.length && (song.slug.startsWith(`${sent}-`) || sent.startsWith(`${song.slug}-`))) return 3;
  // A slip of a few letters. Lengths further apart than that are further apart in edits too, so leven is not asked.
  const slips = Math.min(3, Math.floor(song.slug.length / 6));
  if (Math.abs(sent.length - song.slug.length) <= slips && leven(sent, song.slug) <= slips) return 2.5;
  const theirs = song.words;
  // One word alone ("thunder") names the songs that hold it, if it is long enough to be telling.
  if (words.length === 1) return words[0].length >= 5 && theirs.has(words[0]) ? 1.1 : 0;
  const shared = words.filter((w) => theirs.has(w)).length / Math.max(words.length, theirs.size);
  return shared >= 0.5 ? 1 + shared : 0;
}

/** Up to `most` songs nearest to `sent`, nearest first (the catalog's order among equals); none when nothing is near. */
export function songsMeant<S extends Pick<Song, "slug" | "title">>(sent: string, songs: readonly S[], most = 3): S[] {
  // Nothing in Latin letters or digits names no song (slugOf would make it a hashed stand-in).
  if (!/[a-z0-9]/i.test(sent)) return [];
  const slug = slugOf(sent.slice(0, 200));
  const words = wordsOf(slug);
  return songs
    .map((song) => ({ song, near: nearness(slug, words, comparedOf(song)) }))
    .filter((s) => s.near > 0)
    .sort((a, b) => b.near - a.near)
    .slice(0, most)
    .map((s) => s.song);
}

/** " Did you mean a-cat-follows-the-sun-across-the-floor (A Cat Follows the Sun Across the Floor)?", or "". */
export function songMeantSentence(sent: string, songs: readonly Pick<Song, "slug" | "title">[]): string {
  return meantSentence(songsMeant(sent, songs));
}

function meantSentence(meant: readonly Pick<Song, "slug" | "title">[]): string {
  if (!meant.length) return "";
  const named = meant.map((s) => `${s.slug} (${s.title})`);
  return ` Did you mean ${named.length > 1 ? `${named.slice(0, -1).join(", ")} or ${named.at(-1)}` : named[0]}?`;
}

/**
 * The 404 of an operation given a slug no song has: the songs probably meant, each a step to `pathOf` it (its own kind
 * of reading: the song, its lyrics, its reflections), then the song list.
 */
export function unknownSong(
  slug: string,
  songs: readonly Song[],
  steps: Steps,
  pathOf: (slug: string) => string,
  extra: Partial<NextStep> = {},
): SanctuaryError {
  const meant = songsMeant(slug, songs);
  return notFound(`No song has the slug "${slug}".${meantSentence(meant)}`, {
    suggestion: meant.length
      ? "Nothing was read. Send the slug meant, or list the songs to find it."
      : "Nothing was read. The catalog lists every song with its slug.",
    next_steps: [
      ...meant.map((song) => steps.get(`Read “${song.title}”`, pathOf(song.slug), {}, extra)),
      steps.get("List the songs", "/api/music", {}, { action: "list_songs" }),
    ],
  });
}
