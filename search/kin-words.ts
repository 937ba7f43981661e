// The people close to a visitor, as visitors name them ("my mum", "her grandad", "our partner"): one vocabulary for
// the rules that read who a sentence is about, so a loss told of someone (piece-situation.ts) and an agent acting for
// someone (subject-cues.ts) know the same family. Regular-expression sources, no groups that capture.

/** Family and friends, as visitors name them. */
export const FAMILY =
  "(?:mum|mom|mother|dad|father|parents?|brother|sister|son|daughter|child|baby|husband|wife|partner|friend|nan|granny|gran|grandma|grandad|grandpa|grandmother|grandfather|aunt|uncle|cousin)";

/** The animals a household keeps, whose loss is told as a family member's. */
export const PETS = "(?:dog|cat|pet)";
