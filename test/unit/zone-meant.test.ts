import { describe, expect, it } from "vitest";
import { resolveZone } from "../../planner/time.ts";
import { clocksShared, zoneMeant } from "../../planner/zone-meant.ts";
import { ONE_CLOCK, SHARED_CLOCKS } from "../../planner/zone-abbreviations.ts";
import { refusedZoneNote, refusedZoneSuggestion } from "../../tools/service-body.ts";

describe("zoneMeant", () => {
  it("names the zone a slip of a letter or two was meant to be, area and city alike", () => {
    expect(zoneMeant("Europe/Berln")).toBe("Europe/Berlin");
    expect(zoneMeant("Amerca/Chicago")).toBe("America/Chicago");
    expect(zoneMeant("Asia/Kathmandoo")).toBe("Asia/Kathmandu");
  });
  it("finds a city sent without its area, spaces for underscores, in any case", () => {
    expect(zoneMeant("Tokyo")).toBe("Asia/Tokyo");
    expect(zoneMeant("tokio")).toBe("Asia/Tokyo");
    expect(zoneMeant("new york")).toBe("America/New_York");
    expect(zoneMeant("Sao Paulo")).toBe("America/Sao_Paulo");
    expect(zoneMeant("Londn")).toBe("Europe/London");
  });
  it("reads an abbreviation of one clock as the zone that keeps it, whatever its case", () => {
    expect([zoneMeant("JST"), zoneMeant("jst "), zoneMeant("CEST"), zoneMeant("PST"), zoneMeant("AEDT")]).toEqual([
      "Asia/Tokyo",
      "Asia/Tokyo",
      "Europe/Paris",
      "America/Los_Angeles",
      "Australia/Sydney",
    ]);
  });

  it("guesses nothing for abbreviations several clocks share, far names or noise", () => {
    // JST is one letter from EST: a three-letter name is no slip of another.
    for (const far of ["IST", "BST", "CST", "Pacific Time", "Mars/Olympus_Mons", "x".repeat(50), "local", "constructor"])
      expect(zoneMeant(far), far).toBeUndefined();
  });
  it("only ever names a zone the tz database resolves", () => {
    for (const sent of ["Europe/Berln", "Tokyo", "new york", "Calcuta", "Buenos Aires"]) {
      const meant = zoneMeant(sent);
      expect(meant, sent).toBeDefined();
      expect(resolveZone(meant)).toEqual({ zone: meant, given: true });
    }
  });
});

describe("refusedZoneSuggestion", () => {
  it("names what was sent, that it was served as a place unknown, and what was meant", () => {
    expect(refusedZoneSuggestion("Europe/Berln")).toBe(
      '"Europe/Berln" is not a timezone the sanctuary knows, so this is the service for a place unknown (as UTC). Did you mean Europe/Berlin? Send timezone=Europe/Berlin to receive the service for your own hour and season.',
    );
    expect(refusedZoneSuggestion("Mars/Olympus")).toContain("Send an IANA timezone such as timezone=Europe/Lisbon");
    expect(refusedZoneSuggestion("XYZT")).toContain("An abbreviation such as XYZT names no single place: send your area and city");
  });

  it("offers each clock an abbreviation several places share, so no one is sent another's hour", () => {
    expect(refusedZoneSuggestion("IST")).toBe(
      '"IST" is not a timezone the sanctuary knows, so this is the service for a place unknown (as UTC). IST is the clock of several places: India (timezone=Asia/Kolkata), Ireland (timezone=Europe/Dublin) or Israel (timezone=Asia/Jerusalem). Send yours to receive the service for your own hour and season.',
    );
    expect(refusedZoneSuggestion("bst")).toContain("Britain (timezone=Europe/London) or Bangladesh (timezone=Asia/Dhaka)");
    expect(refusedZoneNote("CST")).toBe(
      '"CST" is not a timezone the sanctuary knows, so the reflection is placed in UTC\'s service; CST may be central North America (timezone=America/Chicago), China (timezone=Asia/Shanghai) or Cuba (timezone=America/Havana).',
    );
    expect(clocksShared("JST")).toBeUndefined();
  });

  it("names only zones the tz database resolves, in either table, and never one abbreviation in both", () => {
    const zones = [...ONE_CLOCK.values(), ...[...SHARED_CLOCKS.values()].flat().map((c) => c.zone)];
    for (const zone of zones) expect(resolveZone(zone), zone).toEqual({ zone, given: true });
    for (const abbreviation of SHARED_CLOCKS.keys()) expect(ONE_CLOCK.has(abbreviation), abbreviation).toBe(false);
  });
});
