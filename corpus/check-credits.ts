// Echoes credited (corpus/WRITING.md, "Credits"): a line that leans on a known saying names its source in
// the same piece. Each entry is an echo found in the library (or one a writer is likely to reach for) and
// the names a credit for it must mention; a piece carrying the echo without the name is refused. Rewriting
// the line away from the echo satisfies the rule as well as crediting it does.

interface Echo {
  /** the known line */
  source: string;
  /** the echo as it tends to be written */
  echo: RegExp;
  /** what a credit names (author, work or tradition) */
  credit: RegExp;
}

export const echoes: Echo[] = [
  {
    source: 'Tagore\'s bird that "sings when the dawn is still dark" (Fireflies)',
    echo: /\bsings?\b[^.\n]{0,40}\b(?:as if the light were certain|when the dawn is still dark|before the light)/i,
    credit: /Tagore/i,
  },
  {
    source: "the water that wears the stone (Tao Te Ching, 78)",
    echo: /\b(?:water|river|you)\b[^.]{0,80}\b(?:go(?:es)? around|wears?|overcomes?)\b[^.]{0,30}\b(?:stone|rock|the hard)\b[^.]{0,80}\b(?:change|wear|shape)/i,
    credit: /Tao Te Ching|Laozi|Lao[- ]?Tzu/i,
  },
  { source: "no one steps into the same river twice (Heraclitus)", echo: /\bsame river twice\b/i, credit: /Heraclitus/i },
  {
    source: "before enlightenment, chop wood, carry water (a Zen saying)",
    echo: /\bchop(?:ping)? wood\b[^.]{0,40}\bcarry(?:ing)? water\b/i,
    credit: /\bZen\b/i,
  },
  { source: "beginner's mind (Shunryu Suzuki, Zen)", echo: /\bbeginner'?’?s mind\b/i, credit: /Suzuki|\bZen\b/i },
  {
    source: "faith is taking the first step without seeing the staircase (Martin Luther King Jr.)",
    echo: /\bfirst step\b[^.]{0,60}\bstaircase\b/i,
    credit: /Martin Luther King|\bKing\b/,
  },
  {
    source: "a journey of a thousand miles begins with one step (Tao Te Ching, 64)",
    echo: /\bjourney of a thousand miles\b/i,
    credit: /Tao Te Ching|Laozi|Lao[- ]?Tzu/i,
  },
  { source: "all shall be well (Julian of Norwich)", echo: /\ball (?:shall|will) be well,? and all manner\b/i, credit: /Julian/i },
  { source: "the still point of the turning world (T. S. Eliot)", echo: /\bstill point of the turning world\b/i, credit: /Eliot/i },
  { source: "there is a crack in everything (Leonard Cohen)", echo: /\bcrack in everything\b/i, credit: /Cohen/i },
  {
    source: "a time to be born, and a time to die (Ecclesiastes 3)",
    echo: /\ba time to (?:be born|die|plant|weep|mourn|keep silence)\b/i,
    credit: /Ecclesiastes/i,
  },
  { source: "be still, and know (Psalm 46)", echo: /\bbe still,? and know\b/i, credit: /Psalm/i },
  { source: "the still small voice (1 Kings 19)", echo: /\bstill,? small voice\b/i, credit: /Kings|Whittier|Elijah/i },
  { source: "the lilies of the field, they toil not (Matthew 6)", echo: /\bconsider the lilies\b|\bneither toil nor spin\b/i, credit: /Matthew|Gospel|Jesus/i },
  { source: "one wild and precious life (Mary Oliver)", echo: /\bwild and precious\b/i, credit: /Mary Oliver/i },
  { source: "hope is the thing with feathers (Emily Dickinson)", echo: /\bthing with feathers\b/i, credit: /Dickinson/i },
  { source: "the road rise to meet you (an Irish blessing)", echo: /\broad rises? (?:up )?to meet you\b/i, credit: /Irish/i },
  { source: "sun, stand thou still (Joshua 10:12)", echo: /\bsun,? stand (?:thou )?still\b/i, credit: /Joshua/i },
  { source: "the Earth a pale dot in a sunbeam (Carl Sagan, Pale Blue Dot)", echo: /\bpale (?:blue )?(?:dot|point)\b/i, credit: /Sagan/i },
  {
    source: "trees whose shade they will never sit in (a proverb, often called Greek)",
    echo: /\bshade\b[^.]{0,60}\b(?:never|not be (?:around|alive|here)|will not)\b[^.]{0,30}\b(?:sit|stand)\b/i,
    credit: /proverb|Greek/i,
  },
];

/** Each echo a text carries without its credit, as "echoes …: credit it or rewrite the line". */
export function uncreditedEchoes(text: string): { line: number; why: string }[] {
  const out: { line: number; why: string }[] = [];
  for (const e of echoes) {
    const m = e.echo.exec(text);
    if (!m || e.credit.test(text)) continue;
    out.push({
      line: text.slice(0, m.index).split("\n").length,
      why: `"${m[0].slice(0, 60)}" echoes ${e.source}: credit it in the text (WRITING.md, "Credits") or rewrite the line`,
    });
  }
  return out;
}
