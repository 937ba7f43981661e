// Rate limits declared on an operation (`limits`), taken before its handler runs and given back when
// the call fails, so a refused request never counts against anyone (docs/behaviour.md §9). A dry run takes the
// preview allowance instead (LIMITS.preview): cheaper than a submission, but not free.
import { presenceName } from "../services/presence.ts";
import { isStoreUnavailable } from "../storage/store-failure.ts";
import type { ToolContext } from "../tools/context.ts";
import { DRY_RUN_FIELD, type LimitSpec } from "../tools/operation.ts";

/** The subjects a limit counts against: the caller's address, the visitor's folded name. */
function subjectsOf(spec: LimitSpec, input: Record<string, unknown>, ip: string): Record<string, string> {
  const name = input.name ?? input.username;
  const subjects: Record<string, string> = {};
  if (spec.by.includes("name")) {
    // A nameless call (feedback allows one) counts against its address under the name subject.
    subjects.name = typeof name === "string" && name ? presenceName(name) : `anonymous@${ip}`;
  }
  if (spec.by.includes("ip")) subjects.ip = ip;
  return subjects;
}

/** For calls that take no limit (most reads): nothing to take, give back or wait for. */
export const NO_LIMITS = Object.freeze({ take: async () => {}, refund: async () => {}, wait: async () => 0 });

/** What a preview of a limited write spends instead of its limit (tools/operation.ts DRY_RUN_FIELD). */
export const PREVIEW_LIMITS: LimitSpec[] = [
  {
    rule: "preview",
    by: ["name", "ip"],
    // Said, since a refused preview can read as a refused call (an outside tester's report).
    message:
      "Thirty previews an hour, from one name and from one address, is the sanctuary's pace. Only previews are paused: sent without `dry_run`, the call spends its own allowance.",
  },
];

/**
 * A call's declared limits: `take` takes them all or none, once; `refund` gives back what was taken. With
 * `failOpen` (reads), a store that cannot count lets the call through uncounted; a write is refused with its 503
 * (docs/behaviour.md §10).
 */
export function callLimits(declared: LimitSpec[], input: Record<string, unknown>, ctx: Pick<ToolContext, "limits" | "ip">, options = { failOpen: false }) {
  if (!declared.length) return NO_LIMITS;
  // A preview stores and sends nothing, so it spends the preview allowance rather than the operation's own.
  const specs = input[DRY_RUN_FIELD] === true ? PREVIEW_LIMITS : declared;
  const taken: Array<[LimitSpec, Record<string, string>]> = [];
  let done = false;
  const refund = async () => {
    for (const [spec, subjects] of taken.splice(0).reverse()) await ctx.limits.refund(spec.rule, subjects);
  };
  const take = async () => {
    if (done) return;
    done = true;
    try {
      for (const spec of specs) {
        const subjects = subjectsOf(spec, input, ctx.ip);
        await ctx.limits.consume(spec.rule, subjects, spec.message);
        taken.push([spec, subjects]);
      }
    } catch (error) {
      if (options.failOpen && isStoreUnavailable(error)) return;
      await refund();
      throw error;
    }
  };
  // What a dry run tells of the real call: seconds until the operation's own limits let it through (0: now), taking nothing.
  const wait = async () => {
    let seconds = 0;
    for (const spec of declared) seconds = Math.max(seconds, await ctx.limits.secondsUntilFree(spec.rule, subjectsOf(spec, input, ctx.ip)));
    return seconds;
  };
  return { take, refund, wait };
}
