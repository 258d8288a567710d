// The lessons in a page with no kernel (js/course.js over js/local.js) against the kernel:
// each sequence written by tests/js/make_course_vectors.py (the widget's handler answered it,
// a lesson open) is replayed on the page's session wrapped by course.js, from the same state;
// after each request the reply's ok and message, the lessons' state (verdict, progress,
// language), the current node, its CPN and the board's language must be the kernel's. CERNUNOS_COURSE_VECTORS
// names the folder; without it the check is skipped.

import { test } from "node:test";

import { createCourseSession } from "../../cernunos_widget/js/course.js";
import { createLocalSession } from "../../cernunos_widget/js/local.js";
import { languageOf, viewOf } from "../../cernunos_widget/js/derive.js";
import { applyPatch } from "../../cernunos_widget/js/store.js";
import { difference, replayEvery } from "./vectors.mjs";

const FOLDER = process.env.CERNUNOS_COURSE_VECTORS;

function replay(vector) {
  const values = { course: vector.start.course, lesson_state: structuredClone(vector.start.lesson_state) };
  const model = { get: (name) => values[name], set: (name, value) => { values[name] = value; } };
  const store = structuredClone(vector.start.tree);
  const session = createCourseSession(createLocalSession(), model);
  vector.steps.forEach(({ request, answer: expected }, i) => {
    const reply = session.answer(store, { ...request, id: i, gen: store.gen });
    if (reply.patch) applyPatch(store, reply.patch);
    const view = viewOf(store, store.current);
    const got = {
      ok: reply.ok, message: reply.message, lesson_state: values.lesson_state, current: store.current,
      cpn: view ? view.cpn : null, language: languageOf(store),
    };
    const d = difference(expected, got, `request ${i} ${JSON.stringify(request).slice(0, 90)}`);
    if (d) throw new Error(d);
  });
}

test("the page's lessons answer as the kernel does", { skip: !FOLDER }, () => {
  replayEvery(FOLDER, "course.jsonl", "course", "sequence", replay);
});
