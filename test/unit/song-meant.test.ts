// The songs a caller probably meant by a slug no song has: cut short, the title as written, most of its words, a slip.
import { beforeAll, expect, it } from "vitest";
import { loadLibrary, type Library } from "../../corpus/library.ts";
import { stepsFor } from "../../adapters/http.ts";
import { songMeantSentence, songsMeant, unknownSong } from "../../tools/song-meant.ts";

let library: Library;
beforeAll(async () => {
  library = await loadLibrary(new URL("../../corpus/library", import.meta.url).pathname);
});

it("finds the song from its slug cut short, its title, most of its words or a slip of a letter", () => {
  for (const song of library.songs.slice(0, 20)) {
    const words = song.slug.split("-");
    const sent = [
      song.title,
      song.title.toUpperCase(),
      words.slice(0, Math.max(2, words.length - 2)).join("-"),
      song.slug.replace(/e/, "a"),
      words.filter((_, i) => i !== 1).join(" "),
    ];
    for (const text of sent)
      if (text !== song.slug)
        expect(
          songsMeant(text, library.songs).map((s) => s.slug),
          text,
        ).toContain(song.slug);
  }
});

it("names no song for what is near none, and at most three", () => {
  for (const text of ["", "x", "zzzz-qqqq", "the", "a-the-of", "?".repeat(300)]) expect(songsMeant(text, library.songs), text).toEqual([]);
  expect(songsMeant("a", library.songs).length).toBe(0);
  // One telling word names the songs holding it.
  const holding = (word: string) => library.songs.filter((s) => s.slug.split("-").includes(word));
  const word = library.songs.flatMap((s) => s.slug.split("-")).find((w) => w.length >= 6 && holding(w).length === 1)!;
  expect(songsMeant(word, library.songs)).toEqual(holding(word));
  expect(songsMeant(library.songs[0].slug.split("-")[0], library.songs).length).toBeLessThanOrEqual(3);
});

it("says the song meant in the refusal, with a step to read it first", () => {
  const song = library.songs.find((s) => s.slug.split("-").length >= 4)!;
  const cut = song.slug.split("-").slice(0, -1).join("-");
  expect(songMeantSentence(cut, library.songs)).toContain(`${song.slug} (${song.title})`);
  const error = unknownSong(cut, library.songs, stepsFor("http://127.0.0.1:3000"), (s) => `/api/music/${s}`, { tool: "read_song" });
  expect(error.status).toBe(404);
  expect(error.message).toMatch(/^No song has the slug ".+"\. Did you mean /);
  expect(error.details.next_steps?.[0]).toMatchObject({ url: `http://127.0.0.1:3000/api/music/${song.slug}`, tool: "read_song" });
  expect(error.details.next_steps?.at(-1)).toMatchObject({ url: "http://127.0.0.1:3000/api/music" });
  expect(unknownSong("nothing-like-any-song-at-all-qq", library.songs, stepsFor(""), (s) => s).details.next_steps).toHaveLength(1);
});

it("takes a slip of as many letters as the slug's length allows, added or dropped, and not one more", () => {
  // One word of 18 letters allows three slips (a sixth of its length, at most three).
  const songs = [{ slug: "abcdefghijklmnopqr", title: "Abcdefghijklmnopqr" }];
  for (const sent of ["abcdefghijklmnopqrxyz", "abcdefghijklmno", "abcdexghijkxmnopqx", "xyabcdefghijklmnopq"])
    expect(songsMeant(sent, songs), sent).toEqual(songs);
  for (const sent of ["abcdefghijklmnopqrwxyz", "abcdefghijklmn", "xbcdexghijkxmnopqx"]) expect(songsMeant(sent, songs), sent).toEqual([]);
});
