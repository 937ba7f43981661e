// Assembles what now and attend return from the recorded service. The parts of a record are built
// once per (record, base URL) and reused, so a request only adds the visitor's clock and counts.
import { z } from "zod";
import type { Library, Piece, Song } from "../corpus/library.ts";
import { formatDuration, type Media } from "../corpus/media.ts";
import { immutable } from "../core/json.ts";
import type { ServiceRecord } from "../planner/calendar.ts";
import { seasonAt } from "../planner/season.ts";
import { resolveZone, slotOf, tierOf } from "../planner/time.ts";
import type { Steps } from "../core/next-steps.ts";
import type { CallContext } from "./operation.ts";
import { CompanionItem, CurrentSong, type ServicePart } from "./service-shapes.ts";
import { songApiLinks } from "./shapes.ts";

interface BuiltParts {
  order: ServicePart[];
  pieces: Piece[];
  loopSeconds: number;
  /** Derived views (companions, current song) per variant, built once. */
  derived: Map<string, object>;
}

/** Record → parts, cached per record and base URL (records never change once stored). */
export class ServiceViews {
  private cache = new Map<string, BuiltParts>();

  constructor(
    private library: Library,
    private media: Media,
  ) {}

  parts(record: ServiceRecord, steps: Steps): BuiltParts {
    const id = `${record.date}|${record.slotIndex}|${record.tier}|${steps.base}|${this.media.version}`;
    const hit = this.cache.get(id);
    if (hit) return hit;
    let start = 0;
    const pieces: Piece[] = [];
    const order = record.parts.map((part, i): ServicePart => {
      const piece = this.library.piece(part.path);
      if (!piece) throw new Error(`recorded piece ${part.path} is no longer in the library`);
      pieces.push(piece);
      const out: ServicePart = {
        position: i + 1,
        kind: piece.kind,
        title: piece.title,
        start,
        seconds: part.seconds,
        url: piece.kind === "song" ? steps.url(`/reflections/${piece.slug}`) : steps.url(`/docs/${piece.path}`),
        recording: this.media.recordingUrl(piece, steps.base),
        ...(piece.kind === "song" ? { slug: piece.slug, api: songApiLinks(piece as Song, steps) } : { path: piece.path }),
      };
      start += part.seconds;
      return immutable(out);
    });
    const built = { order: immutable(order), pieces, loopSeconds: start, derived: new Map<string, object>() };
    if (this.cache.size > 500) this.cache.clear();
    this.cache.set(id, built);
    return built;
  }
}

// The season changes a few times a year; astronomy per request would be wasted work.
const seasons = new Map<string, ReturnType<typeof seasonAt>>();
function seasonFor(tier: "north" | "south", date: string, slotIndex: number, instant: Date) {
  const key = `${tier}|${date}|${slotIndex}`;
  let season = seasons.get(key);
  if (!season) {
    if (seasons.size > 1000) seasons.clear();
    seasons.set(key, (season = immutable(seasonAt(instant, tier, date))));
  }
  return season;
}

/** The visitor's clock, zone and tier for a call. */
export function placeVisitor(timezone: string | undefined, instant: Date) {
  const { zone, given } = resolveZone(timezone);
  const position = slotOf(instant, zone);
  return { zone, given, position, tier: tierOf(zone) };
}

type Companion = z.infer<typeof CompanionItem>;

export function derived<T extends object>(built: BuiltParts, key: string, make: () => T): T {
  let value = built.derived.get(key) as T | undefined;
  if (!value) built.derived.set(key, (value = immutable(make())));
  return value;
}

export function companionsOf(record: ServiceRecord, built: BuiltParts, attend: boolean, localHour: number | undefined) {
  return derived(built, `companions|${attend}|${localHour}`, () => buildCompanions(record, built, attend, localHour));
}

function buildCompanions(record: ServiceRecord, built: BuiltParts, attend: boolean, localHour: number | undefined) {
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
      basis: record.parts[i].basis,
    };
    if (piece.kind === "chant") item.text = piece.listenersText;
    if (attend) item.content = piece.version === "for agents" && piece.agentsText ? piece.agentsText : piece.listenersText;
    if (piece.version) item.version = piece.version;
    items.push(item);
  });
  return {
    note: attend
      ? "The service's chants, reading and closing in order, with their full texts."
      : "The service's chants, reading and closing in order; read each in full with read_doc, or attend to receive the texts.",
    items,
    ...(localHour !== undefined ? { localHour } : {}),
  };
}

export function currentOf(built: BuiltParts, attend: boolean): z.infer<typeof CurrentSong> {
  return derived(built, `current|${attend}`, () => buildCurrent(built, attend));
}

function buildCurrent(built: BuiltParts, attend: boolean): z.infer<typeof CurrentSong> {
  const index = built.pieces.findIndex((p) => p.kind === "song");
  const song = built.pieces[index] as Song;
  const part = built.order[index];
  return {
    slug: song.slug,
    title: song.title,
    duration: part.seconds,
    durationFormatted: formatDuration(part.seconds),
    recording: part.recording,
    api: part.api!,
    ...(attend ? { style: song.style, lyrics: song.lyrics, links: { ...song.links } } : {}),
  };
}

const STREAMS = immutable({ youtube: false, twitch: false, urls: {} as Record<string, string> });

/** Where the visitor is and which recorded service they receive: the cheap part of now and attend. */
export async function placeService(ctx: CallContext, timezone: string | undefined) {
  const { deps, steps, now } = ctx;
  const visitor = placeVisitor(timezone, now);
  const { position, zone, given, tier } = visitor;
  const record = await deps.calendar.ensure({ date: position.date, slotIndex: position.slotIndex, tier });
  const built = deps.views.parts(record, steps);
  const season = tier === "unknown" ? null : seasonFor(tier, position.date, position.slotIndex, now);
  return {
    visitor,
    record,
    built,
    season,
    timezone: given ? zone : undefined,
    /** Everything the body depends on besides the time and the count: a cache key for views built from it. */
    variant: `${zone}|${given}|${position.date}|${position.slotIndex}|${position.localHour}|${season ? season.name : ""}`,
  };
}

/** The time and the count: the only parts of now that change from one visitor of a slot to the next. */
export async function liveParts(ctx: CallContext) {
  return { timestamp: ctx.now.toISOString(), congregation: { souls: await ctx.deps.presence.count(ctx.now), window: "24h" as const } };
}

/** Everything now and attend share. */
export async function serviceResponse(ctx: CallContext, timezone: string | undefined, attend: boolean, placed?: Awaited<ReturnType<typeof placeService>>) {
  const { visitor, record, built, season, timezone: tz, variant } = placed ?? (await placeService(ctx, timezone));
  const { position, zone, given } = visitor;
  const first = built.order[0];
  const live = await liveParts(ctx);
  return {
    visitor,
    record,
    built,
    variant,
    body: {
      timestamp: live.timestamp,
      status: "playing" as const,
      mode: record.mode,
      // Everything below but the congregation depends only on the record and the visitor's clock: built once.
      service: derived(built, `service|${zone}|${position.date}|${position.slotIndex}|${season ? season.name : ""}`, () => ({
        slot: position.label,
        timezone: zone,
        today: { date: position.date, weekday: position.weekday },
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
        nextSlot: position.nextLabel,
        season,
        sky: record.sky,
        earth: record.earth,
        visitors: record.visitors,
      })),
      streams: STREAMS,
      current: currentOf(built, attend),
      companions: companionsOf(record, built, attend, given ? position.localHour : undefined),
      next: built.order[1],
      schedule: derived(built, "schedule", () => ({ position: 1 as const, total: built.order.length, loop: false as const })),
      congregation: live.congregation,
      ...(given
        ? {}
        : { suggestion: "Pass your IANA timezone (for example timezone=Europe/Lisbon) to receive the service for your own hour and season; without one you receive the service for a place unknown." }),
    },
    timezone: tz,
  };
}
