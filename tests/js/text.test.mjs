// The record's mirror (js/rules/gametext.js, movetext.js) against the engine's vectors
// (tests/js/make_text_vectors.py, written by tests/js/test_rules_mirror.py into the folder
// named by CERNUNOS_RULES_VECTORS; skipped without it): for each game tree, every node's move
// record, game.export() and gamefiles.cgn_text; write_tag and check_comment on hostile input.
// A failure names the tree, the node and the field. (rules.test.mjs checks the move records
// of the vector games' lines.)

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { createReadStream, readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { test } from "node:test";

import {
  GameFileError, GameTextError, LineState, MoveTextError, Position, cgnText, checkComment,
  decisionLabel, exportGame, formatGame, moveRecord, moveText, nextEntry, writeComment, writeTag,
} from "../../cernunos_widget/js/rules/index.js";
import { answer, difference } from "./vectors.mjs";

const FOLDER = process.env.CERNUNOS_RULES_VECTORS;
const SHOWN = 12; // failures listed at most


/** Where two texts first differ, with some of each around it; null if they do not. */
function textDifference(expected, actual, field) {
  if ("sha256" in expected) {
    if (typeof actual.ok !== "string") return `${field}: expected a text, got ${JSON.stringify(actual).slice(0, 300)}`;
    const sha = createHash("sha256").update(actual.ok, "utf8").digest("hex");
    return sha === expected.sha256 ? null : `${field}: the text's SHA-256 differs (${actual.ok.length} UTF-16 units)`;
  }
  if (typeof expected.ok === "string" && typeof actual.ok === "string") {
    if (expected.ok === actual.ok) return null;
    let i = 0;
    while (expected.ok[i] === actual.ok[i]) i += 1;
    const around = (text) => JSON.stringify(text.slice(Math.max(0, i - 30), i + 30));
    return `${field}: first difference at UTF-16 unit ${i}: expected ${around(expected.ok)}, got ${around(actual.ok)}`;
  }
  return difference(expected, actual, field);
}

/** Every node's position and move record from its parent's, then the texts; the first failure. */
function checkTree(vector) {
  const where = (node, what) => `tree ${vector.name} (rules ${vector.rules}), node ${node}, field ${what}`;
  const nodes = vector.nodes;
  if (vector.big) {
    const [id, unit, times] = vector.big;
    nodes[id].comment = unit.repeat(times);
  }
  const root = Position.fromCpn(vector.cpn, vector.rules);
  const rootNode = Object.values(nodes).find((n) => n.parent === -1);
  const positions = new Map([[rootNode.id, root]]);
  const todo = [[rootNode, new LineState()]];
  while (todo.length) {
    const [node, state] = todo.pop();
    const before = positions.get(node.id);
    for (const id of node.children) {
      const child = nodes[id];
      let step;
      try {
        step = before.step(child.decision);
      } catch (error) {
        return where(id, `decision: playing ${child.decision} threw ${error.stack}`);
      }
      const next = nextEntry(state, before, step.decision, step.events, { nodeId: id });
      const d = difference(child.move, moveRecord(next.entry, next.state), "move");
      if (d) return where(id, `${d} (decision ${child.decision})`);
      positions.set(id, step.position);
      todo.push([child, next.state]);
    }
  }
  let end = rootNode;
  while (end.children.length) end = nodes[end.children[0]];
  const headers = structuredClone(vector.headers);
  const game = { tree: { nodes }, headers, root, end: positions.get(end.id) };
  for (const [field, call] of [["export", () => exportGame(game)], ["cgn", () => cgnText(game)]]) {
    const d = textDifference(vector[field], answer(call), field);
    if (d) return where("-", d);
  }
  const d = difference(vector.headers, headers, "headers");
  return d && where("-", `${d} (cgnText changed the headers it was given)`);
}

test("every tree's move records, export and .cgn text are the engine's", { skip: !FOLDER }, async () => {
  const failures = [];
  let trees = 0;
  let nodes = 0;
  const lines = createInterface({ input: createReadStream(join(FOLDER, "trees.jsonl")), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    const vector = JSON.parse(line);
    trees += 1;
    nodes += Object.keys(vector.nodes).length;
    const failure = checkTree(vector);
    if (failure) failures.push(failure);
  }
  console.log(`# tree vectors: ${trees} trees, ${nodes} nodes, ${failures.length} failing`);
  assert.ok(trees > 0, "no trees in the vectors");
  assert.equal(failures.length, 0, `${failures.length} tree(s) differ:\n` + failures.slice(0, SHOWN).join("\n"));
});

test("write_tag and check_comment refuse what the engine refuses, in its words", { skip: !FOLDER }, () => {
  const cases = JSON.parse(readFileSync(join(FOLDER, "refusals.json"), "utf8"));
  const failures = [];
  for (const [i, c] of cases.entries()) {
    const actual = c.what === "tag" ? answer(() => writeTag(c.name, c.value)) : answer(() => checkComment(c.text));
    const expected = "ok" in c ? { ok: c.ok } : { error: c.error };
    const shown = JSON.stringify(c.what === "tag" ? [c.name, c.value] : c.text).slice(0, 60);
    const d = difference(expected, actual, `refusal ${i} (${c.what} ${shown})`);
    if (d) failures.push(d);
  }
  console.log(`# refusal vectors: ${cases.length}, ${failures.length} failing`);
  assert.equal(failures.length, 0, failures.slice(0, SHOWN).join("\n"));
});

// Without vectors: one game written as the engine writes it (record/tree.py, files.py).
const NODES = {
  0: { id: 0, parent: -1, decision: "", children: [1, 3], comment: "start", glyph: "" },
  1: { id: 1, parent: 0, decision: "B@b2", children: [2], comment: "", glyph: "" },
  2: { id: 2, parent: 1, decision: "T@a1", children: [], comment: "", glyph: "!" },
  3: { id: 3, parent: 0, decision: "D@a1", children: [4, 5], comment: "quieter } \\ {", glyph: "?!" },
  4: { id: 4, parent: 3, decision: "T@c3", children: [], comment: "", glyph: "" },
  5: { id: 5, parent: 3, decision: "B@c1", children: [], comment: "x", glyph: "" },
};

test("a game with variations, comments and glyphs exports as the engine's Game.export", () => {
  const root = Position.start();
  const game = { tree: { nodes: NODES }, headers: { Green: 'Ann "the" \\ one', Result: "*" }, root };
  const text = '[Green "Ann \\"the\\" \\\\ one"] [Result "*"] {start} B@b2 (D@a1?! {quieter \\} \\\\ {} T@c3 (B@c1 {x})) T@a1!';
  assert.equal(exportGame(game), text);
  const end = root.play("B@b2").play("T@a1");
  assert.equal(cgnText({ ...game, end }), text.replace('"] [', '"]\n[').replace('"] {', '"]\n{') + "\n");
});

test("a comment escapes the backslash before the brace; refusals are the record's errors", () => {
  assert.equal(writeComment("\\}"), "{\\\\\\}}");
  assert.throws(() => writeTag("Bad Name", "x"), GameTextError);
  assert.throws(() => checkComment("a\ud800"), /lone surrogate \(U\+D800 at character 2\)/);
  const broken = { tree: { nodes: { 0: { ...NODES[0], children: [9] } } }, root: Position.start() };
  assert.throws(() => exportGame(broken), /names a child 9 that is not in the tree/);
  assert.throws(() => exportGame({ tree: null, root: Position.start() }), /its tree is \{nodes/);
  assert.throws(() => exportGame({ ...broken, headers: [] }), /headers are an object of tag pairs, not list/);
  assert.throws(() => cgnText({ tree: { nodes: NODES }, root: Position.start() }), /its end is the mirror Position/);
  const stale = { tree: { nodes: NODES }, headers: { Result: "2-0", Termination: "forfeit" }, root: Position.start() };
  stale.end = Position.start().play("B@b2").play("T@a1");
  assert.throws(() => formatGame(stale), GameFileError);
  assert.match(cgnText(stale), /^\[Result "\*"\]\n\{start\}/);
});

test("labels, a line starting inside an effect, and a line from a finished game", () => {
  const start = Position.start();
  assert.equal(decisionLabel(start, "B@b2"), "Boar b2");
  const effect = { turn: "", player: "g", decider: "p", effect: true, label: "push b1→c1" };
  assert.equal(moveText([effect, { ...effect, decider: "g", label: "raise a1" }]), "… (Purple: push b1→c1, raise a1)");
  let position = start;
  while (!position.isOver) position = position.play(position.legalTexts()[0]);
  assert.throws(() => nextEntry(new LineState(), position, "pass"), MoveTextError);
});
