// Puzzle mode in the page's own session (js/puzzle.js via js/local.js) against the kernel:
// each sequence of `puzzle` requests written by tests/js/make_puzzle_vectors.py (the widget's
// handler judged them) is replayed from the same state; every reply's ok and message, the `puzzle` state after each, and at
// the end the nodes, the current node and the `puzzle` state must be the kernel's.
// CERNUNOS_PUZZLE_VECTORS names the folder; without it the check is skipped.

import assert from "node:assert/strict";
import { test } from "node:test";

import { createLocalSession } from "../../cernunos_widget/js/local.js";
import { PUZZLES, refutationText } from "../../cernunos_widget/js/puzzle.js";
import { applyPatch } from "../../cernunos_widget/js/store.js";
import { difference, replayEvery } from "./vectors.mjs";

const FOLDER = process.env.CERNUNOS_PUZZLE_VECTORS;

function replay(vector) {
  const store = structuredClone(vector.start);
  const session = createLocalSession(PUZZLES.requests);
  vector.steps.forEach(({ request, reply: expected, puzzle }, i) => {
    const reply = session.answer(store, { ...request, id: i, gen: store.gen });
    const where = `request ${i} ${JSON.stringify(request)}`;
    const d = difference(expected, { ok: reply.ok, message: reply.message }, where);
    if (d) throw new Error(d);
    if (reply.patch) applyPatch(store, reply.patch);
    const p = difference(puzzle, store.puzzle, `${where}: the puzzle state`);
    if (p) throw new Error(p);
  });
  for (const key of ["current", "nodes", "puzzle"]) {
    const d = difference(vector.end[key], store[key], `end.${key}`);
    if (d) throw new Error(d);
  }
}

test("the page's session judges puzzles as the kernel does", { skip: !FOLDER }, () => {
  replayEvery(FOLDER, "puzzles.jsonl", "puzzle", "puzzle", replay);
});

test("a wrong try is put in words, in English and French", () => {
  const puzzle = { decider: "g" };
  const tried = { decision: "X@c3", result: "draw", line: ["c1", "T@a1"] };
  assert.equal(
    refutationText(puzzle, tried),
    "After X@c3, Purple answers c1 and draws (proven): only a draw for Green. The position is back: try again.",
  );
  assert.match(refutationText({ decider: "p" }, { ...tried, result: "loss" }, "fr"), /^Après X@c3, Vert répond c1 et gagne \(prouvé\)\u00a0: une défaite pour Violet\./);
  assert.match(refutationText(puzzle, { ...tried, line: [] }), /^X@c3 gives only a draw for Green \(proven\)/);
});
