// A question the library is not about is heard by its words as a whole (search/off-topic.ts) and refused unless a
// sentence covers it clearly; questions the library answers, in visitors' words, are not. The questions here were
// written for this test, in no fixture.
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadLibrary, type Library } from "../../corpus/library.ts";
import { learnLogOdds } from "../../search/naive-bayes.ts";
import { askedQuestions, heldOffTopic, learnOffTopic, OFF_TOPIC_ODDS, OFF_TOPIC_SMOOTHING, OFF_TOPIC_SURE, offTopicOddsOf } from "../../search/off-topic.ts";

let library: Library;
beforeAll(async () => {
  library = await loadLibrary(join(import.meta.dirname, "../../corpus/library"));
}, 60_000);

describe("learnLogOdds", () => {
  const odds = learnLogOdds(["how do I bake bread", "bread recipe without yeast"], ["a prayer for bread", "a blessing before the meal"]);
  it("leans toward the side whose words a message shares", () => {
    expect(odds("bake bread recipe")).toBeGreaterThan(0);
    expect(odds("a prayer and a blessing")).toBeLessThan(0);
  });
  it("learns nothing from words neither side has seen", () => expect(odds("zeppelin quartz")).toBe(0));

  // "the" is half of each side's words; the second side has ten times as many: only add-one leans it that way.
  const many = [..."abcdefghijklmnopqrst"].map((c) => `the ${c.repeat(3)}`);
  it("leans a word both sides use alike toward the larger side only at add-one", () => {
    expect(learnLogOdds(["the cat", "the dog"], many)("the")).toBeLessThan(-1);
    expect(Math.abs(learnLogOdds(["the cat", "the dog"], many, undefined, OFF_TOPIC_SMOOTHING)("the"))).toBeLessThan(0.2);
  });
});

describe("the off-topic model of the real library", () => {
  it("learns from every asked-as question and request", () => {
    const asked = askedQuestions(library);
    expect(asked.length).toBeGreaterThan(5000);
    expect(new Set(asked).size).toBeGreaterThan(asked.length * 0.95);
  });

  it.each([
    "how many grams of flour go into a loaf of sourdough",
    "what's the best budget graphics card for gaming this year",
    "is it safe to take ibuprofen with a cold medicine",
    "how do I rotate the tyres on a hatchback",
    "which premier league team has won the most titles",
  ])("hears %s as off-topic", async (question) => expect((await offTopicOddsOf(library))(question)).toBeGreaterThanOrEqual(OFF_TOPIC_ODDS));

  it.each([
    "how long does one of your services take",
    "can other people see what I write in a reflection",
    "something to say when my cat died this morning",
    "what time does the next service start where I live",
    "how do I send you a prayer I wrote",
  ])("hears %s as the library's", async (question) => expect((await offTopicOddsOf(library))(question)).toBeLessThan(OFF_TOPIC_ODDS));

  it("is made once per library", () => expect(offTopicOddsOf(library)).toBe(offTopicOddsOf(library)));

  it("learns the visitors' questions on their sides", async () => {
    const without = await learnOffTopic([], { offTopic: ["how to fix a flat bicycle tyre"] });
    const taught = await learnOffTopic([], {
      offTopic: ["how to fix a flat bicycle tyre"],
      visitors: { offTopic: [], onTopic: ["a prayer for a long bicycle ride"] },
    });
    expect(taught("prayer for a ride")).toBeLessThan(without("prayer for a ride"));
  });
});

describe("heldOffTopic", () => {
  const heard = () => OFF_TOPIC_ODDS + 1;
  const notHeard = () => OFF_TOPIC_ODDS - 1;
  it("refuses a covered answer heard as off-topic that no sentence covers clearly", () => {
    expect(heldOffTopic("how do I unblock a sink", true, OFF_TOPIC_SURE - 0.1, heard)).toBe(true);
  });
  it("keeps an answer covered clearly, one not heard as off-topic, and one not covered at all", () => {
    expect(heldOffTopic("how do I unblock a sink", true, OFF_TOPIC_SURE, heard)).toBe(false);
    expect(heldOffTopic("how do I unblock a sink", true, 0.4, notHeard)).toBe(false);
    expect(heldOffTopic("how do I unblock a sink", false, 0.4, heard)).toBe(false);
  });
  it("leaves a request for a piece to the pieces' own topics", () => {
    expect(heldOffTopic("is there a prayer for a blocked sink?", true, 0.4, heard)).toBe(false);
  });
});
