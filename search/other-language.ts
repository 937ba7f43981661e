// A question that reads as written in another language than the library's English. It never decides whether a
// question is covered; it only changes what "not covered" says, so a visitor asking in Spanish learns that the
// library is written in English, where "the library does not cover this" would tell them, untruly, that its subject
// is missing. Trigram detectors (franc) misread short English questions as French or Portuguese (tried: "How do I
// configure Kubernetes autoscaling?" read as French), so this asks for more: another script, or the common little
// words of another language and few of the library's own words.

/** Letters of the Latin script, with the accented ones of the languages written in it. */
const LATIN = /[A-Za-z\u00C0-\u024F\u1E00-\u1EFF]/u;

/**
 * Frequent short words of Spanish, French, German, Portuguese, Italian and Dutch that are no English words (so not
 * "a", "in", "die", "was", "come", "also"): one of them, among words the library mostly does not use, tells.
 */
const FOREIGN_WORDS = new Set(
  (
    "de un el los las del por para una que qué como cómo cuanto cuánto donde cuando cuánta cuándo dónde cuál está es puedo tengo hay muy pero " +
    "le les des du est une et pour qui combien comment où dans avec je il elle nous vous sont peut " +
    "der das ist ein eine und wie nicht ich mit für wann warum wo kann sind bitte gibt " +
    "uma os não como quanto quando onde é são com posso tem muito " +
    "il della che è sono perché dove quanto quando posso ci gli " +
    "een het hoe wat waar waarom niet ik kan zijn"
  ).split(" "),
);

/**
 * Whether `question` reads as another language than the library's, given the words the library uses (lower case):
 * most of its letters are of another script, or it holds a common word of another language and fewer than half
 * its words are the library's. An English question with rare words ("configure Kubernetes") holds none of them.
 */
export function inAnotherLanguage(question: string, libraryWords: ReadonlyMap<string, number>): boolean {
  const letters = question.match(/\p{L}/gu) ?? [];
  if (letters.length < 2) return false;
  if (letters.filter((c) => LATIN.test(c)).length < letters.length / 2) return true;
  const words = (question.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => w.length >= 2);
  if (!words.some((w) => FOREIGN_WORDS.has(w))) return false;
  return words.filter((w) => libraryWords.has(w)).length < words.length / 2;
}
