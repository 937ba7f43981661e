// A slot that begins while the store is down is still served (docs/behaviour.md §10): its rotation is built from the
// history the process holds, which is the rotation the store's own history gives when the process holds that day,
// and it is recorded as served once the store answers, unless another process recorded the slot first. The souls
// count of a process that has not counted yet is 0 during the outage, not a refusal.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadLibrary, type Library } from "../../corpus/library.ts";
import { Media } from "../../corpus/media.ts";
import { ServiceCalendar } from "../../planner/calendar.ts";
import { PresenceStore } from "../../services/presence.ts";
import type { Engine } from "../../storage/engine.ts";
import { KeyValueStore } from "../../storage/kv.ts";
import { MemoryEngine } from "../../storage/memory-engine.ts";
import { StoreUnavailable } from "../../storage/store-failure.ts";

let dir = "";
let library: Library;
let media: Media;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sanctuary-outage-"));
  library = await loadLibrary(new URL("../../corpus/library", import.meta.url).pathname);
  media = await Media.open(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A memory engine that refuses every call, as the outage guard does, while `down`. */
function switchable(): { engine: Engine; outage: { down: boolean } } {
  const outage = { down: false };
  const inner = new MemoryEngine();
  const engine = new Proxy(inner, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => (outage.down ? Promise.reject(new StoreUnavailable("unreachable")) : Reflect.apply(value, target, args));
    },
  });
  return { engine, outage };
}

const DATE = "2026-06-10";
const northKey = (slotIndex: number) => ({ date: DATE, slotIndex, tier: "north" as const });

it("serves a slot that begins during an outage, as the store's history would have it, and records it as served", async () => {
  const { engine, outage } = switchable();
  const calendar = new ServiceCalendar(new KeyValueStore(engine), library, media);
  const earlier = [await calendar.ensure(northKey(0)), await calendar.ensure(northKey(1)), await calendar.ensure(northKey(2))];
  // What the rotation of slot 3 is when the store answers: from the same history, read from the store.
  const expected = calendar.buildRotation(northKey(3), await calendar.historyFor(northKey(3))).parts;

  outage.down = true;
  await expect(calendar.get(northKey(3))).rejects.toBeInstanceOf(StoreUnavailable);
  const held = await calendar.ensure(northKey(3));
  expect(held.parts).toEqual(expected);
  expect(held.parts.length).toBeGreaterThan(0);
  // Requests together, and later ones, serve the one rotation.
  const again = await Promise.all([calendar.ensure(northKey(3)), calendar.ensure(northKey(3))]);
  expect(again.every((r) => r === held)).toBe(true);
  // The day's earlier services stay as recorded.
  expect(await calendar.ensure(northKey(1))).toBe(earlier[1]);

  outage.down = false;
  const recorded = await calendar.ensure(northKey(3));
  expect(recorded).toEqual(held);
  // Stored, not only held: a second process reads the same service.
  expect(await new ServiceCalendar(new KeyValueStore(engine), library, media).get(northKey(3))).toEqual(held);
});

it("gives way to a record another process made of the slot first", async () => {
  const { engine, outage } = switchable();
  const here = new ServiceCalendar(new KeyValueStore(engine), library, media, () => new Date("2026-06-10T20:00:00Z"));
  const there = new ServiceCalendar(new KeyValueStore(engine), library, media, () => new Date("2026-06-10T20:00:05Z"));
  outage.down = true;
  const held = await here.ensure(northKey(4));
  outage.down = false;
  const theirs = await there.ensure(northKey(4));
  expect(theirs.recordedAt).not.toBe(held.recordedAt);
  expect(await here.ensure(northKey(4))).toEqual(theirs);
});

it("counts no souls rather than refusing, when the store fails before a first count; the last count once there is one", async () => {
  const { engine, outage } = switchable();
  const presence = new PresenceStore(new KeyValueStore(engine));
  const now = new Date("2026-06-10T12:00:00Z");
  outage.down = true;
  expect(await presence.count(now)).toBe(0);
  outage.down = false;
  await presence.record("Wren", now);
  await presence.record("Heron", now);
  expect(await presence.count(new Date(now.getTime() + 10_000))).toBe(2);
  outage.down = true;
  expect(await presence.count(new Date(now.getTime() + 60_000))).toBe(2);
});
