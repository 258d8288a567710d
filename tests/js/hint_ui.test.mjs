// hint.js alone, on a small stand-in for the DOM (what dom.js's helpers and hint.js touch):
// shown only on a static page at an eligible node, the search runs in chunks, shows its
// progress and then the engine-checked answer (rules/solve.js), and a new node or a second
// click stops it.
import { test } from "node:test";
import assert from "node:assert/strict";

import { createHint } from "../../cernunos_widget/js/hint.js";
import { Position } from "../../cernunos_widget/js/rules/index.js";
import { createSearch } from "../../cernunos_widget/js/rules/solve.js";

class FakeElement {
  constructor(tag) {
    this.tagName = tag.toUpperCase();
    this.attributes = new Map();
    this.children = [];
    this.listeners = {};
    this.hidden = false;
    this.innerHTML = "";
  }
  get textContent() {
    return this.innerHTML.replace(/<[^>]*>/g, "");
  }
  set textContent(text) {
    this.innerHTML = String(text);
  }
  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }
  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }
  hasAttribute(name) {
    return this.attributes.has(name);
  }
  removeAttribute(name) {
    this.attributes.delete(name);
  }
  append(...children) {
    this.children.push(...children);
  }
  addEventListener(type, f) {
    (this.listeners[type] ||= []).push(f);
  }
  click() {
    for (const f of this.listeners.click || []) f();
  }
}
globalThis.document = { createElement: (tag) => new FakeElement(tag) };

// benchmarks/endgames.txt: Purple to place, Green wins by one cell (about 100 nodes) ...
const SMALL = "cWWT,SDbD,x,Tdwdstt/XwD,B,bf,b/CF,B,.,BdTTTT p 2 5-5";
// ... and one that needs about 12,000 nodes, many chunks
const LARGER = "dDc,XBD,tt,Wxttt/b,F,d,sdSbttt/T,bww,WTC,fD p 2 10-1";
const POSITIONS = { small: Position.fromCpn(SMALL), larger: Position.fromCpn(LARGER), start: Position.start() };

function makeHint(kernel = "static", playable = true) {
  const played = [];
  const ctx = {
    local: { kernel }, positionOf: (id) => POSITIONS[id] ?? null,
    model: { get: (name) => (name === "playable" ? playable : undefined) }, play: (text) => played.push(text),
  };
  const hint = createHint(ctx);
  const [button, answer, show] = hint.el.children;
  return { ctx, hint, button, answer, show, played };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

async function settled(answer) {
  for (let i = 0; i < 4000 && /searching/.test(answer.textContent); i += 1) await tick();
  return answer.textContent;
}

test("the hint has its hooks and shows only on a static page at an eligible node", () => {
  const { ctx, hint, button, answer } = makeHint();
  assert.equal(button.getAttribute("data-action"), "hint");
  assert.equal(answer.getAttribute("data-role"), "hint");
  hint.update({ current: "small" });
  assert.equal(hint.el.hidden, false);
  hint.update({ current: "start" }); // 48 tokens left
  assert.equal(hint.el.hidden, true);
  hint.update({ current: "nowhere" }); // no position
  assert.equal(hint.el.hidden, true);
  ctx.local.kernel = "live";
  hint.update({ current: "small" });
  assert.equal(hint.el.hidden, true);
});

test("with a kernel that cannot search (settings.solver: JupyterLite), the hint shows as on a static page", () => {
  const { hint } = makeHint("live");
  hint.update({ current: "small", settings: { solver: "numba" } });
  assert.equal(hint.el.hidden, false);
  hint.update({ current: "start", settings: { solver: "numba" } }); // 48 tokens left
  assert.equal(hint.el.hidden, true);
  hint.update({ current: "small", settings: {} }); // a kernel that searches: its own analysis
  assert.equal(hint.el.hidden, true);
});

test("a click solves in the page and shows who wins, by what, and the line", async () => {
  const { hint, button, answer } = makeHint();
  hint.update({ current: "small" });
  button.click();
  const text = await settled(answer);
  let r;
  const search = createSearch(POSITIONS.small);
  do r = search.step(1000);
  while (!r.done);
  assert.equal(r.green, "Green wins");
  assert.match(text, new RegExp(`^Green wins by 1 cell ${r.line.join(" · ")}exact · ${r.nodes} positions$`));
  assert.equal(button.textContent, "Hint");
});

test("a long search runs in chunks, shows its progress, and a new node stops it", async () => {
  const { hint, button, answer } = makeHint();
  hint.update({ current: "larger" });
  button.click();
  assert.match(answer.textContent, /^searching… [\d,]+ positions/);
  assert.equal(button.textContent, "Stop hint");
  await tick();
  const later = answer.textContent;
  hint.update({ current: "small" });
  assert.equal(answer.textContent, "");
  assert.equal(button.textContent, "Hint");
  await tick();
  await tick();
  assert.equal(answer.textContent, "", `the search went on after ${later}`);
});

test("a second click stops the search; the same node keeps its answer", async () => {
  const { hint, button, answer } = makeHint();
  hint.update({ current: "larger" });
  button.click();
  button.click();
  assert.equal(answer.textContent, "hint stopped");
  await tick();
  await tick();
  assert.equal(answer.textContent, "hint stopped");
  button.click();
  const text = await settled(answer);
  assert.match(text, /^Green wins by 2 cells, -3 Trees on top, -9 burned .* · .*exact · [\d,]+ positions$/);
  hint.update({ current: "larger" });
  assert.equal(answer.textContent, text);
});

test("Show me plays the line's first decision on the board, once the answer is there", async () => {
  const { hint, button, answer, show, played } = makeHint();
  assert.equal(show.getAttribute("data-hint-show"), "");
  hint.update({ current: "small" });
  assert.equal(show.hidden, true);
  button.click();
  await settled(answer);
  const search = createSearch(POSITIONS.small);
  let r;
  do r = search.step(1000);
  while (!r.done);
  assert.equal(show.hidden, false);
  assert.equal(show.textContent, "Show me");
  assert.equal(show.getAttribute("title"), `Play ${r.line[0]}, the line's first decision, on the board`);
  show.click();
  assert.deepEqual(played, [r.line[0]]);
  hint.update({ current: "larger" }); // another node: its own hint, no Show me yet
  assert.equal(show.hidden, true);
  show.click();
  assert.deepEqual(played, [r.line[0]]);
});

test("a walk-only page offers no Show me (it plays nothing)", async () => {
  const { hint, button, answer, show } = makeHint("static", false);
  hint.update({ current: "small" });
  button.click();
  assert.match(await settled(answer), /^Green wins/);
  assert.equal(show.hidden, true);
});
