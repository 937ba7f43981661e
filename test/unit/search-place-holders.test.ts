// A place that names no tz zone is read in the half of the zones' cities that what holds it holds
// (search/place-holders.ts), as WordNet says what holds what.
import { describe, expect, it } from "vitest";
import { halfOfHolders, properName, type Location } from "../../search/place-holders.ts";
import type { Half } from "../../search/place-words.ts";

const at = (names: string[], holders: string[] = []): Location => ({ names, holders });

describe("place holders", () => {
  it("gives a place the half of the zone cities its holders hold", () => {
    const locations = new Map([
      ["za", at(["South Africa"])],
      ["jnb", at(["Johannesburg"], ["za"])],
      ["cpt", at(["Cape Town"], ["za"])],
      ["us", at(["United States"])],
      ["ma", at(["Massachusetts"], ["us"])],
      ["bos", at(["Boston"], ["ma"])],
      ["nyc", at(["New York"], ["us"])],
    ]);
    const zones = new Map<string, Half>([
      ["johannesburg", "southern"],
      ["new york", "northern"],
    ]);
    const halves = halfOfHolders(locations, zones);
    expect(halves.get("cape town")).toBe("southern");
    expect(halves.get("south africa")).toBe("southern");
    expect(halves.get("boston")).toBe("northern");
    expect(halves.get("massachusetts")).toBe("northern");
  });

  it("says nothing where the holders' cities lie in both halves, or two places share a name across them", () => {
    const locations = new Map([
      ["br", at(["Brazil"])],
      ["a", at(["Manaus"], ["br"])],
      ["b", at(["Boa Vista"], ["br"])],
      ["rio", at(["Rio de Janeiro"], ["br"])],
      ["au", at(["Australia"])],
      ["uk", at(["Britain"])],
      ["p1", at(["Perth"], ["au"])],
      ["p2", at(["Perth"], ["uk"])],
      ["syd", at(["Sydney"], ["au"])],
      ["lon", at(["London"], ["uk"])],
    ]);
    const zones = new Map<string, Half>([
      ["manaus", "southern"],
      ["boa vista", "northern"],
      ["sydney", "southern"],
      ["london", "northern"],
    ]);
    const halves = halfOfHolders(locations, zones);
    expect(halves.has("rio de janeiro")).toBe(false);
    expect(halves.has("perth")).toBe(false);
  });

  it("takes only names a visitor would write for a place", () => {
    for (const name of ["Cape Town", "Rio de Janeiro", "Xinjiang"]) expect(properName(name)).toBe(true);
    for (const name of ["capital of New Zealand", "Rio", "Area 51", "NZ"]) expect(properName(name)).toBe(false);
  });
});
