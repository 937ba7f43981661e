// A question after a figure that lists the things it is asked of, read as one part per thing (search/list-parts.ts):
// pure, no library.
import { describe, expect, it } from "vitest";
import { partsRead } from "../../search/follow-up.ts";
import { listParts } from "../../search/list-parts.ts";

describe("listParts", () => {
  it("asks a limit of each thing a list names, its preposition said once or each time", () => {
    expect(listParts("What are the daily caps on kites, on boats, and on sledges?")).toEqual([
      "What are the daily caps on kites?",
      "What are the daily caps on boats?",
      "What are the daily caps on sledges?",
    ]);
    expect(listParts("How many loaves a week for bakers, millers and grocers?")).toEqual([
      "How many loaves a week for bakers?",
      "How many loaves a week for millers?",
      "How many loaves a week for grocers?",
    ]);
  });

  it("keeps the scene before and the words after the list with each part, and reads a colon as 'for'", () => {
    expect(listParts("I run a ferry. What is the hourly limit for cars, vans and lorries, so I can plan?")).toEqual([
      "I run a ferry. What is the hourly limit for cars, so I can plan?",
      "I run a ferry. What is the hourly limit for vans, so I can plan?",
      "I run a ferry. What is the hourly limit for lorries, so I can plan?",
    ]);
    expect(listParts("Tell me the weekly quotas: red tickets, blue tickets and green tickets.")).toEqual([
      "Tell me the weekly quotas for red tickets.",
      "Tell me the weekly quotas for blue tickets.",
      "Tell me the weekly quotas for green tickets.",
    ]);
  });

  it("splits two things only when their preposition is said twice", () => {
    expect(listParts("What is the limit for kites and for boats?")).toEqual(["What is the limit for kites?", "What is the limit for boats?"]);
    expect(listParts("What is the limit for kites and boats?")).toEqual(["What is the limit for kites and boats?"]);
  });

  it("leaves a list alone when no figure is asked of it", () => {
    expect(listParts("Is there a poem for rain, snow and hail?")).toEqual(["Is there a poem for rain, snow and hail?"]);
    expect(listParts("Which songs are about cats, dogs and birds?")).toEqual(["Which songs are about cats, dogs and birds?"]);
  });
});

describe("partsRead with a list", () => {
  it("answers each thing listed as a part of its own", () => {
    expect(partsRead("What are the hourly limits on kites, on boats and on sledges?").map((p) => p.text)).toEqual([
      "What are the hourly limits on kites?",
      "What are the hourly limits on boats?",
      "What are the hourly limits on sledges?",
    ]);
  });
});
