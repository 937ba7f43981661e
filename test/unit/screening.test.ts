// The one screening of visitor-written fields (services/screening.ts, services/stand-ins.ts), as pure rules:
// what reads as a stand-in, an example or a test, and the writing that must pass.
import { describe, expect, it } from "vitest";
import { documentedExamples, fillerText, FILLER_RULES, screenField, type FieldRole } from "../../services/screening.ts";
import { holdsPlaceholder, isStandIn, placeholderIn } from "../../services/stand-ins.ts";

const EXAMPLE = "The chant about the tide stayed with me through the whole afternoon.";

describe("screenField refuses", () => {
  it.each<[FieldRole, string, "placeholder" | "example" | "filler" | "wordless"]>([
    ["name", "<your name>", "placeholder"],
    ["name", "[your name]", "placeholder"],
    ["name", "{name}", "placeholder"],
    ["name", "{{ name }}", "placeholder"],
    ["name", "${name}", "placeholder"],
    ["name", "YOUR_NAME", "placeholder"],
    ["name", "your_name", "placeholder"],
    ["name", "YourName", "placeholder"],
    ["name", "NAME_HERE", "placeholder"],
    ["name", "Your Name", "placeholder"],
    ["name", "my name", "placeholder"],
    ["name", "Username", "placeholder"],
    ["name", "Test User", "placeholder"],
    ["name", "string", "placeholder"],
    ["name", "...", "placeholder"],
    ["name", "…", "placeholder"],
    ["name", "test", "filler"],
    ["name", "Foo Bar", "filler"],
    ["name", "asdfg", "filler"],
    // Wide or stylised letters are the words they show, as placeholders and web addresses are read (an outside check).
    ["name", "ｔｅｓｔ", "filler"],
    ["name", "ａｓｄｆ", "filler"],
    ["text", "ｌｏｒｅｍ ｉｐｓｕｍ and then some words of mine", "filler"],
    // A filler word said twice in one, and words repeated to reach a length (pasted "x " 700 times).
    ["text", "asdfasdf", "filler"],
    ["text", "testtest testtest", "filler"],
    ["text", "x ".repeat(500).trim(), "filler"],
    ["text", "la di la di la di la di la di la di", "filler"],
    ["place", "<your location>", "placeholder"],
    ["place", "Your location", "placeholder"],
    ["place", "[city]", "placeholder"],
    ["place", "City, Country", "placeholder"],
    ["text", "<20 to 1000 characters>", "placeholder"],
    ["text", "<your reflection, 20 to 1000 characters>", "placeholder"],
    ["text", "<what you are looking for>", "placeholder"],
    // A whole value that is one bracketed phrase is a placeholder, whatever its words.
    ["text", "<what stayed with you, in a sentence or two>", "placeholder"],
    ["text", "  <describe what happened>  ", "placeholder"],
    ["text", "[the moment the chant turned, and why it mattered]", "placeholder"],
    ["text", "{something only you would notice about tonight}", "placeholder"],
    ["name", "<the one who listens>", "placeholder"],
    ["place", "[somewhere quiet]", "placeholder"],
    ["title", "<a title for the piece>", "placeholder"],
    ["text", "Thank you for the song. Signed, <your name>", "placeholder"],
    ["text", "Signed, your name here, with thanks for the song.", "placeholder"],
    ["text", "[SONG_TITLE] moved me more than I can say today.", "placeholder"],
    ["text", "GET /api/now?timezone=Your/Zone works for me.", "placeholder"],
    ["text", EXAMPLE, "example"],
    ["text", `  "${EXAMPLE.toUpperCase()}"  `, "example"],
    ["text", "test test testing 123", "filler"],
    ["text", "Lorem ipsum dolor sit amet, consectetur.", "filler"],
    ["text", "The chant was lovely asdfgh and the reading too.", "filler"],
    ["title", "Hello", "filler"],
    ["title", "My Title", "filler"],
    ["piece", "🙏🙏🙏", "wordless"],
    ["text", "<b></b><i></i>", "wordless"],
    ["text", "<em> ? </em>", "wordless"],
  ])("%s %j as %s", (role, value, kind) => {
    expect(screenField("field", value, role, [EXAMPLE])?.kind).toBe(kind);
  });
});

describe("screenField lets writing through", () => {
  it.each<[FieldRole, string]>([
    ["name", "Wren"],
    ["name", "Song"],
    ["name", "404"],
    ["name", "🌙"],
    ["name", "."],
    ["name", "Ash (visiting from a night shift)"],
    ["name", "MySpace kid"],
    ["place", "a kitchen table"],
    ["place", "Route 66"],
    ["place", "my place"],
    ["text", "He said it was [sic] the finest chant, and I sighed <sigh> in agreement."],
    ["text", "<b>bold</b> of the reading to end on silence"],
    ["text", "I <3 the closing hymn <3"],
    ["text", "Quoting the reading: […] and then the long silence came over us."],
    ["text", "She told me [you] were right about the evening, and I believed her."],
    ["text", "[INAUDIBLE] was all I caught at first, then the chorus came through."],
    ["text", "Soooooooo quiet tonight; the [laughs] in the reading made me smile."],
    ["text", 'How do I send {"name": "x"} to attend?'],
    ["text", '{"note": "the reading stayed with me all evening long"}'],
    ["text", "<sigh> The closing was so gentle that I stayed for the next one."],
    ["text", "The closing was so gentle that I stayed <sigh>"],
    ["text", "Hello?"],
    // Repetition that carries meaning stays: a refrain among other words, a word said three times.
    ["text", "Again, again, again: the chant came back, and we sang it again with the whole room."],
    ["text", "Holy holy holy."],
    ["text", EXAMPLE.replace("afternoon", "evening")],
    ["title", "Your Song"],
    ["title", "A Prayer"],
    ["title", "Time"],
    ["piece", "Read [your rights](https://example.org) and [the song][1] slowly, and `<your name>` in code is fine too, as the rest of the piece goes on."],
    ["piece", "Visit <https://example.org> when you can, and rest a while with the words of the morning."],
  ])("%s %j", (role, value) => {
    expect(screenField("field", value, role, [EXAMPLE])).toBeNull();
  });
});

describe("the parts", () => {
  it("never compares names and places with example sentences", () => {
    expect(screenField("name", "Wren", "name", ["Wren"])).toBeNull();
    expect(screenField("location", "a kitchen table", "place", ["a kitchen table"])).toBeNull();
    expect(screenField("text", "a kitchen table, quiet and warm", "text", ["a kitchen table, quiet and warm"])?.kind).toBe("example");
  });

  it("names text of punctuation or symbols alone as wordless, never as the documentation's example", () => {
    // An example that folds to nothing (all punctuation) must not match every wordless value either.
    for (const value of ["?", "!!!", "...", "?!?!?!?!?!?!?!?!?!?!?!", "—— ** ——", "\u{1F64F}\u{1F64F}"]) {
      for (const role of ["text", "title", "piece"] as const) {
        expect(screenField("question", value, role, ["?", "..."]), `${role} ${value}`).toMatchObject({
          kind: "wordless",
          reason: "`question` holds no words, only punctuation or symbols.",
        });
      }
    }
    expect(screenField("name", "\u263E", "name")).toBeNull();
    expect(screenField("question", "¿Qué?", "text")).toBeNull();
    expect(screenField("question", "为什么？", "text")).toBeNull();
  });

  it("names the field and the placeholder it found", () => {
    expect(screenField("name", "<your name>", "name")?.reason).toBe("`name` still holds a placeholder, <your name>, where your own words go.");
    expect(placeholderIn("plain words")).toBeNull();
    expect(isStandIn("Enter your name", "name")).toBe(true);
    expect(isStandIn("Your question here", "text")).toBe(true);
    expect(holdsPlaceholder("<what you are looking for>")).toBe(true);
    expect(holdsPlaceholder("<any words at all>")).toBe(true);
    expect(holdsPlaceholder("letting go at the end of a day")).toBe(false);
  });

  it("keeps the stricter filler rules for titles and pieces", () => {
    expect(fillerText("title", "Zzzzzzzzz", FILLER_RULES.title)).toContain("mashing");
    expect(fillerText("text", "Zzzzzzzzz said the cat at midnight", FILLER_RULES.text)).toBeNull();
    expect(fillerText("name", "2001", FILLER_RULES.name)).toBeNull();
    expect(fillerText("title", "2001", FILLER_RULES.title)).toContain("test");
  });

  it("reads the library guides' JSON examples, once per library version", () => {
    const library = (hash: string, markdown: string) => ({
      contentHash: hash,
      documents: [
        { category: "docs", markdown },
        { category: "prayers", markdown: '"text": "not a guide"' },
      ],
    });
    expect(documentedExamples(library("a", '{"name": "Tamsin", "text": "I came in restless.", "question": "Why?"}'))).toEqual(["I came in restless.", "Why?"]);
    expect(documentedExamples(library("b", '"content": "Your piece."'))).toEqual(["Your piece."]);
  });
});
