import type { Facts, LimitId } from "@sams-web/domain/non-negotiables/contracts";
import { RELIGIONS } from "@sams-web/domain/non-negotiables/rules";
import { straightApostrophes } from "./text.ts";

// Whether two people's plans are in step. Two people can share every hobby and word and still be
// a weak fit: one wants a baby within two years and the other is not sure about children; one is
// ready to move in this year and the other has just come out of a marriage; one is moving abroad
// and the other's roots are here. A matchmaker looks at these before anything else. Each axis is
// read from what the person says of their own plans and of the partner they hope for (someone
// who "is ready to settle down now" tells their own pace); a quick answer wins over a reading,
// and so does a limit the person confirmed (refusing those who want children says they want none).
// Only a position said outright counts: an axis a person says nothing about is in step with
// anything, so a clash is never invented from silence.

/** Where one person stands on each axis, where they said so. */
export interface LifePlan {
  children?: "yes" | "unsure" | "no";
  marriage?: "yes" | "unsure" | "no";
  /** Ready to commit soon, or wanting to take it slowly (or not ready at all). */
  pace?: "soon" | "slow";
  /** About to move far away, or rooted where they are. */
  place?: "leaving" | "rooted";
  /** Away or taken up by work much of the time; wanting a partner home most evenings; fine with time apart. */
  time?: "busy" | "close" | "apart";
  /** Out most nights and meeting people, or happiest with quiet nights in. */
  social?: "out" | "in";
  /** A faith at the centre of life, or none. */
  faith?: "central" | "none";
  /** Says a partner need not share their faith ("I don't need him to share my faith"). */
  faithOptional?: boolean;
  /** Careful with money and saving, or out to enjoy spending it. */
  money?: "saver" | "spender";
  /** Wanting to talk everything through, or wanting a partner who doesn't need to. */
  talk?: "deep" | "light";
  /** A home where one partner stays home and the other provides, or everything split equally. */
  roles?: "traditional" | "equal";
  /** Never drinks, or drinks often (quick answers only). */
  drinking?: "never" | "often";
  /** Left or right, answered (unless it matters little to them) or named in their words. */
  politics?: "left" | "right";
  /** Whether politics matters a lot to them: answered so, or named in their words. */
  politicsMatters?: boolean;
  /** City life, or a life in the country. */
  setting?: "city" | "country";
  /** Driven to build something big, or content with a simple, unhurried life. */
  drive?: "driven" | "easy";
  /** Up at dawn and asleep early, or late nights. */
  hours?: "early" | "late";
  /** A life planned and kept to a routine, or lived as it comes. */
  routine?: "planned" | "spontaneous";
}

export type PlanAxis = Exclude<keyof LifePlan, "politicsMatters" | "faithOptional">;

// A word that undoes what follows it in the same clause: "I can't see myself ever getting married",
// "I'm past the age where I want children".
const NEGATED_BEFORE = /\b(?:not|never|no|nothing|without|past)\b|n't\b/;
/** "I can't wait to have a family": eagerness, not a negation. */
const EAGER = /\b(?:can't|cannot|can not) wait\b/g;

/**
 * Whether a wish is said outright, or only ever under a negation in its own clause (denied), or
 * not at all.
 */
function saysOutright(text: string, pattern: RegExp): "said" | "denied" | undefined {
  let denied = false;
  for (const match of text.matchAll(new RegExp(pattern.source, "g"))) {
    const clause =
      text
        .slice(0, match.index)
        .split(/[.;:!?,]|\bbut\b/)
        .pop() ?? "";
    if (!NEGATED_BEFORE.test(clause.replace(EAGER, " "))) return "said";
    denied = true;
  }
  return denied ? "denied" : undefined;
}

const CHILDREN_NO = [
  /\b(?:don't|do not|never|doesn't|does not)\s+(?:really\s+)?want\s+(?:any\s+)?(?:kids|children|a baby|babies)\b/,
  /\bbaby days are (?:behind|over|done)\b/,
  /\b(?:done|did) the (?:family|kids) (?:bit|thing)\b/,
  /\bdone (?:having|with having) (?:babies|kids|children)\b/,
  /\b(?:no more|not starting|not wanting to start) (?:a new )?(?:kids|children|babies|family)\b/,
  /\bkids,? (?:probably )?not\b/,
  /\bpast (?:the age|wanting)\b/,
  /\blean(?:s|ing)? towards no\b/,
];
const CHILDREN_UNSURE = [
  /\b(?:kids|children)\b[^.;!?]{0,30}\b(?:not sure|unsure|don't know|dunno|undecided|we'd see|we'll see|maybe|not for a)\b/,
  /\b(?:not sure|unsure|undecided|don't know)\b[^.;!?]{0,20}\b(?:kids|children|a family)\b/,
];
const CHILDREN_YES =
  /\b(?:start|have|raise|want|wants|wanting|build|having|starting|raising)\s+(?:a\s+|my\s+own\s+|our\s+)?(?:family|kids|children|baby|babies)\b|\b(?:marriage|married|wife|husband) and (?:kids|children|a family|a baby)\b|\b(?:be|become|becoming) a (?:mom|mum|mam|dad|mother|father|parent)\b|\bpregnant\b|\bbaby on the way\b|\badopt(?:ion|ing)?\b|\bhouseful of kids\b|\b(?:kids|children) of my own\b|\bwants? kids\b/;

const MARRIAGE_NO = [
  /\b(?:don't|do not|never) (?:see myself |want to )?(?:re)?marry(?:ing)?\b/,
  /\bmarriage (?:isn't|is not|isnt) (?:for me|important|something i)\b/,
  /\bnot (?:looking|planning|wanting) to (?:re)?marry|\bnot (?:looking|planning|wanting) to get (?:married|wed)\b/,
  /\b(?:don't|do not) need (?:marriage|a ring|a wedding|to get married)\b/,
  /\bdone with (?:weddings|marriage)\b/,
  /\bnot (?:bothered|fussed) about (?:marrying|getting married|a wedding|marriage|being married)\b/,
];
const MARRIAGE_UNSURE = [
  /\b(?:marriage|married|wedding) maybe\b|\bmaybe (?:marriage|married)\b/,
  /\bmarriage,? (?:maybe|eventually maybe|we'll see)\b/,
];
const MARRIAGE_YES =
  /\b(?:get|be|getting|being) married\b|\b(?:to )?(?:re)?marry\b|^marriage\b|\bwant (?:a|to be a) (?:wife|husband)\b|\bengaged\b|\bmarriage and\b/;

const PACE_SLOW = [
  /\b(?:no|not in a|in no|not in any|not in any real)\s+(?:rush|hurry)\b/,
  /\bsee (?:where|how) (?:it|things|this) (?:goes|go|grows)\b/,
  /\btake (?:things|it|each day) as (?:they|it) comes?\b/,
  /\b(?:go|going|take it|take things|taking it|taking things|something long[- ]term,? but)\s+slow(?:ly)?\b/,
  /\b(?:no|not big on) (?:timelines|labels)\b/,
  /\bnot (?:looking )?to lock (?:anything|it) down\b/,
  /\bkeep(?:ing)? (?:it|things) (?:casual|light)\b|\bstay light\b/,
  /\bnot ready\b/,
  /\bnothing serious\b|\bnot looking for anything serious\b/,
  /\b(?:just|recently) (?:got|come|came) out of\b|\bsplit up (?:this|in the|last)\b|\bseparated (?:in the|this|last)\b|\blost my (?:husband|wife|partner)\b/,
  /\bfigur(?:e|ing) (?:myself|out who i am)\b/,
  /\b(?:honestly )?not sure (?:yet|right now)\b|\bdon't know what i'm looking for\b/,
  /\bfor a good (?:while|few years)\b|\ba good few years\b/,
];
const PACE_SOON =
  /(?<!\bnot\s)\bready (?:to settle|to commit|for (?:it|commitment|the next step|a family|family life|the full thing)|now)\b|\bwithin (?:the|a|the next) (?:year|couple|two|twelve)\b|\bin the next (?:year|couple|two|2)\b|\bnext year or (?:two|so)\b|\b(?:move in|moving in|engaged|married|living together)\b[^.;!?]{0,20}\bthis year\b|\bengaged by\b|\bsooner rather than later\b|\bget on with it\b|\bnow,? not someday\b|\bcommit fast\b|\bmove in (?:fast|quickly)\b|\bpoint in waiting\b|\bwaited long enough\b/;

const PLACE_LEAVING =
  /\b(?:move|moving|relocat(?:e|ing)|retire|retiring|emigrat(?:e|ing)|a move)\s+(?:to|abroad|overseas|there|home|back)\b|\b(?:moving|relocating|emigrating)\b[^.;!?]{0,40}\b(?:next|this) (?:year|summer|spring|autumn|fall|winter)\b|\blive (?:abroad|overseas)\b|\blive in [a-z]+ for a year\b|\bwherever we park\b|\broad full[- ]time\b|\ba year on the road\b|\bhalf here,? half\b|\b(?:residency|posting|secondment|placement|fellowship|contract|post)\s+(?:in|abroad|overseas)\b[^.;!?]{0,30}\b(?:starting|from|next|this)\b|\btravel for the next (?:few|couple of|two|three|several) years\b|\bready to roam\b/;
const PLACE_ROOTED =
  /\broots\b|\bright here\b|\bnot (?:leaving|going anywhere|moving)\b|\bnever leaving\b|\bthis is home\b|\bisn't going anywhere\b|\bsettled round here\b|\b(?:life|home) here\b|\bstay(?:ing)? (?:in|here|local)\b|\bput (?:down roots|roots down)\b|\bsettled (?:near|in)\b|\bmy career here\b/;

const TIME_APART =
  /\b(?:doesn't|does not|won't|wouldn't|don't) (?:mind|bother me|feel abandoned)\b[^.;!?]{0,40}\b(?:away|apart|long hours|on the road|busy|shift)\b|\b(?:away|apart)\b[^.;!?]{0,30}\b(?:doesn't|does not|won't) (?:scare|bother|worry)\b|\bindependent enough\b|\bhappy in (?:her|his|their) own company\b|\bher own life\b|\bhis own life\b|\bwon't feel abandoned\b/;
const TIME_BUSY =
  /\ball[- ]consuming\b|\b(?:business|work|career|restaurant) (?:is|will be) my (?:priority|life|baby)\b|\bfifo\b|\bfly[- ]in\b|\b(?:i'm|i am|i'll be|i'm often) away for work\b|\blong hours\b|\bweeks away\b|\bwhile i'm away\b|\b\d{2} hours a week\b|\b\d{2}(?:-\d{2})?[- ]hour weeks?\b|\bme being away\b|\bmonths (?:away|apart|at sea)\b|\bbarely any contact\b|\bwork is (?:most of )?my life\b|\bconstant attention\b|\b(?:six|seven|6|7) days a week\b|\b(?:lot of|need my|need (?:a lot of|my)) independence\b|\bour own lives\b|\bconstant contact\b|\bthere every day\b|\bmy own place\b|\bseparate (?:houses|homes|places)\b/;
const TIME_CLOSE =
  /\bhome (?:every|most) nights?\b|\bdinners? together\b|\bevery night\b|\btime for a relationship\b|\beach other's daily lives\b|\bweekends together\b|\bmost things together\b|\bunder one roof\b|\bsomeone who's present\b|\bsomeone's priority\b|\baround for dinners\b|\bevery day,? all year\b|\btime on (?:her|his|their) hands\b|\b(?:do|doing) everything together\b|\bevery free minute\b|\btexts? all day\b|\bsee every day\b|\btogether-together\b|\b(?:there for dinner|home for dinner|together) most nights\b/;

const SOCIAL_OUT =
  /\b(?:loves?|enjoys?) (?:music and )?going out\b(?! for)|\bclub nights?\b|\boutgoing\b|\bsociable\b|\bbig nights?\b|\bout most nights\b|\bout and about\b|\bmeeting new people\b|\bfestivals\b|\bsays yes to\b|\bthe craic\b|\blikes? to go out\b|\blate nights?\b/;
const SOCIAL_IN =
  /\bintrovert(?:ed)?\b|\bquiet nights? in\b|\bnights? in\b|\bstaying in\b|\bstay in\b|\bquiet evenings\b|\bearly nights\b|\bon the couch\b|\blow-key\b|\bdon't get out much\b|\bquiet life at home\b/;

const FAITH_CENTRAL =
  /\bmy faith is (?:a big|everything|central|the centre|the center|important)\b|\bshares? my faith\b|\b(?:man|woman|person) of faith\b|\bgodly\b|\bgod-fearing\b|\bpray together\b|\bloves the lord\b|\bchurchgoing\b|\bfaith (?:is|matters) (?:important|everything|a lot)\b|\ba life of faith\b|\bmass with me\b/;
const FAITH_NONE = /\batheist\b|\bnot religious\b|\bnon-religious\b/;
const FAITH_OPTIONAL =
  /\b(?:don't|do not|doesn't|does not|won't|will not)\s+(?:need|have to|expect|ask)\b[^.;!?]{0,30}\b(?:share|shares|sharing|believe|religious|my faith|the same faith|a believer|muslim|christian|catholic|jewish|hindu|sikh|buddhist)\b/;
const MONEY_SAVER =
  /\bfinancial independence\b|\bsaving (?:about |around )?\d+%|\bretire (?:by|at) \d+\b|\b(?:careful|sensible|good) with money\b|\bbuild wealth\b|\bplans ahead\b[^.;!?]{0,20}\bmoney\b|\bsaving for\b/;
const MONEY_SPENDER =
  /\b(?:a bit of |some )?luxury\b|\blikes nice things\b|\blive a (?:little|bit)\b|\btreat myself\b|\bsplurge\b/;
const TALK_DEEP =
  /\bdeep (?:conversations|chats|talks)\b|\btalk about everything\b|\btalk (?:things|everything) through\b|\bemotionally open\b/;
const TALK_LIGHT =
  /\b(?:doesn't|does not|don't) need to talk (?:everything|things|it all) through\b|\bnot a talker\b|\bdon't (?:really )?do (?:big )?deep (?:chats|talks|conversations)\b/;
const ROLES_TRADITIONAL =
  /\bhome with the kids\b|\bput home first\b|\bi'll provide\b|\bstay[- ]at[- ]home (?:mom|mum|wife|parent)\b|\btraditional (?:roles|wife|husband)\b/;
const ROLES_EQUAL =
  /\b50\/50\b|\bfifty[- ]fifty\b|\bequal partnership\b|\bnot giving up my career\b|\bsplit everything\b/;

const POLITICS_LEFT = /\bprogressive\b|\bleft-wing\b|\bleftie\b|\bsocialist\b/;
const POLITICS_RIGHT = /\bconservative\b|\bright-wing\b|\brepublican\b/;
// "Fed up of city life": what wears someone out is the life they want to leave.
const SETTING_CITY =
  /(?<!\b(?:fed up|sick|tired|weary) (?:of|with) (?:the )?)\b(?:city life|buzz of the city)\b|\bsettled in the city\b|\bcome home to the city\b/;
const SETTING_COUNTRY =
  /\b(?:fed up|sick|tired|weary) (?:of|with) (?:the )?(?:city|traffic)\b|\bescape the city\b|\bmore sky\b|\baway from the city\b|\boff-grid\b|\bhomestead\b|\bland-based\b|\bcountry life\b|\blife in the country\b|\bcloser to nature\b/;
const DRIVE_DRIVEN =
  /\bpower couple\b|\bas driven as\b|\bbig career goals\b|\bambitious and driven\b|\bbig plans of (?:his|her|their) own\b/;
const DRIVE_EASY =
  /\bnot chasing much\b|\ba simple life\b|\bnothing too intense\b|\bover climbing the ladder\b|\bcontent with simple things\b/;
const HOURS_EARLY =
  /\bup at (?:4|5|6|four|five|six|dawn)\b|\b(?:in bed|in pyjamas|in my pyjamas|asleep) by (?:8|9|10|eight|nine|ten)\b|\basleep by (?:8|9|nine|eight)\b|\bearly mornings\b|\bearly riser\b/;
const HOURS_LATE =
  /\blate nights are\b|\bnight owl\b|\brarely in bed before\b|\bnocturnal\b|\bwak(?:e|ing) up (?:around|at|about) (?:noon|midday|lunchtime)\b/;
const ROUTINE_PLANNED =
  /\b(?:love|loves|like|likes) (?:a )?routine\b|\bplan my (?:weeks|days|life)\b|\ba predictable life\b|\bwith a plan\b/;
const ROUTINE_SPONTANEOUS =
  /\b(?:don't|do not) (?:really )?do plans\b|\bgo(?:ing|es)? with the flow\b|\bneed everything mapped out\b/;

/** One position where exactly one of two opposite readings is found. */
function either<T>(text: string, first: RegExp, second: RegExp, positions: readonly [T, T]): T | undefined {
  const one = first.test(text);
  const other = second.test(text);
  if (one === other) return undefined;
  return one ? positions[0] : positions[1];
}

/** The axes read from words alone, each two opposite positions and how each is said. */
const SAID_OPPOSITES = [
  { axis: "social", positions: ["out", "in"], said: [SOCIAL_OUT, SOCIAL_IN] },
  { axis: "money", positions: ["saver", "spender"], said: [MONEY_SAVER, MONEY_SPENDER] },
  { axis: "roles", positions: ["traditional", "equal"], said: [ROLES_TRADITIONAL, ROLES_EQUAL] },
  { axis: "setting", positions: ["city", "country"], said: [SETTING_CITY, SETTING_COUNTRY] },
  { axis: "drive", positions: ["driven", "easy"], said: [DRIVE_DRIVEN, DRIVE_EASY] },
  { axis: "hours", positions: ["early", "late"], said: [HOURS_EARLY, HOURS_LATE] },
  { axis: "routine", positions: ["planned", "spontaneous"], said: [ROUTINE_PLANNED, ROUTINE_SPONTANEOUS] },
] as const;

/** Axes with two positions only, which pull apart wherever two people hold different ones. */
const TWO_SIDED = ["pace", "place", "faith", "talk", "drinking", ...SAID_OPPOSITES.map(({ axis }) => axis)] as const;

function anyOf(patterns: readonly RegExp[], text: string): boolean {
  return patterns.some((pattern) => pattern.test(text));
}

/** Words as the patterns read them: lower case, straight apostrophes, an ellipsis a pause ("Kids... not sure"). */
function plainWords(said: string): string {
  return straightApostrophes(said)
    .toLowerCase()
    .replace(/\.{2,}|…/g, ",");
}

/**
 * What a person's own text and quick answers say of their plans. Their dealbreakers are read only
 * for what they say a partner need not share ("You don't have to share my faith"): the rest of
 * them describes other people.
 */
export function readLifePlan(said: string, facts: Facts = {}, dealbreakers = ""): LifePlan {
  const text = plainWords(said);
  const plan: LifePlan = {};
  // A partner refused for wanting children says the person wants none, and the other way round.
  const refuses = (limit: LimitId) => facts.limits?.includes(limit) ?? false;
  if (facts.wantsChildren) plan.children = facts.wantsChildren;
  else if (refuses("wantsChildren") !== refuses("noChildrenWanted"))
    plan.children = refuses("wantsChildren") ? "no" : "yes";
  else if (anyOf(CHILDREN_NO, text)) plan.children = "no";
  else if (anyOf(CHILDREN_UNSURE, text)) plan.children = "unsure";
  else {
    const children = saysOutright(text, CHILDREN_YES);
    if (children) plan.children = children === "said" ? "yes" : "no";
  }
  if (facts.wantsMarriage) plan.marriage = facts.wantsMarriage;
  else if (refuses("wantsMarriage") !== refuses("noMarriageWanted"))
    plan.marriage = refuses("wantsMarriage") ? "no" : "yes";
  else if (anyOf(MARRIAGE_NO, text)) plan.marriage = "no";
  else if (anyOf(MARRIAGE_UNSURE, text)) plan.marriage = "unsure";
  else {
    const marriage = saysOutright(text, MARRIAGE_YES);
    if (marriage) plan.marriage = marriage === "said" ? "yes" : "no";
  }
  if (anyOf(PACE_SLOW, text)) plan.pace = "slow";
  else if (PACE_SOON.test(text)) plan.pace = "soon";
  if (PLACE_LEAVING.test(text)) plan.place = "leaving";
  else if (PLACE_ROOTED.test(text) || facts.relocate === "no") plan.place = "rooted";
  if (TIME_BUSY.test(text)) plan.time = "busy";
  else if (TIME_APART.test(text)) plan.time = "apart";
  else if (TIME_CLOSE.test(text)) plan.time = "close";
  const faithful = (RELIGIONS as readonly string[]).includes(facts.faith ?? "") && facts.faithImportance === "high";
  const faith = faithful
    ? "central"
    : facts.faith === "none"
      ? "none"
      : either(text, FAITH_CENTRAL, FAITH_NONE, ["central", "none"] as const);
  if (faith) plan.faith = faith;
  if (FAITH_OPTIONAL.test(text) || FAITH_OPTIONAL.test(plainWords(dealbreakers))) plan.faithOptional = true;
  // "Doesn't need to talk everything through" names the deep talk it turns down.
  if (TALK_LIGHT.test(text)) plan.talk = "light";
  else if (TALK_DEEP.test(text)) plan.talk = "deep";
  if (facts.drinking === "never" || facts.drinking === "often") plan.drinking = facts.drinking;
  const saidPolitics = either(text, POLITICS_LEFT, POLITICS_RIGHT, ["left", "right"] as const);
  // A side named in their words matters to them, as does one answered with "a lot".
  const answeredPolitics =
    facts.politicsImportance === "low"
      ? undefined
      : facts.politics === "liberal"
        ? "left"
        : facts.politics === "conservative"
          ? "right"
          : undefined;
  const politics = answeredPolitics ?? saidPolitics;
  if (politics) {
    plan.politics = politics;
    plan.politicsMatters = facts.politicsImportance === "high" || saidPolitics !== undefined;
  }
  for (const { axis, positions, said } of SAID_OPPOSITES) {
    const position = either(text, said[0], said[1], positions);
    if (position) Object.assign(plan, { [axis]: position });
  }
  return plan;
}

/**
 * The axes on which two plans pull apart: any two-sided axis where the two hold different
 * positions (ready now and wanting it slow, leaving and rooted, out most nights and happiest in);
 * one wants children and the other is unsure or does not; one wants marriage and the other does
 * not; one is rarely there and the other wants someone home most nights; opposite politics that
 * matter a lot to either. Symmetric.
 */
export function planClashes(a: LifePlan, b: LifePlan): PlanAxis[] {
  const apart = (x: LifePlan, y: LifePlan): PlanAxis[] => {
    // Faith is no clash for someone who says a partner need not share theirs.
    const faithOpen = (x.faith === "central" && x.faithOptional) || (y.faith === "central" && y.faithOptional);
    const out: PlanAxis[] = TWO_SIDED.filter(
      (axis) =>
        x[axis] !== undefined && y[axis] !== undefined && x[axis] !== y[axis] && !(axis === "faith" && faithOpen),
    );
    if (x.children === "yes" && (y.children === "unsure" || y.children === "no")) out.push("children");
    if (x.marriage === "yes" && y.marriage === "no") out.push("marriage");
    // Fine with time apart is in step with both.
    if (x.time === "busy" && y.time === "close") out.push("time");
    if (
      x.politics !== undefined &&
      y.politics !== undefined &&
      x.politics !== y.politics &&
      (x.politicsMatters || y.politicsMatters)
    )
      out.push("politics");
    return out;
  };
  return [...new Set([...apart(a, b), ...apart(b, a)])];
}

/** The axes on which two people said the same thing: both want children, both do not, both are unsure. */
export function planAgreements(a: LifePlan, b: LifePlan): PlanAxis[] {
  return (Object.keys(a) as (keyof LifePlan)[]).filter(
    (axis): axis is PlanAxis => axis !== "politicsMatters" && axis !== "faithOptional" && a[axis] === b[axis],
  );
}
