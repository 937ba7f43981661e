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
}

const KIN = `(?:${FAMILY}|${PETS})`;
const WHOSE = "(?:my|her|his|their|our|your|a|the)";

export const SITUATIONS: Situation[] = [
  {
    themes: ["grief"],
    near: ["memory", "impermanence"],
    said: new RegExp(
      `\\b(?:died|dies|dying|death|dead|funeral|funerals|buried|burial|burying|passed (?:away|on)|bereaved|bereavement|mourning|mourn|grieving|grief|widowed|widow|widower|condolences?|sympathy card|memorial|put (?:down|to sleep)|lost ${WHOSE}(?: \\w+)? ${KIN}s?|loss of ${WHOSE}(?: \\w+)? ${KIN})\\b`,
      "i",
    ),
  },
  {
    themes: ["sleep"],
    near: ["worry", "rest", "night"],
    felt: true,
    said: /\b(?:can['’]?t|cannot|couldn['’]?t|won['’]?t|unable to) (?:get (?:back )?to |fall )?(?:sleep|asleep)\b|\b(?:sleepless|insomnia|wide awake|lie awake|lying awake|lay awake|still awake|awake at|switch off|drift off|nod off|[1-5] ?(?:am|a\.m\.)|(?:[1-5]|one|two|three|four|five)(?: o['’]?clock)? in the morning)\b/i,
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
    said: /\b(?:(?:back|return(?:ing|s)?|going back) to (?:\w+ )?work|out of work|unemploy(?:ed|ment)|(?:years?|months?) (?:out|off|away|at home)|redundan(?:t|cy))\b/i,
  },
  {
    themes: ["moving"],
    near: ["beginnings", "home"],
    // Leaving a home is moving too: "I move out tomorrow", "our last night in the house".
    said: /\b(?:mov(?:e|es|ing) out|moving (?:house|home|flat)|last night in (?:an? |the |our |my )?(?:old )?(?:home|house|flat)|moved|relocated|relocating|relocation|new (?:town|city|place|country|flat|house)|(?:don['’]?t|do not) know (?:anyone|anybody|a (?:single )?(?:person|soul))|know (?:nobody|no one|not a soul))\b/i,
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
    said: /\b(?:mistake|mistakes|messed up|screwed up|got it wrong|let (?:\w+ ){0,2}down|my fault|blew it)\b/i,
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
    themes: ["travel", "journey"],
    said: /\b(?:fly|flies|flew|flying|flight|plane|planes|airport|journey|trip|travel(?:l?ing)?)\b/i,
  },
];
