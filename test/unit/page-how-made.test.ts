// The services page says how the day's services were made from their own records (web/pages/services.ts howMade).
import { expect, it } from "vitest";
import { howMade } from "../../web/pages/services.ts";

const made = (...modes: Array<"planned" | "rotation">) => howMade(modes.map((mode) => ({ mode })));

it("says what the day's records say: all by rotation, some planned, or all planned", () => {
  expect(made("rotation", "rotation")).toMatch(/this day's were gathered by a fixed rotation.*Where the sanctuary is given a language model/);
  expect(made("planned", "rotation", "rotation")).toBe(
    "How services are made: 1 of this day's 3 was planned, named and given a word by a language model; the others were gathered by a fixed rotation through the library under the house's rules.",
  );
  expect(made("planned", "planned", "rotation")).toMatch(/2 of this day's 3 were planned/);
  expect(made("planned", "planned")).toBe("How services are made: every one of this day's was planned, named and given a word by a language model.");
});
