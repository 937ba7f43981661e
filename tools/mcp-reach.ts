// How each REST GET step is reached over MCP, derived from the operations and the resources: a tool when one
// of the eight performs it (read_song and read_doc also list), otherwise the resource whose contents are its
// body. Steps built with this name it on every next_steps item (docs/behaviour.md §7), so MCP clients need no REST.
import type { McpReach } from "../core/next-steps.ts";
import { operations } from "./index.ts";
import { toolPerforming } from "./operation.ts";
import { RESOURCES, expandUri } from "./mcp-resources.ts";
import { percentDecoded } from "../core/text.ts";

interface Rule {
  test: RegExp;
  names: string[];
  reach: (params: Record<string, string | number | undefined>) => ReturnType<McpReach>;
}

function rules(): Rule[] {
  const out: Rule[] = [];
  for (const op of operations) {
    if (op.rest.method !== "GET") continue;
    const names: string[] = [];
    const source = op.rest.path
      .split("/")
      .map((seg) => {
        const param = seg.match(/^(\*\*)?:([A-Za-z_]+)$/);
        if (!param) return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(param[2]);
        return param[1] ? "(.+)" : "([^/]+)";
      })
      .join("/");
    // REST-only operations a tool answers all the same (the catalogs, a song's parts) are named on that tool.
    const tool = toolPerforming(op, operations);
    const resource = RESOURCES.find((r) => r.op === op);
    if (!tool && !resource) continue;
    out.push({ test: new RegExp(`^${source}$`), names, reach: (params) => (tool ? { tool } : { resource: expandUri(resource!.uri, params) }) });
  }
  return out;
}

let compiled: Rule[] | undefined;

/** The tool or resource reaching `GET path`, or nothing for a path MCP does not reach (pages, feeds, admin). */
export const mcpReach: McpReach = (path, query) => {
  for (const rule of (compiled ??= rules())) {
    const m = path.match(rule.test);
    if (!m) continue;
    // The query too: a resource whose template names query fields (`{?limit,before}`) carries them.
    const params: Record<string, string | number | undefined> = { ...query };
    // A part that is not valid percent-encoding is handed on as written; the operation's validation names it.
    rule.names.forEach((name, i) => (params[name] = percentDecoded(m[i + 1]) ?? m[i + 1]));
    return rule.reach(params);
  }
  return {};
};
