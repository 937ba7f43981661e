// The stateless MCP dispatch's encodings: a body written twice (text content and structuredContent) equals
// JSON.stringify's, whatever it holds; the ready tools/list text equals what the operations' schemas produce now.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bytesOf, jsonAndQuoted, toJsonBytes, type JsonPieces } from "../../core/json.ts";
import { joined } from "../../core/body.ts";
import { createMcpDispatch, isFirstId } from "../../adapters/mcp-dispatch.ts";
import { toolsOf } from "../../adapters/mcp-tools.ts";
import { envelopeProblem } from "../../adapters/mcp-route.ts";
import { batchlessRevision, routeOf } from "../../adapters/mcp-route.ts";
import { RawJson, eraOf, resultPieces } from "../../adapters/mcp-wire.ts";
import type { AdapterContext } from "../../adapters/context.ts";
import { operations } from "../../tools/index.ts";

const piecesText = (pieces: JsonPieces) => bytesOf(pieces).toString("utf8");
const both = (value: unknown) => {
  const { text, quoted } = jsonAndQuoted(value);
  return { text: piecesText(text), quoted: piecesText(quoted) };
};

describe("jsonAndQuoted", () => {
  it("gives JSON.stringify's text and its quoted form for joined and plain bodies alike", () => {
    // A joined body's two parts never share a key (the shared part's keys are the builder's own).
    const keyed = (prefix: string) =>
      fc.dictionary(
        fc.string().map((k) => prefix + k),
        fc.oneof(fc.string(), fc.integer(), fc.boolean()),
      );
    fc.assert(
      fc.property(keyed("d"), keyed("s"), (dynamic, shared) => {
        const body = joined(dynamic, { ...shared });
        expect(both(body).text).toBe(toJsonBytes(body).toString("utf8"));
        const whole = JSON.stringify(body);
        expect(both(body)).toEqual({ text: whole, quoted: JSON.stringify(whole) });
        expect(both(dynamic)).toEqual({ text: JSON.stringify(dynamic), quoted: JSON.stringify(JSON.stringify(dynamic)) });
      }),
    );
  });
});

describe("resultPieces", () => {
  it("writes a kept result's era fields for the method and address asked each time, and reuses them only for the same", () => {
    const kept = new RawJson([Buffer.from('{"content":[],"structuredContent":{"a":"Å"}}')], true);
    const modern = eraOf("2026-07-28");
    const read = (method: string, base: string) => JSON.parse(piecesText(resultPieces(method, kept, modern, base)));
    for (const [method, base] of [
      ["tools/call", "http://a.example"],
      ["tools/call", "http://a.example"],
      ["tools/call", "http://b.example"],
      ["resources/read", "http://b.example"],
    ]) {
      const fresh = JSON.parse(piecesText(resultPieces(method, new RawJson(kept.pieces), modern, base)));
      expect(read(method, base)).toEqual(fresh);
      expect(fresh).toMatchObject({ structuredContent: { a: "Å" }, resultType: "complete" });
    }
    expect(read("resources/read", "http://b.example")).toHaveProperty("ttlMs", 0);
    expect(read("tools/call", "http://b.example")).not.toHaveProperty("ttlMs");
    expect(piecesText(resultPieces("tools/call", kept, eraOf("2025-11-25"), "http://a.example"))).toBe(piecesText(kept.pieces));
  });
});

describe("the dispatch's ready answers", () => {
  // tools/list touches no service: a context with none is enough, and proves it.
  const dispatch = createMcpDispatch(operations, {} as AdapterContext);
  const caller = { ip: "127.0.0.1", baseUrl: "http://127.0.0.1:3000", transport: "http" as const };
  for (const version of ["2025-11-25", "2026-07-28"]) {
    it(`answer tools/list in ${version} with exactly the tools the schemas make, every time`, async () => {
      const call = { era: eraOf(version), caller, base: caller.baseUrl };
      const first = JSON.parse(String(await dispatch.answer(7, "tools/list", {}, call)));
      const again = JSON.parse(String(await dispatch.answer("x", "tools/list", {}, call)));
      expect(first.id).toBe(7);
      expect(again.id).toBe("x");
      expect(again.result).toEqual(first.result);
      expect(first.result.tools).toEqual(JSON.parse(JSON.stringify(toolsOf(operations, caller.baseUrl).map((t) => t.tool))));
      if (version === "2026-07-28") expect(first.result).toMatchObject({ resultType: "complete", ttlMs: 3_600_000, cacheScope: "public" });
      else expect(first.result).not.toHaveProperty("resultType");
    });
  }

  it("keeps whole answers for a client's first ids only, each the message it would write afresh", async () => {
    const call = { era: eraOf("2025-11-25"), caller, base: caller.baseUrl };
    const list = (id: string | number | null) => dispatch.answer(id, "tools/list", {}, call);
    const fresh = (id: string | number | null, result: unknown) => JSON.stringify({ jsonrpc: "2.0", id, result });
    const { result } = JSON.parse(String(await list(1)));
    for (const id of [0, 1, 63, 64, 1.5, -1, "1", "a1b2", null]) {
      const once = await list(id);
      const twice = await list(id);
      expect(String(once)).toBe(fresh(id, result));
      expect(String(twice)).toBe(String(once));
      // Kept (the same bytes handed out again) for 0–63 only; any other id gets a message of its own.
      expect(once === twice).toBe(isFirstId(id));
    }
    expect([0, 1, 63].every(isFirstId) && ![64, 1.5, -1, "1", null].some(isFirstId)).toBe(true);
  });
});

describe("routeOf", () => {
  const META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: "t", version: "1" },
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  const modernRoute = (headers: Record<string, string>, params: Record<string, unknown> = {}, meta: Record<string, unknown> = META) =>
    routeOf({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "now", ...params, _meta: meta } }, new Headers(headers));
  const agreeing = { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "now" };

  it("takes a modern request whose headers agree with its body, naming its client", () => {
    expect(modernRoute(agreeing)).toMatchObject({ kind: "request", method: "tools/call", client: "t", era: { modern: true } });
  });
  it("takes a modern request without clientInfo (optional since 2026-07-28), and none whose clientInfo has no name", () => {
    const { "io.modelcontextprotocol/clientInfo": _given, ...withoutClient } = META;
    expect(modernRoute(agreeing, {}, withoutClient)).toMatchObject({ kind: "request", method: "tools/call", client: undefined, era: { modern: true } });
    expect(modernRoute(agreeing, {}, { ...META, "io.modelcontextprotocol/clientInfo": { version: "1" } })).toBeNull();
    const { "io.modelcontextprotocol/clientCapabilities": _capabilities, ...withoutCapabilities } = META;
    expect(modernRoute(agreeing, {}, withoutCapabilities)).toBeNull();
  });
  it("reads a modern request's clientInfo once", () => {
    let reads = 0;
    const meta = { ...META };
    Object.defineProperty(meta, "io.modelcontextprotocol/clientInfo", {
      enumerable: true,
      get() {
        reads += 1;
        return { name: "t", version: "1" };
      },
    });
    expect(modernRoute(agreeing, {}, meta)).toMatchObject({ kind: "request", client: "t" });
    expect(reads).toBe(1);
  });
  it("leaves to the SDK a modern request whose headers disagree or are missing", () => {
    expect(modernRoute({ ...agreeing, "mcp-name": "attend" })).toBeNull();
    expect(modernRoute({ ...agreeing, "mcp-method": "tools/list" })).toBeNull();
    expect(modernRoute({ "mcp-method": "tools/call", "mcp-name": "now" })).toBeNull();
  });
  it("takes a 2025 request with a version it speaks (or none: 2025-03-26), and leaves others to the SDK", () => {
    const body = { jsonrpc: "2.0", id: 2, method: "tools/list" };
    expect(routeOf(body, new Headers({ "mcp-protocol-version": "2025-06-18" }))).toMatchObject({ era: { version: "2025-06-18", modern: false } });
    expect(routeOf(body, new Headers())).toMatchObject({ era: { version: "2025-03-26" } });
    expect(routeOf(body, new Headers({ "mcp-protocol-version": "2024-01-01" }))).toBeNull();
    expect(routeOf(body, new Headers({ "mcp-protocol-version": "2026-07-28" }))).toBeNull();
    expect(routeOf([body], new Headers())).toBeNull();
    expect(routeOf({ jsonrpc: "2.0", method: "notifications/initialized" }, new Headers())).toEqual({ kind: "notification" });
  });
});

describe("batchlessRevision", () => {
  const ping = { jsonrpc: "2.0", id: 1, method: "ping" };
  const revisionOf = (batch: unknown[], version?: string) => batchlessRevision(batch, new Headers(version ? { "mcp-protocol-version": version } : {}));

  it("names the revision of a batch from 2025-06-18 on, by its header or a message's envelope", () => {
    for (const version of ["2025-06-18", "2025-11-25", "2026-07-28"]) expect(revisionOf([ping], version), version).toBe(version);
    const enveloped = { ...ping, params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } } };
    expect(revisionOf([ping, enveloped])).toBe("2026-07-28");
  });
  it("names none for 2025-03-26 (named, or not named at all), nor for a revision not served (-32022 answers that)", () => {
    expect(revisionOf([ping], "2025-03-26")).toBeUndefined();
    expect(revisionOf([ping, 1, null])).toBeUndefined();
    expect(revisionOf([ping], "2099-01-01")).toBeUndefined();
  });
});

it("says which part of a 2026-07-28 envelope is wrong: capabilities missing, or a client named without a name", () => {
  const capabilities = "io.modelcontextprotocol/clientCapabilities";
  const info = "io.modelcontextprotocol/clientInfo";
  expect(envelopeProblem("tools/list", {})?.message).toBe(
    `Invalid params: a 2026-07-28 request carries _meta["${capabilities}"], an object ({} when the client offers none)`,
  );
  expect(envelopeProblem("tools/list", { [capabilities]: {}, [info]: { version: "1" } })?.message).toBe(
    `Invalid params: _meta["${info}"] is optional, but when sent it is an object with a string name`,
  );
  expect(envelopeProblem("tools/list", { [capabilities]: {} })).toBeNull();
});
