// Answers on the real library: every extractive answer to the fact set holds its facts, uncovered
// questions get the plain "not covered" answer, and a generated answer is given the same passages.
import { readFile } from "node:fs/promises";
import type OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractiveAnswer, generatedAnswer, groundAnswer, NOT_COVERED } from "../../search/answer.ts";
import { realLibraryIndex, type RealIndex } from "../helpers/search-index.ts";

interface AskFixture {
  covered: Array<{ q: string; facts: string[] }>;
  uncovered: string[];
}

let real: RealIndex;
let fixture: AskFixture;

beforeAll(async () => {
  real = await realLibraryIndex();
  fixture = JSON.parse(await readFile(new URL("../fixtures/ask-facts.json", import.meta.url), "utf8")) as AskFixture;
}, 180_000);
afterAll(() => real?.close());

async function ask(question: string) {
  const grounding = await groundAnswer(real.index.embedder, question, await real.index.search(question, 5));
  return { grounding, answer: extractiveAnswer(grounding) };
}

/** A fact lists alternatives separated by |; any one of them, in any case, will do. */
const holds = (answer: string, fact: string) => fact.split("|").some((f) => answer.toLowerCase().includes(f.toLowerCase()));

describe("extractive answers", () => {
  it("hold the facts each question asks for, as quoted passages", async () => {
    expect(fixture.covered.length).toBeGreaterThanOrEqual(25);
    const failures: string[] = [];
    for (const { q, facts } of fixture.covered) {
      const { answer } = await ask(q);
      const missing = facts.filter((f) => !holds(answer, f));
      if (missing.length) failures.push(`${q} — missing ${missing.join(", ")}:\n${answer}`);
      else {
        expect(answer).toContain("quoted passages");
        expect(answer).toMatch(/^> /m);
      }
    }
    expect(failures).toEqual([]);
  });

  it("quote the top source first when it has an answering sentence", async () => {
    const hits = await real.index.search("What is a reflection?", 5);
    const { grounding } = await ask("What is a reflection?");
    expect(grounding.sentences[0].title).toBe(hits[0].chunk.title);
  });

  it("say plainly when the library does not cover the question", async () => {
    for (const q of fixture.uncovered) {
      const { answer, grounding } = await ask(q);
      expect(answer, q).toContain(NOT_COVERED);
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
    expect(await generatedAnswer(recordingClient(sent), "m", "How long is a service?", covered.grounding, [])).toBe("An answer.");
    const user = String(sent[0].messages[1].content);
    for (const c of covered.grounding.sentences) expect(user).toContain(c.sentence.slice(0, 60));
    const uncovered = await ask(fixture.uncovered[0]);
    await generatedAnswer(recordingClient(sent), "m", fixture.uncovered[0], uncovered.grounding, []);
    expect(String(sent[1].messages[1].content)).toContain("(no passages were close enough)");
  });
});
