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
