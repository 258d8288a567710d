// The page's hint search (js/rules/solve.js) against the engine's exact solver: for each
// endgame in CERNUNOS_HINT_VECTORS/hint.json (tests/js/make_hint_vectors.py) the outcome and
// strong value must be the engine's, and the line legal and ending in a result
// worth exactly that value. Run by tests/js/test_hint_solver.py; without the folder the
// vector test is skipped (the unit tests run anyway).

import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import test from "node:test";

import { InvalidLimitError, Position } from "../../cernunos_widget/js/rules/index.js";
import { HINT_TOKEN_LIMIT, createSearch, eligible, marginText, tokensLeft } from "../../cernunos_widget/js/rules/solve.js";

const FOLDER = process.env.CERNUNOS_HINT_VECTORS;
const SLICE = 500; // nodes a step, as the page runs it in chunks
const MAX_NODES = 300000; // the engine proves each vector in 30,000: a search past this is a failure

/** solver/values.py final_score, Green's view: what a finished game is worth. */
function worth(position) {
  const r = position.result();
  if (r.forfeit) return r.winner === 0 ? 100000 : -100000;
  return (r.cells[0] - r.cells[1]) * 625 + (r.trees[0] - r.trees[1]) * 25 + (r.burned[1] - r.burned[0]);
}

/** Run a search to its end in slices, checking each step keeps to its budget. */
function runSliced(position) {
  const search = createSearch(position);
  let last = { nodes: 0 };
  let steps = 0;
  for (;;) {
    const r = search.step(SLICE);
    steps += 1;
    if (r.nodes - last.nodes > SLICE) throw new Error(`a step of ${SLICE} nodes did ${r.nodes - last.nodes}`);
    last = r;
    if (r.done) return { ...r, steps };
    if (r.nodes >= MAX_NODES) return { ...r, steps, unfinished: true };
  }
}

/** What differs between the engine's answer and the mirror's, in words ([] if nothing). */
function differences(vector, position, r) {
  if (r.unfinished) return [`the search did not finish in ${MAX_NODES} nodes`];
  const out = [];
  const turn = "gp"[r.turn];
  if (turn !== vector.turn) out.push(`turn: expected ${vector.turn}, got ${turn}`);
  if (r.outcome !== vector.outcome) out.push(`outcome: expected ${vector.outcome}, got ${r.outcome}`);
  if (r.score !== vector.score) out.push(`score: expected ${vector.score}, got ${r.score}`);
  let p = position;
  for (const [i, text] of r.line.entries()) {
    if (!p.isLegal(text)) {
      out.push(`line: decision ${i + 1} ${text} is illegal (legal: ${p.legalTexts().join(" ")})`);
      return out;
    }
    p = p.play(text);
  }
  if (!p.isOver) out.push(`line: ${r.line.join(" ")} does not end the game`);
  else {
    const sign = r.turn === 0 ? 1 : -1;
    if (sign * worth(p) !== vector.score) {
      out.push(`line: ends ${p.result().text}, worth ${sign * worth(p)} to ${turn}, not ${vector.score}`);
    }
  }
  return out;
}

test("the hint solves the engine's endgames as the engine does", { skip: !FOLDER && "CERNUNOS_HINT_VECTORS not set" }, () => {
  const vectors = JSON.parse(fs.readFileSync(path.join(FOLDER, "hint.json"), "utf-8"));
  const failures = [];
  let failing = 0;
  let nodes = 0;
  let steps = 0;
  for (const v of vectors) {
    let p = Position.fromCpn(v.cpn, v.rules);
    for (const text of v.path) p = p.play(text);
    const where = `${v.name} (rules ${v.rules}, ${v.cpn}${v.path.length ? " then " + v.path.join(" ") : ""})`;
    if (!eligible(p)) {
      failures.push(`${where}: not eligible (${tokensLeft(p)} tokens left)`);
      failing += 1;
      continue;
    }
    const r = runSliced(p);
    nodes += r.nodes;
    steps += r.steps;
    const found = differences(v, p, r);
    if (found.length) failing += 1;
    for (const d of found) failures.push(`${where}: ${d}`);
  }
  console.log(`hint vectors: ${vectors.length} positions, ${failing} failing, ${nodes} nodes in ${steps} steps`);
  assert.deepEqual(failures.slice(0, 20), []);
});

test("more than the limit is refused with the limit named; an over game is its result", () => {
  const start = Position.start();
  assert.equal(eligible(start), false);
  assert.throws(() => createSearch(start), (e) => e instanceof InvalidLimitError
    && e.message.includes(`at most ${HINT_TOKEN_LIMIT} tokens`) && e.message.includes("this position has 48 (Green 24, Purple 24)"));
  // Green's reserve empty, scored at once (phase #): Green holds 12 cells
  const over = Position.fromCpn("TD,TD,TD,TW/TW,TB,TB,TB/TS,TX,TC,TF g # 0-0", "counts=T12");
  assert.equal(over.isOver, true);
  assert.equal(eligible(over), false);
  const r = createSearch(over).step(1);
  assert.deepEqual([r.done, r.outcome, r.green, r.score, r.line, r.nodes], [true, "win", "Green wins", 12 * 625, [], 0]);
});

test("a step's budget is a whole number above 0", () => {
  const over = Position.fromCpn("TD,TD,TD,TW/TW,TB,TB,TB/TS,TX,TC,TF g # 0-0", "counts=T12");
  for (const bad of [0, -1, 1.5, NaN, "10", null]) {
    assert.throws(() => createSearch(over).step(bad), InvalidLimitError);
  }
});

test("a search stops after each slice and goes on where it stopped", () => {
  // Purple to place, 3 Trees left to Green, 1 to Purple: a few hundred nodes
  const p = Position.fromCpn("T,t,.,./.,T,t,./.,.,T,t p 2 0-0", "counts=T4,B0,D0,W0,S0,X0,C0,F0");
  const whole = createSearch(p).step(1e9);
  assert.equal(whole.done, true);
  const sliced = createSearch(p);
  let r = sliced.step(1);
  assert.equal(r.nodes, 1);
  assert.equal(r.done, false);
  while (!r.done) r = sliced.step(7);
  assert.deepEqual([r.outcome, r.score, r.line], [whole.outcome, whole.score, whole.line]);
  assert.equal(sliced.step(5), r); // done: the same answer again
});

test("the margin in words, as solver/values.py describe_score", () => {
  assert.equal(marginText(625), "by 1 cell");
  assert.equal(marginText(-1924), "by 3 cells, +2 Trees on top, -1 burned");
  assert.equal(marginText(49), "by +2 Trees on top, -1 burned");
  assert.equal(marginText(600), "by 1 cell, -1 Trees on top");
  assert.equal(marginText(100000), "by forfeit");
  assert.equal(marginText(0), "");
});

test("a full table starts again empty and the answer stays the same", () => {
  const p = Position.fromCpn("dDc,XBD,tt,Wxttt/b,F,d,sdSbttt/T,bww,WTC,fD p 2 10-1"); // ~12,000 nodes
  const whole = createSearch(p).step(1e9);
  assert.ok(whole.table > 1000, whole.table);
  const small = createSearch(p, { tableLimit: 50 });
  let r;
  do {
    r = small.step(100);
    assert.ok(r.table <= 50, r.table);
  } while (!r.done);
  assert.deepEqual([r.outcome, r.score], [whole.outcome, whole.score]);
  assert.deepEqual([r.turn, r.outcome, r.green, r.margin], [1, "loss", "Green wins", "by 2 cells, -3 Trees on top, -9 burned"]);
});
