// panel.js alone: what the analysis panel shows for the current node (issue #21 item 4), and
// store.js merging the analyses the session remembers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { analysisHtml, analysisShown, lineHtml, searchState } from "../../cernunos_widget/js/panel.js";
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

// ---- issue #25: the panel says which node it speaks of; lines read like the move list

const move = (number, player, label, turn = "", extra = {}) => ({ turn, number, player, decider: player, effect: false, label, ...extra });
const NODES = {
  0: { id: 0, parent: -1, children: [1], move: null },
  1: { id: 1, parent: 0, children: [2], move: move(1, "g", "Boar b2", "1.") },
  2: { id: 2, parent: 1, children: [], move: move(1, "p", "Deer c1", "1…") },
};
const RUNNING = { node: 2, gen: 0, seq: 9, status: "running", lines: [line("B@a1", "+0.20")], limit: "time 5", engine: "auto" };

test("a search that keeps another node says which, with a button going there", () => {
  const s = { ...store(0, { analysis: RUNNING }), nodes: NODES, analyses: {} };
  const shown = analysisShown(s, "live");
  assert.equal(shown.source, "");
  assert.deepEqual(shown.elsewhere, { node: 2, name: "the position after 1… Deer c1", limit: "time 5" });
  const html = analysisHtml(shown);
  assert.match(html, /data-role="analysis-elsewhere">Analysing the position after 1… Deer c1 \(time 5\):/);
  assert.match(html, /<button type="button" data-node="2" data-role="go-analysed">go there<\/button>/);
  assert.doesNotMatch(html, /data-line=/); // its lines are not this board's
  // with an analysis stored here, both: the search elsewhere, then this node's lines
  const both = analysisHtml(analysisShown({ ...s, current: 1, analyses: { 1: { ...STORED, node: 1 } } }, "live"));
  assert.match(both, /analysis-elsewhere[\s\S]*Analysis of the position after 1. Boar b2[\s\S]*data-stored-line="0"/);
  // a static page runs nothing: a search frozen in it is not "elsewhere"
  assert.equal(analysisShown(s, "static").elsewhere, null);
  // Analyse stays free here (it replaces that search); Stop is enabled
  assert.deepEqual(searchState(s), { running: true, here: false });
  assert.deepEqual(searchState({ ...s, current: 2 }), { running: true, here: true });
});

test("an analysis that follows the board names its node, and restarts rather than stays elsewhere", () => {
  const follow = { ...RUNNING, follow: true };
  const here = { ...store(2, { analysis: follow }), nodes: NODES, analyses: {} };
  const html = analysisHtml(analysisShown(here, "live"));
  assert.match(html, /data-role="analysis-node">Analysing the position after 1… Deer c1 · follows the board</);
  const moved = { ...here, current: 0 }; // the page moved; the kernel's restart is on its way
  const shown = analysisShown(moved, "live");
  assert.equal(shown.elsewhere, null);
  assert.match(analysisHtml(shown), /data-role="analysis-following">Following the board: restarting on the start position…/);
  assert.deepEqual(searchState(moved), { running: true, here: true });
  const done = { ...store(2, { analysis: { ...LIVE, node: 2 } }), nodes: NODES };
  assert.match(analysisHtml(analysisShown(done, "live")), /data-role="analysis-node">Analysis of the position after 1… Deer c1</);
});

test("a line reads like the move list: numbers, each decision in its player's colour, effects in words", () => {
  const moves = [
    move(3, "g", "Tree d3"), // inside Green's turn 3: the line resumes with "3. …"
    move(3, "p", "Fox c3", "3…"),
    { ...move(3, "p", "swap b1↔b2"), effect: true, decider: "p" },
    { ...move(3, "p", "push b2→b3"), effect: true, decider: "g" },
    move(3, "p", "Wolf c2"),
    move(4, "g", "Wolf d1", "4."),
  ];
  const html = lineHtml({ pv: [], labels: [], moves });
  assert.equal(html,
    '<span class="cw-num">3. …</span> <span class="cw-g" data-player="g">Tree d3</span>'
    + ' <span class="cw-num">3…</span> <span class="cw-p" data-player="p">Fox c3</span>'
    + ' (<span class="cw-p" data-player="p">swap b1↔b2</span>, <span class="cw-g" data-player="g">Green: push b2→b3</span>)'
    + ' · <span class="cw-p" data-player="p">Wolf c2</span>'
    + ' <span class="cw-num">4.</span> <span class="cw-g" data-player="g">Wolf d1</span>');
  // a line starting with an effect choice resumes its turn, then the choice in parentheses
  const effect = lineHtml({ moves: [{ ...move(2, "g", "raise b3"), effect: true, decider: "p" }] });
  assert.equal(effect, '<span class="cw-num">2. …</span> (<span class="cw-p" data-player="p">Purple: raise b3</span>)');
  // shown in the panel, with its value first
  const a = { ...LIVE, lines: [{ ...line("T@d3", "+0.10"), moves }] };
  assert.match(linesOf(a), /<b>\+0.10<\/b> <span class="cw-num">3. …<\/span>/);
});

function linesOf(a) {
  return analysisHtml({ source: "live", analysis: a, name: "the start position", elsewhere: null, following: false });
}

test("a kernel that cannot search (no numba: JupyterLite) says analysis is unavailable, naming the module", () => {
  const settings = { solver: "numba" };
  const shown = analysisShown(store(3, { settings }), "live");
  assert.equal(shown.source, "unavailable");
  assert.match(analysisHtml(shown), /data-role="no-solver">Analysis is unavailable here: the solver needs numba, which this Python does not have/);
  // a remembered analysis still shows; a static page keeps its own words
  assert.equal(analysisShown(store(2, { settings }), "live").source, "stored");
  assert.equal(analysisShown(store(3, { settings }), "static").source, "none");
});
