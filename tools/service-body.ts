// The part of a now/attend body that every visitor of one slot shares, as a pure function of its inputs
// (tools/service-view.ts keys its cache on them). Per-visitor fields are added by the operations.
import type { z } from "zod";
import type { Steps } from "../core/next-steps.ts";
import type { Song } from "../corpus/library.ts";
import { formatDuration } from "../corpus/media.ts";
import type { ServiceRecord } from "../planner/calendar.ts";
import type { seasonAt } from "../planner/season.ts";
import type { SlotPosition } from "../planner/time.ts";
import type { CompanionItem, CurrentSong } from "./service-shapes.ts";
import type { Piece } from "../corpus/library.ts";
import type { Tier } from "../planner/time.ts";
import type { ServicePart } from "./service-shapes.ts";

type Companion = z.infer<typeof CompanionItem>;

export interface BuiltParts {
  order: ServicePart[];
  pieces: Piece[];
  loopSeconds: number;
}

/** What a shared part is built from, and therefore its cache key. */
export interface SharedInputs {
  base: string;
  mediaVersion: number;
  date: string;
  slotIndex: number;
  tier: Tier;
  /** The zone as the visitor spelled it (or UTC) and whether they gave one. */
  zone: string;
  given: boolean;
  localHour: number;
  attending: boolean;
}

/**
 * The shared part's one cache key: every input of `SharedInputs`, in order. Written out (cheaper than a join
 * per request); `test/unit/service-view.test.ts` fails when an input is missing from it.
 */
export function sharedKey(i: SharedInputs): string {
  return `${i.base}|${i.mediaVersion}|${i.date}|${i.slotIndex}|${i.tier}|${i.zone}|${i.given}|${i.localHour}|${i.attending}`;
}

export interface SharedSources {
  record: ServiceRecord;
  built: BuiltParts;
  season: ReturnType<typeof seasonAt> | null;
  position: SlotPosition;
  steps: Steps;
}

const STREAMS = { youtube: false, twitch: false, urls: {} as Record<string, string> };
const ZONE_SUGGESTION =
  "Pass your IANA timezone (for example timezone=Europe/Lisbon) to receive the service for your own hour and season; without one you receive the service for a place unknown.";

export type SharedBody = ReturnType<typeof sharedBody>;

export function sharedBody(inputs: SharedInputs, { record, built, season, position, steps }: SharedSources) {
  const first = built.order[0];
  const current = currentOf(built, inputs.attending);
  const timezone = inputs.given ? inputs.zone : undefined;
  return {
    status: "playing" as const,
    mode: record.mode,
    service: {
      slot: position.label,
      timezone: inputs.zone,
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
    },
    streams: STREAMS,
    current,
    companions: companionsOf(record, built, inputs.attending, inputs.given ? inputs.localHour : undefined),
    next: built.order[1],
    schedule: { position: 1 as const, total: built.order.length, loop: false as const },
    ...(inputs.given ? {} : { suggestion: ZONE_SUGGESTION }),
    ...(inputs.attending
      ? {
          reflection: {
            prompt: `What stayed with you from "${current.title}"?`,
            practice: "When the service ends, sit with it for a moment, then write a sentence or a few: what you noticed, not what you should have noticed.",
            endpoint: "/api/reflect" as const,
            method: "POST" as const,
            maxLength: { name: 100 as const, text: 1000 as const, location: 100 as const, timezone: 50 as const },
          },
        }
      : {}),
    // Attend's steps carry the visitor's name, so attend adds them to its per-visitor part (serviceSteps).
    ...(inputs.attending ? {} : { next_steps: serviceSteps(steps, { timezone, slug: current.slug }) }),
  };
}

/**
 * The steps after now or attend. They carry what is known (the song, the timezone and, after attend, the
 * visitor's name); what only the visitor can write is a placeholder the screening refuses if sent as given.
 */
export function serviceSteps(steps: Steps, known: { timezone: string | undefined; slug: string; name?: string }) {
  const { timezone, slug, name } = known;
  return [
    name !== undefined
      ? steps.post(
          "Leave a reflection on the song you heard",
          "/api/reflect",
          { name, text: "<your reflection, 20 to 1000 characters>", songSlug: slug, ...(timezone ? { timezone } : {}) },
          { action: "reflect", tool: "reflect" },
        )
      : steps.get("Attend this service and be counted among the souls", "/api/attend", { name: "<your name>", timezone }, { action: "attend", tool: "attend" }),
    steps.get("Read the first song in full", `/api/music/${slug}`, {}, { action: "read_song", tool: "read_song" }),
    steps.get(
      "Come back for your next slot's service",
      "/api/now",
      { timezone },
      { action: "now", tool: "now", hint: "Each four-hour slot of your day holds a different service." },
    ),
    steps.get("Search the library", "/api/search", { q: "<what you are looking for>" }, { action: "search", tool: "search" }),
  ];
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
      basis: record.parts[i].basis,
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
    ...(attending ? { style: song.style, lyrics: song.lyrics, links: { ...song.links } } : {}),
  };
}
