// invoke's outcome is typed from the operation's own schemas, as oRPC's in-process client types a procedure's
// output: a page reads a body's fields without a cast, and reading a field the operation does not output does
// not compile (the `@ts-expect-error` lines fail `tsc` once the field is readable, or once the error is gone).
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import type { AdapterContext } from "../../adapters/context.ts";
import { invoke, type Output } from "../../adapters/invoke.ts";
import type { ErrorBody } from "../../core/errors.ts";
import { expand, joined } from "../../core/body.ts";
import type { attend } from "../../tools/attend.ts";
import type { now } from "../../tools/now.ts";
import { defineOperation } from "../../tools/operation.ts";

const app = {
  config: { checkOutput: true, baseUrl: "http://127.0.0.1" },
  clock: () => new Date(),
  log: { error() {} },
} as unknown as AdapterContext;

const doubling = defineOperation({
  name: "doubling",
  summary: "test",
  input: z.object({ n: z.coerce.number().int() }),
  output: z.object({ n: z.number(), doubled: z.number(), via: z.string() }),
  rest: { method: "GET", path: "/doubling" },
  // Who called is the call's own, as the caller said it: a page says "page", never "rest".
  handler: ({ n }, ctx) => ({ n, doubled: n * 2, via: ctx.via }),
});

const shared = { service: { title: "Letter by Letter" } };
const half = defineOperation({
  name: "half",
  summary: "test",
  input: z.object({}),
  output: z.object({ timestamp: z.string(), service: z.object({ title: z.string() }) }),
  rest: { method: "GET", path: "/half" },
  handler: () => joined({ timestamp: "t" }, shared),
});

describe("invoke's outcome", () => {
  it("carries the body its output schema describes, read without a cast", async () => {
    const outcome = await invoke(doubling, { n: "4" }, app, { via: "page", ip: "127.0.0.1", baseUrl: "http://127.0.0.1" });
    if (!outcome.ok) throw new Error(`status ${outcome.status}: ${outcome.error.error}`);
    const body = expand(outcome.body);
    expectTypeOf(body).toEqualTypeOf<{ n: number; doubled: number; via: string }>();
    expect(body).toEqual({ n: 4, doubled: 8, via: "page" });
    // @ts-expect-error `tripled` is not in the operation's output schema
    expect(body.tripled).toBeUndefined();
  });

  it("carries the error body on a refusal, and no body", async () => {
    const outcome = await invoke(doubling, { n: "four" }, app, { via: "rest", ip: "127.0.0.1", baseUrl: "http://127.0.0.1" });
    if (outcome.ok) throw new Error("a word is not a number");
    expectTypeOf(outcome.error).toEqualTypeOf<ErrorBody>();
    expect(outcome.status).toBe(400);
    expect(outcome.error.field).toBe("n");
    // @ts-expect-error a refused call has an error, never a body
    expect(outcome.body).toBeUndefined();
  });

  it("types a joined body from its parts", async () => {
    const outcome = await invoke(half, {}, app, { via: "mcp", ip: "127.0.0.1", baseUrl: "http://127.0.0.1" });
    if (!outcome.ok) throw new Error(`status ${outcome.status}`);
    expect(expand(outcome.body).service.title).toBe("Letter by Letter");
    // @ts-expect-error a joined body is read through expand, never directly
    expect(outcome.body.service).toBeUndefined();
  });

  it("types the real operations' bodies from their schemas", () => {
    expectTypeOf<Output<typeof now>["congregation"]["souls"]>().toEqualTypeOf<number>();
    expectTypeOf<Output<typeof attend>["counted"]>().toEqualTypeOf<boolean>();
    // @ts-expect-error now registers nothing: it has no `counted` (attend's)
    expectTypeOf<Output<typeof now>["counted"]>().toBeNever();
  });
});
