// The module MyST's {anywidget} directive loads (cernunos_widget.myst.write_module), written by
// tests/js/test_myst_module.py into the folder named by CERNUNOS_MYST_MODULE (skipped without
// it), against MyST's render-side contract: `import(url)`, then `mod.default.render({ model, el })`
// with myst-theme's model (MystAnyModel: get, set, on over the directive's JSON; its off,
// save_changes, send and widget_manager throw). Without a DOM in Node, a few fake elements
// stand for the page where no board is drawn; the board itself is drawn and played in
// Chromium, by MyST's own build's output (tests/browser/test_myst.py).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";

const FOLDER = process.env.CERNUNOS_MYST_MODULE;
const skip = !FOLDER;

/** myst-theme's packages/anywidget/src/models.ts, as it behaves. */
class MystAnyModel {
  #state;
  #target = new EventTarget();
  constructor(state) {
    this.#state = state;
  }
  get(name) {
    return this.#state[name];
  }
  set(key, value) {
    this.#state[key] = value;
    this.#target.dispatchEvent(new CustomEvent(`change:${key}`, { detail: value }));
    this.#target.dispatchEvent(new CustomEvent("change", { detail: value }));
  }
  on(name, cb) {
    this.#target.addEventListener(name, cb);
  }
  off() {
    throw new Error("MystAnyModel.off not implemented yet.");
  }
  save_changes() {
    throw new Error("MystAnyModel.save_changes not implemented yet.");
  }
  send() {
    throw new Error("MystAnyModel.send not implemented yet.");
  }
  get widget_manager() {
    throw new Error("MystAnyModel.widget_manager does not exist.");
  }
}

/** An element with what the module's wrapper uses. */
class FakeElement {
  constructor(tag) {
    Object.assign(this, { tagName: tag.toUpperCase(), children: [], attributes: {}, style: {} });
    Object.assign(this, { className: "", textContent: "", parent: null });
  }
  append(...nodes) {
    for (const node of nodes) {
      node.parent = this;
      this.children.push(node);
    }
  }
  remove() {
    if (this.parent) this.parent.children = this.parent.children.filter((c) => c !== this);
    this.parent = null;
  }
  setAttribute(name, value) {
    this.attributes[name] = String(value);
  }
}

function fakeDocument(lang) {
  globalThis.document = {
    createElement: (tag) => new FakeElement(tag),
    documentElement: { lang, classList: { contains: () => false } },
  };
}

async function load() {
  return import(pathToFileURL(join(FOLDER, "cernunos-board.mjs")).href);
}

function expected() {
  return JSON.parse(readFileSync(join(FOLDER, "expected.json"), "utf8"));
}

test("the module exports render as MyST calls it, and needs nothing at import", { skip }, async () => {
  const mod = await load();
  assert.equal(typeof mod.default.render, "function");
  assert.equal(mod.render, mod.default.render);
  assert.equal(mod.default.initialize, undefined); // MyST calls it only if there
  assert.equal(globalThis.document, undefined); // imported without a page
});

test("a body without a board says so in the page's language, and its cleanup removes it", { skip }, async () => {
  const { render } = (await load()).default;
  const { no_board: noBoard } = expected();
  for (const [lang, body] of [["en", {}], ["fr-FR", { board: { tree: null } }], ["de", { board: "x" }]]) {
    fakeDocument(lang);
    const el = new FakeElement("div");
    const cleanup = render({ model: new MystAnyModel(body), el });
    const [style, host] = el.children;
    assert.equal(style.tagName, "STYLE");
    assert.match(style.textContent, /:is\(body,\.cernunos-myst\)\[data-jp-theme-light="false"\] \.cw-root/);
    assert.equal(host.className, "cernunos-myst");
    assert.equal(host.attributes["data-cernunos-error"], "");
    assert.equal(host.textContent, lang.startsWith("fr") ? noBoard.fr : noBoard.en);
    assert.equal(typeof cleanup, "function");
    cleanup();
    assert.deepEqual(el.children, []);
  }
  delete globalThis.document;
});
