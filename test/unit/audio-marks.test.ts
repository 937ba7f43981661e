// The library's marked forms without sound: directions and silences in readings, sections and holds in
// lyrics, the checker's refusals, the spoken text a listener reads along with, and textures from styles.
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toScript } from "../../audio/script.ts";
import { spokenText } from "../../audio/spoken.ts";
import { parseStyle, parseTextures } from "../../audio/style.ts";
import { checkLibrary } from "../../corpus/check.ts";
import { holdLength, lyricMark, lyricsProblems } from "../../corpus/lyric-marks.ts";
import { unmarkedDirection } from "../../corpus/check-directions.ts";
import { markOf, totalSilence, withoutSilences } from "../../corpus/silence.ts";

describe("directions and silences in readings", () => {
  it("reads a direction's words and the time it holds, and a silence's length", () => {
    expect(markOf("[direction: the guide hums a low note — 20 seconds]")).toEqual({ kind: "direction", text: "the guide hums a low note", seconds: 20 });
    expect(markOf("[direction: everyone answers together]")).toEqual({ kind: "direction", text: "everyone answers together", seconds: 0 });
    expect(markOf("[Direction: the circle loosens - 1 minute 30 seconds]")).toEqual({ kind: "direction", text: "the circle loosens", seconds: 90 });
    // A dash inside the words is words, not a time.
    expect(markOf("[direction: one voice — then all — together]")).toEqual({ kind: "direction", text: "one voice — then all — together", seconds: 0 });
    expect(markOf("[silence: 2 minutes]")).toEqual({ kind: "silence", seconds: 120 });
    expect(markOf("[silence: soon]")).toBeNull();
    expect(markOf("Breathe. [direction: inline] Go on.")).toBeNull();
    const text = "Breathe.\n[silence: 30 seconds]\n[direction: the guide rings the bell — 10 seconds]\n[direction: the group sits]\nGo.";
    expect(totalSilence(text)).toBe(40);
    expect(withoutSilences(text)).toBe("Breathe.\nGo.");
  });

  it("names unmarked stage directions and unknown bracket forms, and lets instructions to a listener be", () => {
    for (const line of [
      "The guide hums a comfortable note.",
      "1. The guide hums a note.",
      "**The guide begins.** Standing still, they say:",
      "**Everyone answers together:**",
      "The whole circle answers, together:",
      "The one who chose it now picks it up.",
      "(pause here)",
      "[Pause]",
    ])
      expect(unmarkedDirection(line), line).not.toBeNull();
    for (const line of [
      "Breathe in slowly.",
      "**Stand up.** Look at the chair.",
      "Everyone who has made anything keeps a drawer of mistakes.",
      "[silence: 10 seconds]",
      "[direction: the guide nods]",
    ])
      expect(unmarkedDirection(line), line).toBeNull();
  });

  it("never puts a direction in the voice's script, and keeps its held time in place", () => {
    const script = toScript("One.\n\n[direction: the guide hums — 5 seconds]\n\n[direction: all rise]\n\nTwo.");
    expect(script.map((s) => (s.type === "line" ? s.text : `${s.type}:${"seconds" in s ? s.seconds : ""}`))).toEqual([
      "One.",
      "direction:5",
      "direction:0",
      "Two.",
    ]);
  });
});

describe("sections and holds in lyrics", () => {
  it("tells sections from holds and reads a hold's length in beats, bars or seconds", () => {
    expect(lyricMark("[Chorus — both]")).toEqual({ kind: "section", label: "Chorus — both" });
    expect(lyricMark("[Rest — four slow beats]")).toMatchObject({ kind: "hold", length: { amount: 4, unit: "beats" } });
    expect(lyricMark("[Instrumental break — the guitar alone, fingerpicked, 8 bars]")).toMatchObject({ kind: "hold", length: { amount: 8, unit: "bars" } });
    expect(lyricMark("[Trumpet solo, 20 seconds]")).toMatchObject({ kind: "hold", length: { amount: 20, unit: "seconds" } });
    expect(lyricMark("[Outro — rain alone, 4 bars]")).toMatchObject({ kind: "hold" });
    expect(lyricMark("[Trumpet solo]")).toMatchObject({ kind: "problem" });
    expect(lyricMark("[Whistling]")).toMatchObject({ kind: "problem" });
    expect(holdLength("the drone alone, then the guitar, 8 bars")).toEqual({ amount: 8, unit: "bars" });
  });

  it("refuses directions in parentheses and sections with nothing to sing", () => {
    expect(lyricsProblems("[Verse 1]\nA line\n(hummed over the drone)\n[Intro — rain]\n\n[Chorus]\nSung")).toHaveLength(2);
    expect(lyricsProblems("[Verse 1]\nA line\n(An echo, sung.)\n\n[Rest — two beats]\n\n[Chorus]\nSung")).toEqual([]);
  });
});

describe("the spoken text", () => {
  it("writes out what a reading says, holds where they fall, never a direction's words", () => {
    const text = spokenText({
      kind: "ritual",
      text: "# Title\n\n**Sit.** Be here.\n\n[direction: the guide lights a candle — 1 minute 30 seconds]\n\n[direction: all rise]\n\n- Go well.",
      seconds: 100,
    });
    expect(text).toBe("Title.\n\nSit. Be here.\n\n[held, not spoken: 1 minute 30 seconds — the guide lights a candle]\n\nGo well.\n");
  });

  it("writes a chant's rounds out and shows a song's breaks at its tempo", () => {
    const chant = spokenText({ kind: "chant", text: "Hold on.\nThe dark is turning.", seconds: 60 });
    expect(chant.split("Hold on.").length - 1).toBeGreaterThan(1);
    const song = spokenText({
      kind: "song",
      text: "[Verse 1]\nOne line\n\n[Instrumental break — 2 bars]\n\n[Chorus]\nTwo line",
      style: "waltz in D major, 90 bpm",
      seconds: 200,
    });
    expect(song).toBe("One line\n\n[music, no voice: 2 bars, about 4 seconds — Instrumental break — 2 bars]\n\nTwo line\n");
  });
});

describe("textures from a style", () => {
  it("hears swells as a pad, an arpeggiated synth as plucked, and names instruments in order", () => {
    expect(parseTextures("ambient drone with slow analog synth swells, one sustained voice")).toEqual(["pad"]);
    expect(parseTextures("slow synth ballad in A minor, 66 bpm, a looping arpeggiated analog synth, soft kick")).toEqual(["plucked"]);
    expect(parseTextures("chamber piano ballad, muted flugelhorn, a single held cello note")).toEqual(["keys", "wind", "bowed"]);
    expect(parseTextures("unaccompanied voice")).toEqual(["pad"]);
    expect(parseStyle("bright skiffle, 116 bpm, washboard").percussion).toBe(true);
    expect(parseStyle("solo cello and wordless soprano").percussion).toBe(false);
  });
});

describe("the checker", () => {
  it("refuses an unmarked direction in a ritual and an unknown bracket in lyrics", async () => {
    const root = await mkdtemp(join(tmpdir(), "marks-"));
    try {
      await mkdir(join(root, "rituals"));
      await mkdir(join(root, "songs"));
      const words = Array.from({ length: 160 }, (_, i) => `word${i}`).join(" ");
      await writeFile(
        join(root, "rituals", "a-test-ritual.md"),
        `---\ntitle: A Test\nkind: ritual\ntldr: ${"A ritual used only to test the library checker's rules here.".padEnd(70, ".")}\nseconds: 64\n---\n${words}\n\nThe guide hums a comfortable note.\n`,
      );
      const song = `---\ntitle: A Song\nkind: song\ntldr: ${"A song used only to test the library checker's rules for lyrics.".padEnd(70, ".")}\naxiom: presence\nstyle: folk\nseconds: 200\nlinks: {suno: null, youtube: null}\n---\n## Lyrics\n[Verse 1]\nLine\n\n[Fiddle break]\n\n## Context\n${words} ${words}\n`;
      await writeFile(join(root, "songs", "a-test-song.md"), song);
      const { problems } = checkLibrary(root);
      expect(problems.some((p) => p.startsWith("rituals/a-test-ritual.md") && /stage direction/.test(p))).toBe(true);
      expect(problems.some((p) => p.startsWith("songs/a-test-song.md") && /\[Fiddle break\]: a break, solo or rest needs its length/.test(p))).toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
