// The one owner of the now/attend view: the part of a body shared by every visitor of a slot, built and
// encoded once. It is a pure function of `SharedInputs` (tools/service-body.ts), and its one cache key is those
// inputs' values: nothing the builder cannot see can vary it, so no visitor's data can reach another. The
// operations join their per-visitor fields to it (time, count, welcome) and do their own writes first.
import { immutable } from "../core/json.ts";
import { BoundedMemo } from "../core/memo.ts";
import type { Steps } from "../core/next-steps.ts";
import { isSong, type Library, type Piece } from "../corpus/library.ts";
import type { Media } from "../corpus/media.ts";
import type { ServiceCalendar, ServiceRecord } from "../planner/calendar.ts";
import { seasonAt } from "../planner/season.ts";
import { placeVisitor, slotFirstBegins, type Placement } from "../planner/time.ts";
import type { ServicePart } from "./service-shapes.ts";
import { songApiLinks } from "./shapes.ts";
import {
  attendShared,
  keyOf,
  nowShared,
  sharedInputsOf,
  type AttendShared,
  type BuiltParts,
  type NowShared,
  type SharedInputs,
  type SharedSources,
} from "./service-body.ts";

/** A slot's shared part for one kind of visit, with the inputs it was built from. */
export interface View<B> {
  shared: B;
  inputs: SharedInputs;
}

/** `Date.toISOString`, kept for the last millisecond asked: every visitor of that millisecond gets the same text. */
export function timestampOf(now: Date): string {
  const ms = now.getTime();
  if (ms !== lastStamp.ms) lastStamp = { ms, text: now.toISOString() };
  return lastStamp.text;
}
let lastStamp = { ms: NaN, text: "" };

/** A number of the slot's own (its date, slot and tier), the same in every process. */
function slotNumber(record: ServiceRecord): number {
  let n = 0;
  for (const c of `${record.date}|${record.slotIndex}|${record.tier}`) n = (n * 31 + c.charCodeAt(0)) >>> 0;
  return n;
}

/**
 * Where a part ends: its start plus its length, to the millisecond. Measured lengths are decimals (140.52 s), and a
 * running sum of them wore binary noise into the starts a visitor reads (480.52000000000004).
 */
export const endOf = (start: number, seconds: number): number => Math.round((start + seconds) * 1000) / 1000;

export class ServiceViews {
  private parted = new BoundedMemo<BuiltParts>(500);
  private nows = new BoundedMemo<View<NowShared>>(2000);
  private attends = new BoundedMemo<View<AttendShared>>(2000);
  // The season changes a few times a year; astronomy per request would be wasted work. It is computed from
  // the slot's own first beginning, so every process and every restart shows one season for one service.
  private seasons = new BoundedMemo<ReturnType<typeof seasonAt>>(1000);
  private derived = new WeakMap<Placement, Array<{ inputs: SharedInputs; key: string }>>();

  constructor(
    private library: Library,
    private media: Media,
    private calendar: ServiceCalendar,
  ) {}

  /** A record's parts with their links, built once per (record, base URL, recordings). */
  parts(record: ServiceRecord, steps: Steps): BuiltParts {
    // The time it was recorded tells a service served while the store was down from another process's record of its slot.
    const id = `${record.date}|${record.slotIndex}|${record.tier}|${record.recordedAt}|${steps.base}|${this.media.version}`;
    return this.parted.get(id, () => this.buildParts(record, steps));
  }

  /** The shared part of now for a visitor in `timezone` at `now`. */
  now(timezone: string | undefined, now: Date, steps: Steps): Promise<View<NowShared>> {
    return this.view(this.nows, nowShared, false, timezone, now, steps);
  }

  /** The shared part of attend for a visitor in `timezone` at `now` (the texts in full, the invitation to reflect). */
  attend(timezone: string | undefined, now: Date, steps: Steps): Promise<View<AttendShared>> {
    return this.view(this.attends, attendShared, true, timezone, now, steps);
  }

  private async view<B extends object>(
    memo: BoundedMemo<View<B>>,
    build: (inputs: SharedInputs, sources: SharedSources) => B,
    attending: boolean,
    timezone: string | undefined,
    now: Date,
    steps: Steps,
  ): Promise<View<B>> {
    const { inputs, key } = this.inputsOf(placeVisitor(timezone, now), steps.base, attending);
    let found = memo.find(key);
    if (!found) memo.put(key, (found = { shared: immutable(build(inputs, await this.sources(inputs, steps))), inputs }));
    return found;
  }

  /**
   * A visit's inputs and their key. A placement is one object per zone spelling and minute, so its inputs are
   * derived once per placement, base, recordings version and kind of visit, not per request: the key too, a
   * string whose hash the lookup has already computed.
   */
  private inputsOf(placement: Placement, base: string, attending: boolean): { inputs: SharedInputs; key: string } {
    const mediaVersion = this.media.version;
    const kept = this.derived.get(placement)?.find((d) => d.inputs.base === base && d.inputs.mediaVersion === mediaVersion && d.inputs.attending === attending);
    if (kept) return kept;
    const inputs = sharedInputsOf(placement, base, mediaVersion, attending);
    const made = { inputs, key: keyOf(inputs) };
    const list = this.derived.get(placement) ?? [];
    // A few bases (Host headers without BASE_URL) and both kinds of visit; beyond that, start again.
    if (list.length >= 8) list.length = 0;
    list.push(made);
    this.derived.set(placement, list);
    return made;
  }

  /** What the shared part is built from besides its inputs, found from them alone. */
  private async sources(inputs: SharedInputs, steps: Steps): Promise<SharedSources> {
    const { date, slotIndex, tier } = inputs;
    const key = { date, slotIndex, tier };
    const record = this.calendar.cached(key) ?? (await this.calendar.ensure(key));
    const season =
      tier === "unknown" ? null : this.seasons.get(`${tier}|${date}|${slotIndex}`, () => immutable(seasonAt(slotFirstBegins(date, slotIndex), tier, date)));
    return { record, built: this.parts(record, steps), season, steps };
  }

  private buildParts(record: ServiceRecord, steps: Steps): BuiltParts {
    let start = 0;
    const pieces: Piece[] = [];
    // A recorded service keeps its pieces' paths; a piece taken out of the library since (a rewrite under a new
    // name, a withdrawn contribution) is passed over, and the parts after it move up (docs/behaviour.md §6).
    const present = record.parts.flatMap((part) => {
      const piece = this.library.piece(part.path);
      return piece ? [{ part, piece }] : [];
    });
    // A service begins with a song (`current`). One whose every song has left is given one in the first song's
    // place, the same for everyone in the slot: chosen from the catalog by the slot itself (docs/behaviour.md §6).
    if (!present.some(({ piece }) => piece.kind === "song") && this.library.songs.length) {
      const first = record.parts.find((part) => part.kind === "song");
      const song = this.library.songs[slotNumber(record) % this.library.songs.length];
      const at = first ? present.filter(({ part }) => record.parts.indexOf(part) < record.parts.indexOf(first)).length : 0;
      present.splice(at, 0, { part: { path: song.path, kind: "song", seconds: song.declaredSeconds, basis: first?.basis ?? "hour" }, piece: song });
    }
    const order = present.map(({ piece }, i): ServicePart => {
      pieces.push(piece);
      // The record keeps the length known when it was planned (often the declared estimate, before the piece
      // was recorded); the recording's measured length, once there is one, is the one every surface states.
      const seconds = this.media.secondsOf(piece);
      const out: ServicePart = {
        position: i + 1,
        kind: piece.kind,
        title: piece.title,
        start,
        seconds,
        url: piece.kind === "song" ? steps.url(`/reflections/${piece.slug}`) : steps.url(`/docs/${piece.path}`),
        recording: this.media.recordingUrl(piece, steps.base),
        ...(isSong(piece) ? { slug: piece.slug, api: songApiLinks(piece, steps) } : { path: piece.path }),
      };
      start = endOf(start, seconds);
      return immutable(out);
    });
    return { order: immutable(order), pieces, recorded: present.map(({ part }) => part), loopSeconds: start };
  }
}
