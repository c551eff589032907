// What reading people's words costs the search: for each pair it judges, the matcher reads what
// both people say of themselves (readSelf) and holds it against their dealbreakers. Timed over
// every self-description and dealbreaker answer in the match-eval sets, each read interleaved with
// the cheapest read of the same text (stemming it, which every scorer does), so the figure is a
// ratio that does not drift with the machine: "readSelf costs N x stemming". The heuristic scorer
// also reads each person's plans (readLifePlan) twice per direction, so four times per pair.
//
//   node --import tsx bench/text-reading.ts [--rounds 7]
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { readDealbreakers } from "../apps/server/src/platform/text-reading/dealbreaker-reading.ts";
import { readSelf } from "../apps/server/src/platform/text-reading/dealbreaker-topics.ts";
import { readLifePlan } from "../apps/server/src/platform/text-reading/life-plans.ts";
import { stems } from "../apps/server/src/platform/text-reading/text.ts";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "7" } } });
const rounds = Number(values.rounds);

interface Person {
  answers: Record<string, string | string[]>;
}
const dir = path.join(import.meta.dirname, "match-eval");
const selves: string[] = [];
const dealbreakers: string[] = [];
for (const file of (await readdir(dir)).filter((name) => name.endsWith(".jsonl") && !name.startsWith("heldout"))) {
  for (const line of (await readFile(path.join(dir, file), "utf8")).split("\n")) {
    if (!line.startsWith("{")) continue;
    const pair = JSON.parse(line) as { a: Person; b: Person };
    for (const person of [pair.a, pair.b]) {
      const { dealbreakers: limits = "", ...rest } = person.answers;
      selves.push(Object.values(rest).flat().join(" "));
      dealbreakers.push([limits].flat().join(" "));
    }
  }
}

function msPerText(read: (text: string) => unknown, texts: readonly string[]): number {
  const start = performance.now();
  for (const text of texts) read(text);
  return (performance.now() - start) / texts.length;
}

const own = { facts: {}, selfText: "" };
const ratios = { readSelf: [] as number[], readLifePlan: [] as number[], readDealbreakers: [] as number[] };
for (let round = 0; round < rounds; round++) {
  const stemSelf = msPerText(stems, selves);
  ratios.readSelf.push(msPerText(readSelf, selves) / stemSelf);
  ratios.readLifePlan.push(msPerText((text) => readLifePlan(text), selves) / msPerText(stems, selves));
  const stemLimits = msPerText(stems, dealbreakers);
  ratios.readDealbreakers.push(msPerText((text) => readDealbreakers(text, own), dealbreakers) / stemLimits);
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;
console.log(`${selves.length} self-descriptions, ${dealbreakers.length} dealbreaker answers, ${rounds} rounds`);
console.log(`readSelf: ${median(ratios.readSelf).toFixed(1)} x stemming the same text (median)`);
console.log(`readLifePlan: ${median(ratios.readLifePlan).toFixed(1)} x stemming the same text (median)`);
console.log(`readDealbreakers: ${median(ratios.readDealbreakers).toFixed(1)} x stemming the same text (median)`);
