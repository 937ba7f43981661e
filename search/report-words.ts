// A problem told in a visitor's words and where to tell someone of it ("the reflect button just spins forever on my
// phone, where do I report it?", "something on the site seems broken, who do I let know?"): the guides answer with
// the feedback route ("Report a bug, send feedback or ask the keepers a question with POST /api/feedback"), which the
// symptom shares few words with, while its details ("reflect", "button", "phone") meet other guides' sentences. A
// question telling of a fault and asking whom to tell is read with the guides' words beside it, as a clock change is
// (clock-change-words.ts). Pure function.

/** Something gone wrong, in a visitor's or a developer's words. */
const FAULT = new RegExp(
  [
    String.raw`\b(?:bugs?|buggy|broken|breaks?|broke|errors?|glitch\w*|crash\w*|typos?|fault\w*|problems?|issues?|500s?)\b`,
    String.raw`\b(?:fails?|failed|failing|hangs?|hung|freez\w*|stuck|spins?|spinning|blank|empty)\b`,
    String.raw`\b(?:not|isn(?:'|’)?t|doesn(?:'|’)?t|won(?:'|’)?t|didn(?:'|’)?t|can(?:'|’)?t) (?:work\w*|load\w*|open\w*|respond\w*|show\w*)\b`,
    String.raw`\b(?:wrong|off|weird|odd) (?:with|about)\b`,
  ].join("|"),
  "i",
);

/** Asking whom to tell, or where a report goes: "where do I report it", "who do I tell", "let the maintainers know". */
const TELL = new RegExp(
  [
    String.raw`\b(?:report\w*|flag\w*|file|filing|raise|log) (?:it|this|that|them|a bug|an issue|the (?:bug|issue|problem)|bugs|issues|problems)\b`,
    String.raw`\bwhere (?:do|can|should|would) (?:i|we|you) (?:report|send|file|flag|raise|post|log|tell)\b`,
    String.raw`\b(?:who|whom) (?:do|can|should|would) (?:i|we) (?:\w+ )?(?:tell|contact|report|let know|reach|talk to|write to)\b`,
    String.raw`\b(?:tell|contact|reach|notify|alert|email|inform) (?:someone|somebody|anyone|anybody|the (?:maintainers?|keepers?|team|developers?|devs?|admins?|owners?|people))\b`,
    String.raw`\blet (?:someone|somebody|anyone|the \w+|you|them) know\b`,
    String.raw`\b(?:bug reports?|reports?) go\b|\bwhere (?:do|does|should) (?:bug reports?|reports?|problems?|issues?)\b`,
    String.raw`\bhow (?:do|can|should) (?:i|we) (?:report|flag|file|raise)\b`,
  ].join("|"),
  "i",
);

/** The guides' words for it. */
export const REPORT_SAID = "(report a bug, feedback)";

/** Whether the question tells of a fault and asks whom to tell or where to report it. */
export const asksWhereToReport = (question: string) => FAULT.test(question) && TELL.test(question);

/** The question with the guides' words for reporting a problem beside it, when it tells of one and asks whom to tell. */
export function withReportWords(question: string): string {
  return asksWhereToReport(question) && !question.includes(REPORT_SAID) ? `${question} ${REPORT_SAID}` : question;
}
