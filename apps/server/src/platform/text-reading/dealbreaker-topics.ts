import { fromTexting, POST_NEGATION, type ReadWord, readClause, statementClauses, stem } from "./text.ts";

// The topics a dealbreaker names that the quick questions also know (smoking, drinking, children,
// faith, marriage...), read from words. Two readings:
//  - one clause of a person's dealbreakers, read as what it rules out, requires, or says of them:
//    "No smokers", "Smoking.", "cigarettes are a no", "I'd never date a smoker": ruled out;
//    "Someone who doesn't want kids": ruled out, so this person wants them;
//    "I need someone who wants children", "Must love dogs": required;
//    "I'm allergic to cats", "Religion is not for me": about themselves;
//  - what a person says of themselves, denials read as denials ("I quit smoking", "I've never
//    touched a cigarette").

/**
 * Habits are ruled out or required; stances (wanting children, faith, marriage) must agree.
 * `against` words deny the topic by themselves ("child-free", "atheist").
 */
interface Topic {
  kind: "habit" | "stance";
  words: string;
  /** Words met only as spelled, not by their stem ("conservative" names a side, "conservation" none). */
  exactWords?: string;
  against?: string;
  /** A narrower habit that also meets a rule about this one. */
  coveredBy?: TopicName;
}

export type TopicName =
  | "smoking"
  | "tobacco"
  | "drinking"
  | "drugs"
  | "cats"
  | "dogs"
  | "pets"
  | "stepchildren"
  | "children"
  | "religion"
  | "marriage"
  | "left"
  | "right"
  | "gambling"
  | "guns"
  | "proLife"
  | "proChoice"
  | "antiVax";

export const TOPICS: Readonly<Record<TopicName, Topic>> = {
  smoking: {
    kind: "habit",
    words:
      "smoke smoker smokers smoking smoked cigarette cigarettes cig cigs ciggie ciggies roll-up roll-ups baccy rizla rizlas cigar cigars ashtray ashtrays vape vapes vaping vaper vapers vapour vapor e-cig e-cigs",
    against: "non-smoker nonsmoker smoke-free",
  },
  // Chewing tobacco is not smoking, but a rule against tobacco or nicotine covers smoking too.
  tobacco: { kind: "habit", words: "tobacco nicotine snus", coveredBy: "smoking" },
  drinking: {
    kind: "habit",
    words:
      "drink drinking drinker drinkers drunk drunks alcohol alcoholic booze boozing wine beer beers lager lagers whisky whiskey vodka gin rum tequila prosecco champagne pints hungover hangover hangovers tipsy",
    against: "sober teetotal teetotaler",
  },
  // Only words that mean drugs wherever they stand: "a pot of tea", "a joint account", "a Coke",
  // "vitamin pills", "cooking mushrooms" and "a car dealer" do not.
  drugs: {
    kind: "habit",
    words:
      "drugs drug weed marijuana cannabis skunk stoner stoners stoned pothead potheads spliff spliffs substances cocaine cokehead crackhead junkie junkies druggie druggies mdma ecstasy ketamine heroin meth shrooms psychedelics microdose microdosing",
    against: "drug-free",
  },
  cats: { kind: "habit", words: "cat cats kitten kittens" },
  dogs: { kind: "habit", words: "dog dogs puppy puppies" },
  // Pets in general: a rule about them is a rule about dogs and cats alike. Not "animal(s)",
  // "birds" or "fur": loving animals, watching birds or wearing fur is no pet at home (fur is one
  // when the person's body reacts to it, see BODY_REACTS). Other kept animals (a parrot, reptiles)
  // are pets when someone says they keep one (KEPT_ANIMALS), but a rule against them is no rule
  // against dogs and cats: "Reptiles in the house" is asked about reptiles.
  pets: { kind: "habit", words: "pets" },
  // A partner's children from before: a rule about being a stepparent is about having children now.
  stepchildren: {
    kind: "habit",
    words:
      "stepkids stepchildren stepchild stepson stepsons stepdaughter stepdaughters stepmother stepmom stepmum stepfather stepdad stepparent step-parent step-mom step-dad stepfamily",
  },
  children: {
    kind: "stance",
    words:
      "kids kid children child baby babies adopt adopting dad father mom mum mother parent little-ones toddler toddlers nappies nappy diapers diaper newborn newborns infant infants",
    against: "child-free childfree",
  },
  religion: {
    kind: "stance",
    // How faith is practised names it as much as its name does: a pew, a parish, Friday prayers.
    words:
      "faith god church churches churchgoer churchgoing pew pews parish congregation worship worshipper mosque synagogue sabbath sermon sermons scripture religion religious christian christ catholic muslim jewish prayer prayers pray praying devout bible ramadan",
    // "Believe" names no faith ("believe in climate change"); a believer does.
    exactWords: "believer believers",
    against: "atheist agnostic secular non-believer nonbeliever",
  },
  marriage: { kind: "stance", words: "marriage married marry marrying wedding husband wife spouse" },
  // A political side is ruled out like a habit ("No Tories", "I can't be with a Republican") and
  // read from what the other says of themselves ("I canvass for the Greens"). Words that name a
  // side wherever they stand; parties named in more than one word, and uses that are not politics
  // ("conservative with money", "liberal arts"), are told apart in text.ts (PHRASES).
  left: {
    kind: "habit",
    words: "",
    exactWords:
      "left-wing left-winger left-wingers leftist leftists lefty lefties leftie progressive progressives liberal liberals socialist socialists socialism communist communists marxist marxists democrat democrats green-voter labour-voter",
  },
  right: {
    kind: "habit",
    words: "",
    exactWords:
      "right-wing right-winger right-wingers conservative conservatives tory tories republican republicans maga trump trumper trumpers gop reform-voter",
  },
  // Habits and stances no quick question settles, ruled out like a habit and read from what the
  // other says of themselves. Bets, slots and ranges said in more words, and the guns that are
  // tools or idioms ("a glue gun", "stick to my guns"), are told apart in text.ts (PHRASES);
  // "I bet you'd like it" is no gambling, so "bet" is met only in those phrases.
  gambling: {
    kind: "habit",
    words:
      "gamble gambles gambled gambling gambler gamblers casino casinos poker roulette blackjack bookies bookmaker bookmakers scratchcard scratchcards",
    exactWords: "betting punter punters",
  },
  guns: {
    kind: "habit",
    words:
      "gun guns gunowner firearm firearms rifle rifles pistol pistols handgun handguns shotgun shotguns weapon weapons ammo ammunition",
    exactWords: "nra ar-15 ar15 revolver revolvers",
  },
  // Sides of the abortion debate: each is the other's opposite, as left and right are.
  proLife: { kind: "habit", words: "", exactWords: "pro-life pro-lifer pro-lifers prolife anti-abortion" },
  proChoice: { kind: "habit", words: "", exactWords: "pro-choice prochoice pro-abortion" },
  // Against vaccines; being vaccinated denies it ("fully vaccinated"), refusing to be affirms it
  // ("I don't vaccinate").
  antiVax: {
    kind: "habit",
    words: "",
    exactWords:
      "anti-vax anti-vaxx anti-vaxxer anti-vaxxers anti-vaxer anti-vaxers antivax antivaxx antivaxxer antivaxxers anti-vaccine anti-vaccination unvaccinated unvaxxed",
    against: "vaccinate vaccinated vaccination vaccinations vaccine vaccines vaxxed",
  },
};

/** Sides that deny each other: who stands on one does not stand on the other. */
const OPPOSITE_SIDES: readonly [TopicName, TopicName][] = [
  ["left", "right"],
  ["proLife", "proChoice"],
];

export function isStanceTopic(topic: TopicName): boolean {
  return TOPICS[topic].kind === "stance";
}

/** Words for parents name a stance on children only when they are not someone's own parents. */
const PARENT_WORDS = new Set(["dad", "father", "mom", "mum", "mother", "parent"].map(stem));
/** An adjective made from a topic's noun says something else ("faithful", "childless"): not that topic. */
const DERIVED = /(?:ful|fully|fulness|less|lessly|lessness)$/;
const OWN_PARENT_BEFORE = new Set(["my", "our", "his", "her", "their", "your", "whose", "with", "to", "and"]);
/** Animals someone keeps as pets that are neither dogs nor cats: having one is having a pet. */
const KEPT_ANIMALS = new Set(
  "parrot parrots budgie budgies rabbit rabbits bunnies hamster hamsters ferret ferrets guinea-pig guinea-pigs tortoise tortoises reptile reptiles"
    .split(" ")
    .map(stem),
);
/** Animals kept as pets that are neither dogs nor cats. */
const OTHER_ANIMALS = new Set(
  "snake snakes lizard lizards spider spiders tarantula tarantulas rat rats mouse mice pig pigs chicken chickens goat goats bird birds fish frog frogs iguana iguanas insect insects scorpion scorpions python pythons gecko geckos"
    .split(" ")
    .map(stem),
);
/** "Start a family", "raise a family": a family one makes is children. */
const FAMILY_MAKING = /^(start|starting|raise|raising|have|having|build|building|want|wants)$/;
/**
 * Words after which a topic is what something is about, not what is ruled out: "lying about being
 * married" is about honesty, not marriage.
 */
const ABOUT = new Set(["about", "regarding", "concerning"]);
const HAVING = new Set(["has", "have", "having", "with", "already", "own", "got"]);
/** "Starting again with a baby", "start over with a newborn": a child one would make, not one someone has. */
const STARTING = new Set(["start", "starting", "begin", "beginning", "again", "over"]);
const WANTING =
  /\b(?:want|wants|wanting|wanted|hope|hopes|hoping|plan|plans|planning|someday|one\s+day|future|more|eager|like|love|eventually)\b/;
const MARRY = new Set(["marry", "marrying", "wed"]);
const MARRIED_WHOM = new Set("a an the any another anyone anybody someone somebody him her them one".split(" "));
/** A topic placed inside something said before ("raise children in it") is about that thing. */
const FRAME = new Set(["in", "into", "around", "with"]);
const BACK_REFERENCE = new Set(["it", "that", "this", "them", "there"]);

/** Stem → topic, and (for topics met only as spelled) word → topic. */
const TOPIC_OF = new Map<string, { topic: TopicName; against: boolean }>();
const TOPIC_OF_WORD = new Map<string, { topic: TopicName; against: boolean }>();
for (const [topic, { words: list, exactWords = "", against = "" }] of Object.entries(TOPICS) as [TopicName, Topic][]) {
  for (const word of list.split(" ").filter(Boolean)) TOPIC_OF.set(stem(word), { topic, against: false });
  for (const word of exactWords.split(" ").filter(Boolean)) TOPIC_OF_WORD.set(word, { topic, against: false });
  for (const word of against.split(" ").filter(Boolean)) TOPIC_OF.set(stem(word), { topic, against: true });
}

function topicOfWord(w: ReadWord): { topic: TopicName; against: boolean } | undefined {
  return TOPIC_OF_WORD.get(w.word) ?? TOPIC_OF.get(w.word) ?? (DERIVED.test(w.word) ? undefined : TOPIC_OF.get(w.stem));
}

/** A rule about a habit that asks for degree ("heavy drinking") is met only by that degree. */
const INTENSITY =
  /\b(heavy|heavily|big (?:drinkers?|smokers?|gamblers?)|hard drink(?:ers?|ing)|serious drinkers?|chain[- ]?smok(?:ers?|ing|es)|excessive|excessively|too much|too many|a lot|lots|drunk|drunks|alcoholic|binge|nightly|every (?:single )?(?:night|evening|day)|most (?:nights|evenings|days)|daily|(?:[4-9]|\d\d|four|five|six|seven|eight|nine|ten|twelve) (?:pints|beers|drinks|shots)|pints deep|(?:[2-9]|two|three|four|five|six) bottles|bottles? (?:of \w+ )?(?:deep|a night|a day|every night)|hammered|wasted|plastered|legless|(?:drink|drinking|alcohol|booze)\s+(?:problems?|issues?)|problem\s+drink(?:ing|ers?)|alcoholism|(?:problems?|issues?)\s+with\s+(?:drink|alcohol|booze))\b/i;
const OTHERS =
  /\b(someone|anyone|somebody|anybody|people|person|partner|guy|guys|girl|girls|girlfriend|girlfriends|boyfriend|boyfriends|man|men|woman|women|who|those|date|dating)\b/i;
/** The words right before the person that describe them: "I am not accepting smoking person". */
const DESCRIBED_BEFORE = /(?:^|\s)(?:an?|any|the)?\s*((?:[\w'-]+\s+){1,2})$/i;
/** Words before the person that end on a preposition: "build a marriage with", "share a home with". */
const PLACED_WITH = /\b(?:with|to|for|of|by|from|around|beside|near)\s+(?:an?|any|the)?\s*$/i;
const FIRST_PERSON = /\b(i|i'm|i've|i'd|i'll|me|my|myself|mine)\b/i;
const REQUIRE =
  /\b(must|need|needs|only|require|required|requires|want|wants|has to|have to|looking for|non-negotiable|essential)\b/i;
const CUE = /\b(not|no|never|without|can't|cannot|won't|don't|wouldn't|couldn't)\b|n't\b/i;

/** "Thinks God is a fairy tale", "marriage is just a piece of paper": what comes before is denied. */
const WAVED_AWAY =
  /\b(?:is|are|was|were)\s+(?:(?:just|all|only|nothing\s+but|a\s+load\s+of)\s+)?(?:an?\s+)?(?:fairy\s*-?\s*tales?|myths?|nonsense|rubbish|made\s+up|jokes?|fiction|superstitions?|crutch(?:es)?|fantas(?:y|ies)|bs|bullshit|for\s+the\s+weak|brainwashing|piece\s+of\s+paper|outdated|pointless)\b/;

/** Whether a clause waves away what it names ("religion is a crutch"): a stance against it, not a refusal of it. */
function wavesAway(clause: string): boolean {
  return WAVED_AWAY.test(
    readClause(clause)
      .map((w) => w.word)
      .join(" "),
  );
}

/** +1 or -1 per topic a clause names, read with its negation; a topic something is "about" is not named. */
export function topicsIn(read: readonly ReadWord[]): Map<TopicName, 1 | -1> {
  const found = new Map<TopicName, 1 | -1>();
  const said = read.map((w) => w.word).join(" ");
  const wavedAway = WAVED_AWAY.exec(said);
  const wavedAwayBefore = wavedAway ? said.slice(0, wavedAway.index).split(" ").length - 1 : 0;
  let about = false;
  read.forEach((w, index) => {
    // "Too grand for a pint": what someone is too grand for is what the person wants, not refuses.
    if (ABOUT.has(w.word) || (w.word === "for" && read[index - 2]?.word === "too")) about = true;
    if (about) return;
    const makesFamily = w.word === "family" && FAMILY_MAKING.test(read[index - 2]?.word ?? "");
    const word = makesFamily ? { topic: "children" as const, against: false } : topicOfWord(w);
    // Children one already has ("someone with kids", "I have two kids") are not children one wants.
    const has =
      word?.topic === "children" &&
      !word.against &&
      !WANTING.test(read.map((r) => r.word).join(" ")) &&
      read.slice(Math.max(0, index - 3), index).some((r) => HAVING.has(r.word)) &&
      !read.slice(Math.max(0, index - 4), index).some((r) => STARTING.has(r.word));
    const hit = has ? { topic: "stepchildren" as const, against: false } : word;
    if (!hit) return;
    // Someone's own parents ("his mother", "lives at home with mum") are no stance on children.
    if (PARENT_WORDS.has(w.stem) && OWN_PARENT_BEFORE.has(read[index - 1]?.word ?? "")) return;
    // "I would never marry a cop": whom one refuses to marry is the rule, not marrying ("I can
    // only marry someone who ..." still wants to).
    if (hit.topic === "marriage" && w.negated && MARRY.has(w.word) && MARRIED_WHOM.has(read[index + 1]?.word ?? ""))
      return;
    // "Pet snakes" are snakes: a rule about them is no rule about dogs and cats.
    if (hit.topic === "pets" && w.stem === stem("pet") && OTHER_ANIMALS.has(stem(read[index + 1]?.word ?? ""))) return;
    // "I won't raise children in it": the clause is about what "it" is, not about children.
    if (FRAME.has(read[index + 1]?.word ?? "") && BACK_REFERENCE.has(read[index + 2]?.word ?? "")) return;
    const polarity = (hit.against !== w.negated) !== index < wavedAwayBefore ? -1 : 1;
    // A denial outweighs an affirmation in the same clause ("I have kids but want no more").
    if (found.get(hit.topic) !== -1) found.set(hit.topic, polarity);
  });
  return found;
}

/** What one clause of a person's dealbreakers says. */
export interface ClauseRules {
  /** Topics the clause names at all. */
  named: Set<TopicName>;
  /** Habits ruled out (with whether only a heavy degree is), and habits required. */
  rulesOut: Map<TopicName, { heavyOnly: boolean }>;
  requires: Set<TopicName>;
  /** The stance the clause implies its author holds (+1 wants children, -1 is against faith...). */
  stances: Map<TopicName, 1 | -1>;
  /**
   * Stance topics read from the clause's description of a person ("anyone who wants children"):
   * said outright of the other, they outweigh what the author's other words suggest of them.
   */
  describedOfThem: Set<TopicName>;
}

const PAST_SELF = /\b(?:i've\s+been|i\s+have\s+been|i\s+was|i\s+used\s+to|i\s+had\s+been)\b/i;
/**
 * What the person's body says about a habit of others ("my lungs close up around cats", "I react
 * badly to fur", "my asthma and smoke don't mix"): the habit is ruled out, whatever the grammar.
 */
const ANIMAL_MATTER = /\b(?:fur|furry|feathers?|feathered|dander|pet\s+hair|animal\s+hair)\b/i;
const BODY_REACTS =
  /\b(?:allerg\w*|asthma\w*|lungs?\s+(?:close|closes|tighten|tightens|seize)|(?:eyes?|face|throat|lips?)\s+(?:swell|swells|swelled|swell\s+up|swell\s+shut|puff\s+up|puffs\s+up|stream|streams|water|waters)|can't\s+breathe|cannot\s+breathe|wheez\w*|sneez\w*|itch\w*|hives|reacts?\s+(?:badly|terribly|horribly)|flares?\s+up)\b/i;

/** "Not even 'just when I drink'": a moment of the person's own, which refuses nothing they do. */
const OWN_MOMENT =
  /\b(?:when|whenever|while|after|before|if)\s+(?:i|we)\s+(?!(?:don't|do\s+not|can't|won't|am\s+not|'m\s+not)\b)[\w']+/gi;

/** One clause of a person's dealbreakers, read as what it rules out, requires or says of them. */
export function readRuleClause(said: string): ClauseRules {
  const clause = said.replace(OWN_MOMENT, " ");
  const rules: ClauseRules = {
    named: new Set(),
    rulesOut: new Map(),
    requires: new Set(),
    stances: new Map(),
    describedOfThem: new Set(),
  };
  for (const topic of topicsIn(readClause(clause)).keys()) rules.named.add(topic);
  const others = OTHERS.exec(clause);
  if (others) {
    // "I'd never date a smoker" / "Someone who doesn't want kids" / "I need someone who ...".
    const before = clause.slice(0, others.index);
    const rulesOut = !(REQUIRE.test(before) && !CUE.test(before));
    // A refusal said after the whole ("a partner who'd want me in a pew would wear me down")
    // refuses the person described; it does not deny the words of the description.
    const said = clause.slice(others.index + others[0].length);
    // A description with a negation of its own keeps the marker's reading ("who doesn't want to
    // settle down and marry is not for me": the marker reaches "marry" past the "and").
    const refusedAfter = POST_NEGATION.test(said) && !CUE.test(said.replace(POST_NEGATION, " "));
    const attribute = refusedAfter ? said.replace(POST_NEGATION, " ") : said;
    const description = topicsIn(readClause(attribute));
    applyRule(rules, description, rulesOut || refusedAfter, attribute);
    for (const topic of description.keys()) if (isStanceTopic(topic)) rules.describedOfThem.add(topic);
    // "Smokers or anyone who drinks": a name before the person is a bare name.
    if (!FIRST_PERSON.test(before)) applyBareName(rules, before);
    else {
      // "I'd never date a smoking man": the words that describe the person, not the refusal's
      // negation, say what is ruled out.
      const unread = (topic: TopicName) =>
        !rules.rulesOut.has(topic) && !rules.requires.has(topic) && !rules.stances.has(topic);
      // "A marriage with someone who ...": what is built with the person does not describe them.
      const described = PLACED_WITH.test(before) ? "" : (DESCRIBED_BEFORE.exec(before)?.[1] ?? "");
      const named = [...topicsIn(readClause(described)).keys()].filter(unread);
      applyRule(rules, new Map(named.map((topic) => [topic, 1 as const])), rulesOut, clause);
    }
  } else if (FIRST_PERSON.test(clause.replace(POST_NEGATION, " "))) {
    // "Smoking is a hard no for me" names no one: its "me" is the marker's, read as a bare name.
    // About themselves: "I'm allergic to cats" rules cats out; "I'm an atheist" is a stance.
    // What they were ("I've been married to a suitcase once") is their past, not a stance now.
    const past = PAST_SELF.test(clause);
    const reacts = BODY_REACTS.test(clause);
    // "My asthma and animal fur don't mix": what a body reacts to in fur or feathers is pets.
    if (reacts && ANIMAL_MATTER.test(clause)) {
      rules.named.add("pets");
      rules.rulesOut.set("pets", { heavyOnly: false });
    }
    for (const [topic, polarity] of topicsIn(readClause(clause))) {
      if (isStanceTopic(topic)) {
        if (past) continue;
        if (!rules.stances.has(topic)) rules.stances.set(topic, polarity);
      } else if (polarity === -1 || reacts) {
        rules.rulesOut.set(topic, { heavyOnly: INTENSITY.test(clause) });
      }
    }
  } else {
    applyBareName(rules, clause);
  }
  // A habit the clause names but reads neither way rules nothing; a stance it names is held to
  // the person's own ("I can only marry someone who shares my faith" names marriage).
  for (const topic of rules.named) {
    if (!isStanceTopic(topic) && !rules.rulesOut.has(topic) && !rules.requires.has(topic)) rules.named.delete(topic);
  }
  return rules;
}

/**
 * "Not having more kids", "Never doing the baby thing again", "Not starting a family at 45": a
 * refusal without its subject, said of something done once already or of the person's age, is
 * the person's own ("I'm not having more kids"), not a partner refused for it.
 */
const OWN_NEVER_AGAIN =
  /^\W*(?:(?:and|also|so|but)\s+)?(?:not|never)\s+[a-z]+ing\b(?=.*\b(?:more|again|over|another|anymore|at\s+\d+|at\s+my\s+age)\b)/i;

/** A bare name: "Smoking.", "No smokers", "Cigarettes are a no", "Must love dogs". */
function applyBareName(rules: ClauseRules, text: string): void {
  const named = text.replace(POST_NEGATION, " ").replace(/^\W*(?:and|also|so|or)?\s*no\b/i, " ");
  // A refusal said after the thing refuses it, whatever the thing's own words ("anything you'd
  // have to buy from a dealer is a no").
  const refused = POST_NEGATION.test(text);
  // "Religion is a crutch." says where the person stands, as "I'm an atheist" does.
  const rulesOut = refused || (!(REQUIRE.test(named) && !CUE.test(named)) && !wavesAway(named));
  const topics = topicsIn(readClause(named));
  // A bare habit with any word of refusal is ruled out, however many there are: "Don't want
  // smokers", "Never a smoker", "Must not smoke" (a negation does not turn a refusal into a need).
  // A stance keeps its reading ("Not wanting kids": this person wants them).
  const habits = new Map([...topics].filter(([topic]) => !isStanceTopic(topic)));
  const stances = new Map([...topics].filter(([topic]) => isStanceTopic(topic)));
  for (const [topic, polarity] of habits) {
    const required = !refused && REQUIRE.test(named) && !CUE.test(named) && polarity === 1;
    if (required) rules.requires.add(topic);
    else rules.rulesOut.set(topic, { heavyOnly: INTENSITY.test(text) });
  }
  applyRule(rules, stances, rulesOut && !OWN_NEVER_AGAIN.test(text), text);
}

function applyRule(
  rules: ClauseRules,
  named: Map<TopicName, 1 | -1>,
  rulesOut: boolean,
  /** The words the rule was read from, for its degree ("heavy drinking"). */
  text: string,
): void {
  for (const [topic, polarity] of named) {
    // What is ruled out is the opposite of what the person stands for; what is required, the same.
    const stance = (rulesOut ? -polarity : polarity) as 1 | -1;
    if (isStanceTopic(topic)) {
      if (!rules.stances.has(topic)) rules.stances.set(topic, stance);
    } else if (stance === -1) {
      rules.rulesOut.set(topic, { heavyOnly: INTENSITY.test(text) });
    } else {
      rules.requires.add(topic);
    }
  }
}

/** What a person says of themselves: stances, habits they have (with whether heavily), habits they deny. */
export interface SelfReading {
  stances: Map<TopicName, 1 | -1>;
  has: Map<TopicName, { heavy: boolean }>;
  denies: Set<TopicName>;
}

// What a clause says of its speaker now. A clause about someone else ("my dad smoked forty a
// day", "she drinks") or about how the person was brought up ("I was raised Catholic") says
// nothing of them now; one about what they did once ("I used to vape", "I bet on horses in my
// twenties") says they no longer do; "not a big drinker" says they drink, lightly.
export const SOMEONE_ELSE =
  /^\s*(?:(?:and|but|so|also|though|because|since)\s+)?(?:(?:my|our|his|her|their)\s+(?:(?:late|old|older|younger|little|big|best|former)\s+)?(?:dad|father|mom|mum|mother|parents?|brother|sister|siblings?|ex|ex-\w+|exes|friends?|roommates?|flatmates?|housemates?|uncle|aunt|grandfather|grandmother|grandpa|grandma|granddad|family|cousins?|colleagues?|boss|neighbou?rs?|husband|wife|boyfriend|girlfriend|partner|stepdad|stepmom|stepmum|son|daughter)\b(?!\s+and\s+i\b)|(?:he|she|they)\b(?!'re\s+my))/i;
/** "Drugs are my job, never my hobby", "I pour wine for a living": work, not a habit. */
const AT_WORK =
  /\b(?:(?:is|are|'s|'re)\s+(?:my|our)\s+(?:job|work|trade|profession|business|living)|for\s+a\s+living|at\s+work|on\s+shift)\b/i;
/** "Been married once, never again": a marriage behind someone, and none ahead. */
const MARRIED_NEVER_AGAIN =
  /\b(?:been|was|got)\s+married\s+(?:once|before|twice|already)\s*[,;:.\u2013\u2014-]*\s*never\s+again\b/gi;
const SELF_ANSWERED = /([^.!?\n]+)\?\s*(?:never|nope|no|not\s+me|not\s+anymore|not\s+any\s+more)\b[^.!?\n]*[.!]?/gi;
const UPBRINGING = /\b(?:raised|brought\s+up|grew\s+up|growing\s+up|as\s+a\s+(?:kid|child|boy|girl))\b/i;
const PAST_HABIT =
  /\b(?:used\s+to|in\s+my\s+(?:teens|twenties|thirties|forties|youth|younger\s+days|student\s+days|past)|at\s+(?:university|uni|college)|in\s+(?:college|high\s+school|school)|as\s+a\s+(?:teenager|student)|years\s+ago|back\s+(?:then|in\s+the\s+day)|when\s+i\s+was\s+(?:younger|young|a\s+student|in\s+\w+))\b/i;
const STILL_NOW = /\b(?:still|now|again|these\s+days|every|most|since)\b/i;
const OFTEN_AFTER = /^\s*(?:and\s+)?(?:every|each)\s+(?:single\s+)?(?:day|night|evening)\b|^\s*(?:daily|nightly)\b/i;
const LIGHTLY = /\bnot\s+(?:a\s+|an\s+)?(?:big|heavy|huge|much\s+of\s+an?|really\s+an?)\s+([a-z-]+er)\b/i;

export function readSelf(selfText: string): SelfReading {
  const self: SelfReading = { stances: new Map(), has: new Map(), denies: new Set() };
  const had = (topic: TopicName, heavy: boolean) =>
    self.has.set(topic, { heavy: heavy || self.has.get(topic)?.heavy === true });
  // "Cigarettes? Never touched them." answers its own question: a denial.
  const said = fromTexting(selfText)
    .replace(SELF_ANSWERED, (_all, topic: string) => `Never ${topic.trim()}.`)
    .replace(MARRIED_NEVER_AGAIN, "Divorced. I will never marry again");
  const clauses = statementClauses(said);
  clauses.forEach((clause, index) => {
    if (SOMEONE_ELSE.test(clause) || UPBRINGING.test(clause) || AT_WORK.test(clause)) return;
    // "I drink two or three beers, every day": how often, said in a clause of its own.
    const often = OFTEN_AFTER.test(clauses[index + 1] ?? "");
    const past = PAST_HABIT.test(clause) && !STILL_NOW.test(clause.replace(PAST_HABIT, ""));
    const light = LIGHTLY.exec(clause);
    const lightTopic = light ? TOPIC_OF.get(stem(light[1] ?? ""))?.topic : undefined;
    const read = readClause(clause);
    if (!past && read.some((w) => KEPT_ANIMALS.has(w.stem) && !w.negated)) had("pets", false);
    for (const [topic, polarity] of topicsIn(read)) {
      if (topic === lightTopic) {
        had(topic, false);
      } else if (past) {
        // What they did once, they do no longer; a stance they once held is no stance now.
        if (!isStanceTopic(topic)) self.denies.add(topic);
      } else if (isStanceTopic(topic)) {
        if (self.stances.get(topic) !== -1) self.stances.set(topic, polarity);
      } else if (polarity === 1) {
        had(topic, often || INTENSITY.test(clause));
      } else {
        self.denies.add(topic);
      }
    }
  });
  // A dog or a cat is a pet.
  const pet = self.has.get("dogs") ?? self.has.get("cats") ?? self.has.get("pets");
  if (pet) self.has.set("pets", pet);
  else if (self.denies.has("dogs") && self.denies.has("cats")) self.denies.add("pets");
  // Who stands on one side (of politics, of abortion) does not stand on the other.
  for (const [one, other] of OPPOSITE_SIDES) {
    if (self.has.has(one) && !self.has.has(other)) self.denies.add(other);
    if (self.has.has(other) && !self.has.has(one)) self.denies.add(one);
  }
  return self;
}

/**
 * The first word of a clause that names a topic ("dogs" in "It's not that I don't like dogs"). A
 * parent named is a person ("my dad lost our house ..."), never what a later "it" stands for.
 */
export function topicWordIn(clause: string): string | undefined {
  return readClause(clause).find((w) => topicOfWord(w) !== undefined && !PARENT_WORDS.has(w.stem))?.word;
}

/** The habit a rule about `topic` is also met by (a rule about tobacco is met by smoking). */
export function narrowerHabit(topic: TopicName): TopicName | undefined {
  return TOPICS[topic].coveredBy;
}
