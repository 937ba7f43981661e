// The one owner of the now/attend view. A body is a per-visitor part (time, count, welcome, recent
// reflections) joined to a part shared by every visitor of a slot, which is built and encoded once.
// The shared part is built by a pure function of `SharedInputs`, and its one cache key is those inputs
// serialized (`sharedKey`): nothing the builder cannot see can vary it, so no visitor's data can reach another.
import { immutable, joined, type Joined } from "../core/json.ts";
import { BoundedMemo } from "../core/memo.ts";
import type { Steps } from "../core/next-steps.ts";
import type { Library, Piece, Song } from "../corpus/library.ts";
import type { Media } from "../corpus/media.ts";
import type { ServiceCalendar, ServiceRecord } from "../planner/calendar.ts";
import { seasonAt } from "../planner/season.ts";
import { placeVisitor, slotFirstBegins, type Placement } from "../planner/time.ts";
import type { ServicePart } from "./service-shapes.ts";
import { songApiLinks } from "./shapes.ts";
import { sharedBody, sharedKey, type BuiltParts, type SharedBody, type SharedInputs } from "./service-body.ts";

/** `Date.toISOString`, kept for the last millisecond asked: every visitor of that millisecond gets the same text. */
export function timestampOf(now: Date): string {
  const ms = now.getTime();
  if (ms !== lastStamp.ms) lastStamp = { ms, text: now.toISOString() };
  return lastStamp.text;
}
let lastStamp = { ms: NaN, text: "" };

export class ServiceViews {
  private parted = new BoundedMemo<BuiltParts>(500);
  private shared = new BoundedMemo<{ shared: SharedBody; inputs: SharedInputs }>(4000);
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
    const id = `${record.date}|${record.slotIndex}|${record.tier}|${steps.base}|${this.media.version}`;
    return this.parted.get(id, () => this.buildParts(record, steps));
  }

  /**
   * The body of now (attending = false) or attend for a visitor: `perVisitor` holds the fields that
   * differ between visitors of one slot and comes first; the rest is the slot's shared part.
   */
  async body<T extends object>(
    timezone: string | undefined,
    now: Date,
    steps: Steps,
    attending: boolean,
    perVisitor: (shared: SharedBody, inputs: SharedInputs) => Promise<Record<string, unknown>>,
  ): Promise<Joined<T>> {
    const placement = placeVisitor(timezone, now);
    const { inputs, key } = this.inputsOf(placement, steps.base, attending);
    let found = this.shared.find(key);
    if (!found) this.shared.put(key, (found = { shared: await this.build(inputs, placement.position, steps), inputs }));
    return joined<T>(await perVisitor(found.shared, found.inputs), found.shared);
  }

  /**
   * A visit's inputs and their key. A placement is one object per zone spelling and minute, so its inputs are
   * derived once per placement, base, recordings version and kind of visit, not per request: the same key
   * (`sharedKey`), not a second one, and a string whose hash the lookup has already computed.
   */
  private inputsOf(placement: Placement, base: string, attending: boolean): { inputs: SharedInputs; key: string } {
    const mediaVersion = this.media.version;
    const kept = this.derived.get(placement)?.find((d) => d.inputs.base === base && d.inputs.mediaVersion === mediaVersion && d.inputs.attending === attending);
    if (kept) return kept;
    const { zone, given, position, tier } = placement;
    const inputs: SharedInputs = {
      base,
      mediaVersion,
      date: position.date,
      slotIndex: position.slotIndex,
      tier,
      zone,
      given,
      localHour: position.localHour,
      attending,
    };
    const made = { inputs, key: sharedKey(inputs) };
    const list = this.derived.get(placement) ?? [];
    // A few bases (Host headers without BASE_URL) and both kinds of visit; beyond that, start again.
    if (list.length >= 8) list.length = 0;
    list.push(made);
    this.derived.set(placement, list);
    return made;
  }

  /** The shared part from its inputs alone (the record and the season follow from the date, the slot and the tier). */
  private async build(inputs: SharedInputs, position: Placement["position"], steps: Steps): Promise<SharedBody> {
    const { date, slotIndex, tier } = inputs;
    const key = { date, slotIndex, tier };
    const record = this.calendar.cached(key) ?? (await this.calendar.ensure(key));
    const season =
      tier === "unknown" ? null : this.seasons.get(`${tier}|${date}|${slotIndex}`, () => immutable(seasonAt(slotFirstBegins(date, slotIndex), tier, date)));
    return immutable(sharedBody(inputs, { record, built: this.parts(record, steps), season, position, steps }));
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
    const order = present.map(({ part, piece }, i): ServicePart => {
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
    return { order: immutable(order), pieces, loopSeconds: start };
  }
}
