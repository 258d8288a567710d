// js/i18n.js alone: the page's words from the catalogues (catalogues.js, generated from
// cernunos_widget/i18n/*.json), in the language a board sets; a nested message in the same one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { CATALOGUES } from "../../cernunos_widget/js/catalogues.js";
import { LANGUAGES, knownLanguage, language, phrase, setLanguage, t } from "../../cernunos_widget/js/i18n.js";

test("the page speaks the catalogues' languages, English by default", () => {
  assert.deepEqual(LANGUAGES, ["en", "fr"]);
  assert.equal(language(), "en");
  assert.equal(t("kind.X"), "Fox");
  assert.equal(setLanguage("fr"), "fr");
  assert.equal(t("kind.X"), "Renard");
  assert.equal(t("kind.X", {}, "en"), "Fox"); // a language asked for wins
  assert.equal(setLanguage("de"), "en"); // unknown: English
  assert.equal(knownLanguage("__proto__"), "en");
});

test("placeholders are filled, a nested message in the same language", () => {
  const token = phrase("token.p", { kind: phrase("kind.B") });
  assert.equal(t("board.reserve_count", { token, count: 3 }, "fr"), "Sanglier violet\u00a0: 3 en réserve");
  assert.equal(t("board.reserve_count", { token, count: 3 }, "en"), "Purple Boar: 3 in reserve");
  assert.throws(() => t("board.reserve_count", { count: 3 }), /needs the parameter token/);
  assert.throws(() => t("no.such.key"), /no message "no.such.key"/);
});

test("both catalogues have the same keys", () => {
  assert.deepEqual(Object.keys(CATALOGUES.fr).sort(), Object.keys(CATALOGUES.en).sort());
});

test("a move's label, written by the record in English, is shown in the board's language", async () => {
  const { moveLabel } = await import("../../cernunos_widget/js/moves.js");
  setLanguage("fr");
  const said = ["Boar b2", "Fox a2 first", "pass", "grow a1, c2", "swap a1↔b2", "push b1→c1", "raise b3", "Squirrel c3", "Bear b2"].map(moveLabel);
  assert.deepEqual(said, [
    "Sanglier b2", "Renard a2 d’abord", "passe", "pousse a1, c2", "échange a1↔b2", "décale b1→c1", "remonte b3", "Écureuil c3", "Bear b2",
  ]);
  setLanguage("en");
  assert.equal(moveLabel("Boar b2"), "Boar b2");
});

test("the page's parts speak French once the board does", async () => {
  const { analysisHtml } = await import("../../cernunos_widget/js/panel.js");
  const { resultBanner } = await import("../../cernunos_widget/js/dom.js");
  setLanguage("fr");
  assert.match(analysisHtml({ source: "none", analysis: null, name: "" }), /Aucune analyse de cette position dans cette page\./);
  const banner = resultBanner({ result_text: "Vert gagne (cases 7-5, Arbres au sommet 3-2, brûlés 0-1)" });
  assert.match(banner, /Partie finie<\/span> <strong class="cw-banner-who">Vert gagne<\/strong>/);
  setLanguage("en");
  assert.match(analysisHtml({ source: "none", analysis: null, name: "" }), /No analysis of this position in this page\./);
});

test("an analysis's limit, written by the kernel in English, is said in French", async () => {
  const { analysisHtml } = await import("../../cernunos_widget/js/panel.js");
  const line = { decision: "B@a1", green: 0.2, green_text: "Green wins", describe: "", proven: "win", pv: ["B@a1"], labels: ["Boar a1"], depth: 6, nodes: 1234, seconds: 0.5 };
  const shown = { source: "live", name: "x", analysis: { node: 1, status: "done", lines: [line], limit: "time 5, depth 8", engine: "auto" } };
  setLanguage("fr");
  const html = analysisHtml(shown);
  assert.match(html, /terminée · durée 5\u00a0s, profondeur 8 · auto/);
  assert.match(html, /Vert gagne/);
  setLanguage("en");
  assert.match(analysisHtml(shown), /done · time 5, depth 8 · auto/);
});

test("the hint's margin, written by the solver in English, is said in French", async () => {
  const { marginWords } = await import("../../cernunos_widget/js/i18n.js");
  setLanguage("fr");
  assert.equal(marginWords("by 2 cells, +1 Trees on top, -1 burned"), "de 2 case(s), +1 Arbres au sommet, -1 brûlés");
  assert.equal(marginWords("by forfeit"), "par forfait");
  setLanguage("en");
  assert.equal(marginWords("by 1 cell"), "by 1 cell");
});

test("the kernel's analysis words (a line's description, an error, preparing) in French", async () => {
  const { analysisHtml } = await import("../../cernunos_widget/js/panel.js");
  const { describeWords } = await import("../../cernunos_widget/js/i18n.js");
  const line = {
    decision: "B@a1", green: 0.2, green_text: "Green wins", describe: "B@a1: win by 2 cells (proven)", proven: "win",
    pv: ["B@a1"], labels: ["Boar a1"], depth: 6, nodes: 1234, seconds: 0.5,
  };
  const done = { source: "live", name: "x", analysis: { node: 1, status: "done", lines: [line], limit: "time 5", engine: "mcts-learned" } };
  const failed = { source: "live", name: "x", analysis: { node: 1, status: "error: boom" } };
  const preparing = { source: "live", name: "x", analysis: { node: 1, status: "running", preparing: "loading the engine: 3/7" } };
  const compiling = { source: "live", name: "x", analysis: {
    node: 1, status: "running", preparing: "compiling the engine (once per install), about 9 s left: 1/3", preparing_seconds: 9,
  } };
  setLanguage("fr");
  assert.match(analysisHtml(done), /title="B@a1\u00a0: gain de 2 case\(s\) \(c’est prouvé\)"/);
  assert.match(analysisHtml(done), /title="MCTS avec l’évaluation apprise"/);
  assert.match(analysisHtml(failed), /erreur\u00a0: boom/);
  assert.match(analysisHtml(preparing), /chargement du moteur\u00a0: 3\/7…/);
  assert.match(analysisHtml(compiling), /compilation du moteur \(une seule fois par installation\), encore environ 9 s\u00a0: 1\/3…/);
  assert.equal(describeWords("B@a1: estimate 0.31"), "B@a1\u00a0: estimation 0.31");
  assert.equal(describeWords("B@a1: draw proven"), "B@a1\u00a0: nulle prouvée");
  assert.equal(describeWords("B@a1: win by forfeit (proven)"), "B@a1\u00a0: gain par forfait (c’est prouvé)");
  setLanguage("en"); // English: the kernel's words as they are
  assert.match(analysisHtml(done), /title="B@a1: win by 2 cells \(proven\)"/);
  assert.match(analysisHtml(failed), /error: boom/);
  assert.match(analysisHtml(preparing), /loading the engine: 3\/7…/);
  assert.match(analysisHtml(compiling), /compiling the engine \(once per install\), about 9 s left: 1\/3…/);
});

test("a review's error status in French", async () => {
  const { reviewStatus } = await import("../../cernunos_widget/js/graph.js");
  setLanguage("fr");
  assert.match(reviewStatus({ status: "error: boom" }), /erreur\u00a0: boom/);
  setLanguage("en");
  assert.match(reviewStatus({ status: "error: boom" }), /error: boom/);
});
