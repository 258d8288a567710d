// A study in a page with no kernel (js/studyplay.js over js/local.js) against the kernel:
// each sequence written by tests/js/make_study_vectors.py (the widget's handler answered it,
// a study open) is replayed on the page's session wrapped by studyplay.js, from the page's
// state (study_html's: each chapter's tree); after each request the reply's ok and message,
// the study's state (chapter, gamebook node, question, hint, feedback, wrong tries, solved,
// revealed), the current node, its CPN and the board's language must be the kernel's.
// CERNUNOS_STUDY_VECTORS names the folder; without it the check is skipped.

import { test } from "node:test";

import { createStudySession } from "../../cernunos_widget/js/studyplay.js";
import { createLocalSession } from "../../cernunos_widget/js/local.js";
import { languageOf, viewOf } from "../../cernunos_widget/js/derive.js";
import { applyPatch } from "../../cernunos_widget/js/store.js";
import { difference, replayEvery } from "./vectors.mjs";

const FOLDER = process.env.CERNUNOS_STUDY_VECTORS;

function replay(vector) {
  const values = { study_data: vector.start.study_data, study_state: structuredClone(vector.start.study_state) };
  const model = { get: (name) => values[name], set: (name, value) => { values[name] = value; } };
  const store = structuredClone(vector.start.tree);
  const session = createStudySession(createLocalSession(), model);
  vector.steps.forEach(({ request, answer: expected }, i) => {
    const reply = session.answer(store, { ...request, id: i, gen: store.gen });
    if (reply.patch) applyPatch(store, reply.patch);
    const view = viewOf(store, store.current);
    const got = {
      ok: reply.ok, message: reply.message, study_state: values.study_state, current: store.current,
      cpn: view ? view.cpn : null, language: languageOf(store),
    };
    const d = difference(expected, got, `request ${i} ${JSON.stringify(request).slice(0, 90)}`);
    if (d) throw new Error(d);
  });
}

test("the page's studies answer as the kernel does", { skip: !FOLDER }, () => {
  replayEvery(FOLDER, "study.jsonl", "study", "sequence", replay);
});
