// A later part of a question that leans on the earlier part's subject by a pronoun ("How long may a reflection be,
// and can I edit it later?", "Which watch starts at 4am, and what do its services lean toward?") read with that
// subject's own words: the pronoun said as the earlier part's noun phrase, and the scene or condition that opens the
// earlier part ("If I submit a prayer, …? And is there a cap on how long it can be?") said before it. Answered alone
// the part loses its subject; read after the whole earlier part it leans toward that part's answer. Pure functions
// for follow-up.ts.
import { askingClause } from "./answer-type.ts";
import { STOP_WORDS } from "./text.ts";

/** Words that open a noun phrase the later part may point back to; "which" and "what" ask after it ("Which watch…"). */
const DETERMINERS = new Set("a an the my your our their his her each every any which what whose many".split(" "));
/** Determiners said as "the" in the later part: "which watch" is "the watch" once asked after, "how many questions" "the questions". */
const ASKING_DETERMINERS = new Set(["which", "what", "whose", "each", "every", "any", "many"]);
const AUXILIARIES = /\b(?:do|does|did|can|could|will|would|should|may|might|must|is|are|was|were|has|have)\b/i;

/**
 * A pronoun pointing back, and what it stands for in the sentence: "it", "them", "they" as the thing; "its", "their"
 * as its owner; "one" after "the same", "that", "which" as its kind; "one" after "can" or "does" ("how long can one be?")
 * as one of it, "ones" ("how often do new ones start?") as more of it. "It" with nothing before it to stand for ("is it
 * ok…", "it's 2am") points nowhere; nor do "loved ones" and "little ones".
 */
const POINTS_BACK =
  /\b(?:(its|their)|(it|them|they)|(?<=\b(?:same|that|this|which|each|every|evening|morning|night|other|next|first|last)\s+)(one)|(?<=\b(?:can|could|do|does|did|will|would|should|may|might|must)\s+)(one)(?!\s+(?:of|or|and)\b)|(?<!\b(?:loved|little|young|dear|old|wee)\s+)(ones))\b/i;
const IMPERSONAL_IT =
  /\bit(?:['’]s|\s+is|\s+was|\s+would be)?\s+(?:ok|okay|alright|possible|true|fine|allowed|normal|bad|rude|wrong|right|worth|safe|too|one|just|still|the same|really)\b|\b(?:is|was)\s+it\s+(?:ok|okay|alright|possible|true|fine|allowed|normal|bad|rude|wrong|right|worth|safe|too|one|just|really|at|now|in)\b/i;

/** A noun phrase of the earlier part: its words (determiner said as "the" where it asked), and whether it is plural. */
interface Phrase {
  said: string;
  head: string;
  plural: boolean;
  /** After a preposition ("in the library"): a place or a frame, pointed back to only when nothing else is named. */
  framed: boolean;
}

const bare = (token: string) => token.toLowerCase().replace(/[^a-z0-9'’]/g, "");
const PREPOSITIONS = new Set("in on at to from into of for with about by after before like under over through".split(" "));
/** Auxiliaries after which a subject and then its bare verb come: "does your MCP server expose", "can a service go". */
const DO_MODAL = new Set("do does did can could will would should may might must".split(" "));
const COPULA = new Set(["is", "are", "was", "were"]);

/**
 * The noun phrases of a part's asking clause: a determiner and up to four words that are no stop words, joined by
 * "of" ("kinds of pieces"). After "do" or a modal the phrase's last word is the verb ("What tools does your MCP
 * server expose?"). "Which" and "what" open a phrase only when an auxiliary follows it ("Which watch is…", not "what
 * picks the songs"), and after "is" it is said with the rest of its clause ("the watch … 5am"): that is its subject.
 */
export function phrasesOf(clause: string): Phrase[] {
  const tokens = clause.split(/\s+/).filter(Boolean);
  const phrases: Phrase[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const det = bare(tokens[i]);
    if (!DETERMINERS.has(det) || /[,;:?.!]$/.test(tokens[i])) continue;
    const own: string[] = [];
    let j = i + 1;
    for (; j < tokens.length && own.length < 4; j++) {
      const w = bare(tokens[j]);
      const joins = w === "of" && own.length && j + 1 < tokens.length && !STOP_WORDS.has(bare(tokens[j + 1]));
      if (!w || (STOP_WORDS.has(w) && !joins)) break;
      own.push(tokens[j].replace(/[,;:?.!]+$/, ""));
      if (/[,;:?.!]$/.test(tokens[j])) {
        j += 1;
        break;
      }
    }
    const asking = det === "which" || det === "what";
    const next = j < tokens.length ? bare(tokens[j]) : "";
    if (asking && !AUXILIARIES.test(next)) continue;
    if (i > 0 && DO_MODAL.has(bare(tokens[i - 1]))) {
      // An adverb after the subject stands before its verb: "when do the services actually start" names "the services".
      const adverb = own.findIndex((w, k) => k > 0 && /ly$/i.test(bare(w)));
      if (adverb > 0) own.splice(adverb);
      else if (own.length > 1) own.pop();
    }
    const content = own.filter((w) => bare(w) !== "of");
    if (!content.length) continue;
    const head = content[content.length - 1];
    const first = own.indexOf("of") > 0 ? own[0] : head;
    const rest =
      asking && COPULA.has(next)
        ? tokens
            .slice(j)
            .map((t) => t.replace(/[,;:?.!]+$/, ""))
            .filter((t) => !STOP_WORDS.has(bare(t)))
        : [];
    phrases.push({
      said: [ASKING_DETERMINERS.has(det) ? "the" : det, ...own, ...rest].join(" "),
      head,
      plural: /[^s]s$/i.test(bare(first)),
      framed: i > 0 && PREPOSITIONS.has(bare(tokens[i - 1])),
    });
    i = j - 1;
  }
  return phrases;
}

/** The earlier part's opening scene or condition: what comes before the words that ask ("If I submit a prayer,"). */
export function sceneOf(before: string): string {
  const asking = askingClause(before);
  const at = before.lastIndexOf(asking);
  return at > 0
    ? before
        .slice(0, at)
        .trim()
        .replace(/[?.!]$/, ",")
    : "";
}

/** A head word said as one thing ("questions" → "question") or as several ("service" → "services"), for "one" and "ones". */
const singular = (head: string) => head.replace(/([^s])s$/i, "$1");
const pluralOf = (head: string) => (/s$/i.test(head) ? head : `${head}s`);

/** A thing named again by "that" or "those" ("the services in that watch"): said in the earlier part's scene. */
const DEMONSTRATIVE = /\b(?:that|this|those|these)\s+(?!is\b|was\b|are\b|means?\b)[a-z]+/i;

/**
 * The later part read with the earlier part's subject, or undefined when it points back by no pronoun or the earlier
 * part names nothing it could point to. Its own words that ask stay as they are, so its type and cues are its own.
 */
export function readWithAntecedent(before: string, part: string): string | undefined {
  if (IMPERSONAL_IT.test(part) && !/\b(?:its|their|them|they)\b/i.test(part)) return undefined;
  const m = POINTS_BACK.exec(part);
  const scene = sceneOf(before);
  // "that watch", "those services": the thing is named again, and only the scene it was asked in is missing.
  if (!m) return scene && DEMONSTRATIVE.test(part) ? `${scene} ${part}` : undefined;
  const asking = askingClause(before);
  // An earlier part that itself points back ("If I submit a prayer, does it appear…?") points to its scene, as this one does.
  const phrases = scene && POINTS_BACK.test(asking) && !IMPERSONAL_IT.test(asking) ? [] : phrasesOf(asking);
  const plural = /^(?:their|them|they|ones)$/i.test(m[0]);
  // "Who founded it, and what did they do before?": "they" is whoever the earlier part asks after, not a thing it names.
  if (plural && /^\W*who\b/i.test(asking)) return undefined;
  const named = unframed(phrases.filter(namesAThing));
  // "One" and "ones" stand for the kind the earlier part asks about first, whatever its number ("how many questions…
  // an hour, and how long can one be?").
  const phrase = m[4] || m[5] ? named[0] : (named.find((p) => p.plural === plural) ?? named[0]);
  if (!phrase && !scene) return undefined;
  const read = phrase ? saidAs(part, m, phrase) : part;
  return scene ? `${scene} ${read}` : read;
}

/** The part with its pronoun said as the phrase: "its" as the phrase's owner, "one" and "ones" by its head word. */
function saidAs(part: string, m: RegExpExecArray, phrase: Phrase): string {
  const said = m[1] ? `${phrase.said}'s` : m[3] ? phrase.head : m[4] ? `a ${singular(phrase.head)}` : m[5] ? pluralOf(phrase.head) : phrase.said;
  // "it's" is "it is": "whether it's short enough" reads "whether a service is short enough", never as an owner.
  const after = part.slice(m.index + m[0].length);
  return `${part.slice(0, m.index)}${said}${m[2] ? after.replace(/^['’]s\b/i, " is") : after}`;
}

/** A measure is no thing a pronoun points back to: "how many minutes should I set aside, and how many parts will it have?". */
const MEASURE = /^(?:minutes?|hours?|seconds?|days?|weeks?|months?|years?|characters?|words?|times?|miles?|kilomet(?:re|er)s?|met(?:re|er)s?|pages?)$/i;
const namesAThing = (p: Phrase) => !MEASURE.test(bare(p.head));
const unframed = (phrases: Phrase[]) => (phrases.some((p) => !p.framed) ? phrases.filter((p) => !p.framed) : phrases);

/**
 * The later part alone, its pronoun said as what it points to, without the scene that opens the earlier part: "My wife
 * died in the spring and I'd like to sit through one service for her tonight. How many minutes should I set aside, and
 * how many parts will it have?" asks how many parts a service has, and read with the grief before it, the sentence that
 * says so holds too little of the message to be quoted. What it points to is the earlier part's asking clause's, or else
 * the last thing its scene names with an article ("one service" said as "a service"). Undefined without a scene or a pronoun.
 */
export function partAlone(before: string, part: string): string | undefined {
  const scene = sceneOf(before);
  const m = POINTS_BACK.exec(part);
  if (!scene || !m || (IMPERSONAL_IT.test(part) && !/\b(?:its|their|them|they)\b/i.test(part))) return undefined;
  const asking = askingClause(before);
  // An earlier part that itself points back ("If I bake a pie, does it need a tin?") points to its scene, as this one does.
  const asked = POINTS_BACK.test(asking) && !IMPERSONAL_IT.test(asking) ? [] : unframed(phrasesOf(asking).filter(namesAThing));
  const told = phrasesOf(scene.replace(/\bone\s+(?!(?:or|of|and|more|day|time)\b)/gi, "a ")).filter(namesAThing);
  // Of the scene's, the last said with an article: "for her tonight" names the one it is for, not the thing.
  const phrase = asked[0] ?? told.filter((p) => /^(?:a|an|the)\s/i.test(p.said)).pop() ?? told.pop();
  return phrase ? saidAs(part, m, phrase) : undefined;
}
