import type { AreaName } from "@sams-web/domain/non-negotiables/messages";
import { DRINK_DRIVING, straightApostrophes } from "./text.ts";

// Topics people refuse that no quick question settles, each recognised by meaning: the many words
// and turns of phrase that name it ("credit-card mess", "overdraft", "in the red" are all debts;
// "a life overseas", "emigrating", "relocating abroad" are all moving away). A dealbreaker naming
// one is asked about with that topic's own neutral question, instead of a question made from the
// person's words (which would quote them, and often reads badly: "Are you is impossible?").

const AREA_PATTERNS: Readonly<Record<AreaName, RegExp>> = {
  debts:
    /\b(?:debts?|indebted|credit[-\s]cards?|store\s+cards?|overdrafts?|overdrawn|loans?|bankrupt(?:cy)?|insolven(?:t|cy)|arrears|bailiffs?|in\s+the\s+red|owes?\s+(?:money|thousands|everyone)|what\s+(?:they|you|he|she)\s+owes?|bail(?:s|ed|ing)?\s+(?:\w+\s+){0,2}out|owing\s+money|payday\s+lenders?|maxed[-\s]out)\b/i,
  work: /\b(?:unemployed|jobless|out\s+of\s+work|between\s+jobs|(?:hold|holds|keep|keeps)\s+down\s+a\s+job|work-?shy|freeload(?:er|ers|ing)?|sponges?\s+off|cover\s+(?:the|their|his|her)\s+rent|pay\s+(?:the|their|his|her)\s+(?:rent|bills)\s+for)\b/i,
  moving:
    /\b(?:overseas|abroad|somewhere\s+else|elsewhere|another\s+(?:city|town|part\s+of\s+the\s+country)|emigrat(?:e|es|ed|ing|ion)|relocat(?:e|es|ed|ing|ion)|mov(?:e|es|ing)\s+(?:away|abroad|overseas|across\s+the\s+(?:country|world))|(?:a|another)\s+(?:new\s+)?(?:country|continent)\b(?!\s+(?:pubs?|houses?|lanes?|roads?|music|walks?|kitchens?|clubs?|towns?|villages?|fairs?|shows?))|(?:one|a)\s+foot\s+out\s+(?:of\s+)?the\s+door)\b/i,
  distance:
    /\b(?:long[-\s]distance|half\s+(?:the|of\s+the)\s+year|months\s+at\s+a\s+time|(?:actually|physically)\s+around|away\s+(?:for|with)\s+(?:work|the\s+job|(?:their|his|her)\s+job)|(?:travel|travels|travelling|traveling)\s+(?:for|with)\s+(?:work|(?:their|his|her)\s+job)|on\s+the\s+road\s+(?:for\s+work|a\s+lot|half|most)|away\s+(?:half|most)\s+(?:of\s+)?(?:the\s+)?(?:month|week|year|time)|far\s+away|miles\s+away|hours\s+away|(?:see|seeing|meet|meeting|together|visits?)\s+(?:\w+\s+){0,3}?(?:only|just)\s+(?:at|on)\s+weekends|(?:relationship|partner|boyfriend|girlfriend)\s+(?:at\s+)?weekends?\s+only|\w+\s+hours?\s+on\s+(?:a|the)\s+(?:train|plane|road)|commut(?:e|es|ing)\s+to\s+see|offshore|fly-in|(?:an?|any)\s+ordinary\s+(?:monday|tuesday|wednesday|thursday|weeknight|evening)|oil\s+rigs?|(?:on|off)\s+(?:a|the)\s+rigs?|(?:saw|see|seeing|seen)\s+(?:him|her|them|each\s+other)\s+(?:\w+\s+){1,2}(?:weeks?|days?|months?|times)\s+a\s+year|fly-in\s+fly-out|fifo|(?:months|weeks)\s+apart|(?:gone|away|on\s+the\s+road)\s+(?:for\s+)?(?:half|most|three\s+weeks|two\s+weeks)\s+(?:of\s+)?(?:the|a|every)\s+(?:month|week|year)|hotels?\s+(?:every|most|all)\s+week|(?:live|lives|living)\s+out\s+of\s+a\s+suitcase|(?:job|work)\s+that\s+(?:travels|takes\s+(?:them|him|her|you)\s+away)|(?:takes?|took|keeps?|kept)\s+(?:them|him|her|you)\s+away\s+for\s+(?:weeks|months)|away\s+for\s+(?:weeks|months)\s+(?:on\s+end|at\s+a\s+(?:time|stretch)))\b/i,
  activism:
    /\b(?:protests?|protesting|protesters?|activism|activists?|campaigning|placards?|megaphones?|marches|marching|rallies)\b/i,
  attached:
    /\b(?:on\s+the\s+side|affairs?|mistress|(?:the\s+)?other\s+(?:woman|man)|already\s+(?:taken|attached|in\s+a\s+relationship)|(?:has|have|with)\s+a\s+(?:wife|husband|girlfriend|boyfriend)\s+at\s+home)\b/i,
  open: /\b(?:one[-\s]on[-\s]one|exclusive|exclusivity|monogam(?:y|ous)|non-monogam(?:y|ous)|open\s+relationships?|polyamor(?:y|ous)|poly|swing(?:ing|ers)|throuple|a\s+third(?!\s+(?:time|go|try|attempt|round|chance|date|marriage|divorce|kid|child|baby))|sharing\s+(?:a|my|their)\s+(?:partner|man|woman|bed))\b/i,
  cheating:
    /\b(?:cheat(?:s|ed|ing|er|ers)?(?!\s+(?:at|days?|meals?|sheets?|codes?|on\s+(?:tests?|exams?|taxes|(?:my|your|their|a)\s+diet)))|unfaithful|infidelit(?:y|ies)|two-tim(?:e|es|ed|ing|er|ers)|(?:step|steps|stepped|stepping)\s+out\s+on|(?:stray|strays|strayed|straying)(?!\s+(?:dogs?|cats?|animals?|bullets?|hairs?))|play(?:s|ed|ing)?\s+away)\b/i,
  // Someone else's ex still close: living together, best friends, part of every day.
  ex: /\b(?:exes|(?:your|their|his|her|an?)\s+(?:ex|exes|ex-(?:wife|husband|girlfriend|boyfriend|partner|spouse)|former\s+(?:partner|spouse|wife|husband|girlfriend|boyfriend))|used\s+to\s+be\s+(?:your|their|his|her)\s+(?:wife|husband|spouse|partner|girlfriend|boyfriend))\b/i,
  socialMedia:
    /\b(?:social\s+media|instagram|insta\b|tiktok|snapchat|facebook|influencers?|selfies?|(?:'s|my|your|their|a|our)\s+(?:news\s*)?feeds?\b|(?:post|posts|posting|posted)\s+(?:everything|it\s+all|online|about\s+(?:us|me|their|his|her)|(?:[\w']+\s+){1,4}?online\b))/i,
  record:
    /\b(?:criminal\s+(?:record|records|past|history|convictions?)|(?:a|any)\s+record(?!\s+(?:players?|collections?|labels?|deals?|stores?|shops?|breaking|time|numbers?))|convict(?:ed|ion|ions)|convicts?|ex-cons?|felon(?:s|y|ies)?|(?:been|gone|went|sent)\s+(?:to|in)\s+(?:prison|jail)|(?:prison|jail)\s+(?:time|record|sentences?)|been\s+inside|(?:served|done|doing|did)\s+time|(?:on|out\s+on)\s+parole)\b/i,
  // Driving after drinking, however said (text.ts joins the phrase so it is no rule on drinking).
  drinkDriving: new RegExp(DRINK_DRIVING, "i"),
  // Eating meat, refused by someone who does not: "I couldn't share a kitchen with a meat eater".
  meat: /\b(?:meat[-\s]eaters?|carnivores?|(?:eat|eats|eating|ate|eaten|cook|cooks|cooking)\s+(?:a\s+)?(?:red\s+)?(?:meat|steaks?|burgers?|bacon|pork|beef|lamb)|plant[-\s]eaters?\s+only|(?:vegans?|vegetarians?|veggies?)\s+only)\b/i,
  // Working hours that keep someone away in the evenings: night shifts, shift work, on call.
  hours:
    /\b(?:nights?\s+shifts?|(?:work|works|working|worked)\s+nights|on\s+nights|shift\s+work(?:er|ers)?|shifts|graveyard\s+shift|unsociable\s+hours|home\s+in\s+the\s+evenings?|opposite\s+(?:clock|shifts|hours|schedules?)|on\s+call)\b/i,
  // Sports that risk life and limb: "adrenaline junkies", base jumping, a wingsuit.
  extremeSports:
    /\b(?:extreme\s+sports?|adrenaline|base[-\s]?jump\w*|sky[-\s]?div\w*|wingsuit\w*|free[-\s]?solo\w*|cliff[-\s]?div\w*|bungee|paraglid\w*|motor\s*racing|big[-\s]wave|heli[-\s]?ski\w*)\b/i,
  // Video games as a way of life: a headset till dawn, raids, a console.
  gaming:
    /\b(?:video[-\s]?games?|gamers?|gaming(?!\s+(?:machines?|the\s+system|tables?))|online\s+games?|headsets?|consoles?|playstation|ps[45]|xbox|nintendo|fortnite|warcraft|raids?|raiding|twitch|e-?sports?)\b/i,
  // Jealousy is asked about rather than kept in mind as a trait, as a temper is: people own up to
  // it ("I can get very jealous"), and it shows in what they do (going through a partner's phone).
  jealousy:
    /\b(?:(?<!\b(?:i|i'm|i\s+am|i\s+get|i\s+can\s+(?:be|get))\s+(?:(?:very|quite|a\s+bit|a\s+little|so|really)\s+)?)(?:jealous(?:y|ness)?(?!\s+of\b)|possessive(?:ness)?)|(?:check|checks|checked|checking|go\s+through|goes\s+through|went\s+through|going\s+through)\s+(?:my|your|their|his|her|a\s+partner's)\s+(?:phones?|messages|texts))\b/i,
  // A grown-up still living in the family home.
  parents:
    /\b(?:(?:live|lives|living|lived)\s+(?:at\s+home\s+)?with\s+(?:(?:his|her|their|your|my)\s+)?(?:parents|mum|mom|mother|dad|father|folks|mam)|(?:lives|living)\s+at\s+home|(?:mum|mom|mother|mam)\s+(?:still\s+)?(?:does|washes|cooks|irons)|(?:mummy|mommy|mama|mamma)'?s\s+boys?|parents'\s+(?:house|basement|place|spare\s+room))\b/i,
  motorbikes:
    /\b(?:motor\s*(?:bikes?|cycles?)|bikers?|superbikes?|harleys?|two\s+wheels\s+and\s+an\s+engine|(?:ride|rides|riding)\s+(?:a\s+)?(?:bike|motor))\b/i,
  military:
    /\b(?:military|army|navy|air\s+force|marines?|soldiers?|sailors?|deploy(?:ed|ment|ments|ing|s)?|tours?\s+of\s+duty|(?:the|armed)\s+forces|forces\s+(?:life|family|wife|husband)|posted\s+(?:overseas|abroad|away))\b/i,
  networkMarketing:
    /\b(?:mlms?|multi[-\s]level|pyramid\s+schemes?|downlines?|uplines?|network\s+marketing|business\s+opportunit(?:y|ies)|(?:be\s+)?(?:your|my|their)\s+own\s+boss\s+babe|boss\s+babes?|huns?\b|recruit(?:s|ed|ing)?\s+(?:your|their|his|her|my)?\s*friends)\b/i,
  crypto:
    /\b(?:crypto(?:currenc(?:y|ies))?|bitcoin|ethereum|nfts?|day[-\s]?trad(?:e|es|ing|er|ers)|forex|meme\s+coins?|(?:to\s+)?the\s+moon)\b/i,
  exoticPets:
    /\b(?:snakes?|reptiles?|lizards?|pythons?|boas?|geckos?|iguanas?|tarantulas?|scorpions?|scaly|slither(?:s|ing|y)?|terrariums?|vivariums?|exotic\s+pets?)\b/i,
  lateness:
    /\b(?:(?:always|chronically|constantly|habitually|forever|perpetually)\s+(?:running\s+)?late|chronic(?:ally)?\s+late(?:ness)?|lateness|unpunctual|punctual(?:ity)?|(?:keep|keeps|kept|leave|leaves|left)\s+(?:me|people|you)\s+waiting|(?:hour|minutes)\s+late)\b/i,
  astrology:
    /\b(?:astrolog(?:y|ical|er|ers)|horoscopes?|star\s+signs?|zodiac|(?:mercury|retrograde)|birth\s+charts?|tarot|rising\s+signs?)\b/i,
  conspiracies:
    /\b(?:conspirac(?:y|ies)|conspiracy\s+theor(?:y|ies|ists?)|flat[-\s]earth(?:ers?)?|chemtrails?|qanon|do\s+(?:your|their|his|her)\s+own\s+research|tin[-\s]?foil|illuminati|lizard\s+people|moon\s+landings?\s+(?:was|were)\s+fake|sheeple|wake\s+up)\b/i,
  porn: /\b(?:porn(?:ography|o)?|onlyfans|cam\s*girls?|x-rated)\b/i,
  stripClubs: /\b(?:strip\s+(?:clubs?|joints?|bars?)|strippers?|lap\s+dances?|gentlemen's\s+clubs?)\b/i,
  // Someone who cannot get about on their own: no licence, no car, "anyone's taxi".
  driving:
    /\b(?:(?:can't|cannot|doesn't|don't|won't)\s+drive|no\s+(?:car|licen[cs]e|driving\s+licen[cs]e)|(?:without|hasn't\s+got|haven't\s+got)\s+(?:a\s+)?(?:car|licen[cs]e|driving\s+licen[cs]e)|(?:anyone's|someone's|somebody's|anybody's|your|a)\s+(?:taxi|chauffeur)|get\s+(?:yourself|themselves|himself|herself)\s+(?:about|around|from\s+a\s+to\s+b))\b/i,
  workaholic:
    /\b(?:workaholics?|workaholism|(?:work|job|career)\s+(?:always\s+)?comes?\s+first|married\s+to\s+(?:(?:his|her|their|your|the)\s+)?(?:job|work|career|office)|(?:works?|working)\s+(?:all\s+the\s+time|around\s+the\s+clock)|(?:60|70|80|sixty|seventy|eighty)[-\s]hour\s+weeks?|(?:never|doesn't|can't|cannot)\s+switch\s+off|(?:always|constantly)\s+(?:at\s+the\s+office|working|on\s+(?:their|his|her|your)\s+laptop)|hustle\s+culture|grind\s+(?:culture|set|mindset))\b/i,
  partying:
    /\b(?:party\s+(?:animals?|girls?|boys?|lifestyle|scene)|partying|partiers?|clubbing|clubbers?|raves?|ravers?|big\s+nights?\s+out|(?:out|going\s+out|drinking)\s+(?:every|all)\s+(?:weekend|night|friday)|lads'?\s+(?:holidays?|nights?)|benders?|after[-\s]?parties)\b/i,
  gym: /\b(?:gym\s+(?:bros?|rats?|junkies?|obsess\w*|selfies?|freaks?)|(?:lives?|living)\s+(?:at|in)\s+the\s+gym|(?:obsessed|obsession)\s+with\s+(?:the\s+gym|fitness|(?:their|his|her)\s+(?:body|abs|physique))|bodybuild\w*|protein\s+shakes?|fitness\s+(?:freaks?|fanatics?|obsess\w*|influencers?)|six[-\s]packs?\s+and)\b/i,
  sportFan:
    /\b(?:(?:football|soccer|rugby|cricket|golf|sports?|f1|formula\s+one)\s+(?:fanatics?|obsess\w*|mad|crazy|widow|every\s+(?:weekend|saturday|sunday))|(?:obsessed|obsession)\s+with\s+(?:football|soccer|rugby|cricket|golf|sports?|f1)|season\s+tickets?|every\s+(?:match|game)\s+of\s+the\s+season|sport\s+on\s+(?:the\s+)?tv\s+(?:all|every))\b/i,
  phone:
    /\b(?:(?:glued|attached)\s+to\s+(?:(?:his|her|their|your|a|the)\s+)?(?:phones?|screens?)|(?:on|scrolling|checking)\s+(?:(?:his|her|their|your|the)\s+)?phones?\s+(?:all|at|during|through|over|the\s+whole)|phone\s+(?:addicts?|addiction|zombies?)|doom[-\s]?scroll\w*|phubbing|(?:phones?|screens?)\s+(?:at|over|during)\s+(?:dinner|the\s+table|meals?))\b/i,
  datingOthers:
    /\b(?:(?:still|always)\s+(?:on|swiping\s+on|active\s+on)\s+(?:the\s+)?(?:apps?|dating\s+apps?|tinder|hinge|bumble)|dating\s+around|(?:seeing|dating|talking\s+to)\s+(?:other|several|multiple|a\s+few)\s+(?:people|women|men|girls|guys)|(?:keeps?|keeping)\s+(?:(?:his|her|their|your)\s+)?options\s+open|roster|situationships?|benching|breadcrumb\w*)\b/i,
  hoarding:
    /\b(?:hoard(?:s|ed|er|ers|ing)?|cluttered|clutter|(?:can't|cannot|won't|never)\s+throw\s+(?:anything|things|stuff|nothing)\s+away|junk\s+(?:everywhere|piled))\b/i,
  hunting:
    /\b(?:(?<!(?:job|house|flat|bargain|treasure|ghost|apartment|home)[-\s])hunt(?:s|ing|er|ers)?|(?:shoot|shoots|shooting)\s+(?:deer|birds|pheasants?|grouse|ducks|rabbits|animals|game)|trophy\s+(?:hunt\w*|photos?|heads?|kills?)|(?:kill|kills|killing)\s+animals\s+for\s+(?:sport|fun)|blood\s+sports?|deer\s+season|stags?\s+heads?|mounted\s+heads?)\b/i,
  spending:
    /\b(?:(?:big|compulsive|reckless|impulse|careless)\s+spend(?:er|ers|ing)|shopaholics?|(?:spends|blows|blew)\s+(?:every|all)\s+(?:penny|paycheck|pay\s*cheque|their\s+money|his\s+money|her\s+money)|(?:lives?|living)\s+beyond\s+(?:his|her|their|your)\s+means|(?:no|zero)\s+savings|payday\s+to\s+payday|bad\s+with\s+money|can't\s+save)\b/i,
  piercings:
    /\b(?:piercings?|pierced\s+(?:face|tongue|nose|eyebrows?|lips?)|face\s+(?:piercings?|metal)|septum|gauges|stretched\s+(?:ears|lobes))\b/i,
  fossilFuels:
    /\b(?:fossil[-\s]fuels?|oil\s+(?:and\s+gas|industry|company|companies|majors?)|fracking|(?:drilling|drills)\s+for\s+(?:oil|gas)|petrochemicals?|coal\s+(?:mining|mines?|industry))\b/i,
  livingApart:
    /\b(?:(?:keep|keeps|keeping)\s+(?:your|their|his|her)\s+own\s+(?:place|home|flat|house)|living\s+apart\s+together|separate\s+(?:homes|houses|places|flats)|part-time\s+(?:arrangement|relationship|partner))\b/i,
  pickyEating:
    /\b(?:fussy|picky)\s+eat(?:er|ers|ing)|beige[-\s]food|chicken\s+nuggets|(?:won't|doesn't|don't|never)\s+try\s+(?:new\s+)?(?:food|foods|dishes|anything)\b/i,
  landlord:
    /\b(?:landlords?|buy-to-lets?|(?:property|rental)\s+(?:portfolio|empire|investors?)|rental\s+propert(?:y|ies)|collect(?:s|ing)?\s+rent|rent\s+off)\b/i,
  rural:
    /\b(?:middle\s+of\s+nowhere|(?:live|lives|living|move|moving)\s+(?:in|to|out\s+to)\s+(?:the\s+)?(?:countryside|sticks|a\s+(?:farm|field|village))|farm\s+life|in\s+a\s+field)\b/i,
  casual:
    /\b(?:(?:nothing|anything)\s+serious|just\s+(?:seeing\s+what\s+happens|having\s+fun|something\s+casual|for\s+fun)|casual\s+(?:dating|fun|thing|things|relationships?|flings?|sex)|hook[-\s]?ups?|friends\s+with\s+benefits|fwb|no\s+strings)\b/i,
  messy:
    /\b(?:messy|slobs?|slobby|untidy|floordrobe|pigsty|dirty\s+dishes|(?:live|living)\s+in\s+(?:chaos|a\s+mess))\b/i,
  nightOwl:
    /\b(?:night\s+owls?|(?:sleep|sleeps|sleeping)\s+(?:in\s+)?(?:till|until|past)\s+(?:noon|midday|lunch)|(?:awake|up)\s+before\s+(?:noon|midday|lunch)|up\s+(?:all\s+night|till\s+(?:[1-5]|two|three|four|five)\s*(?:am|a\.m\.)))\b/i,
  nomad:
    /\b(?:nomads?|nomadic|van\s*life|(?:live|lives|living)\s+in\s+a\s+van|no\s+roots|(?:never|won't|doesn't|can't)\s+settle(?:\s+down)?|(?:move|moving)\s+to\s+bali)\b/i,
  // A temper is asked about rather than kept in mind as a trait: it is a fact about how someone
  // behaves that they can answer ("I've punched a wall or two"), unlike "rude" or "boring".
  temper:
    /\b(?:temper|tempers|short-tempered|quick-tempered|hot-tempered|bad-tempered|hot-headed|hotheads?|short\s+fuse|anger|angry|rages?|raging|violent|violence|(?:punch|punches|punched|punching)\s+(?:walls?|doors?|things))\b/i,
};

/** The areas a clause names, in a fixed order. */
export function areasIn(clause: string): AreaName[] {
  const said = straightApostrophes(clause);
  return (Object.keys(AREA_PATTERNS) as AreaName[]).filter((area) => AREA_PATTERNS[area].test(said));
}

/**
 * What a lie is about, when it is something a person can be asked ("fib about your age on a
 * profile" → "your age", "lies about being single" → "being single"); null for a lie about
 * nothing in particular ("liars"), which stays a trait.
 */
const LIE_ABOUT =
  /\b(?:lie|lies|lied|lying|liars?|fib|fibs|fibbed|fibbing|fibbers?|dishonest|untruthful|(?:isn't|aren't|not)\s+(?:honest|truthful|upfront|straight))\s+(?:\w+\s+){0,2}?about\s+((?:your|their|his|her|being|having)\b(?:\s+[\w'-]+){1,3}?)(?=\s+(?:to|on|in|so|just|because|when|if|online|anywhere|ever|again|and|or|is|are|was|were|would|will|isn't|aren't)\b|\s*[,;:.!?]|\s*$)/i;

export function lieSubject(clause: string): string | null {
  return LIE_ABOUT.exec(straightApostrophes(clause))?.[1]?.trim() ?? null;
}
