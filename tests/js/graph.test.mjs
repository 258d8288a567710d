// graph.js alone: the review's walk along the main line (keys n / N).
import { test } from "node:test";
import assert from "node:assert/strict";
import { nextMarked, reviewMainLine } from "../../cernunos_widget/js/graph.js";

// 0 - 1 - 2* - 3 - 4*   (main line, * marked); 5 a variation from 1 (a sibling of 2), marked,
// and 6 one from 2 (a sibling of 3)
function store(current) {
  const n = (id, parent, children, mark) => ({ id, parent, children, mark });
  return {
    current,
    nodes: {
      0: n(0, -1, [1]), 1: n(1, 0, [2, 5]), 2: n(2, 1, [3, 6], "?"), 3: n(3, 2, [4]),
      4: n(4, 3, [], "??"), 5: n(5, 1, [], "?!"), 6: n(6, 2, []),
    },
  };
}

test("reviewMainLine follows the first children from the root", () => {
  assert.deepEqual(reviewMainLine(store(0)), [0, 1, 2, 3, 4]);
});

test("nextMarked goes to the next or previous marked node of the main line", () => {
  assert.equal(nextMarked(store(0), 1), 2);
  assert.equal(nextMarked(store(2), 1), 4);
  assert.equal(nextMarked(store(4), 1), null);
  assert.equal(nextMarked(store(4), -1), 2);
  assert.equal(nextMarked(store(2), -1), null);
});

test("from a variation, its branch point counts (the variation's own mark does not)", () => {
  assert.equal(nextMarked(store(5), 1), 2);
  assert.equal(nextMarked(store(5), -1), null);
  assert.equal(nextMarked(store(6), -1), 2); // N from a variation of 2: 2 itself
  assert.equal(nextMarked(store(6), 1), 4);
});
