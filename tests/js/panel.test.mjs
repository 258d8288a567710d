// panel.js alone: what the analysis panel shows for the current node (issue #21 item 4), and
// store.js merging the analyses the session remembers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { analysisHtml, analysisShown } from "../../cernunos_widget/js/panel.js";
import { applyPatch } from "../../cernunos_widget/js/store.js";

const line = (decision, green_text, depth = 6) => ({
  decision, green: 0.2, green_text, describe: "", proven: null, pv: [decision, "B@b3"],
  labels: [`Boar ${decision.slice(2)}`, "Boar b3"], depth, nodes: 1234, seconds: 0.5,
});
const LIVE = { node: 1, gen: 0, seq: 4, status: "done", lines: [line("B@a1", "+0.20")], limit: "time 5", engine: "auto" };
const STORED = { node: 2, status: "done", lines: [line("B@c1", "−0.10", 9), line("T@a1", "−0.30")], limit: "time 1", engine: "mcts" };

function store(current, extra = {}) {
  return { gen: 0, current, nodes: {}, views: {}, analysis: LIVE, analyses: { 2: STORED }, ...extra };
}

test("the live analysis shows when it is for the current node, as before", () => {
  for (const kernel of ["live", "static"]) {
    const shown = analysisShown(store(1), kernel);
    assert.equal(shown.source, "live");
    const html = analysisHtml(shown);
    assert.match(html, /data-line="0"/);
    assert.doesNotMatch(html, /Stored analysis|data-stored-line/);
  }
  const searching = store(1, { analysis: { node: 1, status: "running", lines: [] } });
  assert.match(analysisHtml(analysisShown(searching, "live")), /data-role="preparing"/);
});

test("elsewhere, the analysis the node remembers shows, labelled as stored, its lines naming the node", () => {
  for (const kernel of ["live", "static", "unknown"]) {
    const shown = analysisShown(store(2), kernel);
    assert.equal(shown.source, "stored");
    const html = analysisHtml(shown);
    assert.match(html, /data-role="stored">Stored analysis: depth 9, 0.5 s, mcts</);
    assert.match(html, /data-stored-line="1" data-line-node="2" role="button"/);
    assert.match(html, /−0.10<\/b> Boar c1 · Boar b3/);
    assert.doesNotMatch(html, /data-line=/); // widget.js would send the old form for it
  }
  // a search starting here shows it is under way; a cancelled one without lines does not hide the stored
  const starting = store(2, { analysis: { node: 2, status: "running", lines: [] } });
  assert.equal(analysisShown(starting, "live").source, "live");
  const cancelled = store(2, { analysis: { node: 2, status: "cancelled", lines: [] } });
  assert.equal(analysisShown(cancelled, "live").source, "stored");
});

test("with no analysis here, a static page says so and a live one shows nothing", () => {
  const shown = analysisShown(store(3), "static");
  assert.equal(shown.source, "none");
  assert.match(analysisHtml(shown), /data-role="no-analysis">No analysis of this position/);
  assert.equal(analysisShown(store(3), "live").source, "");
  assert.equal(analysisHtml(analysisShown(store(3), "live")), "");
  // a search that was under way when the page was written is no analysis either
  const frozen = store(3, { analysis: { node: 3, status: "running", lines: [] } });
  assert.equal(analysisShown(frozen, "static").source, "none");
  const over = store(3, { analysis: { node: 3, status: "over", lines: [] } });
  assert.match(analysisHtml(analysisShown(over, "live")), />over</);
});

test("a patch merges remembered analyses; null forgets one; a removed node's goes with it", () => {
  const s = { gen: 0, current: 0, nodes: { 0: { id: 0 }, 2: { id: 2 } }, views: {} };
  applyPatch(s, { gen: 0, analyses: { 1: STORED, 2: STORED } });
  assert.deepEqual(Object.keys(s.analyses), ["1", "2"]);
  applyPatch(s, { gen: 0, analyses: { 1: null, 3: STORED } });
  assert.deepEqual(Object.keys(s.analyses), ["2", "3"]);
  applyPatch(s, { gen: 0, removed: [2] });
  assert.deepEqual(Object.keys(s.analyses), ["3"]);
  applyPatch(s, { reset: true, gen: 1, nodes: {}, views: {}, analyses: {} });
  assert.deepEqual(s.analyses, {});
});
