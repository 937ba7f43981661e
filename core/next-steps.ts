// `next_steps` items (docs/behaviour.md §7): every success and every error points somewhere useful,
// naming the MCP tool whenever one of the eight tools performs the step.
import { z } from "zod";
import { immutable } from "./json.ts";
import { BoundedMemo } from "./memo.ts";

const stepFields = {
  description: z.string().describe("What this step does"),
  action: z.string().optional().describe("Short name of the action"),
  tool: z.string().optional().describe("MCP tool that performs this step"),
  resource: z.string().optional().describe("MCP resource (sanctuary://…) whose contents answer this step"),
  method: z.enum(["GET", "POST"]).optional().describe("HTTP method"),
  url: z.string().optional().describe("Absolute URL to call or visit"),
  body: z.record(z.string(), z.unknown()).optional().describe("JSON body for a POST step"),
  note: z.string().optional().describe("Something worth knowing first"),
  hint: z.string().optional().describe("A gentle hint"),
};
const LeafStep = z.object(stepFields);
export const NextStep = z.object({ ...stepFields, steps: z.array(LeafStep).optional().describe("Sub-steps") }).describe("A suggested next step");
export type NextStep = z.infer<typeof NextStep>;

/** Steps many responses share: frozen (a caller that changed one would fail in the tests) and their JSON encoded once. */
export function sharedSteps(steps: NextStep[]): readonly NextStep[] {
  return steps.map((step) => immutable(Object.freeze(step)));
}

/** How a REST step is reached over MCP: the tool that performs it, or the resource that reads it. */
export type McpReach = (path: string, query: Record<string, string | number | undefined>) => Pick<NextStep, "tool" | "resource">;

/**
 * Builds steps with absolute URLs for one request's base address. Given `reach`, every GET step also names
 * the MCP tool or resource that reaches it (docs/behaviour.md §7), unless the step names one itself.
 */
export class Steps {
  constructor(
    readonly base: string,
    private readonly reach?: McpReach,
  ) {}

  url(path: string, query: Record<string, string | number | undefined> = {}): string {
    // Most links have no query (a search's results and most steps): those are made without a URLSearchParams.
    let qs: URLSearchParams | null = null;
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== "") (qs ??= new URLSearchParams()).set(k, String(v));
    const s = qs ? qs.toString() : "";
    return `${this.base}${path}${s ? `?${s}` : ""}`;
  }

  get(description: string, path: string, query: Record<string, string | number | undefined> = {}, extra: Partial<NextStep> = {}): NextStep {
    const reached = this.reach && !extra.tool && !extra.resource ? this.reach(path, query) : {};
    return { description, method: "GET", url: this.url(path, query), ...reached, ...extra };
  }

  post(description: string, path: string, body: Record<string, unknown>, extra: Partial<NextStep> = {}): NextStep {
    return { description, method: "POST", url: this.url(path), body, ...extra };
  }

  // Per timezone (validated zones, and the bound besides), the home steps: the same for every request to this address.
  private readonly homes = new BoundedMemo<readonly NextStep[]>(64);

  /**
   * The steps offered when nothing more specific applies: made once per timezone, frozen and marked immutable
   * (their JSON encoded once), in a new list each time so a caller may add to it.
   */
  home(timezone?: string): NextStep[] {
    return [...this.homes.get(timezone ?? "", () => sharedSteps(this.homeSteps(timezone)))];
  }

  private homeSteps(timezone: string | undefined): NextStep[] {
    return [
      this.get(
        "Attend the service playing now and be counted among the souls",
        "/api/attend",
        { name: "<your name>", timezone },
        { action: "attend", tool: "attend" },
      ),
      this.get("See the service without being counted", "/api/now", { timezone }, { action: "now", tool: "now" }),
      this.get("List every endpoint", "/api", {}, { action: "explore" }),
    ];
  }
}
