// Visitors' themes: the narrowest tier with enough reflections, counted against the library's own
// tags, and never a visitor's words, names or places.
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { loadLibrary } from "../../corpus/library.ts";
import type { Reflection } from "../../services/reflections.ts";
import { stem, visitorThemes, withoutQuotes } from "../../planner/themes.ts";

const DATE = "2025-11-13";
const VOCAB = ["gratitude", "grief", "rest", "hope", "rain", "gardens", "patience", "letting-go", "stillness", "water", "wonder", "birds"];

let seq = 0;
function reflectionSaying(text: string, service: Partial<Reflection["service"]> = {}, who: Partial<Pick<Reflection, "name" | "location">> = {}): Reflection {
  seq++;
  return {
    id: `r${seq}`,
    name: who.name ?? "Anonymous",
    text,
    song: "a-song",
    timezone: "Europe/London",
    location: who.location ?? null,
    createdAt: "2025-11-12T10:00:00.000Z",
    service: { date: "2025-11-12", slotIndex: 2, tier: "north", ...service },
  };
}

/** The store's forService, over a list: exact (date, slot, tier) match. Records what was asked. */
function storeOf(reflections: Reflection[]) {
  const asked: string[] = [];
  const reflectionsFor = async (key: Reflection["service"]) => {
    asked.push(`${key.date}|${key.slotIndex}|${key.tier}`);
    return reflections.filter((r) => r.service.date === key.date && r.service.slotIndex === key.slotIndex && r.service.tier === key.tier);
  };
  return { reflectionsFor, asked };
}

const plan = (reflections: Reflection[], extra: { vocabulary?: string[]; minimum?: number } = {}) =>
  visitorThemes({ reflectionsFor: storeOf(reflections).reflectionsFor, date: DATE, slotIndex: 2, tier: "north", vocabulary: VOCAB, ...extra });

describe("visitorThemes: tiers", () => {
  it("uses the same slot and tier when it has enough, counting only the seven days before", async () => {
    const result = await plan([
      reflectionSaying("So grateful for the rain this week.", { date: "2025-11-12" }),
      reflectionSaying("Tired, and thankful to rest a while.", { date: "2025-11-10" }),
      reflectionSaying("Mourning my father; the rain helped.", { date: "2025-11-06" }),
      reflectionSaying("Patience with the garden.", { date: "2025-11-05" }), // eight days before: outside
      reflectionSaying("Patience, patience.", { date: DATE }), // the day itself: not yet "recent"
      reflectionSaying("Waiting for the rain to stop.", { slotIndex: 3 }), // another slot: not needed
    ]);
    expect(result).toEqual({ themes: ["gratitude", "rain", "grief", "rest"], reflections: 3, days: 7, tier: "slot" });
  });

  it("widens to any slot of the tier, then to everyone", async () => {
    const some = [reflectionSaying("Hoping for rain.", { slotIndex: 0 }), reflectionSaying("Resting.", { slotIndex: 5 })];
    const anySlot = await plan([...some, reflectionSaying("Gardens in the rain.", { slotIndex: 2 })], { minimum: 3 });
    expect(anySlot).toMatchObject({ tier: "any slot", reflections: 3, themes: ["rain", "gardens", "hope", "rest"] });

    const everyone = await plan(
      [...some, reflectionSaying("Rain on the water.", { tier: "south" }), reflectionSaying("Quiet rain.", { tier: "unknown", slotIndex: 4 })],
      {
        minimum: 4,
      },
    );
    expect(everyone).toMatchObject({ tier: "everyone", reflections: 4, days: 7 });
    expect(everyone!.themes[0]).toBe("rain");
  });

  it("is null when even everyone has too few", async () => {
    expect(await plan([reflectionSaying("Rain."), reflectionSaying("More rain.", { tier: "south" })])).toBeNull();
  });

  it("reads each (date, slot, tier) once, only the days before", async () => {
    const store = storeOf([]);
    await visitorThemes({ reflectionsFor: store.reflectionsFor, date: DATE, slotIndex: 2, tier: "north", vocabulary: VOCAB, days: 3 });
    expect(store.asked.length).toBe(3 * 6 * 3);
    expect(new Set(store.asked).size).toBe(store.asked.length);
    expect(new Set(store.asked.map((k) => k.split("|")[0]))).toEqual(new Set(["2025-11-12", "2025-11-11", "2025-11-10"]));
  });
});

describe("visitorThemes: counting", () => {
  it("counts reflections, not mentions, keeps the top five and breaks ties alphabetically", async () => {
    const result = await plan([
      reflectionSaying("rain rain rain rain"),
      reflectionSaying("Grief and rain, hope and water."),
      reflectionSaying("Wonder at the birds, patience with the grief, letting go of the day."),
      reflectionSaying("Stillness and gratitude."),
    ]);
    expect(result!.themes).toEqual(["grief", "rain", "birds", "gratitude", "hope"]);
  });

  it("stems plurals, -ing, -ed and -ness, and reads synonyms", () => {
    expect(stem("hopes")).toBe(stem("hope"));
    expect(stem("hoping")).toBe(stem("hope"));
    expect(stem("hoped")).toBe(stem("hope"));
    expect(stem("stillness")).toBe(stem("still"));
    expect(stem("gardens")).toBe(stem("garden"));
    expect(stem("memories")).toBe(stem("memory"));
  });

  it("leaves out words of the place itself and 'still' as an adverb", async () => {
    const result = await plan([reflectionSaying("I am still here."), reflectionSaying("Still here."), reflectionSaying("Still.")], {
      vocabulary: [...VOCAB, "sanctuary", "about"],
    });
    expect(result!.themes).toEqual([]);
  });
});

describe("visitorThemes: never a visitor's words or names", () => {
  it("drops a theme equal to a contributor's name", async () => {
    const result = await plan([
      reflectionSaying("I hope the rain comes.", {}, { name: "Hope" }),
      reflectionSaying("Hoping, always hoping, for rain."),
      reflectionSaying("Some hope left."),
    ]);
    expect(result!.themes).toEqual(["rain"]);
    expect(result!.themes).not.toContain("hope");
  });

  it("drops a theme equal to a contributor's location token", async () => {
    const result = await plan(
      [
        reflectionSaying("Grateful for the pond and its birds.", {}, { location: "Kettle Pond, Vermont" }),
        reflectionSaying("A pond."),
        reflectionSaying("Birds."),
      ],
      { vocabulary: [...VOCAB, "pond"] },
    );
    expect(result!.themes).toEqual(["birds", "gratitude"]);
  });

  it("never carries a distinctive phrase or a name, with the real library's vocabulary", async () => {
    const library = await loadLibrary(join(import.meta.dirname, "../../corpus/library"));
    const vocabulary = [...new Set(library.pieces.flatMap((p) => p.themes))];
    const phrase = "the blue heron at Kettle Pond";
    const reflections = [
      reflectionSaying(`This morning I saw ${phrase} and felt thankful.`, {}, { name: "Marguerite Okafor", location: "Kettle Pond" }),
      reflectionSaying(`Thinking of ${phrase} again; grateful and tired.`, {}, { name: "Marguerite Okafor" }),
      reflectionSaying("Marguerite, if you read this: rest well.", {}, { name: "Tobias" }),
    ];
    const result = await visitorThemes({ reflectionsFor: storeOf(reflections).reflectionsFor, date: DATE, slotIndex: 2, tier: "north", vocabulary });
    expect(result).not.toBeNull();
    for (const theme of result!.themes) expect(vocabulary).toContain(theme);
    expect(result!.themes).toContain("gratitude");
    const out = JSON.stringify(result).toLowerCase();
    for (const word of ["blue heron", "heron", "kettle", "pond", "marguerite", "okafor", "tobias", phrase.toLowerCase()]) expect(out).not.toContain(word);
  });

  it("ignores quoted text, straight or curly, and a quotation left open", async () => {
    const result = await plan([
      reflectionSaying("My friend said “grief is love with nowhere to go” and I felt grateful."),
      reflectionSaying('She wrote "rest, rest, rest" on the card. Grateful.'),
      reflectionSaying("I can't say 'hope' yet, but I'm thankful. ‘Water’ she whispered."),
      reflectionSaying("Grateful. He kept saying “patience, patience"),
    ]);
    expect(result!.themes).toEqual(["gratitude"]);
    expect(withoutQuotes("don't and can’t stay")).toBe("don't and can’t stay");
  });
});
