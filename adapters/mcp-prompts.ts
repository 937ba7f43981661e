// MCP prompts and completions over the data in tools/mcp-prompts.ts and tools/mcp-resources.ts: prompts/list,
// prompts/get (a resource a prompt names is embedded with the contents resources/read gives), completion/complete.
import { ProtocolError, ProtocolErrorCode, type CompleteResult, type ListPromptsResult, type PromptMessage } from "@modelcontextprotocol/server";
import { RawJson, type JsonPieces } from "../core/json.ts";
import { MAX_COMPLETIONS, type Completer } from "../tools/mcp-completions.ts";
import { PROMPTS } from "../tools/mcp-prompts.ts";
import { RESOURCES, matchResource } from "../tools/mcp-resources.ts";
import type { AdapterContext } from "./context.ts";
import type { McpCaller } from "./mcp-caller.ts";
import { brokenTextIn } from "./broken-text.ts";
import { stepsFor } from "./http.ts";
import { resourceItem } from "./mcp-resources.ts";
import { unknownFieldsMessage, validationError } from "./validation-error.ts";

export function listPrompts(): ListPromptsResult {
  return {
    prompts: PROMPTS.map((p) => ({
      name: p.name,
      title: p.title,
      description: p.description,
      arguments: p.arguments.map((a) => ({ name: a.name, description: a.description, required: a.required })),
    })),
  };
}

/**
 * prompts/get as its encoded result (a GetPromptResult): a resource the prompt names is embedded as resources/read
 * gives its contents item, written from the same pieces, never read back into an object to be written again.
 */
export async function getPrompt(
  name: string,
  args: Record<string, string> | undefined,
  app: AdapterContext,
  info: { caller: McpCaller; base: string },
): Promise<RawJson> {
  const prompt = PROMPTS.find((p) => p.name === name);
  const names = PROMPTS.map((p) => p.name);
  if (!prompt) throw unknownRef(`There is no prompt named "${name}"; prompts/list names them: ${names.join(", ")}.`, names);
  // An argument the prompt does not take is refused, as a tool refuses a field it does not take (docs/behaviour.md §7).
  const takes = prompt.arguments.map((a) => a.name);
  const stray = Object.keys(args ?? {}).filter((key) => !takes.includes(key));
  if (stray.length) throw unknownRef(unknownFieldsMessage(prompt.name, stray, takes, "argument"), takes);
  // Half of a character or a noncharacter, refused as every operation's input refuses it (docs/behaviour.md §8).
  const broken = brokenTextIn(args ?? {});
  if (broken) throw new ProtocolError(ProtocolErrorCode.InvalidParams, broken.message);
  const built = prompt.build(args ?? {}, app);
  if ("refusal" in built) throw new ProtocolError(ProtocolErrorCode.InvalidParams, built.refusal);
  if ("refusedBy" in built) {
    const { operation, error, input } = built.refusedBy;
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, validationError(operation, error, stepsFor(info.base), input).message);
  }
  const messages: JsonPieces[] = [];
  for (const part of built.parts) {
    if ("text" in part) {
      const message: PromptMessage = { role: "user", content: { type: "text", text: part.text } };
      messages.push([JSON.stringify(message)]);
    } else {
      messages.push(['{"role":"user","content":{"type":"resource","resource":', ...(await resourceItem(part.embed, app, info)), "}}"]);
    }
  }
  return new RawJson([`{"description":${JSON.stringify(prompt.description)},"messages":[`, ...messages.flatMap((m, i) => (i ? [",", ...m] : m)), "]}"]);
}

export interface CompleteParams {
  ref: { type: string; name?: string; uri?: string };
  argument: { name: string; value: string };
}

/**
 * Completions for a prompt argument or a resource template variable. A prompt or template that does not exist is
 * -32602 naming those that do (the spec's "invalid prompt name"); an argument with nothing to offer has no values.
 */
export async function complete({ ref, argument }: CompleteParams, app: AdapterContext): Promise<CompleteResult> {
  const completer = completerFor(ref, argument.name);
  const values = completer ? await completer(argument.value, app) : [];
  return { completion: { values: values.slice(0, MAX_COMPLETIONS), total: values.length, hasMore: values.length > MAX_COMPLETIONS } };
}

function completerFor(ref: CompleteParams["ref"], argument: string): Completer | undefined {
  if (ref.type === "ref/prompt") {
    const prompt = PROMPTS.find((p) => p.name === ref.name);
    if (!prompt)
      throw unknownRef(
        `There is no prompt named "${ref.name ?? ""}"; prompts/list names them.`,
        PROMPTS.map((p) => p.name),
      );
    return prompt.arguments.find((a) => a.name === argument)?.complete;
  }
  if (ref.type === "ref/resource") {
    const kind = RESOURCES.find((r) => sameTemplate(r.uri, ref.uri));
    if (!kind && !(ref.uri !== undefined && matchResource(ref.uri)))
      throw unknownRef(
        `There is no resource or template "${ref.uri ?? ""}"; resources/templates/list names the templates.`,
        RESOURCES.map((r) => r.uri),
      );
    return kind?.complete?.[argument];
  }
  throw unknownRef(`params.ref.type must be ref/prompt or ref/resource, not "${ref.type}".`, ["ref/prompt", "ref/resource"]);
}

/**
 * A template is the same whether its client spells a reserved expansion `{+path}` or `{path}`, and with or without its
 * query part (`{?reflections}`, added to a template clients already named without it).
 */
const sameTemplate = (ours: string, theirs: string | undefined) => {
  const plain = (uri: string) => uri.replaceAll("{+", "{").replace(/\{\?[A-Za-z_,]+\}$/, "");
  return theirs !== undefined && (ours.replaceAll("{+", "{") === theirs.replaceAll("{+", "{") || plain(ours) === theirs.replaceAll("{+", "{"));
};

const unknownRef = (message: string, allowed: string[]) => new ProtocolError(ProtocolErrorCode.InvalidParams, message, { allowed });
