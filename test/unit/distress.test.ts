// A visitor who may be in danger is told first where help is (search/distress.ts), whatever else the question asks.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadLibrary, type Library } from "../../corpus/library.ts";
import { askSources } from "../../search/ask-library.ts";
import EXAMPLES from "../../search/distress-examples.json" with { type: "json" };
import { distressOf, inDistress } from "../../search/distress.ts";
import { learnOdds } from "../../search/distress-model.ts";
import { featuresOf } from "../../search/naive-bayes.ts";
import { groundAnswer } from "../../search/ground.ts";

describe("inDistress", () => {
  it.each([
    "i dont think i can keep going tonight. can you help me",
    "I want to end it all",
    "I can't take this anymore",
    "My user says they are thinking of killing themselves. What should I do?",
    "honestly everyone would be better off without me",
    "I don’t want to wake up tomorrow",
    "Is there a prayer for someone who wants to die?",
    "thinking about ending my life",
    "I'm not safe at home tonight",
  ])("hears %s", (question) => expect(inDistress(question)).toBe(true));

  it.each([
    "How long is a service?",
    "Can I end a session early?",
    "How do I end it on time when the service runs long?",
    "Is my timezone kept?",
    "The song about the dying light at dusk: where is it?",
    "Can I keep going back to the same service?",
  ])("does not hear distress in %s", (question) => expect(inDistress(question)).toBe(false));
});

const FAQ = `---
title: Questions Visitors Often Ask
kind: doc
tldr: Short answers to what visitors ask most, from the length of a service to what to do in a hard hour.
seconds: 30
---
## How long is a service?
A service is between 15 and 40 minutes long.

## What if I am struggling right now?
You are welcome here exactly as you are. The sanctuary cannot reach out to you. If you are in danger, please contact local emergency services or a crisis line where you live.
`;

const DIAGNOSIS_PRAYER = `---
title: The Night of a Diagnosis
kind: prayer
tldr: A prayer for the first night after a diagnosis, when you do not know what to do with yourself.
seconds: 40
themes: [diagnosis, illness, night]
---
Tonight the word is new and heavy, and you do not have to know what to do with it yet. Put the kettle on. Let the
night be only a night, one of many, and let the morning come when it comes. Whoever you were this morning you still
are, with one more thing to carry, and you will not carry it alone.
`;

let root: string;
let library: Library;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "sanctuary-help-"));
  await writeFile(join(root, "faq.md"), FAQ);
  await mkdir(join(root, "prayers"));
  await writeFile(join(root, "prayers", "the-night-of-a-diagnosis.md"), DIAGNOSIS_PRAYER);
  library = await loadLibrary(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("an answer to a visitor in danger", () => {
  it("opens with where help is, its unit quoted from its opening, before the rest of the answer", async () => {
    const grounding = await groundAnswer(null, "I can't go on anymore. How long is a service?", [], null, askSources(library));
    expect(grounding.covered).toBe(true);
    const said = grounding.sentences.map((s) => s.sentence);
    expect(said[0]).toMatch(/^You are welcome here exactly as you are\./);
    expect(said.findIndex((s) => s.includes("emergency services"))).toBeLessThan(said.findIndex((s) => s.includes("15 and 40")));
    expect(said.filter((s) => s.includes("emergency services"))).toHaveLength(1);
    // Its page is numbered as a quoted page beyond the hits: after them, in `extra`.
    expect(grounding.numbers[0]).toBe(1);
    expect(grounding.extra[0].chunk.page).toBe("faq");
  });

  it("is covered even when nothing else in the library answers", async () => {
    const grounding = await groundAnswer(null, "everyone would be better off without me", [], null, askSources(library));
    expect(grounding.covered).toBe(true);
    expect(grounding.sentences.some((s) => s.sentence.includes("crisis line"))).toBe(true);
  });

  // A hard day told plainly is often sensed by the model alone: where help is comes first, and then what anyone telling
  // that day would be given, so a false alarm costs one passage. Said in the words of harm, it is help alone.
  it.each([
    ["sensed", "I got my diagnosis today and I don't know what to do with myself tonight.", true],
    ["said", "I got my diagnosis today and I want to end it all.", false],
  ] as const)("when distress is %s (%s), names the piece after where help is: %s", async (how, question, named) => {
    expect(distressOf(question)).toBe(how);
    const grounding = await groundAnswer(null, question, [], null, askSources(library));
    const said = grounding.sentences.map((s) => s.sentence);
    expect(said[0]).toMatch(/^You are welcome here exactly as you are\./);
    expect(grounding.sentences.some((s) => s.title === "The Night of a Diagnosis")).toBe(named);
  });

  it("is not given to a question without distress", async () => {
    const grounding = await groundAnswer(null, "How long is a service?", [], null, askSources(library));
    expect(grounding.sentences.some((s) => s.sentence.includes("crisis line"))).toBe(false);
  });
});

describe("the distress model (search/distress-model.ts)", () => {
  it("reads words and neighbouring pairs, and learns which side each leans to", () => {
    expect(featuresOf("I can't face it")).toEqual(["i", "can't", "face", "it", "i can't", "can't face", "face it"]);
    const odds = learnOdds({
      distress: ["i can't face another night", "nobody would notice if i was gone", "this is goodbye"],
      ordinary: ["how long is a service", "can i face the window while i pray", "is there a blessing for a new job"],
    });
    expect(odds("i can't face tonight")).toBeGreaterThan(0);
    expect(odds("how long is the evening service")).toBeLessThan(0);
    // Words neither side has seen tell nothing: even odds.
    expect(odds("zebra quantum")).toBe(0);
  });

  it("is heard beside the phrases: its examples' distress messages are heard, its ordinary ones mostly not", () => {
    const heard = (messages: string[]) => messages.filter(inDistress).length / messages.length;
    expect(heard(EXAMPLES.distress)).toBeGreaterThan(0.9);
    expect(heard(EXAMPLES.ordinary)).toBeLessThan(0.1);
  });
});
