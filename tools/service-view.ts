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
import { placeVisitor, slotFirstBegins } from "../planner/time.ts";
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
    const { zone, given, position, tier } = placeVisitor(timezone, now);
    const inputs: SharedInputs = {
      base: steps.base,
      mediaVersion: this.media.version,
      date: position.date,
      slotIndex: position.slotIndex,
      tier,
      zone,
      given,
      localHour: position.localHour,
      attending,
    };
    const key = sharedKey(inputs);
    let found = this.shared.find(key);
    if (!found) this.shared.put(key, (found = { shared: await this.build(inputs, position, steps), inputs }));
    return joined<T>(await perVisitor(found.shared, found.inputs), found.shared);
  }

  /** The shared part from its inputs alone (the record and the season follow from the date, the slot and the tier). */
  private async build(inputs: SharedInputs, position: ReturnType<typeof placeVisitor>["position"], steps: Steps): Promise<SharedBody> {
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
    return { order: immutable(order), pieces, loopSeconds: start };
  }
}
