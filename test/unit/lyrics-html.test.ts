// Lines as the pages draw them: a bracket mark is an element, never words in square brackets, for every song's
// lyrics and every chant's lines in the library (the home page's parts show a chant's lines this way).
import { describe, expect, it } from "vitest";
import { loadLibrary } from "../../corpus/library.ts";
import { lyricsHtml } from "../../web/pages/lyrics.ts";

const library = await loadLibrary("corpus/library");
const linesShown = (html: string) => html.replace(/<[^>]+>/g, "\n");

describe("lyricsHtml", () => {
  it("labels a chant's direction as not read aloud", () => {
    const drawn = lyricsHtml("[direction: one voice calls, everyone answers]\nCup it. Lift it. Twist.").value;
    expect(drawn).toContain('<p class="lyric-mark hold">Direction, not read aloud: one voice calls, everyone answers</p>');
    expect(drawn).toContain('<p class="verse">Cup it. Lift it. Twist.</p>');
  });

  it("leaves no bracketed line in any song or chant of the library", () => {
    const texts = [
      ...library.songs.map((s) => [s.path, s.lyrics ?? ""] as const),
      ...library.pieces.filter((p) => p.kind === "chant").map((p) => [p.path, p.listenersText] as const),
    ];
    expect(texts.length).toBeGreaterThan(150);
    for (const [path, text] of texts) expect(linesShown(lyricsHtml(text).value), path).not.toMatch(/^\s*\[[^\]]*\]\s*$/m);
  });
});
