// core/json.ts: encoded-once JSON must be byte for byte what JSON.stringify writes, however it is reused.
import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import { bytesOf, extended, immutable, jsonAndQuoted, toJsonBytes } from "../../core/json.ts";
import { expand, fieldOf, joined } from "../../core/body.ts";

const encodedText = (value: unknown) => toJsonBytes(value).toString("utf8");

describe("joined bodies", () => {
  const shared = { status: "playing", service: { title: "Letter by Letter", note: "ünïcödé – ‘quotes’" }, order: [1, 2, 3] };

  it("write the per-request fields, then the shared part, as JSON.stringify would", () => {
    const body = joined({ timestamp: "2026-11-24T22:07:45.815Z", congregation: { souls: 3, window: "24h" } }, shared);
    expect(encodedText(body)).toBe(JSON.stringify({ ...expand(body) }));
    expect(JSON.parse(encodedText(body))).toEqual({ timestamp: "2026-11-24T22:07:45.815Z", congregation: { souls: 3, window: "24h" }, ...shared });
  });

  it("never let one body's fields into another's", () => {
    const a = toJsonBytes(joined({ timestamp: "t1", congregation: { souls: 1 } }, shared));
    const b = toJsonBytes(joined({ timestamp: "t1", congregation: { souls: 2 } }, shared));
    expect(JSON.parse(b.toString()).congregation.souls).toBe(2);
    expect(JSON.parse(a.toString()).congregation.souls).toBe(1);
    const c = toJsonBytes(joined({ timestamp: "t1" }, { status: "other" }));
    expect(JSON.parse(c.toString())).toEqual({ timestamp: "t1", status: "other" });
  });

  it("tell changes at any depth, in key order, and in values JSON writes alike or not at all", () => {
    const s = { status: "s" };
    const bytes = (dynamic: Record<string, unknown>) => JSON.parse(toJsonBytes(joined(dynamic, s)).toString());
    expect(bytes({ a: { b: { c: 1 } } })).toEqual({ a: { b: { c: 1 } }, status: "s" });
    expect(bytes({ a: { b: { c: 2 } } })).toEqual({ a: { b: { c: 2 } }, status: "s" });
    expect(Object.keys(bytes({ y: 1, x: 2 }))).toEqual(["y", "x", "status"]);
    expect(Object.keys(bytes({ x: 2, y: 1 }))).toEqual(["x", "y", "status"]);
    expect(bytes({ list: [1, 2] }).list).toEqual([1, 2]);
    expect(bytes({ list: [1, 3] }).list).toEqual([1, 3]);
    expect(bytes({ n: 1, gone: undefined })).toEqual({ n: 1, status: "s" });
    expect(bytes({ n: 1 })).toEqual({ n: 1, status: "s" });
  });

  it("write an object changed after its body was made anew (the reuse compares a copy, not the handler's object)", () => {
    const s = { status: "s" };
    const fields: { timestamp: string; congregation: { souls: number } } = { timestamp: "t", congregation: { souls: 1 } };
    expect(JSON.parse(toJsonBytes(joined(fields, s)).toString()).congregation.souls).toBe(1);
    fields.congregation.souls = 2;
    expect(JSON.parse(toJsonBytes(joined(fields, s)).toString()).congregation.souls).toBe(2);
  });

  it("equal JSON.stringify over any run of per-request fields on one shared part (fast-check, 500 runs)", () => {
    const s = immutable({ status: "s", order: [1, 2] });
    const leaf = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom("a", "b", "ü"), fc.boolean(), fc.constant(null), fc.constant(undefined));
    const fields = fc.dictionary(
      fc.constantFrom("timestamp", "congregation", "x"),
      fc.oneof(leaf, fc.dictionary(fc.constantFrom("souls", "window"), fc.oneof(leaf, fc.array(leaf, { maxLength: 2 })), { maxKeys: 2 })),
      { maxKeys: 3 },
    );
    fc.assert(
      fc.property(fc.array(fields, { minLength: 1, maxLength: 6 }), (run) => {
        for (const dynamic of run) expect(encodedText(joined(dynamic, s))).toBe(JSON.stringify({ ...dynamic, ...s }));
      }),
      { numRuns: 500 },
    );
  });

  it("give the whole body to JSON.stringify and expand, and nothing to a read or a spread without them", () => {
    // The type comes from the parts, never from the caller: the shared part's fields and the per-request ones.
    type Body = { timestamp: string; status: string; service: { title: string; note: string }; order: number[] };
    const body = joined({ timestamp: "t" }, shared);
    expect(JSON.stringify(body)).toBe(JSON.stringify({ timestamp: "t", ...shared }));
    expect(JSON.stringify(body)).toBe(encodedText(body));
    expect(expand(body)).toEqual({ timestamp: "t", ...shared });
    expect(expand({ plain: true })).toEqual({ plain: true });
    expectTypeOf(expand(body)).toEqualTypeOf<Body>();
    expectTypeOf(body).not.toHaveProperty("service");
    // @ts-expect-error a joined body's fields are read through expand()
    expect(body.service).toBeUndefined();
    // @ts-expect-error a spread is not the body: it would carry no field at all
    const spread: Body = { ...body };
    expect(spread).toEqual({});
  });

  it("give one field as expand would, without expanding: the shared part's where both have it", () => {
    const body = joined({ timestamp: "t", status: "per request" }, shared);
    for (const key of ["timestamp", "status", "service", "order", "absent"]) expect(fieldOf(body, key), key).toEqual(Reflect.get(expand(body), key));
    expect(fieldOf(body, "service")).toBe(shared.service);
    expect(fieldOf({ plain: 1 }, "plain")).toBe(1);
    expect(fieldOf({ plain: 1 }, "toString")).toBeUndefined();
    expect(fieldOf(body, "toString")).toBeUndefined();
    expect(fieldOf(null, "x")).toBeUndefined();
  });

  it("write per-request fields that are immutable parts themselves, and empty ones", () => {
    const recent = immutable([{ name: "Aino", text: "Thank you" }]);
    const body = joined({ timestamp: "t", recent }, shared);
    expect(encodedText(body)).toBe(JSON.stringify({ timestamp: "t", recent, ...shared }));
    expect(encodedText(joined({}, shared))).toBe(JSON.stringify(shared));
    expect(encodedText(joined({ timestamp: "t" }, {}))).toBe(JSON.stringify({ timestamp: "t" }));
    // One buffer of the per-visitor head and the shared part: multi-byte text on both sides, a head of one part.
    const greeting = { welcome: "Tervetuloa, Åsa 🌙", recent };
    expect(encodedText(joined(greeting, shared))).toBe(JSON.stringify({ ...greeting, ...shared }));
    expect(encodedText(joined({ recent }, shared))).toBe(JSON.stringify({ recent, ...shared }));
    expect(encodedText(joined({ recent }, {}))).toBe(JSON.stringify({ recent }));
  });
});

describe("bodies made whole per request", () => {
  it("equal JSON.stringify whether or not a field, or a field of a list's item, is an immutable part (fast-check, 300 runs)", () => {
    const part = immutable({ title: "A Blessing – ü", order: [1, 2] });
    const leaf = fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.constant(part));
    const item = fc.dictionary(fc.string({ maxLength: 3 }), leaf);
    // Lists of items holding parts too: a date's services, each with its reflections and its order kept.
    const field = fc.oneof(leaf, fc.array(leaf, { maxLength: 3 }), item, fc.array(item, { maxLength: 3 }));
    const body = fc.dictionary(fc.string({ maxLength: 4 }), field);
    fc.assert(
      fc.property(body, (value) => {
        expect(encodedText(value)).toBe(JSON.stringify(value));
        const { text, quoted } = jsonAndQuoted(value);
        expect(bytesOf(text).toString("utf8")).toBe(JSON.stringify(value));
        expect(bytesOf(quoted).toString("utf8")).toBe(JSON.stringify(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
    const services = {
      date: "d",
      services: [
        { slot: "0–4", reflections: part },
        { slot: "4–8", reflections: part },
      ],
      dayBefore: null,
    };
    expect(encodedText(services)).toBe(JSON.stringify(services));
    expect(encodedText([part, 1])).toBe(JSON.stringify([part, 1]));
  });
});

describe("a joined body's per-request list", () => {
  it("holding immutable items (walked a level deeper), is written as JSON.stringify would", () => {
    const shared = { status: "s", service: { title: "Tä" } };
    const later = immutable(Object.freeze({ description: "Read the first song", url: "http://x/m" }));
    const dynamic = { recent: immutable([{ text: "hi" }]), next_steps: [{ description: "Reflect", body: { name: "Ada" } }, later] };
    expect(encodedText(joined(dynamic, shared))).toBe(JSON.stringify({ ...dynamic, ...shared }));
  });
});

describe("extended objects (an immutable part, then fields of their own)", () => {
  const bytesText = (pieces: ReadonlyArray<string | Buffer>) => bytesOf(pieces as never).toString("utf8");
  const card = { title: "Kiitos – “thanks” \\ ünï 🌙", url: "http://x/docs/a", section: null, excerpt: 'He said "go"…\nthen left' };
  // Whatever holds them (a list field, as search's results, or a field), both of an MCP result's forms are what
  // JSON.stringify makes of the plain objects, and the quoted one is the text as one JSON string.
  it("write both forms as JSON.stringify would, however they are held (fast-check, 300 runs)", () => {
    const shared = immutable({ ...card });
    const empty = immutable({});
    const step = immutable({ description: "Read “A Blessing”", url: "http://x/m" });
    const extra = fc.dictionary(fc.constantFrom("score", "rank", "x"), fc.oneof(fc.double({ noNaN: true }), fc.string(), fc.constant(undefined)), {
      maxKeys: 3,
    });
    const item = fc.tuple(fc.constantFrom(shared, empty), extra).map(([part, fields]) => extended(part, fields));
    const body = fc.record({
      query: fc.string(),
      results: fc.array(item, { maxLength: 4 }),
      one: fc.option(item, { nil: undefined }),
      next_steps: fc.array(fc.constantFrom(step, { description: "Ask" }), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(body, (value) => {
        const text = JSON.stringify(value);
        expect(encodedText(value)).toBe(text);
        const both = jsonAndQuoted(value);
        expect(bytesText(both.text)).toBe(text);
        expect(bytesText(both.quoted)).toBe(JSON.stringify(text));
      }),
      { numRuns: 300 },
    );
  });

  it("write a joined body's both forms as JSON.stringify would when its per-request fields hold immutable parts (fast-check, 200 runs)", () => {
    const shared = immutable({ status: "playing", service: { title: "Tä “quoted” \\", parts: [1, 2] } });
    const recent = immutable([{ name: "Åsa", text: 'a "line"\nbreak' }]);
    const step = immutable({ description: "Read “A Blessing”", url: "http://x/m" });
    const fields = fc.record(
      {
        welcome: fc.string(),
        recent: fc.constant(recent),
        next_steps: fc.array(fc.constantFrom(step, { description: "Reflect", body: { name: "Ådå" } }), { maxLength: 3 }),
      },
      { requiredKeys: ["recent"] },
    );
    fc.assert(
      fc.property(fields, fc.constantFrom(shared, immutable({})), (dynamic, part) => {
        const text = JSON.stringify({ ...dynamic, ...part });
        const both = jsonAndQuoted(joined(dynamic, part));
        expect(bytesText(both.text)).toBe(text);
        expect(bytesText(both.quoted)).toBe(JSON.stringify(text));
      }),
      { numRuns: 200 },
    );
  });

  it("answer a joined body with its last forms while its time and count stay, and afresh when either changes (fast-check, 200 runs)", () => {
    const service = immutable({ status: "playing", title: "Tä “quoted” \\ 🌙" });
    const fields = fc.record({
      timestamp: fc.constantFrom("2026-12-07T01:00:00Z", "2026-12-07T01:00:01Z"),
      congregation: fc.record({ souls: fc.constantFrom(1, 2), window: fc.constant("24h") }),
      zone: fc.option(fc.constantFrom("Asia/Tokyo", "Europe/Berlin"), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(fields, { minLength: 2, maxLength: 6 }), (visits) => {
        let last: { dynamic: unknown; forms: ReturnType<typeof jsonAndQuoted> } | null = null;
        for (const dynamic of visits) {
          const forms = jsonAndQuoted(joined({ ...dynamic }, service));
          const text = JSON.stringify({ ...dynamic, ...service });
          expect(bytesText(forms.text)).toBe(text);
          expect(bytesText(forms.quoted)).toBe(JSON.stringify(text));
          if (last) expect(forms === last.forms).toBe(JSON.stringify(last.dynamic) === JSON.stringify(dynamic));
          // Reused only until the time moves: no cache may keep a result per such forms (core/json.ts JsonForms).
          expect(forms.kept).toBe(false);
          last = { dynamic, forms };
        }
      }),
      { numRuns: 200 },
    );
  });

  it("write an immutable body's both forms from bytes made once", () => {
    const song = immutable({ title: "Tä “quoted” \\ 🌙", lines: ["one\ttwo", 'say "yes"'] });
    const text = JSON.stringify(song);
    const first = jsonAndQuoted(song);
    for (let i = 0; i < 2; i++) {
      const both = jsonAndQuoted(song);
      expect(bytesText(both.text)).toBe(text);
      expect(bytesText(both.quoted)).toBe(JSON.stringify(text));
      expect(both.kept && both === first).toBe(true);
    }
  });

  it("write a part's views (open to more fields, or after its brace) from views made once, in both forms", () => {
    const card = immutable({ title: "Views – “made” once", n: 3 });
    const service = immutable({ status: "playing", title: "Tä \\ 🌙" });
    const views = () => {
      const result = jsonAndQuoted({ results: [extended(card, { score: 0.5 })] });
      const body = jsonAndQuoted(joined({ welcome: "Åsa", steps: [card] }, service));
      return [...result.text, ...result.quoted, ...body.text, ...body.quoted].filter((piece) => typeof piece !== "string");
    };
    const first = views();
    const second = views();
    // The same Buffer objects each time: no view is made per answer.
    expect(first.length).toBe(second.length);
    first.forEach((piece, i) => expect(second[i]).toBe(piece));
    expect(bytesText(jsonAndQuoted({ results: [extended(card, { score: 0.5 })] }).quoted)).toBe(
      JSON.stringify(JSON.stringify({ results: [{ ...card, score: 0.5 }] })),
    );
    expect(bytesText(jsonAndQuoted(joined({ welcome: "Åsa", steps: [card] }, service)).text)).toBe(
      JSON.stringify({ welcome: "Åsa", steps: [card], ...service }),
    );
  });

  it("keep an immutable object's bytes on it unseen, or beside it when it was frozen first, and write both alike", () => {
    const open = immutable({ title: "Stamped – in a field of its own", n: 1 });
    const frozen = immutable(Object.freeze({ title: "Frozen – its bytes kept beside it", n: 2 }));
    for (const value of [open, frozen]) {
      // Nothing a reader of the object meets: its keys, its JSON, a copy, a structured clone.
      expect(Object.keys(value)).toEqual(["title", "n"]);
      expect(Object.getOwnPropertySymbols(value)).toEqual([]);
      expect(structuredClone(value)).toEqual({ ...value });
      const text = JSON.stringify(value);
      for (let i = 0; i < 2; i++) {
        expect(encodedText(value)).toBe(text);
        expect(bytesText(jsonAndQuoted(value).quoted)).toBe(JSON.stringify(text));
        expect(encodedText({ results: [extended(value, { score: i })] })).toBe(JSON.stringify({ results: [{ ...value, score: i }] }));
      }
    }
    // Marked before it was frozen: still the bytes it was marked with once frozen.
    expect(encodedText(Object.freeze(open))).toBe(JSON.stringify(open));
  });

  it("are plain objects with the part's fields first, and refuse a field the part already has", () => {
    const result = extended(immutable({ ...card }), { score: 0.5 });
    expect(Object.keys(result)).toEqual([...Object.keys(card), "score"]);
    // Plain to the core: validators that ask for a plain object (Zod's records) take it, and a copy changed is written as changed.
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(encodedText({ results: [{ ...result, score: 0.7 }] })).toBe(JSON.stringify({ results: [{ ...card, score: 0.7 }] }));
    expect(() => extended(immutable({ ...card }), { title: "other" })).toThrow(/shared part's own field/);
    // Its JSON is kept in parts, so nothing may change it afterwards: it is frozen, and its fields are its own copy.
    const extra = { score: 0.5 };
    const frozen = extended(immutable({ ...card }), extra);
    extra.score = 0.9;
    expect(Object.isFrozen(frozen)).toBe(true);
    expect(encodedText({ results: [frozen] })).toBe(JSON.stringify({ results: [{ ...card, score: 0.5 }] }));
  });
});
