// Agent Skills, generated: one SKILL.md per MCP tool (from the operation registry) and one per how-to
// guide of the library. They are built from the same schemas and files the server runs on, and the
// discovery index hashes the exact bytes served, so the two can never disagree. One source for both places
// they are served: the agent-skills index (web/discovery.ts) and the MCP skills extension (mcp-skills.ts).
import { createHash } from "node:crypto";
import type { Library } from "../corpus/library.ts";
import { mcpInputSchema, mcpOutputSchema } from "./mcp-schema.ts";
import { errorStatus, type ErrorKind } from "../core/errors.ts";
import { isTool, type Operation, type ToolOperation } from "../tools/operation.ts";
import { openApiPath } from "./openapi.ts";
import { LIMITS } from "../services/rate-limits.ts";
import { BoundedMemo } from "../core/memo.ts";

export interface Skill {
  /** Lowercase letters, digits and hyphens (the Agent Skills naming rule); also its folder name. */
  name: string;
  description: string;
  /** The SKILL.md served, front matter included. */
  content: string;
  digest: string;
}

const ERROR_MEANINGS: Record<number, string> = {
  400: "the input is not valid",
  403: "not allowed (e.g. a wrong owner_token)",
  404: "nothing there",
  409: "already received",
  413: "body too large",
  429: "rate limited; see Retry-After",
  503: "resting for now; try later",
};

type JsonSchema = { type?: string | string[]; description?: string; properties?: Record<string, JsonSchema>; required?: string[]; enum?: unknown[] };

const typeOf = (s: JsonSchema) =>
  s.enum ? `one of ${s.enum.map((v) => `\`${String(v)}\``).join(", ")}` : Array.isArray(s.type) ? s.type.join(" or ") : (s.type ?? "any");
const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

function skillOf(name: string, description: string, body: string): Skill {
  // JSON strings are valid YAML double-quoted scalars: any description is safe in the front matter.
  const content = `---\nname: ${name}\ndescription: ${JSON.stringify(description.slice(0, 1024))}\n---\n${body.trim()}\n`;
  return { name, description, content, digest: `sha256:${createHash("sha256").update(content, "utf8").digest("hex")}` };
}

function toolSkill(op: ToolOperation, base: string): Skill {
  const tool = op.mcp;
  const input: JsonSchema = mcpInputSchema(op);
  const output: JsonSchema = mcpOutputSchema(op);
  const required = new Set(input.required ?? []);
  const args = Object.entries(input.properties ?? {});
  const restPath = openApiPath(op.rest.path);
  const example =
    typeof op.example === "string"
      ? `Example: \`${op.rest.method} ${base}${op.example}\``
      : op.example
        ? `Example arguments:\n\n\`\`\`json\n${JSON.stringify(op.example, null, 2)}\n\`\`\``
        : "";
  // The limit the operation declares (its rules share one budget: by name and by address, the same count).
  const rule = op.limits?.[0]?.rule;
  const limit = rule ? LIMITS[rule] : undefined;
  const kinds: ErrorKind[] = ["invalid", ...(op.errors ?? [])];
  const statuses = [...new Set(kinds.map((kind) => errorStatus[kind]))].sort();
  const body = `# ${tool.title} (MCP tool \`${tool.tool}\`)

${tool.description}

${op.summary}.${op.description ? ` ${op.description}` : ""}

## How to call it

- MCP: connect to \`${base}/mcp\` (Streamable HTTP, stateless, no authentication) and call the tool \`${tool.tool}\`.
- REST: \`${op.rest.method} ${base}${restPath}\`${op.rest.method === "GET" ? " with the arguments as query parameters" : " with the arguments as a JSON body"}. The tool's result is exactly this endpoint's JSON body.

${example}

## Arguments

${args.length ? `| name | type | required | description |\n|---|---|---|---|\n${args.map(([n, s]) => `| \`${n}\` | ${cell(typeOf(s))} | ${required.has(n) ? "yes" : "no"} | ${cell(s.description ?? "")} |`).join("\n")}` : "None."}

## What comes back

${Object.entries(output.properties ?? {})
  .map(([n, s]) => `- \`${n}\`: ${s.description ?? typeOf(s)}`)
  .join("\n")}

Every success carries \`next_steps\`: follow them, they name the tool for each step.

## When it goes wrong

Errors share one JSON body: \`error\`, a calm \`suggestion\`, \`next_steps\`, and sometimes \`example\`, \`allowed\` and \`field\`. Over MCP it arrives as a tool error whose text content is that JSON. This tool may answer ${statuses.map((s) => `${s} (${ERROR_MEANINGS[s] ?? "see the suggestion"})`).join(", ")}.${limit ? `\n\nLimit: ${limit.points} calls per ${limit.duration === 3600 ? "hour" : `${limit.duration} seconds`}; see ${base}/auth.md.` : ""}
`;
  return skillOf(tool.tool.replace(/_/g, "-"), tool.description, body);
}

/** The library's how-to guides (how-to-attend-for-agents, how-to-contribute, …) as skills. */
function guideSkills(library: Library): Skill[] {
  return library.documents
    .filter((doc) => doc.category === "docs" && doc.slug.startsWith("how-"))
    .map((doc) => skillOf(doc.slug, doc.tldr, doc.version === "for agents" && doc.agentsText ? doc.agentsText : doc.markdown));
}

export function buildSkills(operations: Operation[], library: Library, base: string): Skill[] {
  return [...operations.filter(isTool).map((op) => toolSkill(op, base)), ...guideSkills(library)];
}

// Skills embed absolute URLs, so they are built (and hashed) once per base address and library content; bounded,
// because without BASE_URL the base comes from the Host header, which any client may vary.
const built = new WeakMap<Operation[], BoundedMemo<Skill[]>>();

/** The skills for one base address, the same objects wherever they are served. */
export function skillsFor(operations: Operation[], library: Library, base: string): Skill[] {
  let memo = built.get(operations);
  if (!memo) built.set(operations, (memo = new BoundedMemo<Skill[]>(16)));
  return memo.get(`${library.contentHash}\n${base}`, () => buildSkills(operations, library, base));
}
