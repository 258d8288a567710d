// store.js alone: the kernel's patches merged into the page's store (widget/protocol.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyPatch, nodeOf, rootId, storeOf } from "../../cernunos_widget/js/store.js";

const node = (id, parent, children = []) => ({ id, parent, children });

function filled() {
  return {
    gen: 1, current: 0, nodes: { 0: node(0, -1, [1]), 1: node(1, 0) },
    views: { 0: { cpn: "root" }, 1: { cpn: "one" } }, settings: { overlay: true },
  };
}

test("storeOf gives an empty tree trait its nodes, views, current and gen", () => {
  const tree = {};
  const model = { get: (name) => (name === "tree" ? tree : undefined) };
  assert.equal(storeOf(model), tree);
  assert.deepEqual(tree, { nodes: {}, views: {}, current: 0, gen: 0 });
  tree.nodes[0] = node(0, -1);
  assert.deepEqual(storeOf(model).nodes, { 0: node(0, -1) }); // a filled store is kept
});

test("a patch merges nodes, views and settings and replaces other keys", () => {
  const store = filled();
  const ok = applyPatch(store, {
    gen: 1, current: 2, nodes: { 2: node(2, 0) }, views: { 2: { cpn: "two" } },
    settings: { engine: "mcts" }, analysis: { node: 2 },
  });
  assert.equal(ok, true);
  assert.deepEqual(Object.keys(store.nodes), ["0", "1", "2"]);
  assert.equal(store.views[1].cpn, "one");
  assert.equal(store.views[2].cpn, "two");
  assert.deepEqual(store.settings, { overlay: true, engine: "mcts" });
  assert.equal(store.current, 2);
  assert.deepEqual(store.analysis, { node: 2 });
});

test("applying the same patch twice is harmless", () => {
  const patch = { gen: 1, nodes: { 2: node(2, 0) }, removed: [1], settings: { overlay: false } };
  const once = filled();
  applyPatch(once, patch);
  const twice = filled();
  applyPatch(twice, patch);
  applyPatch(twice, patch);
  assert.deepEqual(twice, once);
});

test("removed drops the nodes and their views", () => {
  const store = filled();
  applyPatch(store, { gen: 1, removed: [1] });
  assert.deepEqual(Object.keys(store.nodes), ["0"]);
  assert.deepEqual(Object.keys(store.views), ["0"]);
});

test("a patch of a replaced game (another gen) changes nothing", () => {
  const store = filled();
  assert.equal(applyPatch(store, { gen: 2, current: 1, nodes: { 5: node(5, 0) } }), false);
  assert.deepEqual(store, filled());
});

test("reset empties the store before the patch, whatever its gen", () => {
  const store = filled();
  assert.equal(applyPatch(store, { reset: true, gen: 7, current: 0, nodes: { 0: node(0, -1) } }), true);
  assert.deepEqual(store, { nodes: { 0: node(0, -1) }, views: {}, gen: 7, current: 0 });
});

test("rootId finds the node without a parent; nodeOf reads by id", () => {
  const store = { nodes: { 4: node(4, 9), 9: node(9, -1, [4]) }, views: {} };
  assert.equal(rootId(store), 9);
  assert.equal(nodeOf(store, 4).parent, 9);
  assert.equal(nodeOf(store, 3), undefined);
  assert.equal(rootId({ nodes: {} }), 0);
});
