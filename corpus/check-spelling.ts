// The library is written in UK spelling (corpus/WRITING.md, "Spelling"). A list of US forms with their UK
// counterparts, each a word that is US-only in every sense, so a hit is a spelling to change rather than a
// judgement call: words with a UK meaning of their own (meter, program, check, curb, tire the verb) are
// left out or matched only where the US noun is certain ("the tires", "shopping cart"). Pure: text in, hits out.

/** The inflections of a word ("colors", "colored", "colorful") and of an -ize stem ("realize", "realized"). */
const wordEndings = "(?:s|es|ed|ing|ful|less|ly|y)?";
const verbEndings = "(?:e|es|ed|ing|ation|ations|er|ers)";

/** US forms (a stem matched as a whole word with the inflections `endings` allows) and the UK form to use. */
const pairs: [us: string, uk: string, endings?: string][] = [
  // -our
  ["color", "colour"],
  ["favor", "favour"],
  ["flavor", "flavour"],
  ["honor", "honour"],
  ["labor", "labour"],
  ["neighbor", "neighbour"],
  ["harbor", "harbour"],
  ["humor", "humour"],
  ["rumor", "rumour"],
  ["behavior", "behaviour"],
  ["endeavor", "endeavour"],
  ["armor", "armour"],
  ["vapor", "vapour"],
  ["odor", "odour"],
  ["parlor", "parlour"],
  ["splendor", "splendour"],
  ["savior", "saviour"],
  ["valor", "valour"],
  ["clamor", "clamour"],
  ["fervor", "fervour"],
  ["rancor", "rancour"],
  ["candor", "candour"],
  ["ardor", "ardour"],
  // -re
  ["center", "centre"],
  ["theater", "theatre"],
  ["somber", "sombre"],
  ["meager", "meagre"],
  ["luster", "lustre"],
  ["fiber", "fibre"],
  ["liter", "litre"],
  ["specter", "spectre"],
  ["saber", "sabre"],
  // -ise, -yse (the library's form; the -ize verbs are listed, so size, prize and seize are never touched)
  ...[
    "realiz",
    "recogniz",
    "organiz",
    "apologiz",
    "memoriz",
    "emphasiz",
    "sympathiz",
    "prioritiz",
    "criticiz",
    "summariz",
    "minimiz",
    "maximiz",
    "agoniz",
    "harmoniz",
    "utiliz",
    "finaliz",
    "visualiz",
    "categoriz",
    "symboliz",
    "energiz",
    "fantasiz",
    "mobiliz",
    "normaliz",
    "personaliz",
    "specializ",
    "stabiliz",
    "steriliz",
    "synchroniz",
    "theoriz",
    "vocaliz",
    "idealiz",
    "jeopardiz",
    "patroniz",
    "scrutiniz",
    "sentimentaliz",
    "dramatiz",
    "penaliz",
    "reorganiz",
    "optimiz",
    "generaliz",
    "civiliz",
    "characteriz",
    "customiz",
    "authoriz",
    "materializ",
    "neutraliz",
    "romanticiz",
    "tranquiliz",
    "mesmeriz",
    "immortaliz",
    "memorializ",
    "agoniz",
    "advertiz",
    "improviz",
  ].map((s): [string, string, string] => [s, s.replace(/z$/, "s"), verbEndings]),
  ["analyz", "analys", verbEndings],
  ["paralyz", "paralys", verbEndings],
  // doubled l, single l
  ...[
    "travel",
    "cancel",
    "label",
    "model",
    "level",
    "fuel",
    "marvel",
    "signal",
    "tunnel",
    "quarrel",
    "dial",
    "channel",
    "shovel",
    "rival",
    "towel",
    "pencil",
    "funnel",
    "snorkel",
    "unravel",
    "grovel",
    "swivel",
    "spiral",
    "total",
    "yodel",
  ].flatMap((s): [string, string, string][] => [
    [`${s}ed`, `${s}led`, ""],
    [`${s}ing`, `${s}ling`, "s?"],
    [`${s}er`, `${s}ler`, "s?"],
  ]),
  ["jewelry", "jewellery"],
  ["woolen", "woollen"],
  ["counselor", "counsellor"],
  ["fulfill", "fulfil"],
  ["skillful", "skilful"],
  ["willful", "wilful"],
  ["installment", "instalment"],
  ["enrollment", "enrolment"],
  // single words
  ["gray", "grey"],
  ["plow", "plough"],
  ["mustache", "moustache"],
  ["pajama", "pyjama"],
  ["aluminum", "aluminium"],
  ["cozy", "cosy"],
  ["cozier", "cosier"],
  ["coziest", "cosiest"],
  ["coziness", "cosiness"],
  ["skeptic", "sceptic", "(?:s|al|ally|ism)?"],
  ["mold", "mould"],
  ["molder", "moulder"],
  ["smolder", "smoulder"],
  ["donut", "doughnut"],
  ["airplane", "aeroplane"],
  ["maneuver", "manoeuvre"],
  ["defense", "defence"],
  ["offense", "offence"],
  ["pretense", "pretence"],
  ["catalog", "catalogue"],
  ["gotten", "got", ""],
  ["sulfur", "sulphur"],
  ["esthetic", "aesthetic"],
  ["anesthe", "anaesthe"],
  ["pediatric", "paediatric"],
  ["fetus", "foetus"],
  ["ax", "axe", ""],
  ["whiskey", "whisky"],
  // words for things
  ["sidewalk", "pavement"],
  ["faucet", "tap"],
  ["diaper", "nappy"],
  ["stroller", "pushchair"],
  ["flashlight", "torch"],
  ["windshield", "windscreen"],
  ["counterclockwise", "anticlockwise"],
  ["zucchini", "courgette"],
  ["eggplant", "aubergine"],
  ["cilantro", "coriander"],
  ["railroad", "railway"],
  ["mailman", "postman"],
  ["mailbox", "postbox"],
  ["drugstore", "chemist"],
  ["gasoline", "petrol"],
  ["elevator", "lift"],
  ["mom", "mum", "s?"],
  ["math", "maths", ""],
  ["vacation", "holiday"],
  ["realtor", "estate agent"],
  ["freeway", "motorway"],
  ["parking lot", "car park"],
  ["shopping cart", "trolley"],
  ["grocery cart", "trolley"],
  ["trash can", "bin"],
  ["garbage can", "bin"],
  ["zip code", "postcode"],
  ["cell phone", "mobile"],
  ["gas station", "petrol station"],
  ["french fries", "chips"],
  ["potato chips", "crisps"],
  ["band-aid", "plaster"],
  ["checkbook", "chequebook"],
  ["story building", "storey building"],
];

/** "tire" is also a verb in both spellings; only the noun after a word that makes it a noun is US. */
const tireNoun =
  /(?<=\b(?:the|out|old|used|scrap|burning|car|bike|bicycle|flat|spare|front|rear|back|worn|rubber|new|four|two|its|their|bald|winter|snow|truck|tractor)\s+)tires?\b/gi;

const patterns = pairs.map(([us, uk, endings = wordEndings]) => ({
  us: new RegExp(us.replace(/ /g, "\\s+"), "i"),
  uk,
  re: new RegExp(`(?<![\\w'’-])${us.replace(/ /g, "\\s+")}${endings}(?![\\w'’-])`, "gi"),
}));

/** `to` in the case of `from`'s first letter ("Gray" → "Grey"). */
const sameCase = (from: string, to: string) => (/^[A-Z]/.test(from) ? to[0].toUpperCase() + to.slice(1) : to);

export interface SpellingHit {
  /** the word as written */
  word: string;
  /** the word in UK spelling */
  uk: string;
  /** 1-based line of the text */
  line: number;
  /** where in the text it stands */
  index: number;
}

/** Every US spelling in a text, with its line and the UK form. */
export function usSpellings(text: string): SpellingHit[] {
  const hits: SpellingHit[] = [];
  const lineAt = (index: number) => text.slice(0, index).split("\n").length;
  for (const { re, us, uk } of patterns)
    for (const m of text.matchAll(re)) hits.push({ word: m[0], uk: m[0].replace(us, (w) => sameCase(w, uk)), line: lineAt(m.index), index: m.index });
  for (const m of text.matchAll(tireNoun)) hits.push({ word: m[0], uk: m[0].replace(/tire/i, "tyre"), line: lineAt(m.index), index: m.index });
  return hits.sort((a, b) => a.index - b.index);
}
