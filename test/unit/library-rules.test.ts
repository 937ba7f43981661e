// The checker's rules for issue #37 on their own (what each catches and what it leaves alone), and the real
// library held to the reflex caps: the counts are printed in the failure so a writer sees where they stand.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkLibrary } from "../../corpus/check.ts";
import { uncreditedEchoes } from "../../corpus/check-credits.ts";
import { leaderLine, unmarkedDirection } from "../../corpus/check-directions.ts";
import type { CheckPiece } from "../../corpus/check-piece.ts";
import { reflexCounts, reflexProblems, summaryShapes } from "../../corpus/check-reflexes.ts";
import { usSpellings } from "../../corpus/check-spelling.ts";
import { markOf } from "../../corpus/silence.ts";

const root = new URL("../../corpus/library", import.meta.url).pathname;

const checkPiece = (folder: string, kind: string, text: string, tldr = "Three cups on the drainer and the radio low while the rain comes in."): CheckPiece => ({
  rel: `${folder}/p${Math.random().toString(36).slice(2, 8)}.md`,
  folder,
  kind,
  fm: {},
  tldr,
  text,
  listeners: text,
  bodyLine: 6,
});

describe("directions: one grammar", () => {
  it("reads a silence as the short form of a direction that holds quiet", () => {
    expect(markOf("[silence: 30 seconds]")).toEqual({ kind: "silence", seconds: 30 });
    expect(markOf("[direction: silence — 30 seconds]")).toEqual({ kind: "silence", seconds: 30 });
    expect(markOf("[direction: the stone goes round the circle — 2 minutes]")).toEqual({
      kind: "direction",
      text: "the stone goes round the circle",
      seconds: 120,
    });
    expect(markOf("[direction: silence]")).toEqual({ kind: "direction", text: "silence", seconds: 0 });
    expect(markOf("[silence: a while]")).toBeNull();
    expect(unmarkedDirection("[silence: a while]")).toMatch(/not a known form/);
  });

  it("refuses the ritual lines the issue names, each an instruction to the one leading in the third person", () => {
    for (const line of [
      "The one who chose it now picks it up.",
      "The whole circle answers, together:",
      "When the stone has gone all the way round and comes back to the one who started, that person holds it a little longer than anyone else. Then they say:",
      "They set the stone back in the middle of the circle, and the gathering is over.",
      "**Arrange yourselves.** If you are on a call, the guide reads out an order once, so everyone knows who follows whom.",
      "**The counting goes around.** The guide says *one*. The person beside them says *two*.",
      "If someone misses their turn, nobody corrects them sharply. The guide simply says the right number gently.",
      "**The last one speaks the total.** When the count reaches the final person, they say their number, pause, and then say:",
      "**If there is a chair nobody sat in,** the guide carries it last and sets it on top, and says:",
      "If you gathered on a call, let each person close a window they had open on the meeting.",
      "Everyone sits in its glow together for a few breaths.",
    ])
      expect(leaderLine(line), line).not.toBeNull();
  });

  it("lets lines to the listener, clauses about everyone, and marked directions be", () => {
    for (const line of [
      "Hold the stone in both hands and say one thing you are grateful for.",
      "The iron, which everyone remembers only when they are already out.",
      "After a few evenings you may find you are the one who settles.",
      "It happens to everyone who has ever sat still.",
      "[direction: the guide carries the last chair and sets it on top — 10 seconds]",
      "# The Circle Counts Itself",
      "Pass the stone to your left; the circle is only as quick as its slowest hand.",
    ])
      expect(leaderLine(line), line).toBeNull();
  });

  it("reports a ritual's leader lines by their line in the file", () => {
    const dir = checkLibraryOf({ "rituals/led.md": ritual("Hold the cup.\n\nThe guide says *enough*.\n") });
    expect(dir).toContainEqual(expect.stringMatching(/^rituals\/led\.md: line 11: "The guide says/));
  });
});

describe("spelling: UK", () => {
  it("finds US spellings with their UK forms", () => {
    const text = "The color of the sky.\nWe realized it at the center.\nHauling out tires and a shopping cart.\nGray jewelry, traveling.";
    expect(usSpellings(text).map((h) => `${h.line}:${h.word}>${h.uk}`)).toEqual([
      "1:color>colour",
      "2:realized>realised",
      "2:center>centre",
      "3:tires>tyres",
      "3:shopping cart>trolley",
      "4:Gray>Grey",
      "4:jewelry>jewellery",
      "4:traveling>travelling",
    ]);
  });

  it("leaves words that are UK too, or only look like a US form", () => {
    const text =
      "A size, a prize, seize the day. Literal and literary. The wind tires. Maths at the moment. Ill-gotten, forgotten. " +
      "Toward the gas meter, a computer program, the curb of habit. Colourful, realised, grey.";
    expect(usSpellings(text)).toEqual([]);
  });
});

describe("credits", () => {
  it("refuses a known echo without its source named, and lets a credited or rewritten one be", () => {
    const blackbird = "In the hedge at five,\nyou sing as if the light were certain,\nand the light comes.";
    expect(uncreditedEchoes(blackbird)).toEqual([{ line: 2, why: expect.stringMatching(/echoes Tagore's bird/) }]);
    expect(uncreditedEchoes(`${blackbird}\n\n*After Rabindranath Tagore, Fireflies (1928).*`)).toEqual([]);
    expect(uncreditedEchoes("In the hedge at five, you sing before anyone has put the kettle on.")).toEqual([]);
    const river = "That you can go around the stone without fighting it, and still, over a thousand years, change its shape.";
    expect(uncreditedEchoes(river)[0].why).toMatch(/Tao Te Ching, 78/);
    expect(uncreditedEchoes(`${river} The Tao Te Ching says as much of water.`)).toEqual([]);
    // Echoes an outside reading found in the library, each now credited there.
    expect(uncreditedEchoes("Sun, stand still. (Stand still.)")[0].why).toMatch(/Joshua 10:12/);
    expect(uncreditedEchoes("The whole Earth is a single pale point, caught in a streak of sunlight.")[0].why).toMatch(/Sagan/);
    const shade = "Perhaps to plant something whose shade you will not be around to stand in.";
    expect(uncreditedEchoes(shade)[0].why).toMatch(/often called Greek/);
    expect(uncreditedEchoes(`${shade}\n\n*After an old proverb, often called Greek.*`)).toEqual([]);
    expect(uncreditedEchoes("An oak planted this spring may shade people who will not be born for a century.")).toEqual([]);
  });
});

describe("reflex caps", () => {
  it("counts pieces, not uses, and only sentence openings for Let and Nobody", () => {
    const pieces = [
      checkPiece("rituals", "ritual", "Breathe in. Breathe out. Let the cup cool."),
      checkPiece("rituals", "ritual", "You let the cup cool. Everybody's breath shows."),
      checkPiece("songs", "song", "Nobody came.\n*Let it ring.*"),
      checkPiece("prayers", "prayer", "Whatever is listening, hear this. Somebody said nobody came."),
      checkPiece("blessings", "blessing", "Go well. Bless the kettle."),
    ];
    const byName = Object.fromEntries(reflexCounts(pieces).map((r) => [r.name, r.count]));
    expect(byName).toEqual({
      "breath/breathe": 2,
      'sentences opening "Let the/your/it/this/us"': 2,
      'prayers addressed to "Whatever listens"': 1,
      'sentences opening "Nobody"': 1,
      'blessings with a sentence opening "Bless"': 1,
    });
    const listed = reflexCounts([checkPiece("practice", "practice", "Sit down.\n\n2. Let the kettle boil.")]);
    expect(listed.find((r) => r.name.startsWith('sentences opening "Let'))?.count).toBe(1);
  });

  it("names a kind over its budget with its pieces, and a library over its cap", () => {
    const many = Array.from({ length: 13 }, () => checkPiece("rituals", "ritual", "Let the door close behind you."));
    const problems = reflexProblems(many);
    expect(problems).toContainEqual(
      expect.stringMatching(/^rituals\/ \(ritual\): sentences opening "Let the\/your\/it\/this\/us" in 13 pieces \(budget 12\): rituals\/p/),
    );
    expect(problems.some((p) => p.startsWith("library:"))).toBe(false);
    const blessings = Array.from({ length: 6 }, () => checkPiece("blessings", "blessing", "Bless the gate."));
    expect(reflexProblems(blessings)).toContain('library: blessings with a sentence opening "Bless" in 6 pieces (cap 5)');
  });

  it("holds every summary shape to a third of its kind", () => {
    const colon = (t: string) => checkPiece("chants", "chant", "La.", `${t}: the kettle, the window, the long wait before the post comes.`);
    const plain = (t: string) => checkPiece("chants", "chant", "La.", `${t} the kettle and the window during the long wait for the post.`);
    const three = [colon("One"), plain("Two"), plain("Three")];
    expect(summaryShapes(three).find((s) => s.shape === "a colon")).toMatchObject({ count: 1, total: 3 });
    expect(reflexProblems(three)).toEqual([]);
    expect(reflexProblems([colon("One"), colon("Two"), plain("Three")])).toContainEqual(
      expect.stringMatching(/^chants\/ \(chant\): tldrs with a colon in 2 of 3 \(at most 1\)/),
    );
  });

  it("holds the real library to its caps (fails until every writer's branch is merged)", () => {
    const { problems, reflexes } = checkLibrary(root);
    const capped = problems.filter((p) => /^library:|budget|tldrs with/.test(p));
    expect(capped, reflexes.join("\n")).toEqual([]);
  });
});

function ritual(body: string): string {
  return `---\ntitle: Led\nkind: ritual\ntldr: Two cups rinsed at the sink and set upside down on the drainer to dry.\nseconds: 60\n---\n# Led\n\n${body}`;
}

/** The checker's problems for a folder of the given files (nothing else in it). */
function checkLibraryOf(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), "sanctuary-rules-"));
  try {
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      writeFileSync(join(dir, rel), text);
    }
    return checkLibrary(dir).problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
