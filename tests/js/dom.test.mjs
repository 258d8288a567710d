// dom.js alone: the board's constants and the helpers every part shares.
import { test } from "node:test";
import assert from "node:assert/strict";
import { CELLS, KINDS, PLAYERS, esc, owner, resultBanner } from "../../cernunos_widget/js/dom.js";

test("the cells are listed row by row from a3, as the CPN writes them", () => {
  assert.deepEqual(CELLS, ["a3", "b3", "c3", "d3", "a2", "b2", "c2", "d2", "a1", "b1", "c1", "d1"]);
  assert.deepEqual(KINDS, ["T", "B", "D", "W", "S", "X", "C", "F"]);
  assert.deepEqual(PLAYERS, { g: "Green", p: "Purple" });
});

test("esc escapes the five HTML characters and nothing else", () => {
  assert.equal(esc(`<a href="x">Tom & 'Jo'</a>`), "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jo&#39;&lt;/a&gt;");
  assert.equal(esc("B@b2 b3 ~ é"), "B@b2 b3 ~ é");
  assert.equal(esc(12), "12");
});

test("owner: capitals are Green's tokens, small letters Purple's", () => {
  assert.deepEqual(["T", "F", "t", "f"].map(owner), ["g", "g", "p", "p"]);
});

test("resultBanner splits the engine's summary into who won and the score", () => {
  const html = resultBanner({ result_text: "green wins (cells 7-5, Trees on top 3-2, burned 0-1)" });
  assert.match(html, /<strong class="cw-banner-who">Green wins<\/strong>/);
  assert.match(html, /<span class="cw-banner-score">cells 7-5, Trees on top 3-2, burned 0-1<\/span>/);
  const bare = resultBanner({ result_text: "a draw <by agreement>" });
  assert.match(bare, /A draw &lt;by agreement&gt;/);
  assert.doesNotMatch(bare, /cw-banner-score/);
});
