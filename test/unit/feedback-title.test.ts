// A short report's title is its message's first words; a message in a script without spaces is one long "word".
import { expect, it } from "vitest";
import { titleFromMessage } from "../../tools/feedback.ts";

it("titles a report by its first words, and a message written without spaces by its first 60 characters", () => {
  expect(titleFromMessage("The evening chant was lovely, thank you.")).toBe("The evening chant was lovely, thank you.");
  expect(titleFromMessage("one two three four five six seven eight nine ten")).toBe("one two three four five six seven eight…");
  const japanese = "夕べの祈りの歌がとても美しかったです。もう少し長く聞いていたかったので、次の礼拝でもまた流してください。ありがとうございました。";
  expect(titleFromMessage(japanese)).toBe(`${[...japanese].slice(0, 60).join("")}…`);
});
