// The order in which visitors will hear the library, for rendering recordings on a first start: the
// services playing now (the no-timezone visitor's first, then by how many of the world's zones hear each),
// then the services that begin next somewhere, in order of their start, then every other piece.
import { setImmediate as nextTurn } from "node:timers/promises";
import { timeSlicer } from "../core/time-slice.ts";
import { ServiceCalendar, TIERS } from "./calendar.ts";
import type { ServiceKey } from "./rotation.ts";
import { placedZones, resolveZone, slotOf, slotsBeginningBetween, tierOf } from "./time.ts";

const keyOf = (k: ServiceKey) => `${k.date}|${k.slotIndex}|${k.tier}`;

/** The services in progress somewhere at `now`, most heard first (the default visitor's leads). */
export async function servicesNow(now: Date, zones: string[] = placedZones()): Promise<ServiceKey[]> {
  const heard = new Map<string, { key: ServiceKey; zones: number }>();
  const fallback = resolveZone(undefined).zone;
  const all = [fallback, ...zones];
  // Placing a zone the first time costs about 0.2 ms (its rules are read), more on a busy machine: requests
  // get a turn whenever the slice's budget has run.
  const slice = timeSlicer();
  for (let i = 0; i < all.length; i++) {
    const zone = all[i];
    await slice();
    const { date, slotIndex } = slotOf(now, zone);
    const key = { date, slotIndex, tier: tierOf(zone) };
    const entry = heard.get(keyOf(key)) ?? heard.set(keyOf(key), { key, zones: 0 }).get(keyOf(key))!;
    entry.zones += zone === fallback ? Number.MAX_SAFE_INTEGER / 2 : 1;
  }
  return [...heard.values()].sort((a, b) => b.zones - a.zones).map((e) => e.key);
}

/** The services whose slot first begins somewhere within `hours` after `now`, in order of that beginning. */
export function servicesNext(now: Date, hours = 24): ServiceKey[] {
  return slotsBeginningBetween(now, new Date(now.getTime() + hours * 3600_000)).flatMap(({ date, slotIndex }) =>
    TIERS.map((tier) => ({ date, slotIndex, tier })),
  );
}

/**
 * Library paths in listening order. Services playing now are read from the calendar (recorded when they
 * begin); services not begun yet are the rotation's choice as it stands now, which a plan or a later
 * record may change: good enough to order work by.
 */
export async function listeningOrder(calendar: ServiceCalendar, now: Date, library: readonly string[]): Promise<string[]> {
  const order = new Set<string>();
  for (const key of await servicesNow(now)) for (const part of (await calendar.ensure(key)).parts) order.add(part.path);
  for (const key of servicesNext(now)) {
    // Each rotation is a few milliseconds of arithmetic: requests get a turn between them.
    await nextTurn();
    const record = (await calendar.get(key)) ?? calendar.buildRotation(key, await calendar.historyFor(key));
    for (const part of record.parts) order.add(part.path);
  }
  for (const path of library) order.add(path);
  const known = new Set(library);
  return [...order].filter((path) => known.has(path));
}
