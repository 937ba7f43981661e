// Immutability that does not depend on the transport: with output checks on (the tests), a handler's input
// and body are frozen whether the input came from a shared REST query (frozen) or an MCP call (plain), so a
// handler that writes to its input fails alike on both; with checks off, nothing is frozen.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { AdapterContext } from "../../adapters/context.ts";
import { invoke } from "../../adapters/invoke.ts";
import { expand, joined } from "../../core/body.ts";
import { defineOperation } from "../../tools/operation.ts";

const appWith = (checkOutput: boolean) =>
  ({
    config: { checkOutput, baseUrl: "http://127.0.0.1" },
    clock: () => new Date(),
    log: { error() {} },
  }) as unknown as AdapterContext;
const info = { via: "mcp" as const, ip: "127.0.0.1", baseUrl: "http://127.0.0.1" };

const writesItsInput = defineOperation({
  name: "writes-its-input",
  summary: "test",
  input: z.object({ limit: z.coerce.number().optional() }),
  output: z.object({ limit: z.number() }),
  rest: { method: "GET", path: "/test" },
  handler(input) {
    // What the types forbid, done anyway: the test is whether it fails on every transport alike.
    const writable = input as { limit?: number };
    writable.limit ??= 20;
    return { limit: writable.limit };
  },
});

const shared = { service: { parts: [1, 2] } };
const joinedBody = defineOperation({
  name: "joined-body",
  summary: "test",
  input: z.object({}),
  output: z.object({ timestamp: z.string(), service: z.object({ parts: z.array(z.number()) }) }),
  rest: { method: "GET", path: "/joined" },
  handler: () => joined({ timestamp: "t" }, shared),
});

describe("inputs and bodies under output checks", () => {
  it("freeze the input on every transport: a handler writing to it fails over a frozen REST query and a plain MCP call alike", async () => {
    for (const raw of [Object.freeze({}), {}]) {
      const outcome = await invoke(writesItsInput, raw, appWith(true), info);
      expect(outcome.status, `frozen raw: ${Object.isFrozen(raw)}`).toBe(500);
    }
  });

  it("freeze nothing with checks off", async () => {
    for (const raw of [Object.freeze({}), {}]) {
      const outcome = await invoke(writesItsInput, raw, appWith(false), info);
      expect(outcome.ok && expand(outcome.body)).toEqual({ limit: 20 });
    }
  });

  it("freeze a joined body's fields and its shared part all the way down", async () => {
    const outcome = await invoke(joinedBody, {}, appWith(true), info);
    if (!outcome.ok) throw new Error(`status ${outcome.status}`);
    expect(Object.isFrozen(shared.service.parts)).toBe(true);
    expect(() => expand(outcome.body).service.parts.push(3)).toThrow(TypeError);
  });
});
