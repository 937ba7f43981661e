// Every sentence an answer may quote, from the pages it weighs: the hits, then the guides read whole. Each carries
// what it is about (title, heading, the sentence before), whether it opens a FAQ's answer, and the questions in
// visitors' words it answers (corpus/asked.ts).
import { plainText } from "../corpus/asked.ts";
import type { AskSources, Summary } from "./ask-library.ts";
import type { Sourced } from "./grounding.ts";
import type { Hit } from "./index.ts";
import { unitQuestion } from "./questions.ts";
import { headingList } from "./heading-lists.ts";
import { sentencesOf } from "./sentence-split.ts";

/**
 * Every sentence of the hits' pages, in reading order, with what it is about. A piece found by search is
 * first said by its summary: "How can I close the day well?" is answered by what a practice is ("An evening
 * review that walks the day backwards…"), which its lines, written to be prayed or sung, seldom say.
 */
export function candidatesOf(hits: Hit[], summaryOf: ReadonlyMap<string, Summary>, askedOf: AskSources["askedOf"]): Sourced[] {
  const candidates: Sourced[] = [];
  hits.forEach((hit, pageRank) => {
    let position = 0;
    const summary = hit.chunk.category === "docs" ? undefined : summaryOf.get(hit.chunk.page);
    const opening = hit.passages[0];
    if (summary && opening) {
      const tldr = /[.!?]$/.test(summary.tldr) ? summary.tldr : `${summary.tldr}.`;
      candidates.push({
        sentence: tldr,
        title: hit.chunk.title,
        context: `${hit.chunk.title}. A ${summary.kind}. ${summary.themes.join(", ")}.`,
        heading: "",
        pageRank,
        position: position++,
        meaning: 0,
        leads: false,
        question: null,
        asked: 0,
        guide: false,
        kind: summary.kind,
        passage: opening,
        hit,
      });
    }
    const seen = new Set<string | null>();
    const asked = hit.chunk.category === "docs" ? askedOf(hit.chunk.page) : [];
    for (const passage of hit.passages) {
      // The first sentence under a heading that is a question (a FAQ's) is that question's answer.
      const asks = unitQuestion(passage.section);
      const opensSection = !seen.has(passage.section) && asks !== null;
      seen.add(passage.section);
      sentencesOf(passage.text).forEach((sentence, i, all) => {
        // What a sentence is about may be said just before it ("Give a timezone… Without one, …").
        const context = `${hit.chunk.title}. ${passage.section ?? ""}. ${all[i - 1] ?? ""}`;
        const plain = asked.length ? plainText(sentence) : "";
        const variants = asked.filter((a) => plain.includes(a.fragment)).flatMap((a) => a.questions);
        candidates.push({
          sentence,
          title: hit.chunk.title,
          context,
          heading: passage.section ?? "",
          pageRank,
          position: position++,
          meaning: 0,
          leads: opensSection && i === 0,
          question: asks,
          asked: 0,
          guide: passage.category === "docs",
          kind: passage.category === "docs" ? undefined : (summary?.kind ?? passage.category),
          passage,
          hit,
          ...(variants.length ? { variants } : {}),
        });
      });
    }
  });
  return candidates;
}

/**
 * For each guide weighed whose headings name a set (heading-lists.ts), the sentence that says the set, after the
 * page's own sentences: read from the guide whole, whatever passages search found of it.
 */
export function headingListCandidates(weighed: Hit[], guides: Hit[]): Sourced[] {
  const out: Sourced[] = [];
  weighed.forEach((hit, pageRank) => {
    const whole = guides.find((g) => g.chunk.page === hit.chunk.page);
    const sentence =
      whole &&
      headingList(
        whole.chunk.title,
        whole.passages.map((p) => p.section ?? ""),
      );
    if (!whole || !sentence) return;
    out.push({
      ...{ sentence, title: whole.chunk.title, context: `${whole.chunk.title}.`, heading: "", pageRank, position: Number.MAX_SAFE_INTEGER },
      ...{ meaning: 0, leads: false, question: null, asked: 0, guide: true, passage: whole.passages[0], hit },
    });
  });
  return out;
}

/** The pages an answer weighs: the hits, then every guide not among them (read whole: ask-library.ts). */
export function pagesWeighed(hits: Hit[], sources: AskSources): Hit[] {
  const found = new Set(hits.map((h) => h.chunk.page));
  return [...hits, ...sources.guides.filter((h) => !found.has(h.chunk.page))];
}
