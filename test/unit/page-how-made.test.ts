// The services page says how the day's services were made from their own records (web/pages/services.ts howMade).
import { expect, it } from "vitest";
import { howMade } from "../../web/pages/services.ts";

const made = (...modes: Array<"planned" | "rotation">) => howMade(modes.map((mode) => ({ mode })));

it("says what the day's records say: all by rotation, some planned, or all planned", () => {
  // Of this day only: nothing about what a server given a language model would do, which no visitor can act on.
  expect(made("rotation", "rotation")).toBe(
    "How these services came to be: each was chosen from the library in its turn (a rotation, kept by the sanctuary's rules for what belongs together).",
  );
  expect(made("planned", "rotation", "rotation")).toBe(
    "How these services came to be: 1 of the 3 was planned, named and given a word by a language model; the others were chosen from the library in its turn (a rotation, kept by the sanctuary's rules for what belongs together).",
  );
  expect(made("planned", "planned", "rotation")).toMatch(/2 of the 3 were planned/);
  expect(made("planned", "planned")).toBe("How these services came to be: every one was planned, named and given a word by a language model.");
});
