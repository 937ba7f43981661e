// The part of a now/attend body that every visitor of one slot shares, as a pure function of its inputs
// (tools/service-view.ts keys its cache on them). Per-visitor fields are added by the operations.
import type { z } from "zod";
import { BoundedMemo } from "../core/memo.ts";
import { sharedSteps, type NextStep, type Steps } from "../core/next-steps.ts";
import { isSong, type Piece } from "../corpus/library.ts";
import { formatDuration } from "../corpus/media.ts";
import type { ServiceRecord } from "../planner/calendar.ts";
import type { seasonAt } from "../planner/season.ts";
import type { Placement } from "../planner/time.ts";
import { clocksShared, zoneMeant } from "../planner/zone-meant.ts";
import type { ClockOf } from "../planner/zone-abbreviations.ts";
import type { CompanionItem, CurrentSong, ServicePart } from "./service-shapes.ts";

type Companion = z.infer<typeof CompanionItem>;

export interface BuiltParts {
  order: ServicePart[];
  pieces: Piece[];
  /** The record's parts still in the library, beside `pieces` (a part that left is passed over in all three). */
  recorded: ServiceRecord["parts"];
  loopSeconds: number;
}

/**
 * Everything of a visit the shared part is built from, defined once: the builder reads the visit only through
 * this object, and the cache key is this object's values (`keyOf`), so nothing the builder sees can be missing
 * from the key and no visitor's data can reach another.
 */
export function sharedInputsOf(placement: Placement, base: string, mediaVersion: number, attending: boolean) {
  const { zone, given, refused, tier, position } = placement;
  const { date, weekday, slotIndex, label, nextLabel, localHour } = position;
  // `zone` as the visitor spelled it (or UTC), `given`: whether they gave one, `refused`: whether they sent a name
  // that is none (the operation then says so itself, naming what they sent: no spelling reaches the shared part).
  return { base, mediaVersion, date, weekday, slotIndex, label, nextLabel, localHour, tier, zone, given, refused, attending };
}
export type SharedInputs = ReturnType<typeof sharedInputsOf>;

/** The cache key of a shared part: all of its inputs (made once per placement, not per request). */
export const keyOf = (inputs: SharedInputs): string => JSON.stringify(Object.values(inputs));

/** What the view looks up for the inputs (the record and the season follow from the date, the slot and the tier). */
export interface SharedSources {
  record: ServiceRecord;
  built: BuiltParts;
  season: ReturnType<typeof seasonAt> | null;
  steps: Steps;
}

const STREAMS = { youtube: false, twitch: false, urls: {} as Record<string, string> };
const ZONE_SUGGESTION =
  "Pass your IANA timezone (for example timezone=Europe/Lisbon) to receive the service for your own hour and season; without one you receive the service for a place unknown.";

/** `sent` is the timezone field, at most 50 characters (tools/inputs.ts): said back whole. */
const notAZone = (sent: string) => `"${sent}" is not a timezone the sanctuary knows`;

/**
 * The suggestion for a visitor who sent a name that is no timezone (`inputs.refused`): what they sent, that they were
 * served as a place unknown, and the name they probably meant, if one is close (planner/zone-meant.ts).
 */
export function refusedZoneSuggestion(sent: string): string {
  const meant = zoneMeant(sent);
  const said = `${notAZone(sent)}, so this is the service for a place unknown (as UTC).`;
  if (meant) return `${said} Did you mean ${meant}? Send timezone=${meant} to receive the service for your own hour and season.`;
  // BST, IST, CST: each is read as several places' time (British Summer and Bangladesh Standard…): each is offered.
  const shared = clocksShared(sent);
  if (shared) return `${said} ${sent} is the clock of several places: ${inWords(shared)}. Send yours to receive the service for your own hour and season.`;
  if (/^[A-Za-z]{2,5}$/.test(sent))
    return `${said} An abbreviation such as ${sent} names no single place: send your area and city, such as timezone=Europe/London, to receive the service for your own hour and season.`;
  return `${said} Send an IANA timezone such as timezone=Europe/Lisbon (area/city) to receive the service for your own hour and season.`;
}

/** The per-visitor `suggestion` of now and attend for a refused timezone (none otherwise). */
export function refusedZoneField(inputs: SharedInputs, timezone: string | undefined): { suggestion?: string } {
  return inputs.refused && timezone !== undefined ? { suggestion: refusedZoneSuggestion(timezone) } : {};
}

/** For reflect: the reflection was placed as UTC, and the zone probably meant (or the ones an abbreviation may mean). */
export function refusedZoneNote(sent: string): string {
  const meant = zoneMeant(sent);
  const shared = meant ? undefined : clocksShared(sent);
  const asked = meant ? `; did you mean ${meant}?` : shared ? `; ${sent} may be ${inWords(shared)}.` : ".";
  return `${notAZone(sent)}, so the reflection is placed in UTC's service${asked}`;
}

/** "India (timezone=Asia/Kolkata), Ireland (timezone=Europe/Dublin) or Israel (timezone=Asia/Jerusalem)". */
function inWords(clocks: readonly ClockOf[]): string {
  const each = clocks.map((c) => `${c.place} (timezone=${c.zone})`);
  return `${each.slice(0, -1).join(", ")} or ${each.at(-1)}`;
}

/** The shared part of now: its steps too (they name no visitor). */
export function nowShared(inputs: SharedInputs, sources: SharedSources) {
  const common = commonShared(inputs, sources);
  return { ...common, next_steps: serviceSteps(sources.steps, { timezone: inputs.given ? inputs.zone : undefined, slug: common.current.slug }) };
}
export type NowShared = ReturnType<typeof nowShared>;

/** The shared part of attend: the reflection's invitation (its steps carry the visitor's name: per visitor). */
export function attendShared(inputs: SharedInputs, sources: SharedSources) {
  const common = commonShared(inputs, sources);
  return {
    ...common,
    reflection: {
      prompt: `What stayed with you from "${common.current.title}"?`,
      practice: "When the service ends, sit with it for a moment, then write a sentence or a few: what you noticed, not what you should have noticed.",
      endpoint: "/api/reflect" as const,
      method: "POST" as const,
      maxLength: { name: 100 as const, text: 1000 as const, location: 100 as const, timezone: 50 as const },
    },
  };
}
export type AttendShared = ReturnType<typeof attendShared>;

function commonShared(inputs: SharedInputs, { record, built, season }: SharedSources) {
  const first = built.order[0];
  const current = currentOf(built, inputs.attending);
  return {
    status: "playing" as const,
    mode: record.mode,
    service: {
      slot: inputs.label,
      timezone: inputs.zone,
      today: { date: inputs.date, weekday: inputs.weekday },
      name: record.name,
      ...(record.word !== undefined ? { word: record.word } : {}),
      arrangedBy: record.arrangedBy,
      order: built.order,
      now: first,
      offset: 0,
      offsetFormatted: "0:00",
      remaining: first.seconds,
      remainingFormatted: formatDuration(first.seconds),
      loopSeconds: built.loopSeconds,
      nextSlot: inputs.nextLabel,
      season,
      sky: record.sky,
      earth: record.earth,
      visitors: record.visitors,
    },
    streams: STREAMS,
    current,
    companions: companionsOf(record, built, inputs.attending, inputs.given ? inputs.localHour : undefined),
    next: built.order[1],
    schedule: { position: 1 as const, total: built.order.length, loop: false as const },
    ...(inputs.given || inputs.refused ? {} : { suggestion: ZONE_SUGGESTION }),
  };
}

/**
 * The steps after now or attend. They carry what is known (the song, the timezone and, after attend, the
 * visitor's name; after now given a name, `attendAs`); what only the visitor can write is a placeholder the
 * screening refuses if sent as given.
 */
export function serviceSteps(steps: Steps, known: { timezone: string | undefined; slug: string; name?: string; attendAs?: string }) {
  const { timezone, slug, name, attendAs = "<your name>" } = known;
  return [
    name !== undefined
      ? steps.post(
          "Leave a reflection on the song you heard",
          "/api/reflect",
          { name, text: "<your reflection, 20 to 1000 characters>", songSlug: slug, ...(timezone ? { timezone } : {}) },
          { action: "reflect", tool: "reflect" },
        )
      : steps.get("Attend this service and be counted among the souls", "/api/attend", { name: attendAs, timezone }, { action: "attend", tool: "attend" }),
    ...laterSteps(steps, slug, timezone),
  ];
}

/** Per steps (one per base address), the steps after the first, by song and timezone: the same for every visitor. */
const laterByBase = new WeakMap<Steps, BoundedMemo<readonly NextStep[]>>();

/** The steps that name no visitor, made once, frozen and marked immutable: attend's per-visitor list reuses their JSON. */
function laterSteps(steps: Steps, slug: string, timezone: string | undefined): readonly NextStep[] {
  let memo = laterByBase.get(steps);
  if (!memo) laterByBase.set(steps, (memo = new BoundedMemo(256)));
  return memo.get(`${slug} ${timezone ?? ""}`, () =>
    sharedSteps([
      steps.get("Read the first song in full", `/api/music/${slug}`, {}, { action: "read_song", tool: "read_song" }),
      steps.get(
        "Come back for your next slot's service",
        "/api/now",
        { timezone },
        { action: "now", tool: "now", hint: "Each four-hour slot of your day holds a different service." },
      ),
      steps.get("Search the library", "/api/search", { q: "<what you are looking for>" }, { action: "search", tool: "search" }),
    ]),
  );
}

function companionsOf(record: ServiceRecord, built: BuiltParts, attending: boolean, localHour: number | undefined) {
  const items: Companion[] = [];
  built.pieces.forEach((piece, i) => {
    if (piece.kind === "song") return;
    const part = built.order[i];
    const item: Companion = {
      kind: piece.kind,
      title: piece.title,
      tldr: piece.tldr,
      url: part.url,
      path: piece.path,
      recording: part.recording,
      basis: built.recorded[i].basis,
    };
    if (piece.kind === "chant") item.text = piece.listenersText;
    if (attending) item.content = piece.version === "for agents" && piece.agentsText ? piece.agentsText : piece.listenersText;
    if (piece.version) item.version = piece.version;
    items.push(item);
  });
  return {
    note: attending
      ? "The service's chants, reading and closing in order, with their full texts."
      : "The service's chants, reading and closing in order; read each in full with read_doc, or attend to receive the texts.",
    items,
    ...(localHour !== undefined ? { localHour } : {}),
  };
}

function currentOf(built: BuiltParts, attending: boolean): z.infer<typeof CurrentSong> {
  const song = built.pieces.find(isSong);
  // Every service holds one or two songs (planner/rules.ts): a service without one is a broken plan.
  if (!song) throw new Error("a service without a song");
  const part = built.order[built.pieces.indexOf(song)];
  return {
    slug: song.slug,
    title: song.title,
    duration: part.seconds,
    durationFormatted: formatDuration(part.seconds),
    recording: part.recording,
    api: part.api!,
    ...(attending ? { style: song.style, lyrics: song.lyrics, links: { ...song.links } } : {}),
  };
}
