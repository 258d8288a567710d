// gridkeys.js alone: where each key moves the focus on the 4 x 3 board (WAI-ARIA grid pattern).
import { test } from "node:test";
import assert from "node:assert/strict";
import { gridMove } from "../../cernunos_widget/js/gridkeys.js";
import { CELLS } from "../../cernunos_widget/js/dom.js";

const move = (cell, key, ctrl = false) => CELLS[gridMove(CELLS.indexOf(cell), key, ctrl, 3, 4)];

test("arrows move one cell and stop at the edges (no wrapping)", () => {
  assert.equal(move("b2", "ArrowLeft"), "a2");
  assert.equal(move("b2", "ArrowRight"), "c2");
  assert.equal(move("b2", "ArrowUp"), "b3");
  assert.equal(move("b2", "ArrowDown"), "b1");
  assert.equal(move("a3", "ArrowLeft"), "a3");
  assert.equal(move("a3", "ArrowUp"), "a3");
  assert.equal(move("d1", "ArrowRight"), "d1");
  assert.equal(move("d1", "ArrowDown"), "d1");
  assert.equal(move("d3", "ArrowRight"), "d3");
});

test("Home and End go to the row's ends, with Ctrl to the grid's", () => {
  assert.equal(move("c2", "Home"), "a2");
  assert.equal(move("b2", "End"), "d2");
  assert.equal(move("c2", "Home", true), "a3");
  assert.equal(move("b3", "End", true), "d1");
});
