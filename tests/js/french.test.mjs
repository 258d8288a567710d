// The page's own refusals on a French board (issue #35 item 8): what a page without a kernel
// refuses by itself (a game set up in the middle of an effect, an unknown request or
// language, a lesson or a puzzle request on a board without one) is said in the board's
// language, from the catalogues. (What it refuses as the kernel does is checked word for word
// against the kernel's, French boards included, by the session, course and puzzle vectors.)
import { test } from "node:test";
import assert from "node:assert/strict";

import { createLocalSession } from "../../cernunos_widget/js/local.js";
import { createCourseSession } from "../../cernunos_widget/js/course.js";
import { PUZZLES } from "../../cernunos_widget/js/puzzle.js";
import { t } from "../../cernunos_widget/js/i18n.js";

// A game set up in the middle of an effect: its root has no CPN, so the page has no position
function midEffect(language) {
  const root = { id: 0, parent: -1, decision: "", children: [], comment: "", mark: "", mark_text: "", glyph: "", ply: 0, move: null };
  return { gen: 0, nodes: { 0: root }, views: { 0: { cpn: "" } }, current: 0, start: "", headers: {}, settings: { language } };
}

const CASES = [
  ["a play mid-effect", { type: "play", node: 0, decision: "B@b2" }, "offline.mid_effect_play", {}],
  ["the .cgn file mid-effect", { type: "export_cgn" }, "offline.mid_effect_text", {}],
  ["an unknown request", { type: "castle" }, "protocol.unknown_offline", { value: "'castle'" }],
  ["an unknown language", { type: "language", language: "de" }, "i18n.unknown_language", { asked: "'de'", languages: "'en', 'fr'" }],
  ["an empty decision", { type: "play", node: 0, decision: "  " }, "protocol.empty", { name: "decision" }],
  ["no lesson", { type: "lesson", action: "next" }, "lesson.error.none", {}],
  ["no puzzle", { type: "puzzle", action: "next", decision: "" }, "refusal.no_puzzle", {}],
];

for (const [name, request, key, params] of CASES) {
  test(`${name} is refused in the board's language`, () => {
    const said = {};
    for (const language of ["en", "fr"]) {
      const values = {};
      const model = { get: (n) => values[n], set: (n, v) => { values[n] = v; } };
      const session = createCourseSession(createLocalSession(PUZZLES.requests), model);
      const reply = session.answer(midEffect(language), { id: 1, gen: 0, ...request });
      assert.equal(reply.ok, false, name);
      said[language] = reply.message;
    }
    assert.equal(said.en, t(key, params, "en"));
    assert.equal(said.fr, t(key, params, "fr"));
    assert.notEqual(said.fr, said.en);
  });
}
