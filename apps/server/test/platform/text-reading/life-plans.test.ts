import { describe, expect, it } from "vitest";
import { planAgreements, planClashes, readLifePlan } from "../../../src/platform/text-reading/life-plans.ts";

describe("reading where a person's life is going", () => {
  it("reads children and marriage as wanted, unsure or not wanted, a negation in the clause turning a wish round", () => {
    expect(readLifePlan("I want to be married with a baby on the way within the next couple of years.")).toMatchObject({
      children: "yes",
      marriage: "yes",
      pace: "soon",
    });
    expect(readLifePlan("Kids I genuinely don't know yet, maybe in five years or maybe never.").children).toBe(
      "unsure",
    );
    expect(readLifePlan("I can't see myself ever getting married or having kids.")).toMatchObject({
      children: "no",
      marriage: "no",
    });
    expect(readLifePlan("A lasting partnership; I'm past the age where I want children.").children).toBe("no");
    expect(readLifePlan("Settling down and becoming a father is what I want next.").children).toBe("yes");
    expect(readLifePlan("Marriage isn't for me, I don't see the point of it.").marriage).toBe("no");
  });

  it("lets a quick answer win over the words", () => {
    expect(readLifePlan("I'd love kids one day.", { wantsChildren: "unsure" }).children).toBe("unsure");
    expect(readLifePlan("Marriage, yes.", { wantsMarriage: "no" }).marriage).toBe("no");
  });

  it("reads pace, place, time together, evenings, faith, money, talk, roles and drinking only where said outright", () => {
    expect(
      readLifePlan("I just got out of a six year relationship, I mostly want company and to see how I feel.").pace,
    ).toBe("slow");
    expect(readLifePlan("I'm not ready to settle, no timelines.").pace).toBe("slow");
    expect(readLifePlan("The plan is early retirement and a move to a village in Andalucía.").place).toBe("leaving");
    expect(readLifePlan("My roots are all in Edinburgh.").place).toBe("rooted");
    expect(readLifePlan("Honestly the business is my priority for the next few years.").time).toBe("busy");
    expect(readLifePlan("Someone who's home every night for dinner.").time).toBe("close");
    // Fine with time apart is no wish for someone home every night.
    expect(readLifePlan("Doesn't bother me if he's away for work part of the week.").time).toBe("apart");
    expect(readLifePlan("Someone gentle who likes staying in.").social).toBe("in");
    expect(readLifePlan("An outgoing bloke who loves a big night.").social).toBe("out");
    expect(readLifePlan("I'm a firm atheist.").faith).toBe("none");
    expect(readLifePlan("Anything", { faith: "christian", faithImportance: "high" }).faith).toBe("central");
    expect(readLifePlan("A man who's careful with money.").money).toBe("saver");
    expect(readLifePlan("Someone who doesn't need to talk everything through.").talk).toBe("light");
    expect(readLifePlan("A partner who'll split everything 50/50.").roles).toBe("equal");
    expect(readLifePlan("", { drinking: "often" }).drinking).toBe("often");
    expect(readLifePlan("I teach maths and walk my dog on the beach.")).toEqual({});
  });
});

describe("where a life is going: politics, city or country, drive, hours", () => {
  it("reads each where said outright, and politics from a quick answer unless it matters little", () => {
    expect(readLifePlan("Someone self-made, fiscally conservative ideally.").politics).toBe("right");
    expect(readLifePlan("", { politics: "liberal", politicsImportance: "some" })).toMatchObject({
      politics: "left",
      politicsMatters: false,
    });
    expect(readLifePlan("", { politics: "liberal", politicsImportance: "low" }).politics).toBeUndefined();
    expect(readLifePlan("A woman who wants a simpler, land-based life away from the city.").setting).toBe("country");
    expect(readLifePlan("Someone who loves jazz, restaurants and city life.").setting).toBe("city");
    expect(readLifePlan("Honestly I want us to be a power couple.").drive).toBe("driven");
    expect(readLifePlan("Happy as. Not chasing much.").drive).toBe("easy");
    expect(readLifePlan("Up at 5, asleep by 9.").hours).toBe("early");
    expect(readLifePlan("Late nights are my life, rarely in bed before 1.").hours).toBe("late");
    // "Maybe kids when we're older" leans towards children; it is no "not sure".
    expect(readLifePlan("Want to get married one day and maybe kids when we're older.").children).toBeUndefined();
  });

  it("opposite politics pull apart only where they matter to one of the two", () => {
    const mild = (politics: "liberal" | "conservative") => readLifePlan("", { politics, politicsImportance: "some" });
    expect(planClashes(mild("liberal"), mild("conservative"))).toEqual([]);
    const engaged = readLifePlan("Someone politically engaged, progressive.", {
      politics: "liberal",
      politicsImportance: "high",
    });
    expect(planClashes(mild("conservative"), engaged)).toEqual(["politics"]);
  });
});

describe("plans in step and out of step", () => {
  it("finds each axis two plans pull apart on, whichever way round", () => {
    const soon = readLifePlan("I want to settle down and start a family in the next couple of years.");
    const unsure = readLifePlan("Kids... not sure, not for a good few years at least.");
    expect(planClashes(soon, unsure)).toEqual(expect.arrayContaining(["children", "pace"]));
    expect(planClashes(unsure, soon).sort()).toEqual(planClashes(soon, unsure).sort());
    expect(
      planClashes(readLifePlan("This is home, I'm never leaving."), readLifePlan("I'm moving home next year.")),
    ).toEqual(["place"]);
  });

  it("invents nothing from silence, and reads the same stance on both sides as agreement", () => {
    expect(planClashes(readLifePlan("I want kids soon."), readLifePlan("I love the sea."))).toEqual([]);
    const noKids = readLifePlan("Never wanting kids.");
    const noKidsEither = readLifePlan("I don't want children, never have.");
    expect(planClashes(noKids, noKidsEither)).toEqual([]);
    expect(planAgreements(noKids, noKidsEither)).toEqual(["children"]);
  });
});

describe("what a limit, weariness of a place and an open faith say of a plan", () => {
  it("reads a confirmed limit as the holder's own stance where they did not answer", () => {
    expect(readLifePlan("", { limits: ["wantsChildren"] }).children).toBe("no");
    expect(readLifePlan("", { limits: ["noChildrenWanted"] }).children).toBe("yes");
    expect(readLifePlan("", { limits: ["wantsMarriage"] }).marriage).toBe("no");
    expect(readLifePlan("", { limits: ["noMarriageWanted"] }).marriage).toBe("yes");
    // Their answer wins over what a limit implies.
    expect(readLifePlan("", { wantsChildren: "unsure", limits: ["wantsChildren"] }).children).toBe("unsure");
  });

  it("'fed up of city life' is a wish to leave the city, not city life", () => {
    expect(readLifePlan("Stuck in an apartment in town and fed up of city life.").setting).toBe("country");
    expect(readLifePlan("Someone who loves jazz and city life.").setting).toBe("city");
  });

  it("a faith that need not be shared pulls apart from no faith on nothing", () => {
    const devout = readLifePlan("My faith is everything to me.");
    const open = readLifePlan("My faith is everything to me, but I don't need him to share my faith.");
    const atheist = readLifePlan("I'm an atheist.");
    expect(planClashes(devout, atheist)).toEqual(["faith"]);
    expect(planClashes(open, atheist)).toEqual([]);
    // Said in the dealbreakers too, where nothing else is read for the plan.
    const openInDealbreakers = readLifePlan(
      "My faith is everything to me.",
      {},
      "I'm Muslim. I don't need my partner to be Muslim, but I need you to be fine with me not drinking.",
    );
    expect(planClashes(openInDealbreakers, atheist)).toEqual([]);
    expect(
      readLifePlan("My faith is everything to me.", {}, "Someone who doesn't want kids.").children,
    ).toBeUndefined();
  });

  it("a life kept to a routine pulls apart from one lived as it comes; pyjamas by nine from waking at noon", () => {
    const planned = readLifePlan("I plan my weeks on Sunday night and I love a routine.");
    const flowing = readLifePlan("Someone who's up for going with the flow and doesn't need everything mapped out.");
    expect(planned.routine).toBe("planned");
    expect(flowing.routine).toBe("spontaneous");
    expect(planClashes(planned, flowing)).toEqual(["routine"]);
    const early = readLifePlan("I'm up at 6 and by 9pm I'm in pyjamas with a film.");
    const late = readLifePlan("DJ, usually waking up around noon. Someone who loves music and going out.");
    expect(planClashes(early, late).sort()).toEqual(["hours"]);
    expect(late.social).toBe("out");
    // Going out for a meal says nothing of evenings out.
    expect(readLifePlan("I love going out for dinner.").social).toBeUndefined();
  });

  it("'I can't wait to have a family' wants children", () => {
    expect(readLifePlan("I was raised by a single mum and I can't wait to have a family of my own.").children).toBe(
      "yes",
    );
  });
});
