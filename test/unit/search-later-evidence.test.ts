// Beside the visitor's very question answered, a later quote must answer a near one or bring what it lacks (search/later-evidence.ts, quotable.ts).
import { describe, expect, it } from "vitest";
import type { Candidate } from "../../search/candidate.ts";
import { chooseSentences } from "../../search/extract.ts";
import { joinsQuote, mayJoinOwnAnswer } from "../../search/later-evidence.ts";

const laterQuote = (sentence: string, more: Partial<Candidate> = {}): Candidate => ({
  sentence,
  heading: "",
  title: "Questions Visitors Often Ask",
  context: "Questions Visitors Often Ask",
  pageRank: 0,
  position: 0,
  meaning: 0.6,
  leads: false,
  guide: true,
  ...more,
});

describe("a later quote beside the visitor's own question answered", () => {
  const own = laterQuote("The time zone you should give is your own, written as an IANA timezone name such as Europe/Lisbon.", {
    question: "What time zone should I give, and what does it do?",
    leads: true,
    asked: 0.9,
    position: 10,
  });
  const kept = laterQuote(
    "Very little. When you attend, the sanctuary keeps the name you give, for 24 hours; it keeps no timezone, no account and no profile.",
    {
      question: "What does the sanctuary keep about me?",
      leads: true,
      asked: 0.2,
      position: 30,
    },
  );

  it("is left out when it answers another question sharing its words", () => {
    expect(chooseSentences("What timezone should I give?", [own, kept])).toEqual([own]);
  });

  it("joins when it answers a near question, has the kind asked that the rest lack, or is quoted with them", () => {
    const c = laterQuote("Anything.", { position: 40 });
    expect(mayJoinOwnAnswer({ c, askedNear: false, kindLacking: false }, [own], true)).toBe(false);
    expect(mayJoinOwnAnswer({ c, askedNear: true, kindLacking: false }, [own], true)).toBe(true);
    expect(mayJoinOwnAnswer({ c, askedNear: false, kindLacking: true }, [own], true)).toBe(true);
    expect(mayJoinOwnAnswer({ c, askedNear: false, kindLacking: false }, [own], false)).toBe(true);
    expect(
      mayJoinOwnAnswer(
        { c: laterQuote("Your time zone sets your slot.", { question: own.question, position: 11 }), askedNear: false, kindLacking: false },
        [own],
        true,
      ),
    ).toBe(true);
  });

  it("is quoted with a chosen one when of its unit or next to it on its page", () => {
    expect(joinsQuote(laterQuote("They are gentle.", { position: 31 }), [laterQuote("The deep watch.", { position: 30 })])).toBe(true);
    expect(joinsQuote(laterQuote("They are gentle.", { position: 35 }), [laterQuote("The deep watch.", { position: 30 })])).toBe(false);
    expect(joinsQuote(laterQuote("No profile.", { question: kept.question, position: 32 }), [kept])).toBe(true);
  });
});
