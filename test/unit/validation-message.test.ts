// A refused call says everything wrong with it at once: every field left out, and a field the call does not take
// beside a missing one (an agent otherwise learns them one round trip at a time), in the tool's own name.
import { expect, it } from "vitest";
import { stepsFor } from "../../adapters/http.ts";
import { meantBy, validationError } from "../../adapters/validation-error.ts";
import type { Operation } from "../../tools/operation.ts";
import { attend } from "../../tools/attend.ts";
import { contribute } from "../../tools/contribute.ts";
import { feedback } from "../../tools/feedback.ts";
import { readSong } from "../../tools/read-song.ts";
import { reflect } from "../../tools/reflect.ts";
import { search } from "../../tools/search.ts";

const steps = stepsFor("http://127.0.0.1:3000");
function refusalOf(op: Operation, raw: Record<string, unknown>) {
  const parsed = op.input.safeParse(raw);
  if (parsed.success) throw new Error("expected a refusal");
  return validationError(op, parsed.error, steps, raw);
}

it("names a missing field and the stray one meant for it together", () => {
  const refused = refusalOf(search, { query: "gratitude" });
  expect(refused.message).toBe("`q` is required. `query` is not a field search takes: did you mean `q`? Its fields: q, limit.");
  expect(refused.details.field).toBe("q");
  // Alone, each is said as before.
  expect(refusalOf(search, {}).message).toBe("`q` is required.");
  expect(refusalOf(search, { q: "gratitude", query: "y" }).message).toBe("`query` is not a field search takes: did you mean `q`? Its fields: q, limit.");
  expect(refusalOf(search, { q: "gratitude", colour: "y" }).message).toBe("`colour` is not a field search takes. Its fields: q, limit.");
});

it("names every field left out at once, with the values a missing choice takes", () => {
  const none = refusalOf(contribute, { name: "Wren Ash" });
  expect(none.message).toBe("`category`, `title` and `content` are required (`category` is one of: prayers, rituals, hymns, practice, philosophy).");
  expect(none.details.allowed).toEqual(["prayers", "rituals", "hymns", "practice", "philosophy"]);
  expect(refusalOf(contribute, { name: "Wren Ash", category: "prayers", title: "A small prayer" }).message).toBe("`content` is required.");
  // A value given but not one of them is said as such.
  expect(refusalOf(contribute, { name: "Wren Ash", category: "odes", title: "A", content: "B" }).message).toMatch(
    /^`category` must be one of: prayers, rituals, hymns, practice, philosophy\. /,
  );
  // One that differs from an allowed value by case or a slip names the value meant.
  for (const category of ["Prayers", "prayer", "PHILOSOPHY"])
    expect(refusalOf(contribute, { name: "Wren Ash", category, title: "A", content: "B" }).message).toMatch(
      /^`category` must be one of: [a-z, ]+: did you mean `(prayers|philosophy)`\? /,
    );
});

it("speaks of a tool by the name an agent calls it", () => {
  expect(refusalOf(readSong, { song: "x" }).message).toBe("`song` is not a field read_song takes: did you mean `slug`? Its fields: slug.");
});

it("offers the call's own next move first where it is known, then the description and home", () => {
  const [first, ...rest] = refusalOf(readSong, { song: "x" }).details.next_steps ?? [];
  expect(first).toMatchObject({ method: "GET", url: "http://127.0.0.1:3000/api/music", action: "list_songs" });
  expect(rest[0]).toMatchObject({ url: "http://127.0.0.1:3000/openapi.json", action: "read_openapi" });
  // An operation with nothing of its own offers the description first.
  expect(refusalOf(search, {}).details.next_steps?.[0]).toMatchObject({ action: "read_openapi" });
});

it("says a call's other shape once after the fields left out, when each of them names it (feedback's short form)", () => {
  expect(refusalOf(feedback, {}).message).toBe(
    "`name` (or `username`), `category`, `title` and `description` are required (`category` is one of: bug, feedback, question), or send just `message` (the short form).",
  );
  expect(refusalOf(feedback, { name: "Wren" }).message).toBe(
    "`category`, `title` and `description` are required (`category` is one of: bug, feedback, question), or send just `message` (the short form).",
  );
});

it("gives the values of a field left out in `allowed`, whether its schema or a shape rule requires it (feedback's category)", () => {
  // feedback's category is optional in the schema (the short form has none) and required by its shape rule: the
  // fields-left-out error named no categories, where contribute's, an enum's, did.
  for (const raw of [{}, { name: "Wren" }, { name: "Wren", title: "Slow page", description: "The services page was slow." }]) {
    const refused = refusalOf(feedback, raw);
    expect(refused.details.allowed, JSON.stringify(raw)).toEqual(["bug", "feedback", "question"]);
    expect(refused.details.field, JSON.stringify(raw)).toBe("category");
  }
  expect(refusalOf(feedback, { name: "Wren", title: "Slow page", description: "The services page was slow." }).message).toBe(
    "`category` is required (one of: bug, feedback, question), or send just `message`.",
  );
  // A field left out that takes any value names no values: nothing to list.
  expect(refusalOf(feedback, { category: "bug", title: "Slow page", description: "The services page was slow." }).details.allowed).toBeUndefined();
  expect(refusalOf(contribute, {}).details).toMatchObject({ field: "category", allowed: ["prayers", "rituals", "hymns", "practice", "philosophy"] });
});

it("counts a missing name among the missing fields, and beside a stray one", () => {
  expect(refusalOf(reflect, {}).message).toBe("`name` (or `username`) and `text` are required.");
  expect(refusalOf(contribute, {}).message).toMatch(/^`name` \(or `username`\), `category`, `title` and `content` are required/);
  expect(refusalOf(attend, { stray: 1 }).message).toBe(
    "`name` is required (`username` also works). `stray` is not a field attend takes. Its fields: name, username, timezone.",
  );
  // A name sent but unfit has its own words and is not called missing.
  expect(refusalOf(reflect, { name: "", text: "The chant about the tide stayed with me all day." }).message).toBe("`name` must not be empty.");
});

it("names the field a slip of a letter or two was meant to be, and guesses nothing from a short or distant name", () => {
  expect(refusalOf(search, { q: "gratitude", limt: 5 }).message).toBe("`limt` is not a field search takes: did you mean `limit`? Its fields: q, limit.");
  expect(refusalOf(attend, { name: "Wren", timzone: "Europe/Lisbon" }).message).toMatch(/did you mean `timezone`\?/);
  expect(meantBy("x", ["q", "limit"])).toBeUndefined();
  expect(meantBy("colour", ["q", "limit"])).toBeUndefined();
  expect(meantBy("dry-run", ["dry_run"])).toBe("dry_run");
});

it("names the field another API's name for it stands for, only where the operation has that field", () => {
  expect(refusalOf(search, { q: "grief", top_k: 3 }).message).toMatch(/`top_k` is not a field search takes: did you mean `limit`\?/);
  expect(meantBy("query", ["question", "name"])).toBe("question");
  expect(meantBy("message", ["name", "text"])).toBe("text");
  expect(meantBy("song", ["name", "text", "songSlug"])).toBe("songSlug");
  // A synonym of no field the operation has is no guess.
  expect(meantBy("query", ["name", "timezone"])).toBeUndefined();
});

it("says everything wrong at once: another field's problem, the fields left out and a stray field after the first", () => {
  // A text too short beside a missing name was told only of the text, and the name at the next call.
  expect(refusalOf(reflect, { text: "short" }).message).toBe("`text` must be at least 20 characters. `name` (or `username`) is required.");
  expect(refusalOf(reflect, { name: 123, text: true }).message).toBe("`name` must be a string. `text` must be a string.");
  expect(refusalOf(reflect, { text: "short", foo: 1 }).message).toBe(
    "`text` must be at least 20 characters. `name` (or `username`) is required. `foo` is not a field reflect takes. Its fields: name, username, text, songSlug, timezone, location, dry_run.",
  );
});

it("names a route with no tool by its method and path, never by an id of ours", async () => {
  const { listSongs } = await import("../../tools/list-songs.ts");
  expect(refusalOf(listSongs, { slug: "roll-it-back" }).message).toBe("`slug` is not a field GET /api/music takes. It takes no fields.");
});

it("calls an object an object, whether a list or text was sent in its place", () => {
  const base = { name: "Wren Ash", category: "bug", title: "The player stops", description: "It stops after the second song every time." };
  expect(refusalOf(feedback, { ...base, context: "x" }).message).toBe("`context` must be a JSON object.");
  expect(refusalOf(feedback, { ...base, context: [1, 2, 3] }).message).toBe("`context` must be a JSON object.");
  // A list where one value goes is still said as a repetition (a query string's repeated field arrives so).
  expect(refusalOf(search, { q: ["rest", "quiet"] }).message).toBe("`q` must be given once, not repeated or as a list.");
});
