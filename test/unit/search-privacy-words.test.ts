// Questions about what is kept and who sees it, read with the guides' words for them (search/privacy-words.ts).
import { describe, expect, it } from "vitest";
import { asksFollowed, privacySaid, withPrivacyWords } from "../../search/privacy-words.ts";

describe("withPrivacyWords", () => {
  it("hears the ask box named by where the visitor types", () => {
    expect(withPrivacyWords("Is whatever I type in here visible to others?")).toBe("Is whatever I type in here (questions you ask) visible to others?");
    expect(withPrivacyWords("are the questions I put into this box private?")).toBe("are the questions I put into this box (questions you ask) private?");
    expect(privacySaid("If I enter something on the ask page, who sees it?")).toEqual(["(questions you ask)"]);
    // A reflection or a piece typed in is answered by its own guide's words.
    expect(privacySaid("If I type a reflection in here, is it public?")).toEqual([]);
  });

  it("hears the planner named by what it does, when asked whether it reads the visitor's words", () => {
    expect(privacySaid("does whatever picks the next service get to read my reflection?")).toEqual(["(the planner)"]);
    expect(privacySaid("when the service gets planned, does whatever plans it see what I wrote?")).toEqual(["(the planner)"]);
    expect(privacySaid("Who chooses the songs for each service — is there a person behind it?")).toEqual([]);
  });

  it("hears keeping asked as what is done with something the visitor gives", () => {
    expect(privacySaid("what do you do with the timezone i send when i attend?")).toEqual(["(is it kept or stored)"]);
    expect(privacySaid("What happens to my name after I attend?")).toEqual(["(is it kept or stored)"]);
    expect(privacySaid("what happens to my contribution after I send it?")).toEqual([]);
    // The thing given named first, and what happens to it asked after.
    expect(privacySaid("Once I type in my timezone, what happens to it?")).toEqual(["(is it kept or stored)"]);
    expect(privacySaid("I sent a contribution yesterday. What happens to it now?")).toEqual([]);
  });

  it("hears whether a name must be true, not a question about a real name's keeping", () => {
    expect(privacySaid("Do I have to give my real name? Does anyone verify it?")).toEqual(["(a name is a label, not a credential)"]);
    expect(privacySaid("If I type my real first name when attending, how long is it held on to?")).toEqual([]);
    expect(privacySaid("I go by the nickname Wren online, is that ok here?")).toEqual(["(a name is a label, not a credential)"]);
    expect(privacySaid("my name is just 'fern', is that allowed?")).toEqual(["(a name is a label, not a credential)"]);
  });

  it("hears being followed: said of the visitor, or two of its words together", () => {
    expect(asksFollowed("Does this site track me?")).toBe(true);
    expect(asksFollowed("any cookies or ads on here?")).toBe(true);
    expect(asksFollowed("How do I bake cookies?")).toBe(false);
    expect(asksFollowed("Can I track how long a service runs?")).toBe(false);
    expect(withPrivacyWords("Cookies, ads, anything like that?")).toBe("Cookies, ads (tracking, an account or a profile), anything like that?");
    // Beside the part that asks it, not a later part about something else.
    expect(withPrivacyWords("Are you tracking me with cookies, and do you log my searches?")).toBe(
      "Are you tracking me (tracking, an account or a profile) with cookies, and do you log my searches?",
    );
  });

  it("leaves questions about other things, and adds its words once", () => {
    for (const q of ["How long is a service?", "Where do reflections go after the live feed?", "Does this site track me? (tracking, an account or a profile)"])
      expect(withPrivacyWords(q)).toBe(q);
  });
});
