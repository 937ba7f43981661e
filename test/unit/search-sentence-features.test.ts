// The fitted sentence scorer's parts: the features are the hand formula's pieces kept apart, and the fit is
// deterministic (the same rows give the same weights) and finds the direction a synthetic set was made with.
import { describe, expect, it } from "vitest";
import { cuesOf, subjectTerms } from "../../search/answer-cues.ts";
import type { Candidate } from "../../search/candidate.ts";
import { featuresOf, sentenceScore } from "../../search/sentence-score.ts";
import { fitLogistic, fitRanked, solve, type Group } from "../../search/fit-logistic.ts";
import { FEATURE_NAMES, fittedScore, type Scoring } from "../../search/sentence-features.ts";

const sentenceOf = (over: Partial<Candidate>): Candidate => ({
  sentence: "A service is between 15 and 40 minutes long.",
  title: "Services",
  context: "Services. How long. ",
  heading: "How long is a service?",
  pageRank: 0,
  position: 0,
  meaning: 0.5,
  leads: false,
  guide: true,
  ...over,
});

const scoring = (question: string, c: Candidate, pieceShare = 0.75): Scoring => {
  const cues = cuesOf(question);
  return { c, subject: subjectTerms(question, cues), cues, asksWhatIs: false, pieceShare };
};

describe("sentence features", () => {
  const named = (s: Scoring) => Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, featuresOf(s)[i]]));

  it("keeps the hand formula's pieces apart, the hand score among them", () => {
    const s = scoring("How long is a service?", sentenceOf({}));
    const f = named(s);
    expect(featuresOf(s)).toHaveLength(FEATURE_NAMES.length);
    expect(f.held).toBe(1);
    expect(f.meaning).toBe(0.5);
    expect(f.heldXmeaning).toBe(0.5);
    expect(f.rank0).toBe(1);
    expect(f.rank1 + f.rank2).toBe(0);
    expect(f.typed).toBe(1);
    expect(f.typedFit).toBe(1);
    expect(f.piece + f.pieceAlone).toBe(0);
    expect(f.hand).toBe(sentenceScore(s));
  });

  it("scores a correction of the hand formula as the hand score when nothing is corrected, more when a corrected feature is had", () => {
    const s = scoring("How long is a service?", sentenceOf({}));
    const none = FEATURE_NAMES.map(() => 0);
    expect(fittedScore({ form: "correction", bias: 0, weights: none }, featuresOf(s))).toBeCloseTo(sentenceScore(s));
    const held = none.map((_, i) => (FEATURE_NAMES[i] === "held" ? 0.5 : 0));
    expect(fittedScore({ form: "correction", bias: 0, weights: held }, featuresOf(s))).toBeCloseTo(sentenceScore(s) * Math.exp(0.5));
  });

  it("tells a piece weighed beside the guides from one weighed alone, and a unit's question from a heading", () => {
    const piece = sentenceOf({ guide: false, kind: "song", pageRank: 2, question: "How long is a service?", asked: 0.9, leads: true });
    const beside = named(scoring("How long is a service?", piece));
    const alone = named(scoring("How long is a service?", piece, 1));
    expect([beside.piece, beside.pieceAlone, alone.piece, alone.pieceAlone]).toEqual([1, 0, 0, 1]);
    expect([beside.unit, beside.asked, beside.heading, beside.ownQuestion, beside.leads, beside.rank2]).toEqual([1, 0.9, 0, 1, 1, 1]);
  });
});

describe("fitLogistic", () => {
  // A synthetic set: the label follows the first feature, the second is noise; made by a fixed recurrence.
  const rows: number[][] = [];
  const labels: number[] = [];
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < 400; i++) {
    const a = next();
    const b = next();
    rows.push([a, b]);
    labels.push(next() < 1 / (1 + Math.exp(-(6 * a - 3))) ? 1 : 0);
  }

  it("gives the same weights for the same rows", () => {
    expect(fitLogistic(rows, labels, 0.01)).toEqual(fitLogistic(rows, labels, 0.01));
  });

  it("finds the feature the labels follow, and shrinks the weights as lambda grows", () => {
    const loose = fitLogistic(rows, labels, 0.0001);
    const tight = fitLogistic(rows, labels, 1);
    expect(loose.weights[0]).toBeGreaterThan(3);
    expect(Math.abs(loose.weights[1])).toBeLessThan(1.5);
    expect(Math.abs(tight.weights[0])).toBeLessThan(Math.abs(loose.weights[0]));
    expect(fittedScore(loose, [1, 0.5])).toBeGreaterThan(fittedScore(loose, [0, 0.5]));
  });

  it("solves a small linear system", () => {
    const s = solve(
      [
        [4, 1],
        [1, 3],
      ],
      [1, 2],
    );
    expect(s[0]).toBeCloseTo(1 / 11);
    expect(s[1]).toBeCloseTo(7 / 11);
  });
});

describe("fitRanked", () => {
  // Groups of three sentences: the labelled one has the larger first feature; the second feature is the same
  // within a group (a thing of the question, not of the sentence), so it can teach nothing.
  const groups: Group[] = Array.from({ length: 30 }, (_, g) => ({
    x: [
      [0.2 + (g % 5) / 10, g % 2],
      [0.9, g % 2],
      [0.1, g % 2],
    ],
    y: g % 7 === 0 ? [1, 0, 0] : [0, 1, 0],
  }));

  it("gives the same weights for the same groups, and weighs up the feature that picks the labelled sentence", () => {
    const w = fitRanked(groups, 0.01);
    expect(fitRanked(groups, 0.01)).toEqual(w);
    expect(w[0]).toBeGreaterThan(1);
    expect(Math.abs(w[1])).toBeLessThan(1e-6);
  });
});
