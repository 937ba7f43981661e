// A span said in the visitor's unit is read beside the guides' unit for it (search/duration-words.ts).
import { describe, expect, it } from "vitest";
import { guidesUnit, withDurationWords } from "../../search/duration-words.ts";

describe("duration words", () => {
  it("say days in hours, a month in days and half an hour in minutes", () => {
    expect(withDurationWords("Is my reflection deleted after two days?")).toBe("Is my reflection deleted after two days (48 hours)?");
    expect(withDurationWords("will it vanish after a couple of days?")).toBe("will it vanish after a couple of days (48 hours)?");
    expect(withDurationWords("Is my name kept for a full day?")).toBe("Is my name kept for a full day (24 hours)?");
    expect(withDurationWords("Can I post the same words again after a month?")).toBe("Can I post the same words again after a month (30 days)?");
    expect(withDurationWords("Is a service about half an hour?")).toBe("Is a service about half an hour (30 minutes)?");
    expect(withDurationWords("after 3 days")).toBe("after 3 days (72 hours)");
  });

  it("leave other words and long spans as they are", () => {
    for (const q of ["What day is the service?", "Three months ago my dog died.", "How many days are in the rotation?", "every hour", "Ten questions an hour?"])
      expect(withDurationWords(q)).toBe(q);
    expect(guidesUnit(30, "days")).toBeUndefined();
    expect(guidesUnit(2, "weeks")).toBeUndefined();
  });
});
