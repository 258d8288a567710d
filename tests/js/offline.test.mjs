// offline.js alone, on a small stand-in for the DOM: a static page disables what needs a
// kernel; a kernel that cannot search (settings.solver names the module numba it lacks, as in
// JupyterLite) disables only what needs the solver, saying so, and keeps the game parser.
import { test } from "node:test";
import assert from "node:assert/strict";

import { createOffline } from "../../cernunos_widget/js/offline.js";

class FakeElement {
  constructor(tip) {
    this.attributes = new Map();
    this.dataset = tip === undefined ? {} : { tip };
    this.disabled = false;
  }
  setAttribute(name, value) {
    if (name === "data-tip") this.dataset.tip = String(value);
    else this.attributes.set(name, String(value));
  }
  getAttribute(name) {
    if (name === "data-tip") return this.dataset.tip ?? null;
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }
  hasAttribute(name) {
    return this.getAttribute(name) !== null;
  }
  removeAttribute(name) {
    if (name === "data-tip") delete this.dataset.tip;
    else this.attributes.delete(name);
  }
}

const SELECTORS = {
  analyse: '[data-action="analyse"]', review: '[data-action="review"]', engine: '[data-role="engine"]',
  threads: '[data-role="analysis-threads"]', load: '[data-edit="load"]', kind: "[data-kind]",
};

function page(kernel) {
  const els = Object.fromEntries(Object.keys(SELECTORS).map((name) => [name, new FakeElement(name === "analyse" ? "Analyse" : undefined)]));
  const bySelector = new Map(Object.entries(SELECTORS).map(([name, selector]) => [selector, [els[name]]]));
  const root = new FakeElement();
  root.querySelectorAll = (selector) => bySelector.get(selector) || [];
  const ctx = { local: { kernel }, model: { get: () => undefined } };
  return { offline: createOffline(ctx, root), root, els };
}

test("a kernel without the solver disables what searches, naming the module, and nothing else", () => {
  const { offline, root, els } = page("live");
  offline.update({ settings: { solver: "numba" } });
  assert.equal(root.getAttribute("data-no-solver"), "numba");
  assert.equal(root.getAttribute("data-static"), null);
  for (const name of ["analyse", "review", "engine", "threads"]) assert.equal(els[name].disabled, true, name);
  assert.equal(els.analyse.dataset.tip, "Analysis is unavailable here: the solver needs numba, which this Python does not have.");
  assert.equal(els.review.getAttribute("title"), "Review is unavailable here: the solver needs numba, which this Python does not have.");
  assert.equal(els.load.disabled, false); // the kernel parses game texts
  assert.equal(els.kind.disabled, false); // and plays
});

test("a kernel that searches disables nothing; a static page still says it needs a kernel", () => {
  const live = page("live");
  live.offline.update({ settings: {} });
  assert.equal(live.root.getAttribute("data-no-solver"), null);
  assert.equal(live.root.getAttribute("data-kernel-state"), "live"); // the tests' hook: no fixed waits
  assert.equal(live.els.analyse.disabled, false);
  assert.equal(live.els.analyse.dataset.tip, "Analyse");
  const still = page("static");
  still.offline.update({ settings: { solver: "numba" } });
  assert.equal(still.root.getAttribute("data-no-solver"), null);
  assert.equal(still.root.getAttribute("data-kernel-state"), "static");
  assert.equal(still.els.load.disabled, true);
  assert.match(still.els.analyse.dataset.tip, /^Analysis needs a running kernel/);
});
