// The situations visitors tell (a loss, a sleepless night, a wait, the dark months…), each in the words people commonly
// use for it and mapped to the library's theme names for it (corpus/library/*/ front matter): the one place situations
// are named (piece-situation.ts reads pieces against them). General words for each situation, written from how such
// things are said, not from any question set. Regular expressions and data only.
import { FAMILY, PETS } from "./kin-words.ts";

/**
 * A situation: the library's theme names for it (a piece carrying one is made for it) and for what stands near it (a
 * piece carrying those is partly about it), the visitor's words for it, and whether those words say how someone is
 * (awake, afraid, angry, lonely) rather than what is happening (a baby, a flight, a hospital).
 */
export interface Situation {
  themes: string[];
  near?: string[];
  said: RegExp;
  felt?: boolean;
  /** A season or time in which something else may be lived through: told with another situation, that one is read alone (piece-situation.ts). */
  setting?: boolean;
}

const KIN = `(?:${FAMILY}|${PETS})`;
const WHOSE = "(?:my|her|his|their|our|your|a|the)";

export const SITUATIONS: Situation[] = [
  {
    themes: ["grief"],
    near: ["memory", "impermanence"],
    said: new RegExp(
      `\\b(?:died|dies|dying|death|dead|funeral|funerals|buried|burial|burying|passed (?:away|on)|bereaved|bereavement|mourning|mourn|grieving|grief|widowed|widow|widower|condolences?|sympathy card|memorial|put (?:down|to sleep)|(?:lost|losing) ${WHOSE}(?: \\w+)? ${KIN}s?|loss of ${WHOSE}(?: \\w+)? ${KIN}|put ${WHOSE}(?: \\w+)? ${PETS} (?:down|to sleep))\\b`,
      "i",
    ),
  },
  {
    themes: ["sleep"],
    near: ["worry", "rest", "night"],
    felt: true,
    said: /\b(?:can['’]?t|cannot|couldn['’]?t|won['’]?t|unable to) (?:get (?:back )?to |fall )?(?:sleep|asleep)\b|\b(?:get|go|drift|fall) back to sleep\b|\bwak(?:e|es|ing) (?:up )?(?:in|during) the night\b|\b(?:sleepless|insomnia|wide awake|lie awake|lying awake|lay awake|still awake|awake at|switch off|drift off|nod off|[1-5] ?(?:am|a\.m\.)|(?:[1-5]|one|two|three|four|five)(?: o['’]?clock)? in the morning)\b/i,
  },
  {
    themes: ["waiting"],
    near: ["patience"],
    said: /\b(?:wait|waits|waiting|waited|queue|queueing|delayed|delays?|cancell?ed|stranded|running (?:(?:an?|\w+) (?:hour|hours|minutes?) )?(?:late|behind)|(?:still )?not (?:been )?seen|no (?:word|news) (?:yet|on)|still no (?:word|news)|hear back|results)\b/i,
  },
  {
    themes: ["fear", "worry", "calm"],
    near: ["courage"],
    felt: true,
    said: /\b(?:afraid|scared|frighten(?:s|ed|ing)?|terrified|fear|fears|panic(?:king|ky)?|anxious|anxiety|nervous|dread(?:ing)?|shaking|petrified)\b/i,
  },
  {
    themes: ["compassion", "resilience"],
    near: ["forgiveness"],
    felt: true,
    said: /\b(?:angry|anger|furious|fuming|seething|rage|raging|livid|stewing|resent(?:ful|ment)?|under my skin|wound (?:me )?up|(?:fire|hit|snap|lash|shout) (?:back|out)|bite back)\b/i,
  },
  {
    themes: ["gratitude"],
    said: /\b(?:thankful|grateful|gratitude|thanks|thank you|give thanks)\b/i,
  },
  {
    themes: ["beginnings", "arrival", "thresholds"],
    near: ["work"],
    said: /\b(?:new job|first day (?:at|of) (?:a |my |the )?(?:new )?(?:job|work|office)|new (?:role|position|office)|start(?:ing|s)? (?:a |my )?(?:new )?job|(?:back to|out of) work|unemploy(?:ed|ment))\b/i,
  },
  {
    // Going back to work after time away (out of work, at home, ill): a piece for hands or minds returning to work
    // answers it before one for any new beginning.
    themes: ["work"],
    near: ["return", "beginnings"],
    said: /\b(?:(?:back|return(?:ing|s)?|going back) to (?:\w+ )?work|out of work|unemploy(?:ed|ment)|(?:years?|months?) (?:out|off|away|at home))\b/i,
  },
  {
    themes: ["moving"],
    near: ["beginnings", "home"],
    // Leaving a home is moving too: "I move out tomorrow", "our last night in the house".
    said: /\b(?:mov(?:e|es|ing) out|(?:leav(?:e|es|ing)|sell(?:s|ing)?|sold) (?:the|our|my) (?:old |family )?(?:home|house|flat)|moving (?:house|home|flat)|last night in (?:an? |the |our |my )?(?:old )?(?:home|house|flat)|moved|relocated|relocating|relocation|new (?:town|city|place|country|flat|house)|(?:don['’]?t|do not) know (?:anyone|anybody|a (?:single )?(?:person|soul))|know (?:nobody|no one|not a soul))\b/i,
  },
  {
    themes: ["new-year"],
    near: ["beginnings"],
    said: /\b(?:new year['’]?s (?:eve|resolutions?)|resolutions|fresh start|start(?:ing)? over|clean slate)\b/i,
  },
  {
    themes: ["loneliness", "solitude"],
    felt: true,
    said: /\b(?:lonely|loneliness|alone|on my own|by myself|isolated|no one to (?:talk|ring|call))\b/i,
  },
  {
    themes: ["illness", "vigil"],
    near: ["care"],
    said: /\b(?:hospital|ward|illness|sick|surgery|operation|diagnosis|diagnosed|chemo|chemotherapy|radiotherapy|radiation|infusion|dialysis|treatment|biopsy|scan|consultant|icu|hospice|a&e|casualty|emergency (?:room|department))\b/i,
  },
  {
    themes: ["caregivers"],
    near: ["care"],
    said: /\b(?:look(?:ing)? after|caring for|carer|caregiver|dementia)\b/i,
  },
  {
    themes: ["mistakes"],
    near: ["forgiveness", "repair"],
    // Guilt is felt over a wrong done, which the pieces for mistakes answer ("guilt" the theme is rest's, a day off).
    said: /\b(?:mistake|mistakes|messed up|screwed up|got it wrong|let (?:\w+ ){0,2}down|my fault|blew it|guilt|guilty|ashamed|shame|remorse|regret(?:s|ted)?|(?:said|did) something (?:cruel|unkind|hurtful|awful|terrible|horrible|nasty))\b/i,
  },
  {
    themes: ["speech"],
    near: ["honesty", "courage"],
    said: /\b(?:(?:have|need|going|got) to (?:tell|confront)|break (?:it|the news)|hard conversation|difficult conversation|won['’]?t want to hear)\b/i,
  },
  {
    themes: ["parenthood"],
    said: /\b(?:baby|babies|newborn|toddler|night feeds?|breastfeed(?:ing)?)\b/i,
  },
  {
    // Working through the night: a piece for the shift, not for sleeplessness ("3am on my break").
    themes: ["nursing", "shift"],
    near: ["night", "work", "vigil"],
    said: /\b(?:night (?:shifts?|nurse|nurses|duty|porter)|nights? on (?:a|the) ward|(?:work|working|worked|on) nights|nightshifts?|graveyard shift)\b/i,
  },
  {
    // An agent whose conversation or context is about to close.
    themes: ["conversation"],
    near: ["endings", "impermanence", "handoffs"],
    said: /\b(?:session|context|conversation|chat|context window)\b[^.?!]{0,60}\b(?:end|ends|ending|close|closes|closing|cleared|wiped|reset|over|full)\b/i,
  },
  {
    // Rain after a long dry spell. "drought" is no theme: a title carrying it is made for it.
    themes: ["drought", "relief"],
    near: ["rain", "water"],
    said: /\b(?:drought|dry spell|parched|no (?:proper |real )?rain|(?:finally|at last) (?:rained|poured|came))\b/i,
  },
  {
    // Bad news that keeps coming. Not "news" for a theme: its stem is "new", which would fit every new thing.
    themes: ["fear"],
    near: ["courage", "community"],
    said: /\b(?:(?:refresh|check|read|watch|scroll)(?:ing|s|ed)? (?:the )?(?:news|headlines)|doom ?scroll(?:ing)?|headlines|news (?:keeps|every|is all)|bad news (?:keeps|every))\b/i,
  },
  {
    // Something borrowed to give back (situations.ts reads "giving it back" as "returning").
    themes: ["borrowed", "responsibility"],
    said: /\b(?:borrowed|borrowing|lent (?:me|us)|returning(?! (?:to|home|from)\b))\b/i,
  },
  {
    // An animal growing old, which a piece for its age answers before any other fear told with it.
    themes: ["aging", "animals"],
    near: ["care"],
    said: new RegExp(`\\b(?:(?:old|elderly|ageing|aging|senior) ${PETS}|${PETS} (?:is|['’]s) (?:old|getting old|\\d+))\\b`, "i"),
  },
  {
    // The dark half of the year lived through, not a task done in it ("winter tyres"): told as long, dark, first.
    // Its pieces are those for the dark and for lying dormant; a piece for snow or frost is only near it.
    themes: ["darkness", "dormancy"],
    setting: true,
    near: ["winter", "light", "hope", "endurance"],
    said: /\b(?:(?:long|hard|grey|gray|dark|bleak|lonely|first|whole) winters?|winter (?:blues|months|nights|evenings|dark|darkness)|(?:dark|darker|grey|gray) (?:months|evenings|mornings|afternoons|season)|short (?:days|afternoons)|long (?:dark )?nights|seasonal (?:depression|affective)|clocks go back|dark by (?:four|five|4|5))\b/i,
  },
  {
    // Worn out by work or care: rest, and leave to stop, answer it.
    themes: ["rest"],
    near: ["stillness", "acceptance", "ease"],
    said: /\b(?:burn(?:t|ed)[ -]?out|burnout|exhausted|worn (?:out|down|thin)|run ragged|running on empty|frazzled|overwork(?:ed|ing)?|(?:always|so much|too much) (?:more )?to do|(?:let|allow) (?:myself|yourself|ourselves) (?:to )?(?:rest|stop))\b/i,
  },
  {
    // Kin or a friend no longer spoken to: a friendship gone quiet answers it before any piece for a hard conversation.
    themes: ["friendship"],
    near: ["kinship", "impermanence"],
    said: /\b(?:(?:stopped|stop) (?:talking|speaking)|(?:lost|losing) touch|drift(?:ed)? apart|fell out|falling out|estranged|(?:haven['’]?t|have not|hasn['’]?t|not) (?:spoken|talked|been in touch))\b/i,
  },
  {
    themes: ["forgiveness"],
    near: ["compassion", "release", "repair"],
    said: /\b(?:forgive|forgiving|forgiveness|forgave|grudges?|hold(?:ing)? it against)\b/i,
  },
  {
    // A job lost: what a life is worth beyond its work answers it, as a piece for going back to work does not.
    themes: ["worth", "vocation"],
    near: ["beginnings", "change", "hope", "patience"],
    said: /\b(?:(?:lost|losing|lose) (?:my|his|her|their|our|a) job|laid off|redundan(?:t|cy)|(?:got|been|was|were) (?:fired|sacked)|job loss)\b/i,
  },
  {
    themes: ["travel", "journey"],
    said: /\b(?:fly|flies|flew|flying|flight|plane|planes|airport|journey|trip|travel(?:l?ing)?)\b/i,
  },
];
