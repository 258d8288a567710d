// Every part of the page is an ES module that loads alone, without the linker.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";

const folder = new URL("../../cernunos_widget/js/", import.meta.url);
const parts = readdirSync(folder).filter((name) => name.endsWith(".js"));

test("there are parts to load", () => {
  assert.ok(parts.includes("dom.js") && parts.includes("widget.js"), parts.join(" "));
});

for (const name of parts) {
  test(`${name} loads alone and exports something`, async () => {
    const module = await import(new URL(name, folder));
    assert.ok(Object.keys(module).length > 0);
  });
}

test("widget.js exports anywidget's default { render }", async () => {
  const module = await import(new URL("widget.js", folder));
  assert.deepEqual(Object.keys(module.default), ["render"]);
  assert.equal(typeof module.default.render, "function");
});
