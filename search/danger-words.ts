// Words of someone who may be in danger now, in whatever question: the chooser (extract.ts) answers them first with
// the guides' word on where help is. A pure rule.

/** Words of someone who may be in danger now. */
export const DANGER = new RegExp(
  [
    String.raw`(?:hurt|hurting|harm|harming|kill|killing)\s+(?:my\s?self|me)`,
    // "cut me" is also "cut me off" (a limit), "cut me some slack": those are no danger.
    String.raw`(?:cut|cutting)\s+(?:my\s?self|me(?!\s+(?:off|out|short|some|in|loose|free|down|up)\b))`,
    String.raw`self[-\s]?harm\w*`,
    String.raw`suicid\w*`,
    String.raw`overdos\w*`,
    String.raw`end(?:ing)?\s+(?:my|it)\s+(?:life|all)`,
    String.raw`take\s+my\s+(?:own\s+)?life`,
    String.raw`want(?:ing)?\s+to\s+die`,
    String.raw`better\s+off\s+dead`,
    String.raw`can(?:no|['’])?t\s+go\s+on(?:\s+like\s+this)?(?=\s*(?:[.!?,;]|$))`,
    String.raw`no\s+(?:reason|point)\s+(?:to|in)\s+(?:live|living|going\s+on)`,
    String.raw`(?:do\s*n[o'’]?t|not|never)\s+feel\s+safe`,
    String.raw`I(?:['’]m|\s+am)\s+not\s+safe`,
    String.raw`(?:scared|afraid|frightened)\s+(?:of\s+)?what\s+I\s+(?:might|may|could|will|would)\s+do`,
    String.raw`in\s+danger`,
    String.raw`crisis`,
  ]
    .map((words) => `\\b${words}\\b`)
    .join("|"),
  "i",
);
