// Which operation a question asking for a route names (search/route-ops.ts), the request asked from code (program-cues.ts), and an absence said as an act (answer-cues.ts).
import { describe, expect, it } from "vitest";
import { cuesOf, subjectTerms } from "../../search/answer-cues.ts";
import { REQUEST } from "../../search/program-cues.ts";
import { operationsAsked, operationsNamed, routeElsewhere } from "../../search/route-ops.ts";
import { alternativesOf } from "../../search/sentence-evidence.ts";

const OPERATIONS = ["attend", "now", "reflect", "search", "ask", "contribute", "feedback", "read_song", "read_doc"];
const operationsOf = (q: string) => operationsAsked(q, subjectTerms(q, cuesOf(q)), OPERATIONS, alternativesOf(q, null));

describe("the operation a question names", () => {
  it("reads routes and tools as sentences write them", () => {
    expect(operationsNamed("GET /api/now (the tool now) returns the same service")).toEqual(["now"]);
    expect(operationsNamed("Agents can use read_song with a song's slug.")).toEqual(["read_song"]);
    expect(operationsNamed("each naming its tool and its HTTP request")).toEqual([]);
  });

  it("is the route written out, else its name said, else a word linked to it", () => {
    expect([...operationsOf("What fields does POST /api/reflect want?")]).toEqual(["reflect"]);
    expect([...operationsOf("which tool do I use to post a reflection?")]).toEqual(["reflect"]);
    expect([...operationsOf("Which HTTP endpoint joins a service?")]).toEqual(["attend"]);
  });

  it("is never a word of the question's kind", () => {
    expect([...operationsOf("what's the exact GET request for the service?")]).not.toContain("ask");
  });

  it("makes a sentence giving another route answer another question", () => {
    const asked = new Set(["attend"]);
    expect(routeElsewhere("GET /api/now returns the same service without registering your presence.", asked)).toBe(true);
    expect(routeElsewhere("Attend with GET /api/attend, or look with GET /api/now.", asked)).toBe(false);
    expect(routeElsewhere("A service lasts between 15 and 40 minutes.", asked)).toBe(false);
  });
});

describe("a request asked from code", () => {
  it("wants the request, and its words of the wire are no subject", () => {
    const q = "Which endpoint do I call to attend a service from a script? a curl example would be great";
    expect(cuesOf(q)).toContain(REQUEST);
    expect(subjectTerms(q, cuesOf(q))).not.toContain("script");
    expect(cuesOf("my bot wants to sit in on a service. what's the exact GET request?")).toContain(REQUEST);
    expect(cuesOf("What fields does POST /api/reflect want?")).not.toContain(REQUEST);
    expect(cuesOf("Can I get a service one part at a time?")).not.toContain(REQUEST);
  });
});

describe("an absence said as an act", () => {
  it("asks what happens without it, as 'no timezone' does", () => {
    const without = cuesOf("what happens if I send no timezone?");
    for (const q of [
      "what happens if my client just leaves out the timezone?",
      "what happens if I skip the timezone?",
      "what happens if the name is left blank?",
    ])
      expect(cuesOf(q)).toEqual(without);
    expect(cuesOf("what happens if I leave a reflection?")).not.toEqual(without);
  });
});
