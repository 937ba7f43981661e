// Browser tests that compare a page with the service asked for a moment before fail when a four-hour slot ends in
// between (a CI run at 04:00 UTC read "The dawn service" where "The night service" had been asked for). Such a
// suite starts clear of the boundary: near one, it waits the slot out first.

/** Milliseconds until the next four-hour slot begins in `zone` (slots start at local hours 0, 4, … 20). */
export function msToNextSlot(zone: string, at = new Date()): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const intoSlot = ((part("hour") % 4) * 3600 + part("minute") * 60 + part("second")) * 1000 + at.getMilliseconds();
  return 4 * 3600_000 - intoSlot;
}

/** Waits for the next slot when fewer than `marginMs` remain of this one in `zone`; resolves with the time waited. */
export async function clearOfSlotBoundary(zone: string, marginMs: number): Promise<number> {
  const left = msToNextSlot(zone);
  if (left >= marginMs) return 0;
  await new Promise((resolve) => setTimeout(resolve, left + 2_000));
  return left + 2_000;
}
