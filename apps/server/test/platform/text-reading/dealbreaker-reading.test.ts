import type { ReadingItem } from "@sams-web/domain/non-negotiables/contracts";
import { AREA_QUESTIONS, WORD_TOPIC_QUESTIONS } from "@sams-web/domain/non-negotiables/messages";
import { sharesWordRun } from "@sams-web/domain/non-negotiables/rules";
import { describe, expect, it } from "vitest";
import { emptyNarrative, type Narrative } from "../../../src/features/matching/narrative/narrative.ts";
import {
  checkLimits,
  type LimitCheck,
  type MatchPerson,
  readPerson,
} from "../../../src/features/matching/scoring/dealbreakers.ts";
import { readDealbreakers } from "../../../src/platform/text-reading/dealbreaker-reading.ts";
import { readYesNo } from "../../../src/platform/text-reading/yes-no.ts";

// Free-text dealbreakers on topics no word list of the code names, read into neutral questions;
// the answers that end a pair; and the misreadings that must not refuse anyone.

const read = (text: string, selfText = "") => readDealbreakers(text, { facts: {}, selfText });
const asked = (items: ReadingItem[]) =>
  items.flatMap((item) => (item.kind === "ask" ? [[item.question, item.endsOn] as const] : []));
const kinds = (items: ReadingItem[]) => items.map((item) => item.kind);
const n = (fields: Partial<Narrative>): Narrative => ({ ...emptyNarrative(), ...fields });
/** Each item read: its limit when it is one, else its kind. */
const limits = (text: string) => read(text).map((i) => (i.kind === "limit" ? i.limit : i.kind));
/** Someone holding these dealbreakers, and someone who says this of themselves. */
const holder = (dealbreakers: string, facts = {}): MatchPerson => readPerson(n({ dealbreakers }), facts);
const other = (about: string, facts = {}): MatchPerson => readPerson(n({ about }), facts);
/** Whether a limit is broken: by the other's answers (the pair ends) or by their words (Sam asks them). */
const breaks = (check: LimitCheck) => check.conflict || check.brokenByWords;

describe("a dealbreaker no list names becomes a neutral question about the other person", () => {
  it.each([
    ["Someone who works every weekend.", "Do you work every weekend?", "yes"],
    ["Anyone who lives on a boat.", "Do you live on a boat?", "yes"],
    ["People who sell timeshares.", "Do you sell timeshares?", "yes"],
    ["Someone who doesn't believe in climate change.", "Do you believe in climate change?", "no"],
    ["People who don't tip.", "Do you tip?", "no"],
    ["Someone glued to their phone at dinner.", AREA_QUESTIONS.phone.question, "yes"],
    ["Drummers.", "Are you a drummer?", "yes"],
    ["I won't date a lawyer again.", "Are you a lawyer?", "yes"],
    ["Extreme sports.", AREA_QUESTIONS.extremeSports.question, "yes"],
    ["Someone who is still on the apps while we're dating.", AREA_QUESTIONS.datingOthers.question, "yes"],
    ["I need someone who has never struggled with addiction.", "Have you ever struggled with addiction?", "yes"],
    ["People in pyramid schemes or multi-level marketing.", AREA_QUESTIONS.networkMarketing.question, "yes"],
    ["I won't do open relationships.", "Are you in, or looking for, an open relationship?", "yes"],
    ["Hunting is where I draw the line.", AREA_QUESTIONS.hunting.question, "yes"],
    // Guns, gambling and an ex close by have neutral questions of their own.
    ["Guns are out of the question.", "Do you own a gun?", "yes"],
    ["Please, nobody who spends their evenings at the casino.", "Do you gamble or bet regularly?", "yes"],
    ["If you're still living with your ex, keep scrolling.", AREA_QUESTIONS.ex.question, "yes"],
    // Shortened so as not to quote, a question never ends on a count ("...on the road three?").
    ["A partner who is out on the boat three weekends a month.", "Are you out on the boat?", "yes"],
    ["Anyone who can't share their home with pets.", "Would you share your home with pets?", "no"],
    // Jealousy is asked about, as a temper is: people own up to it, and it shows in what they do.
    ["Possessive men. Been there.", AREA_QUESTIONS.jealousy.question, "yes"],
    ["My ex went through my phone every night. Never again.", AREA_QUESTIONS.jealousy.question, "yes"],
    ["Anyone with one foot out the door to another country, it won't work.", AREA_QUESTIONS.moving.question, "yes"],
    ["Not for me: a partner whose job takes them away for weeks.", AREA_QUESTIONS.distance.question, "yes"],
    // A kind of person, and a person described, are asked of the person: not "Are doomsday types part of your life?"
    ["Doomsday types.", "Are you the doomsday type?", "yes"],
    ["call me old fashioned but heavily tattooed is a no for me", "Are you heavily tattooed?", "yes"],
  ])("%s → %s (the pair ends on %s)", (dealbreaker, question, endsOn) => {
    expect(asked(read(dealbreaker))).toEqual([[question, endsOn]]);
  });

  it("never repeats six words in a row of the dealbreaker, nor says who asked", () => {
    const dealbreaker = "Someone who plans every single weekend of their life around a strict astrology calendar.";
    const [question] = asked(read(dealbreaker));
    expect(question?.[0]).toBeDefined();
    expect(sharesWordRun(question?.[0] ?? "", dealbreaker)).toBe(false);
    expect(question?.[0]).not.toMatch(/\b(?:i|me|my|someone|they|their)\b/i);
  });

  it("reads a reason or a story as no rule, and a language it cannot read as nothing", () => {
    expect(read("Drummers. I need quiet at home.")).toHaveLength(1);
    expect(kinds(read("My dad smoked and it killed him, so no smokers."))).toEqual(["limit"]);
    expect(read("Je ne supporte pas le mensonge.")).toEqual([]);
    expect(read("La mentira y la falta de respeto.")).toEqual([]);
  });

  it("keeps a trait of character in mind instead of asking about it", () => {
    expect(kinds(read("Selfishness."))).toEqual(["trait"]);
    expect(kinds(read("Anyone who is cruel to animals."))).toEqual(["trait"]);
    expect(kinds(read("Men who are condescending, and anyone who hates animals."))).toEqual(["trait", "trait"]);
  });
});

describe("misreadings that must not refuse a good pair", () => {
  it("'lying about having kids' is about lying, not children: asked about the lie, no limit", () => {
    const items = read("Lying, especially lying about having kids.", "I want children one day.");
    expect(items.some((item) => item.kind === "limit")).toBe(false);
    expect(asked(items)).toEqual([["Have you ever lied about having kids?", "yes"]]);
  });

  it("'someone who hides a wife' is about deceit, not against marriage", () => {
    const items = read("Someone who hides a wife at home. I was lied to once about being married.");
    expect(items.some((item) => item.kind === "limit")).toBe(false);
  });

  it("what a person enjoys is no dealbreaker, unless the sentence also refuses something", () => {
    expect(read("I love hiking on weekends, reading books and cooking Italian food.")).toEqual([]);
    expect(read("I really like quiet evenings, gardening and old movies.")).toEqual([]);
    expect(limits("I love dogs, so no cat people.")).toEqual(["cats"]);
    expect(asked(read("I enjoy hiking. Debts are a hard no."))).toEqual([["Are you paying off any debts?", "yes"]]);
  });

  it("being married or separated now is no stance on marriage", () => {
    expect(limits("Not someone who is still legally married.")).toEqual(["married"]);
    expect(limits("Married men.")).toEqual(["married"]);
    expect(limits("Someone whose divorce isn't final.")).toEqual(["separated"]);
    // Someone who wants to marry one day is not refused for it, and is asked whether they are married.
    const notMarried = holder("Not someone who is still legally married.");
    const hopeful = readPerson(n({ goals: "I can't wait to get married and have a family." }));
    expect(checkLimits(notMarried, hopeful)).toEqual({
      conflict: false,
      brokenByWords: false,
      questions: [{ question: "Are you married?", endsOn: "yes" }],
    });
    expect(checkLimits(notMarried, readPerson(n({}), { relationshipStatus: "married" })).conflict).toBe(true);
    expect(checkLimits(notMarried, readPerson(n({}), { relationshipStatus: "single" }))).toEqual({
      conflict: false,
      brokenByWords: false,
      questions: [],
    });
  });

  it("'I don't mind smokers' rules nothing out", () => {
    expect(kinds(read("I don't mind smokers, but cruelty is a no."))).toEqual(["trait"]);
  });

  it("two people who both want marriage and children meet, whatever each one's dealbreakers say", () => {
    const her = readPerson(
      n({ goals: "I want marriage and kids.", dealbreakers: "Lying, especially lying about being married." }),
      { wantsChildren: "yes", wantsMarriage: "yes" },
    );
    const him = readPerson(
      n({ goals: "Quiero casarme y tener hijos.", dealbreakers: "Someone who doesn't want kids." }),
      {
        wantsChildren: "yes",
        wantsMarriage: "yes",
      },
    );
    expect(breaks(checkLimits(her, him))).toBe(false);
    expect(breaks(checkLimits(him, her))).toBe(false);
  });
});

describe("a named habit said to be a hard no is that habit's limit", () => {
  it.each([
    "Smoking is a hard no for me.",
    "Cigarettes are a hard no for me",
    "Smoking is a hard no.",
    "Vaping is an absolute dealbreaker for me.",
    "No smokers.",
  ])("%s → the any-smoking limit", (dealbreaker) => {
    expect(limits(dealbreaker)).toEqual(["smokingAny"]);
  });

  it("'no problem' is no limit", () => {
    expect(read("Smoking is no problem for me.")).toEqual([]);
  });
});

describe("a refusal in the person's own grammar, wherever it stands", () => {
  it.each([
    // A first-person refusal after the thing: the thing is ruled out.
    ["Ashtray breath is something I can't get past.", ["smokingAny"]],
    ["Clouds of strawberry vapour in the car would finish me off.", ["smokingAny"]],
    ["Church on Sunday mornings is not something I'll ever do.", ["religious"]],
    // A question answered by a refusal; a refusal after a comma; a refusal without a subject.
    ["Wine every single evening? Not with me.", ["drinkingHeavy"]],
    ["Hard drugs, I want no part of.", ["otherDrugs"]],
    // Several refusal words do not cancel out into a need.
    ["Don't want smokers.", ["smokingAny"]],
    ["Never a smoker.", ["smokingAny"]],
    ["Must not smoke.", ["smokingAny"]],
    ["She can't be a smoker.", ["smokingAny"]],
    // A stepparent's role is about a partner's children now.
    ["I'm not ready to be a stepmother.", ["hasChildren"]],
    // Pets in general are dogs and cats.
    ["No pets, please.", ["dogs", "cats"]],
    // Children one already has are not children one wants; "looking for" asks for something.
    ["Someone who already has children.", ["hasChildren"]],
    ["Anyone with kids.", ["hasChildren"]],
    ["Looking for a man who doesn't smoke.", ["smokingAny"]],
  ])("%s → %j", (dealbreaker, expected) => {
    expect(limits(dealbreaker)).toEqual(expected);
  });

  it.each([
    ["Heavy ink puts me off; I like skin the way it came.", "Is heavy ink part of your life?", "yes"],
    // Punching walls is a temper, asked with its own neutral question.
    ["A man who punches walls is someone I'll never date.", AREA_QUESTIONS.temper.question, "yes"],
    ["Betting apps on the phone wrecked my family once; never again.", "Do you gamble or bet regularly?", "yes"],
    ["I won't have a weapon under my roof.", "Do you own a gun?", "yes"],
    ["If your ex is still your closest friend, we're not going to work.", AREA_QUESTIONS.ex.question, "yes"],
    ["A partner whose job keeps them away all week won't work.", "Does your job keep you away all week?", "yes"],
    ["Monogamy isn't up for debate.", "Are you in, or looking for, an open relationship?", "yes"],
    ["Don't message me if you own a gun.", "Do you own a gun?", "yes"],
    ["Please don't be a drummer.", "Are you a drummer?", "yes"],
    ["He has to have a license and a car.", "Do you have a license and a car?", "no"],
  ])("%s → %s (the pair ends on %s)", (dealbreaker, question, endsOn) => {
    expect(asked(read(dealbreaker))).toEqual([[question, endsOn]]);
  });

  it("a topic word inside another sense or another's frame is not that topic", () => {
    // "faithful" is no faith; someone's mother is no stance on children; "children in it" is about "it".
    expect(limits("I need my partner to be faithful.")).toEqual(["ask"]);
    expect(limits("Not into guys who live with their mothers.")).toEqual(["ask"]);
    expect(limits("Church is not something I'll ever do, and I won't raise children in it.")).toEqual(["religious"]);
    // What the person was is no stance now.
    expect(limits("I've been married to a suitcase once.")).toEqual([]);
  });
});

describe("what the other says of themselves now, and of no one else", () => {
  it.each([
    // Someone else's habit, a habit given up, an upbringing, a job, eagerness said with "can't".
    ["Anyone who smokes.", "My dad smoked forty a day and it killed him; I've never touched one."],
    ["Smokers, vapers: all a no.", "I used to vape at university and gave it up when I started running."],
    ["Gamblers and smokers.", "I smoked in my twenties; not a cigarette in fifteen years."],
    ["A religious man won't work for me.", "I was raised Catholic but I haven't believed in years."],
    ["No drugs.", "I'm a pharmacist, so drugs are my job and never my hobby."],
    ["Someone who doesn't want a family.", "I can't wait to have a family of my own."],
    ["Heavy drinkers.", "Not a big drinker: a glass of cider at a barbecue is about it."],
    ["Cat people, I'm allergic.", "Dogs only in my house; cats make me sneeze too."],
    ["No smokers.", "I gave up smoking last year."],
    ["Drinkers.", "My brother drinks too much, so I stay away from alcohol."],
    ["Smokers.", "Cigarettes? Never touched them."],
    // A word that means drugs only in some places: tea, a bank account.
    ["No drugs.", "Give me a novel, a pot of tea and a joint account with someone I trust."],
  ])("%s is not broken by: %s", (dealbreakers, about) => {
    expect(breaks(checkLimits(holder(dealbreakers), other(about)))).toBe(false);
  });

  it.each([
    // "Not a big drinker" still drinks; a habit described in other words is that habit.
    [
      "I need a partner who's sober, properly sober.",
      "Not a big drinker, but I'll get through a bottle of whisky over a weekend.",
    ],
    ["Anyone who smokes.", "I still smoke the odd cigarette, like I used to at school."],
    ["No weed.", "A spliff before bed helps me sleep."],
    ["Weed, I want no part of.", "I microdose mushrooms most weeks."],
  ])("%s is broken by: %s", (dealbreakers, about) => {
    expect(breaks(checkLimits(holder(dealbreakers), other(about)))).toBe(true);
  });
});

describe("limits against the other person", () => {
  it("asks the other about a topic their interview does not settle", () => {
    expect(checkLimits(holder("Anyone who lives on a boat."), other("I teach piano."))).toEqual({
      conflict: false,
      brokenByWords: false,
      questions: [{ question: "Do you live on a boat?", endsOn: "yes" }],
    });
  });

  it("refuses on a quick answer that breaks a tapped limit, and asks when the answer is missing", () => {
    const tapped = holder("", { limits: ["smokingAny"] });
    expect(checkLimits(tapped, other("", { smoking: "daily" })).conflict).toBe(true);
    expect(checkLimits(tapped, other("", { smoking: "no" }))).toEqual({
      conflict: false,
      brokenByWords: false,
      questions: [],
    });
    expect(checkLimits(tapped, other("I teach piano.", { smoking: null })).questions).toEqual([
      { question: "Do you smoke or vape, even now and then?", endsOn: "yes" },
    ]);
  });

  it("lets the other's quick answers outweigh a reading of their words", () => {
    // "can't wait" reads as a denial; the answer says they want children.
    const wantsKids = holder("Someone who doesn't want kids.", { wantsChildren: "yes" });
    const eager = other("I can't wait to be a father.", { wantsChildren: "yes" });
    expect(breaks(checkLimits(wantsKids, eager))).toBe(false);
  });

  it("never asks about a habit the other's quick answers settle", () => {
    const hardNo = holder("Cigarettes are a hard no for me.");
    expect(checkLimits(hardNo, other("I teach piano.", { smoking: "no" }))).toEqual({
      conflict: false,
      brokenByWords: false,
      questions: [],
    });
    expect(checkLimits(hardNo, other("I teach piano.", { smoking: "sometimes" })).conflict).toBe(true);
    // A question about a habit, however it was read, is settled by the answer on that habit.
    const smokingQuestion: MatchPerson = {
      ...holder(""),
      reading: [
        {
          kind: "ask",
          id: "ask:smoking",
          label: "smoking",
          question: "Is smoking part of your life?",
          endsOn: "yes",
          words: "smoking",
        },
      ],
    };
    expect(checkLimits(smokingQuestion, other("", { smoking: "no" }))).toEqual({
      conflict: false,
      brokenByWords: false,
      questions: [],
    });
    expect(checkLimits(smokingQuestion, other("", { smoking: "daily" })).conflict).toBe(true);
    expect(checkLimits(smokingQuestion, other("I teach piano.")).questions).toEqual([
      { question: "Is smoking part of your life?", endsOn: "yes" },
    ]);
  });

  it("refuses only on what both confirmed: a reading of either person's words only asks", () => {
    const asked = {
      conflict: false,
      brokenByWords: true,
      questions: [{ question: "Do you smoke or vape, even now and then?", endsOn: "yes" }],
    };
    const unconfirmed = { ...holder("No smokers."), readingConfirmed: false };
    const smoker = other("I smoke a pack a day.");
    expect(checkLimits(unconfirmed, smoker)).toEqual(asked);
    // Confirmed, the limit still meets only Sam's reading of the other's words: they are asked.
    expect(checkLimits(holder("No smokers."), smoker)).toEqual(asked);
    expect(checkLimits(holder("No smokers."), other("", { smoking: "daily" })).conflict).toBe(true);
    expect(checkLimits(unconfirmed, other("", { smoking: "daily" })).conflict).toBe(false);
  });

  it("asks about the wider thing when the other's words break a limit through it", () => {
    // "Feathers or fur" is read as limits on dogs and cats; a parrot and rabbits are pets.
    const fur = checkLimits(
      holder("I react badly to anything with feathers or fur."),
      other("I share my flat with a parrot called Biscuit and two house rabbits."),
    );
    expect(fur.conflict).toBe(false);
    expect(fur.brokenByWords).toBe(true);
    expect(fur.questions).toContainEqual({ question: "Do you have any pets?", endsOn: "yes" });
  });
});

describe("limits that could be read as something else, and forms of refusal met on good pairs", () => {
  it.each([
    ["Anyone who drinks and drives.", AREA_QUESTIONS.drinkDriving.question],
    ["No drink-drivers.", AREA_QUESTIONS.drinkDriving.question],
    ["I'm vegetarian and I couldn't share a kitchen with a meat eater.", AREA_QUESTIONS.meat.question],
    ["A partner who's away for work half the month would break my heart.", AREA_QUESTIONS.distance.question],
    ["No pet rats or ferrets, please.", "Are pet rats or ferrets part of your life?"],
    ["No pet snakes or spiders, please.", AREA_QUESTIONS.exoticPets.question],
    ["Golfers or anglers.", "Are you a golfer or an angler?"],
    ["Big debts, other than a mortgage.", AREA_QUESTIONS.debts.question],
  ])("%s → %s", (dealbreaker, question) => {
    expect(asked(read(dealbreaker))).toEqual([[question, "yes"]]);
  });

  it("driving after drinking is asked, and refuses no one for a glass of wine", () => {
    expect(limits("Anyone who drinks and drives.")).toEqual(["ask"]);
    const check = checkLimits(
      holder("Anyone who drinks and drives."),
      other("I enjoy a glass of wine with dinner, and I never drive after even one."),
    );
    expect(breaks(check)).toBe(false);
    expect(check.questions).toEqual([AREA_QUESTIONS.drinkDriving]);
  });

  it("a rule against being pressed to convert is kept in mind, and refuses no believer", () => {
    for (const dealbreaker of [
      "Someone religious who'd expect me to convert.",
      "A man who'd push his faith on me.",
      "Anyone who'd want me to go to church with them.",
    ]) {
      expect(limits(dealbreaker)).toEqual(["trait"]);
    }
    const believer = other("I'm Jewish but not observant, and I'd never ask anyone to convert.");
    expect(breaks(checkLimits(holder("Someone religious who'd expect me to convert."), believer))).toBe(false);
    // Faith itself refused still refuses.
    expect(
      breaks(checkLimits(holder("Religious people."), other("I'm a Catholic and go to church every Sunday."))),
    ).toBe(true);
  });

  it.each([
    ["Anyone who mocks my faith.", "I'm a devout Muslim and I pray five times a day."],
    ["Anyone who looks down on religious people.", "I'm a churchgoer myself."],
    ["Someone who hides that they smoke.", "I smoke a cigarette now and then and I'm open about it."],
    ["Parents who neglect their kids.", "I'm a single dad and my kids are my world."],
  ])("%s is about how someone treats it: kept in mind, and refuses no one who says %j", (dealbreaker, otherSays) => {
    expect(limits(dealbreaker)).toEqual(["trait"]);
    expect(breaks(checkLimits(holder(dealbreaker), other(otherSays)))).toBe(false);
  });

  it.each([
    ["Someone who yells at children.", "I want two kids someday."],
    ["People who spank their children.", "I hope to be a father one day."],
    ["Anyone who'd want me to have kids straight away.", "I want kids, but no rush."],
    ["Someone who wants kids right now.", "I want kids in a few years."],
    ["Someone who married for money.", "I dream of a wedding by the sea."],
    ["Someone who'd rush into marriage.", "I want to marry, in time."],
    ["Religious extremists.", "I'm a Quaker and my faith is quiet."],
    ["Anyone who'd make our kids go to church.", "I'm Catholic and would love a family."],
    ["A partner who'd stop me seeing my kids.", "I have kids of my own and love big families."],
  ])("%s takes no stance on children, marriage or faith: it refuses no one who says %j", (dealbreaker, otherSays) => {
    expect(limits(dealbreaker)).toEqual(["trait"]);
    expect(breaks(checkLimits(holder(dealbreaker), other(otherSays)))).toBe(false);
  });

  it("a wish said through a negation or a change of heart is a wish; one outgrown, or a marriage 'never again', none", () => {
    const wantsKids = holder("Someone who doesn't want kids.");
    for (const says of [
      "I wouldn't say no to kids; in fact I'd love them.",
      "I never thought I'd want kids until I became an uncle; now I do.",
    ]) {
      expect(breaks(checkLimits(wantsKids, other(says)))).toBe(false);
    }
    expect(breaks(checkLimits(wantsKids, other("I never thought I'd want kids, and I still don't.")))).toBe(true);
    const wantsNone = holder("Anyone who wants babies.");
    expect(breaks(checkLimits(wantsNone, other("I'm past the age where I want children.")))).toBe(false);
    expect(breaks(checkLimits(wantsNone, other("At 50 I'm past wanting kids.")))).toBe(false);
    expect(breaks(checkLimits(wantsNone, other("I can't wait to have a baby.")))).toBe(true);
    const onceWas = other("Been married once, never again.");
    expect(breaks(checkLimits(holder("Someone who wants marriage."), onceWas))).toBe(false);
    expect(breaks(checkLimits(holder("Someone who doesn't want to marry."), onceWas))).toBe(true);
  });

  it("children as the company a habit is kept in are no stance on children", () => {
    expect(limits("People who smoke around children.")).toEqual(["smokingAny"]);
    const hopeful = other("I can't wait to be a mum, and I've never smoked.");
    expect(breaks(checkLimits(holder("People who smoke around children."), hopeful))).toBe(false);
  });

  it("'not open to' refuses, and 'your own' after children is children of their own", () => {
    expect(limits("I'm not open to anyone who's married, even if it's 'complicated'.")).toEqual(["married"]);
    expect(limits("I'm open to dating someone who's divorced.")).toEqual([]);
    expect(limits("I'm done having kids; if you want your own, we won't work.")).toEqual(["wantsChildren"]);
  });

  it.each([
    ["No smokers.", "I smoke my own bacon and salmon at the weekends.", "I smoke a cigar with my brother at weddings."],
    ["No smokers.", "I fitted the smoke alarms in the whole street.", "I smoke twenty a day."],
    ["Drugs.", "I lost my brother to drugs, so I've never touched them.", "I smoke weed most nights."],
    ["No drugs.", "I'm a police officer in the drugs unit.", "I smoke weed most nights."],
    ["No dogs.", "I'm a vet, so I treat dogs all day but have none at home.", "I walk my dogs every morning."],
    ["No dogs.", "I'm a hot dog vendor at the stadium.", "I have two rescue dogs."],
    ["Gambling.", "I play poker with matchsticks at family gatherings.", "I play poker for money every Friday."],
    ["No kids.", "I'm a kids' football coach on Saturdays.", "I'm a dad of two."],
    ["No smokers.", "Smoking killed my grandad, so I never started.", "Smoking is my one vice, twenty a day."],
    ["No smokers.", "I'm a BBQ pitmaster; I cook low and slow over smoke.", "I smoke twenty a day."],
    ["No cats.", "I'm more of a cat lover in theory; I don't have one.", "I'm a cat lover with three cats at home."],
    ["Gambling.", "I'm a casino architect; I design the buildings, never gamble.", "I'm at the casino most weekends."],
    ["Guns.", "I'm anti-gun and campaign for gun control.", "I own a shotgun for clay pigeon shooting."],
    ["No Trumpers.", "I'm a bridge player; I love a good trump card.", "I voted Trump."],
    ["Drugs.", "My only drug is chocolate.", "I take drugs at weekends."],
    ["Religious people.", "Oh my god, I love Christmas markets.", "My faith is everything; I pray daily."],
    ["Religious people.", "Yoga is my church.", "Church is my life."],
    ["Smokers.", "I'm smoking hot, my friends say.", "I smoke twenty a day."],
    ["No pets.", "My pet peeve is bad grammar.", "I have a pet rabbit."],
  ])("%s refuses no one who says %j, and still reads %j as breaking it", (dealbreaker, harmless, breaking) => {
    expect(breaks(checkLimits(holder(dealbreaker), other(harmless)))).toBe(false);
    expect(breaks(checkLimits(holder(dealbreaker), other(breaking)))).toBe(true);
  });

  it("weeding is gardening, and bottles of wine a night are heavy drinking", () => {
    expect(breaks(checkLimits(holder("Weed."), other("Garden designer. My weeding is never done.")))).toBe(false);
    expect(breaks(checkLimits(holder("Weed."), other("I smoke weed at weekends.")))).toBe(true);
    const heavy = holder("Honestly, the one thing I can't do is a heavy drinker.");
    expect(
      breaks(checkLimits(heavy, other("Friday nights I'm usually three bottles of wine deep with the lads."))),
    ).toBe(true);
    expect(breaks(checkLimits(heavy, other("A glass of wine with Sunday lunch.")))).toBe(false);
  });
});

describe("limits said in passing: asides, sarcasm, preambles and topics named by what they do", () => {
  it.each([
    [
      "I look after my nephew a lot, so anyone with a conviction — any kind, I don't care how long ago — is a no from me.",
      AREA_QUESTIONS.record.question,
    ],
    [
      "Sure, I'd love a boyfriend who's a voice on WhatsApp for half the year... said no one.",
      AREA_QUESTIONS.distance.question,
    ],
    [
      "Lost a close mate to a climbing accident. Adrenaline junkies aren't for me.",
      AREA_QUESTIONS.extremeSports.question,
    ],
    [
      "If your ex is your best mate and still your first call, that's going to eat me alive.",
      AREA_QUESTIONS.ex.question,
    ],
    ["So someone planning a life somewhere else... that won't work, will it?", AREA_QUESTIONS.moving.question],
    ["I need someone who's home in the evenings.", AREA_QUESTIONS.hours.question],
    ["I'm veggie and I genuinely couldn't kiss someone who's just eaten a steak.", AREA_QUESTIONS.meat.question],
  ])("%s → %s", (dealbreaker, question) => {
    expect(asked(read(dealbreaker))).toEqual([[question, "yes"]]);
  });

  it("reads the limit an aside, a colon or a story leaves apart from its refusal", () => {
    expect(limits("If you're not properly divorced — papers signed, done — then don't message me.")).toEqual([
      "separated",
    ]);
    expect(
      limits(
        "After the last few years I've stopped pretending it doesn't matter: if you're on the hard-right side of things, we're done before we start.",
      ),
    ).toEqual(["conservative"]);
    expect(limits("So if a family is your plan, we're on different roads.")).toEqual(["wantsChildren"]);
    expect(limits("I'm eleven years clean, so I can't have any substances around.")).toEqual(["cannabis"]);
    // A parent named first is no "it" later, and a list between dashes is what "it" stands for.
    const horses = read(
      "My dad lost our house to the horses. So anything like that — the bookies, casinos — I physically can't be around it.",
    );
    expect(horses.map((item) => (item.kind === "limit" ? item.limit : item.kind))).not.toContain("wantsChildren");
    expect(asked(horses)).toContainEqual([WORD_TOPIC_QUESTIONS.gambling, "yes"]);
    expect(asked(horses).map(([question]) => question)).not.toContain("Is anything part of your life?");
  });

  it.each([
    [
      "Smokers.",
      "I'm a firefighter, so I deal with more smoke than I'd like.",
      "Nothing beats my first ciggie with a strong coffee.",
    ],
    [
      "Smokers.",
      "I come home smelling faintly of oak smoke from the smokehouse.",
      "Nothing beats my first ciggie with a strong coffee.",
    ],
    [
      "Drugs.",
      "I spend all day checking drug charts, so the only drugs in my life come with a prescription.",
      "My wind-down is a joint on the balcony after I log off.",
    ],
    [
      "Someone who doesn't want kids.",
      "No kids yet, but I'd love them in a few years.",
      "I'm happily child-free and always will be.",
    ],
  ])("%s refuses no one who says %j, and still reads %j as breaking it", (dealbreaker, harmless, breaking) => {
    expect(breaks(checkLimits(holder(dealbreaker), other(harmless)))).toBe(false);
    expect(breaks(checkLimits(holder(dealbreaker), other(breaking)))).toBe(true);
  });

  it("someone else's children are stepchildren, no stance on having one's own", () => {
    expect(limits("I'm not looking to take on someone else's children.")).not.toContain("wantsChildren");
    const wantsOwn = other("I teach Year 2, and I'd like kids of my own within a few years.");
    expect(breaks(checkLimits(holder("I'm not looking to take on someone else's children."), wantsOwn))).toBe(false);
  });
});

describe("age and height said relative to the person, compared rather than asked", () => {
  const person = (fields: Partial<Narrative>, age: number | null = null): MatchPerson =>
    readPerson(n(fields), {}, fields.dealbreakers ?? "", age);

  it.each([
    // [dealbreaker, holder's age, other's age, broken]
    ["Nobody more than five years older than me.", 34, 45, true],
    ["Nobody more than five years older than me.", 34, 39, false],
    ["Nobody more than five years older than me.", 34, 22, false],
    ["I'm not after someone half my age: nobody over ten years younger than me.", 58, 39, true],
    ["I'm not after someone half my age: nobody over ten years younger than me.", 58, 50, false],
    ["Someone around my age, give or take three years.", 29, 38, true],
    ["Someone around my age, give or take three years.", 29, 31, false],
    ["Nobody more than eight years either side of my age.", 30, 21, true],
    ["Within a decade of my age, please.", 40, 49, false],
    ["No one older than me.", 40, 41, true],
    ["I'd like someone older than me.", 40, 38, true],
    // A gap said without "more than" refuses that gap and more; "anyone" opens a refusal.
    ["Anyone twenty years older than me, I'm 39.", 39, 62, true],
    ["Anyone twenty years older than me, I'm 39.", 39, 58, false],
    ["Anyone twenty years older than me, I'm 39.", 39, 25, false],
    ["Anyone older than me.", 40, 41, true],
    ["I'd like someone ten years older than me.", 40, 49, true],
    ["I'd like someone ten years older than me.", 40, 50, false],
  ] as const)("%s (%i vs %i) → broken %s", (dealbreakers, mine, theirs, broken) => {
    const check = checkLimits(person({ dealbreakers }, mine), person({}, theirs));
    expect(breaks(check)).toBe(broken);
    expect(check.questions).toEqual([]);
  });

  it("asks in plain numbers when the other's age is unknown, and nothing when the holder's is", () => {
    const limit = "Nobody more than five years older than me.";
    expect(checkLimits(person({ dealbreakers: limit }, 34), person({})).questions).toEqual([
      { question: "Are you older than 39?", endsOn: "yes" },
    ]);
    expect(
      checkLimits(person({ dealbreakers: "Someone within three years of my age." }, 30), person({})).questions,
    ).toEqual([{ question: "Are you between 27 and 33?", endsOn: "no" }]);
    expect(checkLimits(person({ dealbreakers: limit }), person({}, 60))).toEqual({
      conflict: false,
      brokenByWords: false,
      questions: [],
    });
  });

  it.each([
    // [dealbreaker, what the holder says of themselves, what the other says, broken]
    ["He has to be taller than me, and I'm five foot ten.", "", "At five foot six I'm the shortest in my club.", true],
    ["He has to be taller than me, and I'm five foot ten.", "", "At six foot two I reach the top shelf.", false],
    ["I'd like a man who isn't taller than I am.", "I'm 190 cm and I row.", "I'm 198 cm, so I duck a lot.", true],
    ["I'd like a man who isn't taller than I am.", "I'm 190 cm and I row.", "I'm 1.85 m tall.", false],
    ["I'm six foot two and I want to look up, not down, at my partner.", "", "I'm five foot six on a good day.", true],
    ["No men shorter than me.", "I'm 5'9\".", "I'm 5'7\" and proud.", true],
  ] as const)("%s → broken %s", (dealbreakers, mine, theirs, broken) => {
    const check = checkLimits(person({ dealbreakers, about: mine }), person({ about: theirs }));
    expect(breaks(check)).toBe(broken);
    // A height is known only from the other's words: a break is asked in plain numbers, not refused.
    expect(check.conflict).toBe(false);
    if (broken) expect(check.questions.length).toBeGreaterThan(0);
  });

  it("asks the other's height in the holder's unit, and reads a height limit as words when the holder never gives theirs", () => {
    const tall = person({ dealbreakers: "He has to be taller than me, and I'm five foot ten." });
    expect(checkLimits(tall, person({ about: "I teach piano." })).questions).toEqual([
      { question: "Are you taller than 5'10\"?", endsOn: "no" },
    ]);
    const metric = person({ dealbreakers: "I'm 190 cm and I'd like a man who isn't taller than I am." });
    expect(checkLimits(metric, person({})).questions).toEqual([
      { question: "Are you taller than 190 cm?", endsOn: "yes" },
    ]);
    expect(read("No men shorter than me.").some((item) => item.id === "ask:height")).toBe(false);
  });
});

describe("topics known by meaning, asked with their own neutral question", () => {
  it.each([
    ["I've cleaned up one partner's credit-card mess already; never again.", "Are you paying off any debts?", "yes"],
    ["Anyone in their overdraft every month.", "Are you paying off any debts?", "yes"],
    ["I can't carry someone who won't hold down a job.", "Are you working at the moment?", "no"],
    [
      "Whoever I'm with can't be planning a life overseas.",
      "Are you planning to move far from where you live now?",
      "yes",
    ],
    ["Long-distance has broken my heart twice.", "Do you live far from here, or spend weeks at a time away?", "yes"],
    [
      "Seeing each other only at weekends isn't a relationship to me.",
      "Do you live far from here, or spend weeks at a time away?",
      "yes",
    ],
    [
      "Anyone whose weekends revolve around protests would exhaust me.",
      "Is political activism a big part of your life?",
      "yes",
    ],
    ["I won't be anyone's secret on the side.", "Are you married or seeing anyone at the moment?", "yes"],
    [
      "I only do one-on-one; sharing a partner isn't for me.",
      "Are you in, or looking for, an open relationship?",
      "yes",
    ],
    ["I'd hate to see our dinners on a stranger's feed.", "Do you share much of your life on social media?", "yes"],
  ])("%s → %s (ends on %s)", (dealbreaker, question, endsOn) => {
    expect(asked(read(dealbreaker))).toContainEqual([question, endsOn]);
  });

  it("does not take a word's other senses for the topic", () => {
    expect(asked(read("Uptight rule-followers."))).not.toContainEqual([
      "Do you share much of your life on social media?",
      "yes",
    ]);
    expect(asked(read("Anyone who wears fur."))).toEqual([["Do you wear fur?", "yes"]]);
  });
});

describe("quick-question topics said in other words", () => {
  const limitsOnly = (text: string) => read(text).flatMap((item) => (item.kind === "limit" ? [item.limit] : []));

  it.each([
    // How faith is practised names faith; a refusal after a description refuses the person described.
    ["A partner who'd want me in a pew every week would wear me down.", ["religious"]],
    // The body's reaction rules a habit out; fur and feathers are pets when the body reacts to them.
    ["My lungs close up around cats, so a home with one is impossible for me.", ["cats"]],
    ["My asthma and animal fur don't mix.", ["dogs", "cats"]],
    ["I react badly to anything with feathers or fur.", ["dogs", "cats"]],
    // Little ones at home and blended families are children one has.
    ["I'd rather not blend families: a partner with little ones at home won't suit me.", ["hasChildren"]],
    // Still sharing a life with a spouse is being married now, not a stance on marriage.
    ["I won't get involved with anybody who still shares a mortgage and a bed with their spouse.", ["married"]],
    // Politics asked to agree, with the person's own side, rules out the other side.
    ["Our votes have to land on the same side of the aisle; I'm a lifelong progressive.", ["conservative"]],
    ["Same politics as me or nothing: I'm a conservative.", ["liberal"]],
    // What one buys from a dealer is drugs.
    ["Anything you'd have to buy from a dealer, I want no part of.", ["cannabis"]],
    // What a clause leaves implicit: "want no more" after "kids" is about kids.
    ["I have kids but want no more.", ["wantsChildren"]],
  ])("%s → %j", (text, expected) => {
    expect(limitsOnly(text)).toEqual(expected);
  });

  it("keeps snobbery as a trait and asks nothing garbled", () => {
    expect(kinds(read("Snobbery."))).toEqual(["trait"]);
    expect(asked(read("I have kids but want no more."))).toEqual([]);
    for (const text of [
      "My lungs close up around cats, so a home with one is impossible for me.",
      "Cheaters, past or present, need not apply.",
      "If you'd fib about your age on a profile, we're done.",
      "Our votes have to land on the same side of the aisle; I'm a lifelong progressive.",
    ]) {
      for (const [question] of asked(read(text))) {
        expect(question).not.toMatch(/\byou\s+is\b|\b(?:your|about|of)\?$|^Is if\b|part of your life\?$/);
      }
    }
  });

  it("reads what the other says of themselves in the new words", () => {
    const pew = holder("A partner who'd want me in a pew every week would wear me down.");
    expect(breaks(checkLimits(pew, other("I never miss Friday prayers at the mosque.")))).toBe(true);
    expect(breaks(checkLimits(pew, other("I was dragged to church every Sunday as a boy.")))).toBe(false);
    const fur = holder("I react badly to anything with feathers or fur.");
    expect(breaks(checkLimits(fur, other("I share my flat with a parrot and two house rabbits.")))).toBe(true);
    const cats = holder("My lungs close up around cats.");
    expect(breaks(checkLimits(cats, other("I'm a dog person; cats have never been my thing.")))).toBe(false);
    // A politics limit from words is asked about: no interview word settles it.
    expect(
      checkLimits(holder("Same politics as me or nothing: I'm a conservative."), other("I teach piano.")).questions,
    ).toEqual([{ question: "Would you call your politics liberal?", endsOn: "yes" }]);
  });
});

describe("reading a yes or a no", () => {
  it.each([
    ["Yes, four nights a week.", "yes"],
    ["I do, sometimes.", "yes"],
    ["A little, on weekends.", "yes"],
    ["I have some student loans.", "yes"],
    ["Sí.", "yes"],
    ["No.", "no"],
    ["Nope, never have.", "no"],
    ["I don't.", "no"],
    ["I'm not, no.", "no"],
    ["Not anymore.", "no"],
    ["I used to, but I quit years ago.", "no"],
    ["Well, it depends on the week.", "unclear"],
    ["I used to.", "unclear"],
    ["", "unclear"],
  ])("%s → %s", (answer, expected) => {
    expect(readYesNo(answer)).toBe(expected);
  });
});

describe("new grammar, described habits, honesty and politics in the other's own words", () => {
  const against = (dealbreakers: string, otherSays: string, facts = {}) =>
    checkLimits(holder(dealbreakers), other(otherSays, facts));

  it.each([
    ["Do you smoke? Then we won't get on.", ["smokingAny"]],
    ["Want kids someday? Then swipe on.", ["wantsChildren"]],
    ["If you still light up after a meal, I'm not the one for you.", ["smokingAny"]],
    ["My last boyfriend was a pothead and I won't go through that again.", ["cannabis"]],
    ["I need a partner who's clear-headed; pills and powders have no place in my life.", ["ask", "cannabis"]],
    ["My eyes swell shut around cats.", ["cats"]],
    ["I won't date anyone who's still got a ring on, however complicated it is.", ["married"]],
    ["I'm not looking to be converted, so please no devout believers.", ["religious"]],
    ["Please, no lefties.", ["liberal"]],
    ["I won't date a Tory.", ["conservative"]],
    ["I'm a lifelong socialist and I can't be with a Republican.", ["conservative"]],
  ])("%s → %j", (dealbreaker, expected) => {
    expect(limits(dealbreaker)).toEqual(expected);
  });

  it("a dismissal after a conditional is no question of its own", () => {
    for (const text of [
      "If you still light up after a meal, I'm not the one for you.",
      "Anyone who's stepped out on a partner, keep it moving.",
      "I won't date anyone who's still got a ring on, however complicated it is.",
    ]) {
      expect(asked(read(text)).map(([question]) => question)).not.toContainEqual(
        expect.stringMatching(/for you\?|keep it moving|complicated it/i),
      );
    }
  });

  it("a lie about something askable is asked about that thing; lying in general stays a trait", () => {
    expect(asked(read("If you'd fib about your age on a profile, we're done."))).toEqual([
      ["Have you ever lied about your age?", "yes"],
    ]);
    expect(asked(read("Someone who fibs about being single is my hard limit."))).toEqual([
      ["Have you ever lied about being single?", "yes"],
    ]);
    expect(kinds(read("Liars."))).toEqual(["trait"]);
    expect(kinds(read("Dishonesty is a dealbreaker for me."))).toEqual(["trait"]);
  });

  it("cheating, however it is said, is asked about with one neutral question", () => {
    const question = [["Have you ever cheated on a partner?", "yes"]];
    expect(asked(read("Cheaters, past or present, need not apply."))).toEqual(question);
    expect(asked(read("Unfaithful men are a non-starter."))).toEqual(question);
    expect(asked(read("Anyone who's stepped out on a partner, keep it moving."))).toEqual(question);
    expect(asked(read("Someone who cheats at board games."))).not.toEqual(question);
  });

  it("a politics limit is settled by what the other says of their own politics", () => {
    const tory = "I won't date a Tory.";
    expect(breaks(against(tory, "I canvass for the Conservatives every election."))).toBe(true);
    expect(breaks(against("Please, no lefties.", "I canvass for the Greens every weekend."))).toBe(true);
    expect(breaks(against("Anyone in a red MAGA hat, keep walking.", "I drove four hours to see Trump speak."))).toBe(
      true,
    );
    // Another side, or a side given up, settles it without a question.
    expect(against(tory, "I vote Labour and always have.")).toEqual({
      conflict: false,
      brokenByWords: false,
      questions: [],
    });
    expect(against(tory, "I used to vote Tory.")).toEqual({ conflict: false, brokenByWords: false, questions: [] });
    // Words that are not politics, or someone else's politics, only ask.
    const ask = {
      conflict: false,
      brokenByWords: false,
      questions: [{ question: "Would you call your politics conservative?", endsOn: "yes" }],
    };
    expect(against(tory, "I'm conservative with money; party politics bores me.")).toEqual(ask);
    expect(against(tory, "My dad is a lifelong Tory.")).toEqual(ask);
    expect(breaks(against("Please, no lefties.", "I'm left-handed, hopeless with scissors."))).toBe(false);
    // A tapped limit is checked against the other's words too; their quick answer wins.
    const tapped = holder("", { limits: ["conservative"] });
    expect(breaks(checkLimits(tapped, other("I'm a registered Republican.")))).toBe(true);
    expect(checkLimits(tapped, other("I'm a registered Republican.", { politics: "moderate" })).conflict).toBe(false);
  });

  it("habits described rather than named meet the limit; look-alikes do not", () => {
    const nightly = "I'm not after anyone who needs a drink to unwind every night.";
    expect(breaks(against(nightly, "A couple of glasses of red every evening is how I switch off."))).toBe(true);
    const pub = "Anyone who's always down the pub of an evening isn't for me.";
    expect(breaks(against(pub, "Most nights I'm propping up the bar at my local."))).toBe(true);
    expect(
      against(pub, "I run a quiz night at the pub once a month, on lemonade; I gave up alcohol years ago."),
    ).toEqual({
      conflict: false,
      brokenByWords: false,
      questions: [],
    });
    const powders = "Pills and powders have no place in my life.";
    expect(breaks(against(powders, "Weekends I go to raves and usually drop a pill or two."))).toBe(true);
    expect(breaks(against(powders, "The only pills I take are vitamins."))).toBe(false);
    expect(against("No smokers.", "Twelve years off cigarettes this spring.")).toEqual({
      conflict: false,
      brokenByWords: false,
      questions: [],
    });
    expect(breaks(against("No smokers.", "Her smile lights up the room; I'm a teacher."))).toBe(false);
    expect(
      breaks(against("Want kids someday? Then swipe on.", "I can't picture my life without being a dad one day.")),
    ).toBe(true);
    // Churches restored for a living, by someone who says they are no believer: no faith.
    const church = "If church takes up your Sundays, we're not a fit.";
    expect(
      breaks(against(church, "I've restored three old churches as a stonemason, though I'm not a believer myself.")),
    ).toBe(false);
    // "Believe" names no faith: believing in climate change is no religion.
    expect(asked(read("Someone who doesn't believe in climate change."))).toEqual([
      ["Do you believe in climate change?", "no"],
    ]);
  });

  it("pet snakes, someone's mum, a single parent and a conditional in the perfect tense are read for what they are", () => {
    expect(asked(read("Pet snakes."))).toEqual([[AREA_QUESTIONS.exoticPets.question, "yes"]]);
    expect(limits("No pets.")).toEqual(["dogs", "cats"]);
    expect(asked(read("A partner who still lives at home with mum."))).toEqual([
      [AREA_QUESTIONS.parents.question, "yes"],
    ]);
    expect(limits("I'd never date a single mum.")).toEqual(["hasChildren"]);
    expect(limits("If he's got kids, no.")).toEqual(["hasChildren"]);
    expect(asked(read("If you've been to prison, we're done."))).toEqual([[AREA_QUESTIONS.record.question, "yes"]]);
    expect(asked(read("Must have a driving licence."))).toEqual([["Do you have a driving licence?", "no"]]);
  });
});

describe("other voices, a status in the other's own words, and stances that are no party", () => {
  const against = (dealbreakers: string, otherSays: string, facts = {}) =>
    checkLimits(holder(dealbreakers), other(otherSays, facts));
  const tapped = (limit: "married" | "separated") => holder("Kindness matters most.", { limits: [limit] });
  const settled = { conflict: false, brokenByWords: false, questions: [] };

  it("a relationship status said in the other's own words breaks a married or separated limit", () => {
    const anyMarried = "I can't be with anyone who's married, whatever the story.";
    expect(breaks(against(anyMarried, "I'm married, but we live separate lives and have for years."))).toBe(true);
    expect(breaks(checkLimits(tapped("married"), other("Technically I'm still married; the paperwork is slow.")))).toBe(
      true,
    );
    expect(
      breaks(
        against(
          "Nobody separated but not yet divorced, please.",
          "My wife and I separated last spring and the divorce should go through next year.",
        ),
      ),
    ).toBe(true);
    expect(breaks(checkLimits(tapped("separated"), other("I'm in the middle of a divorce at the moment.")))).toBe(true);
  });

  it("a status that keeps the limit settles it without a question; one never said, or unclear, is asked", () => {
    expect(against("No married men.", "I was married for twelve years; we divorced in 2019.")).toEqual(settled);
    expect(checkLimits(tapped("married"), other("I'm a widow; my husband died four years ago."))).toEqual(settled);
    expect(checkLimits(tapped("separated"), other("Divorced, properly and finally, five years ago."))).toEqual(settled);
    const askMarried = {
      conflict: false,
      brokenByWords: false,
      questions: [{ question: "Are you married?", endsOn: "yes" }],
    };
    expect(against("No married men.", "I'm married to my job, honestly.")).toEqual(askMarried);
    expect(against("No married men.", "My sister is married with three kids.")).toEqual(askMarried);
    // Separated is still married in law: a limit on being married is asked, not settled.
    expect(against("Not someone who is still legally married.", "We separated last spring.")).toEqual(askMarried);
    // Words that break it only ask, whether or not the holder confirmed the limit.
    const unconfirmed = { ...holder("No married men."), readingConfirmed: false };
    const married = other("I'm married, but we live separate lives.");
    expect(checkLimits(unconfirmed, married)).toEqual({ ...askMarried, brokenByWords: true });
    expect(checkLimits(holder("No married men."), married)).toEqual({ ...askMarried, brokenByWords: true });
  });

  it("pro-life, pro-choice, anti-vax, guns and gambling are read in the other's own words", () => {
    const proLife = "I'm pro-choice and I can't be with someone who is pro-life.";
    expect(breaks(against(proLife, "I'm proudly pro-life and volunteer at a pregnancy centre."))).toBe(true);
    expect(against(proLife, "I'm pro-choice, always have been.")).toEqual(settled);
    expect(against(proLife, "I teach piano.")).toEqual({
      conflict: false,
      brokenByWords: false,
      questions: [{ question: "Would you call yourself pro-life on abortion?", endsOn: "yes" }],
    });
    expect(breaks(against("Pro-choice people need not apply.", "I'm pro-choice and have marched for it."))).toBe(true);
    const antiVax = "Anti-vaxxers are a hard no.";
    expect(breaks(against(antiVax, "I don't vaccinate and never will; natural immunity is enough."))).toBe(true);
    expect(against(antiVax, "Fully vaccinated, boosters and all.")).toEqual(settled);
    const guns = "A gun owner is a no for me.";
    expect(breaks(against(guns, "I never leave the house without my handgun."))).toBe(true);
    expect(breaks(against("Guys who carry a concealed weapon? Pass.", "I have my concealed carry permit."))).toBe(true);
    expect(breaks(against(guns, "I'm a wildlife photographer: I shoot birds with a long lens."))).toBe(false);
    expect(breaks(against(guns, "I stick to my guns and fix everything with a glue gun."))).toBe(false);
    const gamblers = "Smokers. Gamblers. Heavy drinkers.";
    expect(breaks(against(gamblers, "I'm on the slot apps most evenings."))).toBe(true);
    expect(against(gamblers, "I bet you'd love my cooking.", { smoking: "no", drinking: "never" })).toEqual({
      conflict: false,
      brokenByWords: false,
      questions: [{ question: "Do you gamble or bet regularly?", endsOn: "yes" }],
    });
  });

  it("texting, non-native English, irony and double negatives are read for what they mean", () => {
    expect(limits("cant do smokers sry. or ppl who r always drunk lol")).toEqual(["smokingAny", "drinkingHeavy"]);
    expect(limits("dont want kids ever, if u want a family pls swipe on")).toEqual(["wantsChildren"]);
    expect(limits("I am not accepting smoking person. Also I have asthma.")).toEqual(["smokingAny"]);
    expect(
      limits("Because nothing says romance like a girlfriend who smells like an ashtray, right? Yeah, no."),
    ).toEqual(["smokingAny"]);
    expect(
      breaks(against("Love a man who spends the rent at the casino. Said no one ever.", "I play poker most Fridays.")),
    ).toBe(true);
    expect(limits("It's not that I don't like dogs, I just can't live with one.")).toEqual(["dogs"]);
    expect(limits("It's not that I don't want kids: I do, very much. So nobody who has decided against them.")).toEqual(
      ["noChildrenWanted"],
    );
    expect(read("It's not that I'd never date someone with kids; I'd love to, actually.")).toEqual([]);
    // "Every day" in a clause of its own, and pints by the half-dozen, are heavy drinking.
    const daily = "For me is not possible a man who drink alcohol every day.";
    expect(breaks(against(daily, "After work I drink always two or three beers, every day."))).toBe(true);
    expect(breaks(against("No heavy drinkers.", "weekends r for the pub, im usually 6 pints deep by sunday"))).toBe(
      true,
    );
    expect(breaks(against("No heavy drinkers.", "I'll have a glass of wine at a wedding, that's about it."))).toBe(
      false,
    );
  });

  it("a limit told as a story, or about the other's ex, is asked with its topic's question", () => {
    const gambling = [["Do you gamble or bet regularly?", "yes"]];
    expect(
      asked(
        read(
          "My last girlfriend spent every pay packet on scratch cards and online slots, and I covered her rent for a year. I'm not going through that again.",
        ),
      ),
    ).toEqual(gambling);
    expect(
      asked(
        read(
          "Three years ago I moved across the country for a man who then took a job on an oil rig, and I saw him six weeks a year. I won't do that again.",
        ),
      ),
    ).toEqual([["Do you live far from here, or spend weeks at a time away?", "yes"]]);
    const ex = [[AREA_QUESTIONS.ex.question, "yes"]];
    expect(asked(read("If you still live with your ex, even just as friends, we're done."))).toEqual(ex);
    // "Who used to be your husband" is an ex, no stance on marriage.
    expect(
      read(
        "An ex who is still part of your daily life is a dealbreaker: I can't compete with a best friend who used to be your husband.",
      ).map((item) => (item.kind === "ask" ? item.question : item.kind)),
    ).toEqual([AREA_QUESTIONS.ex.question]);
  });

  it("a statement made into a question is not asked", () => {
    expect(asked(read("Honesty and kindness matter most."))).toEqual([]);
    expect(asked(read("Kindness matters."))).toEqual([]);
    expect(asked(read("I won't move in with anyone's parents.")).flat().join(" ")).not.toContain(" 's");
    expect(asked(read("Pro-choice people need not apply; life begins at conception."))).toEqual([
      ["Would you call yourself pro-choice on abortion?", "yes"],
    ]);
  });
});

describe("set phrases, the reader addressed, emoji, slips of spelling and animals other than dogs and cats", () => {
  it.each([
    ["Anything to do with timeshares and I'm out.", "Are timeshares part of your life?", "yes"],
    ["Please tell me you don't fish.", "Do you fish?", "yes"],
    ["You'd better not have a boat; I lost a cousin to one.", "Do you have a boat?", "yes"],
    ["You must have a job.", "Do you have a job?", "no"],
    ["Someone who posts our whole life online turns me right off.", AREA_QUESTIONS.socialMedia.question, "yes"],
    ["I'd run a mile from anyone with a temper.", AREA_QUESTIONS.temper.question, "yes"],
    ["no tatoos pls", "Are tattoos part of your life?", "yes"],
    ["Must be financially independent.", "Are you financially independent?", "no"],
    ["Please be taller than 6ft.", "Are you taller than 6ft?", "no"],
    ["If you have a roommate at 40, hmm, no.", "Do you have a roommate?", "yes"],
  ])("%s → %s (the pair ends on %s)", (dealbreaker, question, endsOn) => {
    expect(asked(read(dealbreaker))).toEqual([[question, endsOn]]);
  });

  it("reads a rule restated about someone in the third person, for the read-back", () => {
    const [item] = read("Please tell me you don't fish.");
    expect(item?.kind === "ask" ? item.label : "").toBe("anyone who fishes");
    const [temper] = read("I'd run a mile from anyone with a temper.");
    expect(temper?.kind === "ask" ? temper.label : "").toBe("anyone with a temper");
    expect(limits("Tell me you're not a smoker.")).toEqual(["smokingAny"]);
    expect(limits("You can't be a smoker.")).toEqual(["smokingAny"]);
  });

  it("reads emoji as the words they stand for", () => {
    expect(limits("🚬 = 👋")).toEqual(["smokingAny"]);
    expect(limits("🙅‍♀️ 🚬")).toEqual(["smokingAny"]);
    expect(limits("🍺 every night ❌")).toEqual(["drinkingHeavy"]);
  });

  it("mends a one-letter slip in a word it knows, and leaves real words alone", () => {
    expect(limits("no smokeing")).toEqual(["smokingAny"]);
    expect(asked(read("No gambeling."))).toEqual([[WORD_TOPIC_QUESTIONS.gambling, "yes"]]);
    // "heating" is one letter from "cheating", "divorce" from "divorced", "smoke" from "smoker".
    expect(asked(read("Anyone who argues about the central heating."))).toEqual([
      ["Do you argue about the central heating?", "yes"],
    ]);
    const smoker = holder("No smokers.");
    expect(breaks(checkLimits(smoker, other("I smoke after dinner.")))).toBe(true);
  });

  it("a label before the limit is no topic of its own", () => {
    expect(asked(read("Dealbreaker: anyone who still lives with their parents."))).toEqual([
      [AREA_QUESTIONS.parents.question, "yes"],
    ]);
    expect(limits("My only dealbreaker is smoking.")).toEqual(["smokingAny"]);
  });

  it("reads 'not looking for', 'who's been' and things done as what they are", () => {
    expect(asked(read("Not looking for someone who lives out of a suitcase."))).toEqual([
      [AREA_QUESTIONS.distance.question, "yes"],
    ]);
    expect(asked(read("I can't do deployments."))).toEqual([[AREA_QUESTIONS.military.question, "yes"]]);
    expect(asked(read("Anyone who's been inside."))).toEqual([[AREA_QUESTIONS.record.question, "yes"]]);
    // "'s" before a participle is "has"; before anything else, still "is".
    expect(asked(read("Someone who's never had a job."))).toEqual([["Have you ever had a job?", "no"]]);
    expect(asked(read("Someone who's never home."))).toEqual([["Are you home?", "no"]]);
    expect(asked(read("A criminal record is a dealbreaker."))).toEqual([[AREA_QUESTIONS.record.question, "yes"]]);
    expect(asked(read("No exes in the picture."))).toEqual([[AREA_QUESTIONS.ex.question, "yes"]]);
  });

  it("a sentence that accepts something refuses nothing the person says of themselves", () => {
    const against = (dealbreakers: string, otherSays: string) => checkLimits(holder(dealbreakers), other(otherSays));
    expect(breaks(against("I don't smoke, but I don't judge those who do.", "I smoke."))).toBe(false);
    expect(breaks(against("I'm not a smoker myself, but I don't mind if you are.", "I smoke."))).toBe(false);
    expect(breaks(against("I'm a Christian but I'm open to dating someone who isn't.", "I'm an atheist."))).toBe(false);
    expect(breaks(against("I'm not religious, but I respect people who are.", "I pray five times a day."))).toBe(false);
    expect(breaks(against("Kids or no kids, either is fine.", "I don't want children."))).toBe(false);
    expect(breaks(against("My ex was a smoker and that was fine; the problem was the lying.", "I smoke."))).toBe(false);
    expect(breaks(against("Smokers are welcome.", "I smoke."))).toBe(false);
    expect(read("No dealbreakers really, I'm easy-going.")).toEqual([]);
    // A refusal of others in the same sentence still stands.
    expect(breaks(against("Smoking is fine, but drugs are not.", "I smoke weed daily."))).toBe(true);
    expect(breaks(against("Drinking is fine but I don't date smokers.", "I smoke."))).toBe(true);
    expect(limits("I don't mind dogs, but no cats.")).toEqual(["cats"]);
  });

  it("drugs at work, someone else's dog, a dog shelter, churches as places and a gamble taken are no habit of the person's", () => {
    const against = (dealbreakers: string, otherSays: string) => checkLimits(holder(dealbreakers), other(otherSays));
    expect(breaks(against("No drugs.", "I'm a pharmacist and hand out drugs all day."))).toBe(false);
    expect(breaks(against("No drugs.", "I work in drug rehabilitation."))).toBe(false);
    expect(breaks(against("No drugs.", "I do drugs at weekends."))).toBe(true);
    expect(breaks(against("No dogs.", "I walk my neighbour's dog sometimes."))).toBe(false);
    expect(breaks(against("No religious people.", "I sing in a choir that performs in old churches."))).toBe(false);
    expect(breaks(against("No religious people.", "I go to church every Sunday."))).toBe(true);
    expect(breaks(against("No gamblers.", "I took a gamble moving here and it paid off."))).toBe(false);
    expect(breaks(against("No dogs.", "I volunteer at a dog shelter at weekends."))).toBe(false);
    expect(breaks(against("No dogs.", "I have a rescue dog called Bo."))).toBe(true);
    expect(breaks(against("No drugs.", "I smoke a joint now and then."))).toBe(true);
    expect(breaks(against("No drugs.", "We have a joint account."))).toBe(false);
  });

  it("tea, water and a band's name are no drinking and no guns", () => {
    expect(breaks(checkLimits(holder("No drinkers."), other("I drink a lot of tea and water.")))).toBe(false);
    expect(breaks(checkLimits(holder("No drinkers."), other("I drink tea and the odd glass of wine.")))).toBe(true);
    expect(breaks(checkLimits(holder("No guns."), other("I'm a huge Guns N' Roses fan.")))).toBe(false);
    expect(breaks(checkLimits(holder("No guns."), other("I keep a rifle and two shotguns.")))).toBe(true);
  });

  it("a rule against reptiles or parrots is no rule against dogs and cats, but keeping one is having a pet", () => {
    const reptiles = holder("Reptiles in the house. I'm phobic.");
    expect(limits("Reptiles in the house. I'm phobic.")).not.toContain("cats");
    const catOwner = checkLimits(reptiles, other("I have two cats and far too many houseplants."));
    expect(breaks(catOwner)).toBe(false);
    expect(catOwner.questions.map((q) => q.question).join(" ")).toMatch(/reptiles/i);
    const noPets = holder("No pets.");
    expect(breaks(checkLimits(noPets, other("I share my flat with a parrot and two house rabbits.")))).toBe(true);
    expect(breaks(checkLimits(noPets, other("I teach piano and swim.")))).toBe(false);
  });
});

describe("a lack named, a conditional about their things, 'I'm not' refusals and asides that name nothing", () => {
  it.each([
    ["Not having a job right now is a dealbreaker for me, harsh as that sounds.", "Do you have a job right now?", "no"],
    ["Not owning a car is a no.", "Do you own a car?", "no"],
    ["Someone with no job and no plan to get one. I'm not being snobby about what you do.", "Do you have a job?", "no"],
    ["A man who has no friends.", "Do you have any friends?", "no"],
    ["Grace before meals is a no.", "Is grace before meals part of your life?", "yes"],
    ["If your job involves weekends away, we're done.", "Does your job involve weekends away?", "yes"],
    [
      "I live twenty miles from a bus stop, so a man who can't hold a job just wouldn't work.",
      "Can you hold a job?",
      "no",
    ],
    ["Trust-fund types who've never earned their own money.", "Have you ever earned your own money?", "no"],
    [
      "I dated a man who still played in a covers band at forty and it ran the whole relationship. Never again.",
      "Do you still play in a covers band?",
      "yes",
    ],
  ])("%s → %s (the pair ends on %s)", (dealbreaker, question, endsOn) => {
    expect(asked(read(dealbreaker))).toEqual([[question, endsOn]]);
  });

  it("reads 'if your job involves ...' back to its writer as someone whose job does", () => {
    const [item] = read("If your 'job' involves weekends away from your family, we're done.");
    expect(item).toMatchObject({ kind: "ask", label: "someone whose job involves weekends away from their family" });
  });

  it("someone else's children refused is a partner who has children, asked or answered as the tap is", () => {
    expect(limits("I'm not raising someone else's kids, I've done it once.")).toEqual(["hasChildren"]);
    expect(limits("I'm not looking to take on someone else's children.")).toEqual(["hasChildren"]);
    expect(limits("No stepkids.")).toEqual(["hasChildren"]);
    const stepdad = holder("I'm not raising someone else's kids, I've done it once.");
    expect(checkLimits(stepdad, other("I teach piano.", { hasChildren: "yes" })).conflict).toBe(true);
    expect(breaks(checkLimits(stepdad, other("I teach piano.", { hasChildren: "no" })))).toBe(false);
  });

  it("pressing others to drink is about pressing, and a big drinker is a heavy one: a sober person and a social drinker meet", () => {
    const sober = holder("People who pressure others to drink.", { drinking: "never" });
    const social = holder("Big drinkers. I've done my time in that world.", { drinking: "socially" });
    expect(limits("People who pressure others to drink.")).toEqual(["trait"]);
    expect(limits("Big drinkers.")).toEqual(["drinkingHeavy"]);
    expect(checkLimits(sober, social).conflict).toBe(false);
    expect(checkLimits(social, sober).conflict).toBe(false);
    expect(checkLimits(social, other("I work behind a bar.", { drinking: "often" })).conflict).toBe(true);
  });

  it("a requirement said to the reader, time apart, and a platform's name only as a word", () => {
    expect(asked(read("You'll need to drive."))).toEqual([["Do you drive?", "no"]]);
    expect(asked(read("I'm not going to be anyone's taxi again."))).toEqual([[AREA_QUESTIONS.driving.question, "no"]]);
    expect(asked(read("Months apart."))).toEqual([[AREA_QUESTIONS.distance.question, "yes"]]);
    const scaly = asked(read("Scaly things in the flat is an instant no."));
    expect(scaly).not.toContainEqual([AREA_QUESTIONS.socialMedia.question, "yes"]);
    expect(asked(read("Anyone who lives on Insta."))).toEqual([[AREA_QUESTIONS.socialMedia.question, "yes"]]);
  });

  it("an aside around a limit is neither asked nor kept as a trait", () => {
    expect(read("I'm monogamous, full stop. Not interested in anything open, no judgement but not for me.")).toEqual([
      expect.objectContaining({ kind: "ask", question: AREA_QUESTIONS.open.question }),
    ]);
    expect(limits("No smokers, non-negotiable.")).toEqual(["smokingAny"]);
    expect(kinds(read("Liars. Life's too short."))).toEqual(["trait"]);
    expect(kinds(read("People who are mean online and nice in person, or vice versa."))).toEqual(["trait"]);
    expect(asked(read("Tattoos. I know, I know. A small one I can live with, but full sleeves, no."))).toEqual([
      ["Are tattoos part of your life?", "yes"],
      ["Are full sleeves part of your life?", "yes"],
    ]);
  });

  it("a dealbreaker in another language is read as nothing, however short", () => {
    expect(read("La mentira.")).toEqual([]);
    expect(read("Los hombres que todavía viven con su madre, no puedo.")).toEqual([]);
    expect(read("Unehrlichkeit und Menschen, die Tiere schlecht behandeln.")).toEqual([]);
  });

  it("'not dating a rider', with no 'is a no' after it, is the person's own refusal, never a question of theirs", () => {
    const text = "Motorbikes. I was knocked off one at twenty. Not getting back on, not dating a rider.";
    expect(asked(read(text))).toEqual([[AREA_QUESTIONS.motorbikes.question, "yes"]]);
  });

  it("asks nothing a candidate could not answer: a thing left unsaid, a moment of the holder's story, the asker turned round", () => {
    const garbled =
      /\b(?:of|around|in|they|never|just|emotionally|somewhere)\s+part of your life\?$|\bat\s+(?:\d+|twenty|forty)\b|^Is\s+(?:had|\d)|with you\?$|\b(?:just|somewhere|wants)\?$|\b(?:dat|gett)\b|too many\?$|^Do you \w+ you\?$|^Is .*\byou\b.* part of your life\?$/;
    for (const text of [
      "I'm up at 5:30 every day and I need someone on a similar clock.",
      "Someone who's still tangled up with their ex — emotionally, I mean.",
      "Open relationships aren't for me. I want two people, fully in.",
      "I DO mind being preached at or told I'm going to hell — had enough of that growing up.",
      "A glass of wine with dinner is fine; a lifestyle built around the pub is not.",
      "I'm not keen on lots of ink. A small one somewhere, fine.",
      "Drug users. People who can't be straight with you.",
      "Bit of a no if your mum still does your washing, as harsh as that sounds.",
      "I'm a union organiser, and someone who votes for the party that wants to gut unions is a no.",
      "The deployments, the moving every two years, never knowing where they are — I won't do that.",
      "I can't love someone who throws herself off things for fun. I've done one funeral too many.",
      "Anyone who kills animals for fun. I couldn't share a life with someone who shoots them.",
      "Someone who tells you everything is fine when it isn't.",
    ]) {
      for (const [question] of asked(read(text))) expect(question).not.toMatch(garbled);
    }
  });
});

describe("more topics known by meaning, however the limit is put", () => {
  it.each([
    ["Don't message me if your headset sees more of you than your girlfriend would.", AREA_QUESTIONS.gaming],
    ["If you're going to pitch me a business opportunity over drinks, swipe left.", AREA_QUESTIONS.networkMarketing],
    ["Anything with two wheels and an engine, I just can't.", AREA_QUESTIONS.motorbikes],
    ["Scaly things in the flat is an instant no.", AREA_QUESTIONS.exoticPets],
    ["A partner who's gone half the month.", AREA_QUESTIONS.distance],
    ["Chronic lateness.", AREA_QUESTIONS.lateness],
    ["I'm not going to be anyone's taxi again.", AREA_QUESTIONS.driving],
    ["Deployments are not for me.", AREA_QUESTIONS.military],
    ["Star signs and tarot, no thanks.", AREA_QUESTIONS.astrology],
    ["Flat-earthers and anyone who does their own research.", AREA_QUESTIONS.conspiracies],
    ["Strip clubs are a no.", AREA_QUESTIONS.stripClubs],
    ["Bitcoin bros.", AREA_QUESTIONS.crypto],
    ["A grown man whose mum still does his washing.", AREA_QUESTIONS.parents],
    ["Workaholics, I've been married to one.", AREA_QUESTIONS.workaholic],
    ["Party animals who are out every weekend.", AREA_QUESTIONS.partying],
    ["Gym bros.", AREA_QUESTIONS.gym],
    ["Someone glued to their phone at dinner.", AREA_QUESTIONS.phone],
    ["Still on the apps when we've started dating? No.", AREA_QUESTIONS.datingOthers],
    ["Hoarders.", AREA_QUESTIONS.hoarding],
    ["Trophy hunting is a no.", AREA_QUESTIONS.hunting],
    ["Big spenders who live beyond their means.", AREA_QUESTIONS.spending],
    ["Face piercings.", AREA_QUESTIONS.piercings],
    ["Football fanatics.", AREA_QUESTIONS.sportFan],
    ["I couldn't date someone whose paycheque comes from fracking.", AREA_QUESTIONS.fossilFuels],
    ["If you want to keep your own place forever, we want different things.", AREA_QUESTIONS.livingApart],
    ["Fussy eaters who live on chicken nuggets.", AREA_QUESTIONS.pickyEating],
    ["Landlords with a portfolio.", AREA_QUESTIONS.landlord],
    ["Anyone who needs me to move to the middle of nowhere.", AREA_QUESTIONS.rural],
    ["If you're not after anything serious, keep swiping.", AREA_QUESTIONS.casual],
    ["A floordrobe is a dealbreaker.", AREA_QUESTIONS.messy],
    ["Someone who's never awake before noon.", AREA_QUESTIONS.nightOwl],
    ["No nomads.", AREA_QUESTIONS.nomad],
    ["If work always comes first, I'm out.", AREA_QUESTIONS.workaholic],
    ["I can't be somebody's taxi.", AREA_QUESTIONS.driving],
  ])("%s → %o", (dealbreaker, { question, endsOn }) => {
    expect(asked(read(dealbreaker))).toEqual([[question, endsOn]]);
  });

  it("the person's own life or their family's names a topic without refusing it; a story of an ex refuses", () => {
    expect(asked(read("I'm a gamer myself, but smokers are a no."))).toEqual([]);
    expect(asked(read("I work nights myself. No smokers."))).toEqual([]);
    expect(asked(read("My dad was in the army. No smokers."))).toEqual([]);
    expect(asked(read("I'm monogamous, full stop."))).toEqual([[AREA_QUESTIONS.open.question, "yes"]]);
    expect(asked(read("My ex was a gamer and it ruined us. Never again."))).toEqual([
      [AREA_QUESTIONS.gaming.question, "yes"],
    ]);
  });

  it("someone else's mother is no stance on children, and a liking names no topic", () => {
    expect(limits("A grown man whose mum still does his washing.")).not.toContain("wantsChildren");
    expect(limits("Someone who wants to be a mum.")).toEqual(["wantsChildren"]);
    expect(asked(read("I love board games and a good raid on a Friday night."))).toEqual([]);
    // "Even just at weekends" is how often, not a relationship seen only at weekends.
    expect(limits("Weed is a no. Even just at weekends.")).toEqual(["cannabis"]);
    expect(asked(read("A partner I see just at weekends isn't enough."))).toEqual([
      [AREA_QUESTIONS.distance.question, "yes"],
    ]);
    // House hunting is no hunting, and working every weekend is a schedule, asked as one.
    expect(asked(read("I'm house hunting at the moment, but smokers are a no."))).toEqual([]);
    expect(asked(read("Someone who works every weekend."))).toEqual([["Do you work every weekend?", "yes"]]);
  });
});

describe("readings that would turn a limit round", () => {
  it("a comparison refused after it is said ('shorter than me is a dealbreaker') refuses what it names", () => {
    expect(asked(read("Shorter than me is honestly a dealbreaker.", "I'm 5'11."))).toEqual([
      ["Are you taller than 5'10\"?", "no"],
    ]);
    expect(asked(read("Someone taller than me is a must.", "I'm 5'11."))).toEqual([
      ["Are you taller than 5'11\"?", "no"],
    ]);
    expect(read("Shorter than me is honestly a dealbreaker.", "I'm 5'11.")[0]).toMatchObject({
      label: "shorter than me",
    });
    // The person's own height, said in the same sentence, is read back without being repeated.
    expect(read("I'm 170 cm, so nobody shorter than me.")[0]).toMatchObject({
      label: "nobody shorter than me",
      question: "Are you taller than 169 cm?",
    });
  });

  it("a moment of the person's own, and 'I mean it', refuse nothing: a social drinker who quit smoking meets them", () => {
    const holding = "No smokers. I mean it, not even 'just when I drink'.";
    expect(limits(holding)).toEqual(["smokingAny"]);
    const quitLongAgo = other("I quit smoking twelve years ago and run half-marathons now.", {
      smoking: "no",
      drinking: "socially",
    });
    expect(checkLimits(holder(holding, { smoking: "no", drinking: "socially" }), quitLongAgo).conflict).toBe(false);
    expect(limits("Anyone who smokes when I'm around.")).toEqual(["smokingAny"]);
  });

  it("'a glass at a wedding, fine' accepts, and names no stance on marriage", () => {
    expect(limits("A glass at a wedding, fine. Getting drunk every weekend, no.")).toEqual(["drinkingHeavy"]);
  });

  it("what the person builds with someone, and what someone dismisses, are read the right way round", () => {
    // Against neither marriage nor faith: against someone without faith.
    expect(limits("I couldn't build a marriage with someone who thinks God is a fairy tale.")).toEqual(["noFaith"]);
    expect(limits("Religion is a crutch.")).toEqual(["religious"]);
    expect(limits("I think God is a fairy tale.")).toEqual(["religious"]);
    expect(limits("Someone who thinks marriage is outdated.")).toEqual(["noMarriageWanted"]);
  });

  it("whom a person won't date or marry is a kind of person, and no stance on marrying", () => {
    expect(asked(read("I won't date cops."))).toEqual([["Are you a cop?", "yes"]]);
    expect(asked(read("I would never marry a cop."))).toEqual([["Are you a cop?", "yes"]]);
    expect(limits("I would never marry a cop.")).not.toContain("wantsMarriage");
    // "I can only marry someone ..." still wants to marry.
    expect(limits("I can only marry someone who shares my Christian faith.")).toContain("noMarriageWanted");
  });
});

describe("what a preference, a double negative or a clause that goes on says", () => {
  it("'I'd rather date X than Y' refuses Y, never X: a parent meets someone who prefers a parent to a liar", () => {
    const holding = "Honestly I'd rather date a man with three kids than one who hides even one.";
    expect(limits(holding)).not.toContain("hasChildren");
    const parent = other("My daughter is twelve and the centre of my world.", { hasChildren: "yes" });
    expect(checkLimits(holder(holding), parent).conflict).toBe(false);
    expect(limits("I'd rather be single than date a smoker.")).toEqual(["smokingAny"]);
    expect(limits("I would rather date a smoker than a liar.")).toEqual(["trait"]);
    // What is preferred keeps its bounds; "rather not" and a comparison's "than" are no preference.
    const at35 = (text: string) => asked(readDealbreakers(text, { facts: {}, selfText: "", age: 35 }));
    expect(
      at35("I would rather date someone within five years of my age than deal with a generation gap."),
    ).toContainEqual(["Are you between 30 and 40?", "no"]);
    expect(at35("I'd rather not date anyone more than ten years older than me.")).toEqual([
      ["Are you older than 45?", "yes"],
    ]);
  });

  it("'I couldn't not have a dog' needs dogs, and a clause that goes on is said of the same person", () => {
    const holding =
      "I couldn't not have a dog in my life. So someone who doesn't like dogs, or won't have one in the house, isn't going to work.";
    expect(limits(holding)).not.toContain("dogs");
    expect(asked(read(holding))).toEqual([["Do you get along with dogs?", "no"]]);
    const dogOwner = other("Walks with my spaniel are the best part of my day.", { pets: "dogs" });
    expect(breaks(checkLimits(holder(holding, { pets: "dogs" }), dogOwner))).toBe(false);
  });

  it("'someone who does' is what was just named, and a remark about everyone or 'I mean' is no limit", () => {
    expect(limits("I've never held a cigarette and I won't date someone who does.")).toEqual(["smokingAny"]);
    expect(asked(read("Debt, except a mortgage, everyone's got one of those. I mean maxed cards."))).toEqual([
      ["Are you paying off any debts?", "yes"],
      ["Are maxed cards part of your life?", "yes"],
    ]);
  });

  it.each([
    "Someone who's dead set against marriage. I want the lot one day.",
    "Guns. I don't want one in the house, ever.",
    "My lungs close up around cats, so a home with one is impossible for me.",
    "Still 'best friends' with her and calling her first when something happens? Pass.",
    "Drugs, any kind. I've watched what it does to people, up close.",
    "Open relationships are a no. I'm a one-woman guy.",
    "If you've already got a primary somewhere, or want one later, pass.",
    "Also anyone who's seen Love Actually fewer than five times (joke. mostly).",
    "You don't have to believe what I believe, but if you're going to mock it, we won't work.",
    "Vegans who preach. Kidding. Mostly. Real one is dishonesty.",
    "smoking? i did it for ten years, im hardly gonna preach lol. real ones: being rude to waiters and lying",
  ])("asks nothing garbled of %s", (text) => {
    for (const [question] of asked(read(text))) {
      expect(question).not.toMatch(
        /\bday\?|in the house\?|a home part|\byour and\b|up close|\bguy\?|\bone later\b|\bseen\b.*\bfewer\b|\bit\?$|\bkidding\b|\bjoke\b|\bones\b/i,
      );
    }
  });
});

describe("how someone treats a thing, a spouse at home, and words that accept or only point", () => {
  it("cruelty to a dog refuses the cruelty, not dogs: a greyhound owner meets a dog-rescue worker", () => {
    const holding = "someone who's cruel to their dog or dumps it when it gets inconvenient. instant no";
    expect(kinds(read(holding))).toEqual(["trait"]);
    const greyhounds = other("My two rescue greyhounds basically run my life.", { pets: "dogs" });
    expect(breaks(checkLimits(holder(holding, { pets: "dogs" }), greyhounds))).toBe(false);
  });

  it("'a wife at home' is someone married now, not a stance on marriage: a widower who hopes to marry again meets", () => {
    const holding = "A wife at home. Lying about being married is the lowest thing a person can do.";
    expect(limits(holding)).toContain("married");
    expect(limits(holding)).not.toContain("wantsMarriage");
    const widower = other("Widowed four years. Marriage again one day, properly.", {
      relationshipStatus: "widowed",
      wantsMarriage: "yes",
    });
    expect(checkLimits(holder(holding), widower).conflict).toBe(false);
    expect(limits("I want a husband one day.")).toEqual(["noMarriageWanted"]);
  });

  it("'kids, lovely' and 'not fussed' accept what they name", () => {
    expect(limits("If you've got kids, lovely - as long as you're not still at war with their mum.")).not.toContain(
      "hasChildren",
    );
    expect(
      asked(read("I'd never get a tattoo myself - needles, no thanks - but I'm not fussed what anyone else does.")),
    ).toEqual([]);
  });

  it("words that only point ('any kind, any size', 'let's say', 'I mean none', 'two things:') are neither asked nor traits", () => {
    expect(asked(read("Gamblers. Any kind, any size."))).toEqual([["Do you gamble or bet regularly?", "yes"]]);
    expect(kinds(read("No smokers, and I mean none."))).toEqual(["limit"]);
    expect(asked(read("He's 58, so let's say no one over 50."))).not.toContainEqual(
      expect.arrayContaining([expect.stringMatching(/let's say/i)]),
    );
    expect(asked(read("Two things: pyramid schemes, and being rude to waiters."))).toEqual([
      [AREA_QUESTIONS.networkMarketing.question, "yes"],
    ]);
    // A third time is no third person.
    expect(asked(read("That, really. I won't do it a third time."))).toEqual([]);
    expect(asked(read("Anything that slithers living in your flat."))).toEqual([
      [AREA_QUESTIONS.exoticPets.question, "yes"],
    ]);
  });
});

describe("a preference said with 'over', a thing one can fix, and jokes", () => {
  it("'I'd take X over Y' refuses Y only, and 'messy I can fix' accepts", () => {
    const holding =
      "I'd take a man with a messy flat and no dress sense over one who needs a drink every night, any day of the week. Messy I can fix.";
    expect(limits(holding)).toEqual(["drinkingHeavy"]);
    expect(asked(read(holding))).toEqual([]);
    expect(kinds(read("I'd take a smoker over a liar."))).toEqual(["trait"]);
  });

  it("a participle that says where someone is ('gone three weeks') is still asked", () => {
    expect(asked(read("Someone who's gone three weeks out of four."))).toEqual([
      ["Are you gone three weeks out?", "yes"],
    ]);
  });
});

describe("what a careless reading turned into refusals", () => {
  it("'I don't need my partner to be Muslim' takes back the rule the person's own faith implied", () => {
    expect(limits("I'm Muslim and I pray five times a day.")).toEqual(["noFaith"]);
    expect(
      limits(
        "I'm Muslim and I pray five times a day. I don't need my partner to be Muslim, but I do need you to be fine with me not drinking.",
      ),
    ).toEqual([]);
    // Only the stance said not to be needed: a want of children still stands.
    expect(limits("I want kids. I don't need you to be religious.")).toEqual(["noChildrenWanted"]);
    // And only what the person's own life implied: a refusal said of others still stands, in either order.
    expect(limits("I'm Christian. I don't need you to be Christian, but no atheists.")).toEqual(["noFaith"]);
    expect(limits("No atheists. I don't need you to be Christian.")).toEqual(["noFaith"]);
  });

  it("'Not into religion' is the person's own taste: it refuses the religious, not the irreligious", () => {
    expect(limits("Not into religion. The last two people I dated wanted to convert me.")).toContain("religious");
    expect(limits("Not into religion.")).not.toContain("noFaith");
  });

  it("'anything harder than weed' refuses the drugs beyond cannabis, not cannabis", () => {
    expect(limits("anything harder than weed is a no. weed's fine, I'm not fussed about that")).toEqual(["otherDrugs"]);
  });

  it("'anyone who doesn't like dogs' is not broken by having no pets at home: the other is asked", () => {
    const dogLover = holder("Anyone who doesn't like dogs.");
    const noPets = other("PE teacher, I hurl at the weekends.", { pets: "none" });
    const check = checkLimits(dogLover, noPets);
    expect(check.conflict).toBe(false);
    expect(check.questions).toEqual([{ question: "Do you get along with dogs?", endsOn: "no" }]);
    // An allergy to dogs does settle it; a dog at home settles it the other way; "no dogs" is still broken by one.
    expect(checkLimits(dogLover, other("Harbour pilot.", { pets: "none", allergies: "dogs" })).conflict).toBe(true);
    expect(checkLimits(dogLover, other("Vet nurse.", { pets: "dogs" })).questions).toEqual([]);
    expect(checkLimits(holder("No dogs."), other("Vet nurse.", { pets: "dogs" })).conflict).toBe(true);
  });

  it("'if you'd make me choose between you and my dog' refuses being made to choose, not dogs or children", () => {
    expect(kinds(read("If you'd make me choose between you and my dog, no."))).toEqual(["trait"]);
    expect(kinds(read("Someone who makes me choose between him and my kids."))).toEqual(["trait"]);
  });

  it("a condition put to the reader is read back as the person it describes", () => {
    const labels = read(
      "If you've got a court case or you're on probation, tell me up front. If you live with your ex, no.",
    ).map((item) => ("label" in item ? item.label : item.kind));
    expect(labels).toEqual([
      "someone who's got a court case",
      "someone who's on probation",
      "someone who lives with their ex",
    ]);
  });

  it("'dogs are grand' accepts dogs", () => {
    expect(limits("I'm allergic to cats so a house with cats won't work. Dogs are grand, bring the dog.")).toEqual([
      "cats",
    ]);
  });
});

describe("asides, a reason in brackets, and questions cut off in the open", () => {
  const questions = (text: string) => asked(read(text)).map(([question]) => question);

  it("an allergy in brackets is the person's own reason: the limit stands and nothing is asked about the allergy", () => {
    expect(limits("Dogs (allergy). Heavy drinking.")).toEqual(["dogs", "drinkingHeavy"]);
    expect(questions("Cats (I'm allergic) and cruelty to animals")).toEqual([]);
    expect(
      read("Cats (allergic) and cruelty to animals").map((item) => ("label" in item ? item.label : item.kind)),
    ).toEqual(["limit", "cruelty to animals"]);
  });

  it.each([
    ["Cheating. Thats it really.", /thats|really/i],
    ["wanting kids. no offence to anyone, it's just not me", /offence/i],
    ["Drugs. Site's got zero tolerance and so have I.", /tolerance|site/i],
    ["Smoking, I can't stand the smell.", /smell/i],
    ["Not being out. I need a partner who's the same", /the same\?/i],
    ["No more babies for me. And no P, no hard drugs, ever.", /\bP\b/],
    ["Short list: cruelty to animals, and anyone serving in the armed forces.", /short list/i],
    ["Doomsday types. Bunkers and tinned beans in the basement.", /a bunker/i],
  ])("asks nothing of an aside or a word that names nothing: %s", (text, garble) => {
    for (const question of questions(text)) expect(question).not.toMatch(garble);
  });

  it("a question cut short never ends on a possessive or an open clause, and asks the shorter whole", () => {
    expect(questions("Smokers, and men who feel threatened by a woman's career.")).toEqual(["Do you feel threatened?"]);
    expect(questions("I don't want to date anybody who's still deciding whether to be out.")).toEqual([
      "Are you still deciding?",
    ]);
    for (const question of questions("People who think hospo isn't a real job"))
      expect(question).not.toMatch(/a real\?$/);
  });

  it("envy of a thing, or jealousy owned up to, asks no one whether they get jealous; 'ha' is an aside", () => {
    expect(questions("I get jealous of people who can sleep in, ha. Dealbreakers: smoking.")).toEqual([]);
    expect(questions("I'm a bit jealous by nature, working on it. No smokers.")).toEqual([]);
  });

  it("'tell me up front' is said to the reader: it names nothing, and the refusal after it still counts", () => {
    expect(questions("If you have a gambling habit, be honest up front, it's a no.")).toEqual([
      "Do you gamble or bet regularly?",
    ]);
    expect(questions("If you're on probation, tell me up front, because that's a no for me.")).toEqual([
      "Are you on probation?",
    ]);
  });

  it("two conditions on the reader joined by 'or' are each asked about", () => {
    const court =
      "Drama I can't control. If you've got a court case hanging over you or you're on probation, tell me up front, because that's a no for me.";
    // Cut short so as not to quote, the question never ends on a verb cut from its particle ("hanging [over]").
    expect(questions(court)).toEqual(["Do you have a court case?", "Are you on probation?"]);
    expect(questions("If you've got a court case or you're on probation, that's a no for me.")).toEqual([
      "Do you have a court case?",
      "Are you on probation?",
    ]);
    // "If you smoke" refuses any smoking, however often the other condition's drinking is.
    expect(limits("If you smoke or you drink every night, keep scrolling.")).toEqual(["smokingAny", "drinkingHeavy"]);
  });

  it("'bad manners' are a thing, not a person: no 'Are you a bad manner?'", () => {
    expect(questions("Smoking, bad manners")).toEqual(["Are bad manners part of your life?"]);
    // The smell of something named is still that thing.
    expect(limits("The smell of weed.")).toEqual(["cannabis"]);
  });

  it("a drink problem is heavy drinking, not any drink: a social drinker meets", () => {
    for (const text of [
      "Drink problems. I saw what it did in my family.",
      "anyone with a drinking problem",
      "problems with alcohol",
    ])
      expect(limits(text)).toEqual(["drinkingHeavy"]);
    expect(
      checkLimits(holder("Drink problems."), other("A pint at the quiz on Wednesdays.", { drinking: "socially" }))
        .conflict,
    ).toBe(false);
  });

  it("'anyone who wants children' said of the other outweighs a head teacher's 'thirty small children'", () => {
    const teacher = readPerson(
      n({
        bestQualities: "Calm, fair, endlessly patient (thirty small children will do that).",
        dealbreakers: "Cruelty. Anyone who wants children.",
      }),
      {},
    );
    expect(teacher.reading.flatMap((item) => (item.kind === "limit" ? [item.limit] : []))).toEqual(["wantsChildren"]);
    expect(checkLimits(teacher, other("Kids were never on the cards for me.", { wantsChildren: "no" })).conflict).toBe(
      false,
    );
    // A topic only named in a story keeps the person's own stance: someone who wants to marry
    // refuses no one for wanting it.
    const storyteller = readPerson(
      n({
        goals: "Marriage and a family, ideally.",
        dealbreakers: "Cheaters. Happened to a mate of mine, he found out via her husband's Facebook.",
      }),
      {},
    );
    expect(checkLimits(storyteller, other("I want to get married.", { wantsMarriage: "yes" })).conflict).toBe(false);
  });

  it("cruelty to stock or dogs refuses the cruelty, not dogs", () => {
    expect(kinds(read("Drugs, and people who are cruel to stock or dogs."))).toEqual(["limit", "trait"]);
    expect(limits("Drugs, and people who are cruel to stock or dogs.")).not.toContain("dogs");
  });
});

describe("a family complete, and what someone is too grand for", () => {
  it("'not starting again with a baby' is the person's own stance: it refuses those who want children, not parents", () => {
    expect(limits("Lying. And honestly I'm not starting again with a baby, I'm 42 and my lad's nearly grown.")).toEqual(
      ["trait", "wantsChildren"],
    );
    // A child someone already has is still read so.
    expect(limits("Someone with a baby.")).toEqual(["hasChildren"]);
  });

  it.each([
    ["Not having more kids."],
    ["Not starting over with a newborn."],
    ["Not doing the baby thing again."],
    ["Not starting a family at 45."],
  ])("'%s', said without its subject, is the person's own: it never refuses those who want none", (text) => {
    expect(limits(text)).toEqual(["wantsChildren"]);
  });

  it("'if you want babies I'm not your girl' refuses those who want children, also after 'so'", () => {
    expect(limits("If you want babies I'm not your girl.")).toEqual(["wantsChildren"]);
    expect(limits("My family's complete, so if you want babies I'm not your girl.")).toEqual(["wantsChildren"]);
  });

  it("'no one too grand for a pint in a country pub' refuses no drinker and asks about no move", () => {
    const items = read("No smokers. And no one too grand for a pint in a country pub.");
    expect(limits("No smokers. And no one too grand for a pint in a country pub.")).toEqual(["smokingAny", "ask"]);
    expect(asked(items)).toEqual([["Are you too grand for a pint?", "yes"]]);
    // A new country is still a move.
    expect(asked(read("Anyone moving to a new country."))).toEqual([[AREA_QUESTIONS.moving.question, "yes"]]);
  });
});
