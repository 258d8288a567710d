// graph.js alone: the review's walk along the main line (keys n / N).
import { test } from "node:test";
import assert from "node:assert/strict";
import { nextMarked, provisional, reviewCounts, reviewHere, reviewMainLine } from "../../cernunos_widget/js/graph.js";

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

// ---- issue #25 item 4: counts and marks are provisional until the last pass ends

const COUNTS = { green: { inaccuracy: 1, mistake: 0, blunder: 2 }, purple: {} };

test("counts say they are provisional while the review runs or when it stopped early", () => {
  const running = { status: "running", pass: 1, passes: 3, done: 4, total: 9, counts: COUNTS };
  assert.match(reviewCounts(running), /data-role="counts-provisional">provisional until pass 3\/3 ends</);
  assert.match(reviewCounts({ ...running, status: "cancelled" }), /provisional: the review ended before its last pass/);
  const done = reviewCounts({ ...running, status: "done", pass: 3 });
  assert.doesNotMatch(done, /provisional/);
  assert.match(done, /data-counts="green"><b>Green<\/b> <span title="inaccuracies">1&#8239;\?!<\/span>/);
  assert.equal(provisional({}), "");
});

test("the current node's mark reads its text, provisional while reviewing", () => {
  const text = "?? blunder by Green: 5. Crow c2, +0.10 → −0.30; best was 5. Tree d3, +0.10 (5. Tree d3)";
  const nodes = { 0: { id: 0, parent: -1, children: [1] }, 1: { id: 1, parent: 0, children: [], mark: "??", mark_text: text, eval: { text: "−0.30" } } };
  const s = { current: 1, nodes, review: { status: "running", passes: 3 } };
  const html = reviewHere(s);
  assert.match(html, /here: <b>−0.30<\/b>/);
  assert.match(html, /blunder by Green: 5. Crow c2, \+0.10 → −0.30; best was 5. Tree d3, \+0.10/);
  assert.match(html, /data-role="mark-provisional">\(provisional until pass 3\/3 ends\)/);
  assert.doesNotMatch(reviewHere({ ...s, review: { status: "done" } }), /provisional/);
});
