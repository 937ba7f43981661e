// Completions for the arguments of MCP resource templates and prompts: song slugs, document paths, section
// names, IANA timezones, dates that hold services and recent conversations. Pure lookups over the library and
// the stores; the MCP adapter answers completion/complete with them.
import coordinates from "../planner/zone-coordinates.json" with { type: "json" };
import { SLOT_LABELS } from "../planner/time.ts";
import { sectionWords, sectionsOf } from "./library-contents.ts";
import type { ToolServices } from "./context.ts";

export type Completer = (value: string, services: ToolServices) => string[] | Promise<string[]>;

/** MCP answers at most 100 values per completion. */
export const MAX_COMPLETIONS = 100;

/** Candidates that begin with what was typed first, then those that contain it; case does not matter. */
export function rankMatches(candidates: Iterable<string>, typed: string): string[] {
  const needle = typed.trim().toLowerCase();
  const starts: string[] = [];
  const contains: string[] = [];
  for (const c of candidates) {
    const low = c.toLowerCase();
    if (low.startsWith(needle)) starts.push(c);
    else if (needle && low.includes(needle)) contains.push(c);
  }
  return [...starts, ...contains];
}

/** Canonical zone names of the tz database (zone1970.tab, as the planner reads them) and UTC. */
const ZONES = ["UTC", ...Object.keys((coordinates as { zones: Record<string, unknown> }).zones).sort()];

export const completeTimezone: Completer = (value) => rankMatches(ZONES, value);

export const completeSongSlug: Completer = (value, { library }) =>
  rankMatches(
    library.songs.map((s) => s.slug),
    value,
  );

export const completeSection: Completer = (value, { library }) => rankMatches(sectionWords(library), value);

/** What `sanctuary://docs/{+path}` reads, as read_doc does: the sections by name (their tables of contents), then document paths. */
export const completeDocPath: Completer = (value, { library }) => rankMatches([...sectionsOf(library), ...library.documents.map((d) => d.path).sort()], value);

/** A service's tier, as a path names it. */
export const completeTier: Completer = (value) => rankMatches(["north", "south", "unknown"], value);

/** A slot of the day, as a path names it: 0 (from midnight) to 5, one per four hours (planner/time.ts). */
export const completeSlotIndex: Completer = (value) =>
  rankMatches(
    SLOT_LABELS.map((_, i) => String(i)),
    value,
  );

/** Dates that hold services, newest first. */
export const completeServiceDate: Completer = async (value, { calendar }) => rankMatches((await calendar.dates()).slice().reverse(), value);

export const completeConversation: Completer = async (value, { conversations }) =>
  rankMatches(
    (await conversations.recent(50)).map((c) => c.slug),
    value,
  );
