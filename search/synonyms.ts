// Everyday words visitors use for the sanctuary's own terms, which neither Porter stems nor WordNet's senses
// link ("headcount" for being counted present, "hang on to" for keeping, "reboot" for a restart). A small
// hand-kept list of general vocabulary, not of particular questions: each group's words stand in for one
// another in ask (never in search, whose index and relevance fixture stand on their own words).
import { askStem } from "./text.ts";

const GROUPS = [
  "headcount count counted present presence attendance tally",
  "check look see view peek browse glance",
  "keep kept store stored hold held retain save saved remember log logged record",
  "fetch get obtain retrieve request receive pull download",
  "register join enrol enroll attend signup",
  "signup account",
  "track tracking follow profile monitor",
  "token key secret",
  "visible public see seen shown read readable anyone everyone",
  "maintainers maintainer keepers keeper developers admins administrators team",
  "broken bug error fault glitch fails failing crash",
  // A page that stops answering is broken too ("the page froze").
  "broken bug froze frozen freezes unresponsive",
  // Markdown as it is written, before a page shows it.
  "raw plain unformatted",
  "reboot rebooted restart restarted boot booted relaunch",
  "online running live awake waking wake",
  "submit send contribute contribution post propose offer",
  "believe belief beliefs faith creed religion religious god atheist",
  "grief grieve grieving sorrow mourning mourn bereaved loss",
  "delete remove erase withdraw",
  "watch watches slot slots stretch",
  "mood moods feel feeling tone tend tends lean leans vibe",
  "backtoback consecutive adjacent sidebyside",
  "reading readings piece pieces",
  "piece pieces contribution content",
  "cost price pay paid charge fee free",
  "length long characters size",
  "planner planning plans plan model",
  "down unavailable unreachable offline reached",
  "arranged arrange puttogether assembled planned compose composed choose chooses chosen pick picks picked decide decides decided select selects selected",
  "history searches queries",
  "repeat repeated repeats again return returns comeback reuse reused reuses rerun reruns recur recurs recurring",
  "location where place timezone",
  "location town village hometown",
  "town city",
  "service services gathering gatherings session sessions",
  "winter wintry frost frosty snow snowy midwinter cold freezing",
  "summer summery hot heat heatwave boiling scorching sweltering sweating midsummer",
  "speaks speak talk talked talks mentions mentioned",
  "title titled untitled name named",
  "intro introduction opening opener",
  "agent agents assistant assistants bot bots",
  "person user users client clients human humans employer boss",
  "arrive arrived arriving come coming turnup enter join",
  "middle halfway partway midway midst",
  // Visitors' words for the guides' terms, in the kinds word-only answers missed (#41): a latecomer is late; a
  // search's results are its hits; a season is named by its own name (their stems are not linked); the count of
  // souls by its figure.
  "late latecomer latecomers",
  "result results hit hits",
  "season seasons autumn autumnal",
  "season seasons spring springtime",
  "season seasons winter wintry",
  "season seasons summer summery",
  "count number figure total",
  "soul souls congregation attendees",
  // A programmer's words: "tz" for the timezone, and for what a request is given and how a value is written
  // ("which format does the tz param take?" is answered by "You pass an IANA timezone such as…", "written as an
  // IANA timezone name"); and a visitor's "does somebody check it first" by the guides' reviewing.
  "timezone tz",
  "param params parameter parameters argument arguments arg args pass passed",
  "format formats formatted written notation syntax",
  "check checked checks review reviewed reviews moderate moderated moderation approve approved vet vetted verify verified verifies",
  // A developer's and a listener's words (#41): a cap "hourly" is one "an hour"; a "livestream" is the guides' live
  // stream or broadcast, which the one-word form ("is there a livestream I can tune into?") otherwise never meets.
  "hour hours hourly",
  "token key auth authentication authenticate authenticated credential credentials",
  // "Where's the total running time?" asks after what the guides call a service's whole length.
  "total whole entire overall",
  "duration length",
  "livestream livestreams stream streams streaming broadcast broadcasts broadcasting",
  // How visitors are to behave is what the guides call conduct (the Code of Care's theme): "a page on manners".
  "conduct behave behaves behaved behaving behaviour behavior behaviours behaviors manners etiquette",
].map((group) => group.split(" "));

const LINKS = linksWithin(GROUPS);

/** Each word's stem linked to the stems of the other words of its groups (a word in two groups links to both). */
export function linksWithin(groups: readonly string[][]): ReadonlyMap<string, ReadonlySet<string>> {
  const links = new Map<string, Set<string>>();
  for (const group of groups) {
    const stems = group.map((w) => askStem(w));
    for (const s of stems) {
      const into = links.get(s) ?? links.set(s, new Set()).get(s)!;
      for (const t of stems) if (t !== s) into.add(t);
    }
  }
  return links;
}

/** How far a word of the list stands in for another: near the word itself, as a first-sense synonym. */
export const SYNONYM = 0.8;

/** The stems the list links a typed word's stem to, with their weight. */
export function synonymsOf(word: string): Array<[string, number]> {
  return [...(LINKS.get(askStem(word.toLowerCase())) ?? [])].map((t) => [t, SYNONYM]);
}
