// MCP prompts and completions over the data in tools/mcp-prompts.ts and tools/mcp-resources.ts: prompts/list,
// prompts/get (a resource a prompt names is embedded with the contents resources/read gives), completion/complete.
import {
  ProtocolError,
  ProtocolErrorCode,
  type CompleteResult,
  type GetPromptResult,
  type ListPromptsResult,
  type PromptMessage,
} from "@modelcontextprotocol/server";
import { MAX_COMPLETIONS, type Completer } from "../tools/mcp-completions.ts";
import { PROMPTS } from "../tools/mcp-prompts.ts";
import { RESOURCES } from "../tools/mcp-resources.ts";
import type { AdapterContext } from "./context.ts";
import type { McpCaller } from "./mcp-caller.ts";
import { readResource } from "./mcp-resources.ts";

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

export async function getPrompt(
  name: string,
  args: Record<string, string> | undefined,
  app: AdapterContext,
  info: { caller: McpCaller; base: string },
): Promise<GetPromptResult> {
  const prompt = PROMPTS.find((p) => p.name === name);
  if (!prompt)
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `There is no prompt named "${name}"; prompts/list names them: ${PROMPTS.map((p) => p.name).join(", ")}.`,
    );
  const built = prompt.build(args ?? {}, app);
  if ("refusal" in built) throw new ProtocolError(ProtocolErrorCode.InvalidParams, built.refusal);
  const messages: PromptMessage[] = [];
  for (const part of built.parts) {
    if ("text" in part) {
      messages.push({ role: "user", content: { type: "text", text: part.text } });
    } else {
      const [contents] = (await readResource(part.embed, app, info)).contents;
      messages.push({ role: "user", content: { type: "resource", resource: contents } });
    }
  }
  return { description: prompt.description, messages };
}

export interface CompleteParams {
  ref: { type: string; name?: string; uri?: string };
  argument: { name: string; value: string };
}

/** Completions for a prompt argument or a resource template variable; an unknown one has none. */
export async function complete({ ref, argument }: CompleteParams, app: AdapterContext): Promise<CompleteResult> {
  let completer: Completer | undefined;
  if (ref.type === "ref/prompt") completer = PROMPTS.find((p) => p.name === ref.name)?.arguments.find((a) => a.name === argument.name)?.complete;
  else if (ref.type === "ref/resource") completer = RESOURCES.find((r) => r.uri === ref.uri)?.complete?.[argument.name];
  const values = completer ? await completer(argument.value ?? "", app) : [];
  return { completion: { values: values.slice(0, MAX_COMPLETIONS), total: values.length, hasMore: values.length > MAX_COMPLETIONS } };
}
