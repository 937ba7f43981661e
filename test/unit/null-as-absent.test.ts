// A null is a field not sent (docs/behaviour.md §7): agents whose function calling fills every parameter send
// `"timezone": null` for "none". Optional fields then take their defaults, a required one is named as missing, a
// nullable one keeps its null, and a field no operation takes is still refused by name.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { AdapterContext } from "../../adapters/context.ts";
import { invoke } from "../../adapters/invoke.ts";
import { withoutNulls } from "../../adapters/null-as-absent.ts";
import { defineOperation } from "../../tools/operation.ts";
import { reflect } from "../../tools/reflect.ts";
import { search } from "../../tools/search.ts";

describe("withoutNulls", () => {
  it("leaves out the nulls of fields that do not take null, and keeps everything else", () => {
    const sent = { name: "Wren", text: "The harbour hymn stayed with me.", timezone: null, location: null, mood: null };
    expect(withoutNulls(reflect.input, sent)).toEqual({ name: "Wren", text: "The harbour hymn stayed with me.", mood: null });
    // `limit` reads null itself (its default applies there), so it is handed on as sent.
    expect(withoutNulls(search.input, { q: "grief", limit: null })).toEqual({ q: "grief", limit: null });
    const nullable = z.object({ note: z.string().nullable().optional(), tag: z.string().optional() });
    expect(withoutNulls(nullable, { note: null, tag: null })).toEqual({ note: null });
  });

  it("returns the input itself when it holds no such null, and one frozen copy per frozen input", () => {
    const plain = { q: "grief" };
    expect(withoutNulls(search.input, plain)).toBe(plain);
    const shared = Object.freeze({ q: "grief", timezone: null });
    const schema = z.object({ q: z.string(), timezone: z.string().optional() });
    const copy = withoutNulls(schema, shared);
    expect(copy).toEqual({ q: "grief" });
    expect(Object.isFrozen(copy)).toBe(true);
    expect(withoutNulls(schema, shared)).toBe(copy);
  });

  it("keeps a field named __proto__ as data", () => {
    const sent = JSON.parse('{"__proto__": "x", "tag": null}');
    const out = withoutNulls(z.object({ tag: z.string().optional() }), sent);
    expect(Object.keys(out)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});

describe("invoke with nulls", () => {
  const app = { config: { checkOutput: true, baseUrl: "http://127.0.0.1" }, clock: () => new Date(), log: { error() {} } } as unknown as AdapterContext;
  const info = { via: "mcp" as const, ip: "127.0.0.1", baseUrl: "http://127.0.0.1" };
  const greet = defineOperation({
    name: "greet",
    summary: "test",
    input: z.strictObject({ name: z.string(), timezone: z.string().optional(), limit: z.int().default(3) }),
    output: z.object({ greeting: z.string(), timezone: z.string(), limit: z.number() }),
    rest: { method: "POST", path: "/greet" },
    handler: ({ name, timezone = "UTC", limit }) => ({ greeting: `Welcome, ${name}`, timezone, limit }),
  });

  it("answers an optional field's null as the field left out, its default applied", async () => {
    const outcome = await invoke(greet, { name: "Wren", timezone: null, limit: null }, app, info);
    expect(outcome.ok && outcome.body).toEqual({ greeting: "Welcome, Wren", timezone: "UTC", limit: 3 });
  });

  it("names a required field sent as null as missing, and a field it does not take as not taken", async () => {
    const outcome = await invoke(greet, { name: null, mood: null }, app, info);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.error).toBe("`name` is required. `mood` is not a field POST /greet takes. Its fields: name, timezone, limit.");
  });
});
