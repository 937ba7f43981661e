// A place that is no tz zone's city (Cape Town, Wellington, Boston) still lies in a half of the world: the half of
// the zones' cities found in what holds it, as WordNet says what holds what ("Cape Town" is part of "South Africa",
// which holds Johannesburg). scripts/generate-place-halves.ts runs this once over WordNet and writes the result for
// place-words.ts. Pure functions.
import type { Half } from "./place-words.ts";

/** A named place as WordNet gives it: its names as written ("Rio de Janeiro", "Rio") and what it is part of (ids). */
export interface Location {
  names: string[];
  holders: string[];
}

/** What holds a place's zone cities must hold this share of them in one half to name that half. */
const ONE_HALF = 0.75;
/** Holders further up than this (a continent's continent) say nothing about a place. */
const DEPTH = 6;
// Particles a place's name may hold in lower case ("Rio de Janeiro", "Stratford upon Avon").
const PARTICLES = new Set("de da do dos das del la le les el des di du y al am upon on sur".split(" "));

/** A name a visitor would write for a place: capitalised words (and particles), at least four letters, no figures. */
export function properName(name: string): boolean {
  const words = name.split(/[\s-]+/);
  return (
    /^[\p{L}\s'.-]+$/u.test(name) &&
    name.replace(/[^\p{L}]/gu, "").length >= 4 &&
    /^\p{Lu}/u.test(words[0]!) &&
    words.every((w) => /^\p{Lu}/u.test(w) || PARTICLES.has(w))
  );
}

/** The halves of the zones' cities each place holds (itself included), counted once per city. */
function countsOf(locations: Map<string, Location>, zones: Map<string, Half>): Map<string, Record<Half, number>> {
  const byName = new Map<string, string[]>();
  for (const [id, l] of locations) for (const n of l.names) byName.set(n.toLowerCase(), [...(byName.get(n.toLowerCase()) ?? []), id]);
  const counts = new Map<string, Record<Half, number>>();
  for (const [name, half] of zones) {
    const ids = byName.get(name);
    // A name WordNet gives two places (Perth in Scotland and in Australia) cannot say which holds the zone.
    if (ids?.length !== 1) continue;
    const seen = new Set<string>();
    for (let level = [ids[0]!], d = 0; level.length && d <= DEPTH; d++) {
      level = level.filter((id) => !seen.has(id) && seen.add(id));
      for (const id of level) {
        const c = counts.get(id) ?? { northern: 0, southern: 0 };
        c[half]++;
        counts.set(id, c);
      }
      level = level.flatMap((id) => locations.get(id)?.holders ?? []);
    }
  }
  return counts;
}

/** A place's half: that of the nearest holders that hold any zone's city, when nearly all of those lie in one half. */
function halfOf(id: string, locations: Map<string, Location>, counts: Map<string, Record<Half, number>>): Half | undefined {
  for (let level = [id], d = 0; level.length && d <= DEPTH; d++) {
    const held = { northern: 0, southern: 0 };
    for (const c of level.map((x) => counts.get(x)).filter((c) => c !== undefined)) {
      held.northern += c.northern;
      held.southern += c.southern;
    }
    const all = held.northern + held.southern;
    if (all) return held.northern >= ONE_HALF * all ? "northern" : held.southern >= ONE_HALF * all ? "southern" : undefined;
    level = level.flatMap((x) => locations.get(x)?.holders ?? []);
  }
  return undefined;
}

/**
 * Each place's name (in lower case) and its half, for every proper name of a place whose half can be told; a name
 * two places share is kept only when both lie in the same half.
 */
export function halfOfHolders(locations: Map<string, Location>, zones: Map<string, Half>): Map<string, Half> {
  const counts = countsOf(locations, zones);
  const halves = new Map<string, Half | null>();
  for (const [id, l] of locations) {
    const half = halfOf(id, locations, counts);
    for (const name of l.names.filter(properName).map((n) => n.toLowerCase())) {
      const before = halves.get(name);
      halves.set(name, half && (before === undefined || before === half) ? half : null);
    }
  }
  return new Map([...halves].filter((e): e is [string, Half] => e[1] !== null));
}
