// Pure parts of the audio engine: the style line, silence markers, the script, chord choices.
import { describe, expect, it } from "vitest";
import { bestTriad, chroma, triadName } from "../helpers/audio-analysis.ts";
import { renderBed } from "../../audio/bed.ts";
import { barSeconds, diatonicChord, progression, voiceChord } from "../../audio/music.ts";
import { chunks, silenceMarker, toScript } from "../../audio/script.ts";
import { chooseTone } from "../../audio/song.ts";
import { keyName, parseKey, parseStyle } from "../../audio/style.ts";

describe("parseStyle", () => {
  it("reads key, tempo and a waltz's three beats", () => {
    const s = parseStyle("slow folk waltz in D major, 72 bpm, fingerpicked guitar and cello");
    expect(keyName(s.key)).toBe("D major");
    expect(s.bpm).toBe(72);
    expect(s.beatsPerBar).toBe(3);
    expect(s.stated).toEqual({ key: true, bpm: true, meter: true, texture: true });
  });

  it("reads sharps, flats and minor keys in their usual spellings", () => {
    expect(keyName(parseKey("in F# minor")!)).toBe("F# minor");
    expect(keyName(parseKey("B-flat major ballad")!)).toBe("Bb major");
    expect(keyName(parseKey("Eb major")!)).toBe("Eb major");
    expect(keyName(parseKey("a lament in a minor")!)).toBe("A minor");
    expect(keyName(parseKey("C sharp minor")!)).toBe("C# minor");
  });

  it("does not take an article for a key", () => {
    expect(parseKey("with a minor-key feel and a major lift")).toBeNull();
  });

  it("falls back to tempo words, 4/4 and a key fixed by the seed", () => {
    const s = parseStyle("driving folk-gospel with stomps, handclaps and banjo", "songs/x");
    expect(s.bpm).toBe(120);
    expect(s.beatsPerBar).toBe(4);
    expect(s.stated.key).toBe(false);
    expect(parseStyle("driving folk-gospel", "songs/x").key).toEqual(s.key);
    expect(parseStyle("lullaby-folk with kalimba").bpm).toBeLessThan(parseStyle("bright folk-pop").bpm);
    expect(parseStyle("gentle 3/4 waltz duet").beatsPerBar).toBe(3);
    expect(parseStyle("Celtic air in a lilting 6/8").beatsPerBar).toBe(3);
  });
});

describe("silence markers", () => {
  it("reads seconds, minutes and both together", () => {
    expect(silenceMarker("[silence: 30 seconds]")).toBe(30);
    expect(silenceMarker("  [Silence: 2 minutes]  ")).toBe(120);
    expect(silenceMarker("[silence: 1 minute 30 seconds]")).toBe(90);
    expect(silenceMarker("[silence: 45s]")).toBe(45);
  });

  it("ignores markers that are not lines of their own, or say no length", () => {
    expect(silenceMarker("Rest here [silence: 30 seconds] then go on.")).toBeNull();
    expect(silenceMarker("[silence]")).toBeNull();
    expect(silenceMarker("[Chorus]")).toBeNull();
  });

  it("keeps markers in place in a script, also in lyrics where section labels are dropped", () => {
    const script = toScript("Breathe in.\n\n[silence: 2 minutes]\n\nBreathe out.");
    expect(script.map((s) => (s.type === "line" ? s.text : s.type === "silence" ? s.seconds : s.type))).toEqual(["Breathe in.", 120, "Breathe out."]);
    const lyrics = toScript("[Verse 1]\nFirst line\n[silence: 10 seconds]\n[Chorus]\nSecond line", { lyrics: true });
    expect(lyrics.map((s) => (s.type === "line" ? s.text : s.type === "silence" ? s.seconds : s.type))).toEqual(["First line", 10, "Second line"]);
  });

  it("groups whole sentences into runs of at most 30 words", () => {
    const long = Array.from({ length: 12 }, (_, i) => `Sentence number ${i} is here.`).join(" ");
    const runs = chunks(long);
    expect(runs.join(" ")).toBe(long);
    for (const r of runs) expect(r.split(" ").length).toBeLessThanOrEqual(30);
    expect(runs.every((r) => r.endsWith("."))).toBe(true);
  });
});

describe("harmony", () => {
  it("builds I–vi–IV–V in major and makes the minor dominant major", () => {
    expect(progression({ tonic: 2, minor: false }, 0).map((c) => c.numeral)).toEqual(["I", "vi", "IV", "V"]);
    expect(diatonicChord({ tonic: 9, minor: true }, 4)).toMatchObject({ root: 4, minor: false });
  });

  it("voice-leads the pad: each chord moves by a few semitones in total", () => {
    let prev: number[] | undefined;
    for (const c of [...progression({ tonic: 0, minor: false }), ...progression({ tonic: 0, minor: false })]) {
      const next = voiceChord(c, prev);
      if (prev) expect(next.reduce((s, m, i) => s + Math.abs(m - prev![i]), 0)).toBeLessThanOrEqual(6);
      prev = next;
    }
  });

  it.each([["pad"], ["plucked"], ["keys"], ["bowed"]] as const)(
    "renders a %s bed whose chord changes every bar, in the key asked for, in stereo",
    (texture) => {
      const key = { tonic: 2, minor: false }; // D major: D Bm G A
      const bpm = 96;
      const bar = barSeconds(bpm, 4);
      const bed = renderBed({ chords: progression(key, 0), bpm, beatsPerBar: 4, seconds: bar * 5, textures: [texture] });
      expect(bed.sampleRate).toBe(44_100);
      const mid = { samples: bed.left.map((l, i) => l + bed.right[i]), sampleRate: bed.sampleRate };
      const heard = [0, 1, 2, 3, 4].map((b) => triadName(bestTriad(chroma(mid, b * bar + 0.4, (b + 1) * bar - 0.05))));
      expect(heard).toEqual(["D", "Bm", "G", "A", "D"]);
      // Instruments sit apart: the two channels are not one signal twice.
      expect(bed.left.some((l, i) => Math.abs(l - bed.right[i]) > 1e-3)).toBe(true);
    },
  );

  it("holds each line on a tone of the chord under its first bar, moving by steps from line to line", () => {
    const chords = progression({ tonic: 7, minor: false }, 0);
    let prev: number | undefined;
    const tones: number[] = [];
    for (let bar = 0; bar < 8; bar++) {
      const tone = chooseTone([chords[bar % 4], chords[(bar + 1) % 4]], prev);
      const c = chords[bar % 4];
      expect([c.root, (c.root + (c.minor ? 3 : 4)) % 12, (c.root + 7) % 12]).toContain(tone % 12);
      if (prev !== undefined) expect(Math.abs(tone - prev)).toBeLessThanOrEqual(5);
      prev = tone;
      tones.push(tone);
    }
    expect(new Set(tones).size).toBeGreaterThanOrEqual(3); // a tune, not one reciting note
  });
});

describe("text for flite", () => {
  it("turns dashes into pauses and drops accents and symbols flite cannot say", async () => {
    const { forFlite } = await import("../../audio/flite.ts");
    expect(forFlite("Stillness — not absence — is room.")).toBe("Stillness, not absence, is room.");
    expect(forFlite("A café, “quiet”, isn’t it…")).toBe(`A cafe, "quiet", isn't it...`);
    expect(forFlite("tea ☕ time")).toBe("tea time");
  });
});
