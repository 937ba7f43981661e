// An invalid request's default suggestion speaks of an example only where the error carries one, and never calls
// it a call that works: its words are the documentation's, which the text fields refuse as a visitor's own.
import { describe, expect, it } from "vitest";
import { SanctuaryError } from "../../core/errors.ts";

describe("an invalid request's default suggestion", () => {
  it("names the example as the shape of a call when there is one, and no example when there is none", () => {
    const withExample = new SanctuaryError("invalid", "`text` must hold at least 20 characters", { example: { name: "Ada", text: "…" } }).body([]);
    expect(withExample.suggestion).toBe(
      "Nothing was stored. Adjust the request as described and send it again; the example shows the shape of a call, with your own words in place of its text.",
    );
    const without = new SanctuaryError("invalid", "`limit` must be a whole number").body([]);
    expect(without.suggestion).toBe("Nothing was stored. Adjust the request as described and send it again.");
    expect(without).not.toHaveProperty("example");
  });

  it("keeps an operation's own suggestion as it is", () => {
    const own = new SanctuaryError("invalid", "no name", { suggestion: "Nothing was registered.", example: {} }).body([]);
    expect(own.suggestion).toBe("Nothing was registered.");
  });
});
