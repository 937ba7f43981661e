// Input fields several operations share, with the spec's limits.
import { z } from "zod";
import { hasControlChars } from "../core/text.ts";

export const nameField = z
  .string()
  .trim()
  .min(1, "`name` must not be empty")
  .max(100)
  .describe("Your name or label, shown publicly (max 100 characters); not a credential");
export const usernameField = z.string().trim().min(1, "`username` must not be empty").max(100).describe("Alias of `name`");
export const timezoneField = z
  .string()
  .trim()
  .max(50)
  .describe(
    "IANA timezone such as Europe/Lisbon (max 50 characters): places you on your local clock and hemisphere; an unknown name counts as UTC. Never stored.",
  );

/** Adds the rule "name or username is required". The words hold for a query, a JSON body and MCP arguments alike. */
export function requireName<T extends { name?: string; username?: string }>(value: T, ctx: z.RefinementCtx): void {
  if (!value.name && !value.username) {
    ctx.addIssue({ code: "custom", path: ["name"], message: "`name` is required (`username` also works)" });
  }
}

/**
 * Schema metadata for an input refined with requireName, so the JSON Schema clients see says it too: OpenAPI
 * gets `anyOf: [{required: [name]}, {required: [username]}]`; MCP, whose clients refuse a combinator at the
 * root of a tool's input schema, gets `name` required with `username` described as its alias.
 */
export const NAME_OR_USERNAME = { "x-required-one-of": ["name", "username"] } as const;

/** Web addresses are refused in public text (decisions §15): http://, https:// and www., any letter case. */
export const WEB_ADDRESS = /https?:\/\/|www\./i;

/** A public text field: trimmed, no web addresses, no control characters. */
export function publicText(field: string, min: number, max: number) {
  return z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((s) => !WEB_ADDRESS.test(s), `\`${field}\` must not contain web addresses (http://, https:// or www.)`)
    .refine((s) => !hasControlChars(s), `\`${field}\` must not contain control characters`);
}
