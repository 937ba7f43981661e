// Which questions read as asked in another language than the library's (search/other-language.ts), over the real
// library's words: questions in other languages and scripts do, English ones do not, typos, rare names and
// chat's shorthand included. Only what "not covered" says depends on it, never whether a question is covered.
import { expect, it } from "vitest";
import { loadLibrary } from "../../corpus/library.ts";
import { inAnotherLanguage } from "../../search/other-language.ts";
import { libraryWords } from "../../search/spelling.ts";

const words = libraryWords(await loadLibrary(new URL("../../corpus/library", import.meta.url).pathname));

it("reads questions in other languages and scripts as such", () => {
  for (const question of [
    "¿Cuánto dura un servicio?",
    "cuanto dura un servicio",
    "Combien de temps dure un office ici ?",
    "Wie lange dauert ein Gottesdienst?",
    "Quanto tempo dura uma cerimônia?",
    "Quanto dura una funzione serale?",
    "Hoe lang duurt een dienst?",
    "Сколько длится служба?",
    "礼拝はどのくらいの長さですか？",
    "礼拜多长时间？",
    "كم تستغرق الخدمة؟",
    "祈り",
  ])
    expect(inAnotherLanguage(question, words), question).toBe(true);
});

it("does not read English questions as another language", () => {
  for (const question of [
    "How long is a service?",
    "hw long is the sevice",
    "What is quetzalcoatl?",
    "Can I leave a reflection without a name?",
    "whats a chant for",
    "My cat died this morning and the flat is very quiet.",
    "Is Kubernetes autoscaling covered anywhere?",
    "How do I configure Kubernetes autoscaling?",
    "xyzzy plugh frobozz",
    "Who wrote Il Postino?",
    "Tell me about de Gaulle and the war",
    "Why six services a day?",
    "Do agents count as souls?",
    "ok",
    "Tell me about Lisbon at dusk",
    "What does 祈り mean?",
  ])
    expect(inAnotherLanguage(question, words), question).toBe(false);
});
