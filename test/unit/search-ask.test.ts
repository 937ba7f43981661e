// Answers on the real library: every extractive answer to the fact set holds its facts, uncovered
// questions get the plain "not covered" answer, and a generated answer is given the same passages.
import { readFile } from "node:fs/promises";
import type OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractiveAnswer, generatedAnswer, groundAnswer, NOT_COVERED, NOT_COVERED_NEXT } from "../../search/answer.ts";
import { BARE_YES_NO, judgeAnswer, ofSplit, type AskSet } from "../../search/ask-eval.ts";
import { askSources } from "../../search/ask-library.ts";
import { realLibraryIndex, type RealIndex } from "../helpers/search-index.ts";

let real: RealIndex;
let fixture: AskSet;

beforeAll(async () => {
  real = await realLibraryIndex();
  // The dev split of the fixtures only (docs/ask-eval.md): the test split is reported by eval:ask, never
  // checked here, so a failing test cannot show its questions to whoever tunes the answers.
  const sets = await Promise.all(
    ["ask-facts.json", "ask-facts-untuned.json"].map(async (f) => JSON.parse(await readFile(new URL(`../fixtures/${f}`, import.meta.url), "utf8")) as AskSet),
  );
  fixture = ofSplit({ covered: sets.flatMap((s) => s.covered), uncovered: sets.flatMap((s) => s.uncovered) }, "dev");
}, 180_000);
afterAll(() => real?.close());

async function ask(question: string) {
  const grounding = await groundAnswer(real.index.embedder, question, await real.index.search(question, 5), real.index.expansions, askSources(real.library));
  return { grounding, answer: extractiveAnswer(grounding) };
}

describe("extractive answers", () => {
  it("hold the facts each dev question asks for (at least 90%), as quoted passages, never opening with another question's yes or no", async () => {
    expect(fixture.covered.length).toBeGreaterThanOrEqual(40);
    expect(fixture.covered.filter((c) => c.kind === "yes/no").length).toBeGreaterThanOrEqual(10);
    const failures: string[] = [];
    for (const { q, facts } of fixture.covered) {
      const { answer } = await ask(q);
      const verdict = judgeAnswer(answer, facts);
      expect(verdict.bareYesNo, `${q}:\n${answer}`).toBe(false);
      if (verdict.missing.length) failures.push(`${q} — missing ${verdict.missing.join(", ")}:\n${answer}`);
      else {
        expect(answer).toContain("quoted passages");
        expect(answer).toMatch(/^> /m);
      }
    }
    expect(failures.length, failures.join("\n\n")).toBeLessThanOrEqual(Math.floor(fixture.covered.length * 0.1));
  });

  it("quote a question-and-answer unit with its question, so its yes or no answers that question", async () => {
    const twice = (await ask("Can I post the same reflection twice?")).answer;
    expect(twice).toMatch(/^> \*\*Can I post the same reflection twice\?\*\* No\. .*30 days/m);
    const looking = (await ask("Does looking at /api/now count me as present?")).answer;
    expect(looking).toMatch(/^> \*\*[^*]+\?\*\* Yes\. Looking never counts you as present/m);
    const shared = (await ask("Can anyone read my reflections?")).answer;
    expect(shared).toContain("**Are my reflections private?** No. Reflections are public.");
    for (const answer of [twice, looking, shared]) expect(answer).not.toMatch(BARE_YES_NO);
  });

  it("keep the floor set on the off-topic calibration set's dev split: at least 95% of it answered not covered", async () => {
    const offTopic = ofSplit(JSON.parse(await readFile(new URL("../fixtures/ask-off-topic.json", import.meta.url), "utf8")) as AskSet, "dev");
    expect(offTopic.uncovered.length).toBeGreaterThanOrEqual(30);
    const answered: string[] = [];
    for (const q of offTopic.uncovered) if (!(await ask(q)).answer.includes(NOT_COVERED)) answered.push(q);
    // A guard against a floor that lets more through, on dev (#41 asks 95% of questions nobody tuned on): since the
    // sixth round's particular facts (search/slots.ts), 103 of 105 are answered not covered.
    expect(answered.length, answered.join("\n")).toBeLessThanOrEqual(Math.floor(offTopic.uncovered.length * 0.05));
    // 105 asks: 48-108 s in CI runs of one day on a 2-CPU machine beside the other suites, and 135 s once beside a
    // bench, against a 120 s limit: a limit is a guard against a hang, never a measure (figures: docs/performance.md).
  }, 600_000);

  it("quote the top source first when it has an answering sentence, unless a guide's entry asks the visitor's very question", async () => {
    const hits = await real.index.search("What is a reflection?", 5);
    const { grounding } = await ask("What is a reflection?");
    const [lead] = grounding.sentences;
    // The FAQ's own "What is a reflection?" entry may lead (every answer weighs the guides); otherwise the top source does.
    if (lead.question) expect(lead.question).toBe("What is a reflection?");
    else expect(lead.title).toBe(hits[0].chunk.title);
    expect(grounding.sentences.some((c) => c.title === hits[0].chunk.title) || lead.question === "What is a reflection?").toBe(true);
  });

  it("say plainly when the library does not cover the question, pointing to search and the guides and nothing else", async () => {
    expect(fixture.uncovered.length).toBeGreaterThanOrEqual(8);
    for (const q of fixture.uncovered) {
      const { answer, grounding } = await ask(q);
      expect(answer, q).toBe(`${NOT_COVERED} ${NOT_COVERED_NEXT}`);
      expect(NOT_COVERED_NEXT).toMatch(/search/);
      expect(NOT_COVERED_NEXT).toMatch(/\/docs\/faq/);
      expect(grounding.passages).toEqual([]);
    }
  });
});

describe("generated answers", () => {
  /** A stand-in for the OpenAI client that records what it is sent. */
  function recordingClient(sent: OpenAI.Chat.Completions.ChatCompletionCreateParams[]): OpenAI {
    return {
      chat: {
        completions: {
          create: async (body: OpenAI.Chat.Completions.ChatCompletionCreateParams) => (sent.push(body), { choices: [{ message: { content: "An answer." } }] }),
        },
      },
    } as unknown as OpenAI;
  }

  it("are given the passages the extractive answer quotes from, and none when the library does not cover it", async () => {
    const sent: OpenAI.Chat.Completions.ChatCompletionCreateParams[] = [];
    const covered = await ask("How long is a service?");
    const urlOf = (path: string) => `https://sanctuary.test${path}`;
    expect(await generatedAnswer(recordingClient(sent), "m", "How long is a service?", covered.grounding, [], urlOf)).toBe("An answer.");
    const user = String(sent[0].messages[1].content);
    for (const c of covered.grounding.sentences) expect(user).toContain(c.sentence.slice(0, 60));
    // Each passage carries the number of its page among the hits (the answer's `sources`), its title and address.
    covered.grounding.passages.forEach((p, i) => {
      expect(user).toContain(`[${covered.grounding.numbers[i]}] "${p.chunk.title}"`);
      expect(user).toContain(`(https://sanctuary.test${p.chunk.pagePath})`);
    });
    const hits = await real.index.search("How long is a service?", 5);
    // A guide read whole beyond the hits (ask-library.ts) is numbered after them, in `extra`.
    const { numbers, extra } = covered.grounding;
    const pageOf = (n: number) => (n <= hits.length ? hits[n - 1] : extra[n - hits.length - 1]).chunk.page;
    covered.grounding.passages.forEach((p, i) => expect(pageOf(numbers[i])).toBe(p.chunk.page));
    const uncovered = await ask(fixture.uncovered[0]);
    await generatedAnswer(recordingClient(sent), "m", fixture.uncovered[0], uncovered.grounding, []);
    expect(String(sent[1].messages[1].content)).toContain("(no passages were close enough)");
  });
});
