// What a dry run says of its real call's hourly limit (reflect, contribute, feedback).
import type { ToolContext } from "./context.ts";

/**
 * A dry run's word on its real call's limit, read without spending it: nothing when the call would go through now,
 * else when it would (a dry run checks everything the real call would, the hour's allowance too).
 */
export async function limitSaid(ctx: Pick<ToolContext, "limitWait">): Promise<string> {
  const seconds = await ctx.limitWait();
  if (!seconds) return "";
  const minutes = Math.ceil(seconds / 60);
  return ` Sent now, it would be refused: this hour's allowance is spent, with room again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}.`;
}
