// How fast the page's hint search is (js/rules/solve.js, issue #21 item 4): every endgame of
// benchmarks/endgames.txt (60 with at most 6 tokens left, 60 with at most 4; standard rules)
// solved in slices of SLICE nodes, as the page runs it. Prints nodes/s and the slowest
// positions. A search still running after CAP seconds is stopped and reported as unfinished.
// Run: node benchmarks/hint_speed.mjs [slice nodes, default 2000] [cap seconds, default 120]

import fs from "node:fs";
import { fileURLToPath } from "node:url";

import { Position } from "../cernunos_widget/js/rules/index.js";
import { createSearch } from "../cernunos_widget/js/rules/solve.js";

const SLICE = Number(process.argv[2] || 2000);
const CAP_MS = 1000 * Number(process.argv[3] || 120);
const FILE = fileURLToPath(new URL("./endgames.txt", import.meta.url));
const sets = {};
for (const line of fs.readFileSync(FILE, "utf-8").split("\n")) {
  if (!line.trim() || line.startsWith("#")) continue;
  const [name, ...cpn] = line.split(" ");
  (sets[name] ||= []).push(cpn.join(" "));
}

for (const [name, cpns] of Object.entries(sets)) {
  const runs = [];
  for (const cpn of cpns) {
    const search = createSearch(Position.fromCpn(cpn));
    const started = performance.now();
    let longest = 0;
    let r;
    do {
      const t = performance.now();
      r = search.step(SLICE);
      longest = Math.max(longest, performance.now() - t);
    } while (!r.done && performance.now() - started < CAP_MS);
    const run = { cpn, ms: performance.now() - started, nodes: r.nodes, longest, answer: r.done ? `${r.green} ${r.margin}` : "unfinished" };
    if (run.ms > 1000) console.log(`  (${name}: ${(run.ms / 1000).toFixed(1)} s, ${run.nodes} nodes: ${cpn})`);
    runs.push(run);
  }
  const unfinished = runs.filter((r) => r.answer === "unfinished").length;
  const nodes = runs.reduce((a, r) => a + r.nodes, 0);
  const ms = runs.reduce((a, r) => a + r.ms, 0);
  runs.sort((a, b) => b.ms - a.ms);
  const median = runs[runs.length >> 1];
  console.log(`${name}: ${runs.length} positions (${unfinished} unfinished after ${CAP_MS / 1000} s), ${nodes} nodes in ${(ms / 1000).toFixed(2)} s, ` +
    `${Math.round(nodes / (ms / 1000))} nodes/s; median ${median.ms.toFixed(1)} ms; ` +
    `longest slice of ${SLICE} nodes ${Math.max(...runs.map((r) => r.longest)).toFixed(1)} ms`);
  for (const r of runs.slice(0, 3)) {
    console.log(`  slowest: ${r.ms.toFixed(0)} ms, ${r.nodes} nodes (${r.answer}): ${r.cpn}`);
  }
}
