// The browser suites' guard against a slot ending mid-suite (test/helpers/slot-boundary.ts).
import { describe, expect, it } from "vitest";
import { msToNextSlot } from "../helpers/slot-boundary.ts";

describe("the time to the next slot", () => {
  it("counts to the next local hour divisible by four", () => {
    expect(msToNextSlot("UTC", new Date("2026-12-04T03:59:30.250Z"))).toBe(29_750);
    expect(msToNextSlot("UTC", new Date("2026-12-04T04:00:00.000Z"))).toBe(4 * 3600_000);
    // Lisbon in summer is UTC+1: 02:30 UTC is 03:30 there, half an hour before its 04:00.
    expect(msToNextSlot("Europe/Lisbon", new Date("2026-07-01T02:30:00Z"))).toBe(30 * 60_000);
    expect(msToNextSlot("Asia/Kolkata", new Date("2026-12-04T22:15:00Z"))).toBe(15 * 60_000);
  });
});
