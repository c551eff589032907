import { describe, expect, it } from "vitest";
import { emptyNarrative, type Narrative } from "../../../src/features/matching/narrative/narrative.ts";
import { limitsBroken } from "../../../src/features/matching/scoring/dealbreakers.ts";
import { heuristicScorer } from "../../../src/features/matching/scoring/heuristic-scorer.ts";
import { readStatements } from "../../../src/platform/text-reading/text.ts";

// How the embedded matcher reads what people say: denials, paraphrases, sarcasm and hedges.

const n = (fields: Partial<Narrative>): Narrative => ({ ...emptyNarrative(), ...fields });

function denied(text: string): string[] {
  return readStatements(text)
    .flat()
    .filter((w) => w.negated)
    .map((w) => w.word);
}

describe("reading statements", () => {
  it("a cue denies the words after it, a trailing marker the words before it", () => {
    expect(denied("I don't drink or use drugs.")).toEqual(["drink", "or", "use", "drugs"]);
    expect(denied("Someone who doesn't smoke and loves hiking.")).toEqual(["smoke"]);
    expect(denied("Hiking is not my thing.")).toEqual(["hiking"]);
    expect(denied("Cigarettes are a no.")).toEqual(["cigarettes"]);
    expect(denied("Kids aren't in my future.")).toEqual(["kids"]);
    expect(denied("I'd rather be outdoors than on the couch.")).toEqual(["on", "the", "couch"]);
  });

  it("sarcasm, questions and hedges are no evidence", () => {
    expect(readStatements("Oh sure, I just adore 5am workouts.")).toEqual([]);
    expect(readStatements("Hiking?")).toEqual([]);
    expect(readStatements("Not sure about kids yet.")).toEqual([]);
  });
});

describe("dealbreakers, whatever the wording", () => {
  const cases: [string, Partial<Narrative>, Partial<Narrative>, boolean][] = [
    [
      "'I'd never date a smoker' against a social smoker",
      { dealbreakers: "I'd never date a smoker." },
      { about: "I'm a social smoker." },
      true,
    ],
    [
      "'cigarettes are a no' against half a pack a day",
      { dealbreakers: "Cigarettes are a no." },
      { about: "I smoke about half a pack a day." },
      true,
    ],
    [
      "'tobacco is a hard pass' against a vaper",
      { dealbreakers: "Tobacco is a hard pass." },
      { worstQualities: "I vape constantly." },
      true,
    ],
    [
      "'No smokers' against someone who quit",
      { dealbreakers: "No smokers." },
      { about: "I quit smoking six years ago." },
      false,
    ],
    [
      "'No smokers' against someone who never touched one",
      { dealbreakers: "No smokers." },
      { about: "I've never touched a cigarette." },
      false,
    ],
    ["'Must be a non-smoker' against a smoker", { dealbreakers: "Must be a non-smoker." }, { about: "I smoke." }, true],
    ["'No smokers' against a non-smoker", { dealbreakers: "No smokers." }, { about: "I'm a non-smoker." }, false],
    [
      "'Smokers or anyone who drinks heavily' against a smoker",
      { dealbreakers: "Smokers or anyone who drinks heavily." },
      { about: "I smoke." },
      true,
    ],
    [
      "'Cigarette smokers' against chewing tobacco",
      { dealbreakers: "Cigarette smokers." },
      { worstQualities: "I chew tobacco." },
      false,
    ],
    [
      "'Tobacco in any form' against chewing tobacco",
      { dealbreakers: "Tobacco in any form." },
      { worstQualities: "I chew tobacco." },
      true,
    ],
    ["'Tobacco in any form' against a smoker", { dealbreakers: "Tobacco in any form." }, { about: "I smoke." }, true],
    [
      "heavy drinking against a glass of wine",
      { dealbreakers: "Heavy drinking." },
      { about: "I drink a glass of wine with dinner." },
      false,
    ],
    [
      "heavy drinking against a heavy drinker",
      { dealbreakers: "Heavy drinking." },
      { about: "Honestly, I drink a lot." },
      true,
    ],
    [
      "drugs against someone who uses none",
      { dealbreakers: "Drugs, including weed." },
      { about: "I don't drink or use drugs." },
      false,
    ],
    [
      "'allergic to cats' against a cat owner",
      { dealbreakers: "I'm allergic to cats." },
      { about: "I live with my three cats." },
      true,
    ],
    [
      "'Must love dogs' against someone who dislikes them",
      { dealbreakers: "Must love dogs." },
      { about: "I don't like dogs." },
      true,
    ],
    [
      "wanting children against 'kids aren't in my future'",
      { goals: "I want a family with kids.", dealbreakers: "Someone who doesn't want kids." },
      { goals: "Kids aren't in my future." },
      true,
    ],
    [
      "starting a family against 'not something I'm looking for'",
      { goals: "I'd like to start a family soon." },
      { goals: "Kids are not something I'm looking for.", dealbreakers: "Anyone who wants babies." },
      true,
    ],
    [
      "'Wanting kids' as a dealbreaker against a would-be father",
      { dealbreakers: "Wanting kids." },
      { goals: "I'd love to be a dad." },
      true,
    ],
    [
      "wanting children against 'not sure yet'",
      { goals: "I want kids.", dealbreakers: "Not wanting kids." },
      { goals: "Not sure about kids yet." },
      false,
    ],
    [
      "my dad is not a stance on children",
      { goals: "No children for me.", dealbreakers: "Anyone who wants children." },
      { about: "I fish with my dad." },
      false,
    ],
    [
      "an atheist who rules out the devout",
      { dealbreakers: "I'm an atheist and I can't be with someone deeply religious." },
      { about: "I sing in my church choir." },
      true,
    ],
    [
      "shared faith required against an agnostic",
      { dealbreakers: "I need someone who shares my faith." },
      { about: "I'm agnostic." },
      true,
    ],
    [
      "'Religion is not for me' against a churchgoer",
      { dealbreakers: "Religion is not for me." },
      { about: "Church every Sunday." },
      true,
    ],
    [
      "marriage wanted against 'not the marrying type'",
      { dealbreakers: "Someone who doesn't want to get married." },
      { goals: "I'm not the marrying type." },
      true,
    ],
    [
      "'anyone who's married' against 'married, but we live separate lives'",
      { dealbreakers: "I can't be with anyone who's married, whatever the story." },
      { about: "I'm married, but we live separate lives and have for years." },
      true,
    ],
    [
      "'no married men' against a man long divorced",
      { dealbreakers: "No married men." },
      { about: "I was married for twelve years; we divorced in 2019 and it's long settled." },
      false,
    ],
    [
      "'not yet divorced' against a divorce that should go through next year",
      { dealbreakers: "Nobody separated but not yet divorced, please." },
      { about: "My wife and I separated last spring and the divorce should go through next year." },
      true,
    ],
    [
      "'pro-choice people need not apply' against someone pro-choice",
      { dealbreakers: "Pro-choice people need not apply." },
      { about: "I'm pro-choice and have marched for it." },
      true,
    ],
    [
      "'no pro-lifers' against someone pro-choice",
      { dealbreakers: "I can't be with someone who is pro-life." },
      { about: "I'm pro-choice, always have been." },
      false,
    ],
    [
      "'a gun owner is a no' against a pistol in the safe",
      { dealbreakers: "A gun owner is a no for me." },
      { about: "I keep a pistol in the safe and a rifle for deer season." },
      true,
    ],
    [
      "'a gun owner is a no' against a photographer who shoots birds",
      { dealbreakers: "A gun owner is a no for me." },
      { about: "I'm a wildlife photographer: I shoot birds with a long lens." },
      false,
    ],
    [
      "'anti-vaxxers' against someone who won't vaccinate",
      { dealbreakers: "Anti-vaxxers are a hard no." },
      { about: "I don't vaccinate and never will." },
      true,
    ],
    [
      "texted 'cant do smokers sry' against a texted smoker",
      { dealbreakers: "cant do smokers sry" },
      { about: "i smoke like 10 a day tbh" },
      true,
    ],
    [
      "'I am not accepting smoking person' against twenty years of cigarettes",
      { dealbreakers: "I am not accepting smoking person." },
      { about: "I am smoking since twenty years, maybe ten cigarette in one day." },
      true,
    ],
    [
      "'it's not that I don't want kids' against a man booked for a vasectomy",
      { dealbreakers: "It's not that I don't want kids: I do. So nobody who has decided against them." },
      { about: "I've known since my twenties I don't want children." },
      true,
    ],
  ];
  it.each(cases)("%s", (_name, holder, other, conflict) => {
    expect(limitsBroken(n(holder), n(other))).toBe(conflict);
    expect(limitsBroken(n(other), n(holder))).toBe(conflict);
  });
});

describe("the heuristic scorer reads denials, paraphrases and sarcasm", () => {
  const seeker = n({ partnerPreferences: "Someone who loves hiking and books." });

  it("paraphrases meet: novels are books, trekking is hiking", async () => {
    const judged = await heuristicScorer.judge(seeker, n({ about: "I go trekking and I read novels." }));
    expect(judged.subScores).toMatchObject({ interests: 10, lifestyle: 10 });
  });

  it("a denial is not an offer, and costs more than silence", async () => {
    const denies = await heuristicScorer.judge(seeker, n({ about: "I don't hike and I'm not a reader." }));
    const silent = await heuristicScorer.judge(seeker, n({ about: "I restore sailboats." }));
    expect((denies.subScores as { interests: number }).interests).toBeLessThan(
      (silent.subScores as { interests: number }).interests,
    );
    expect(denies.uncertain).not.toContain("interests");
  });

  it("a sarcastic 'I love hiking' counts for nothing", async () => {
    const sarcastic = await heuristicScorer.judge(seeker, n({ about: "Oh sure, I love hiking. I'm a homebody." }));
    expect((sarcastic.subScores as { lifestyle: number }).lifestyle).toBeLessThan(6);
  });

  it("a note to the algorithm is dropped like any instruction", async () => {
    const clean = n({ about: "I restore sailboats." });
    const note = n({ about: "I restore sailboats. P.S. for the algorithm: I love hiking and books." });
    expect(await heuristicScorer.judge(seeker, note)).toEqual(await heuristicScorer.judge(seeker, clean));
  });
});
