// The lessons in a page with no kernel (js/course.js over js/local.js) against the kernel:
// each sequence written by tests/js/make_course_vectors.py (the widget's handler answered it,
// a lesson open) is replayed on the page's session wrapped by course.js, from the same state;
// after each request the reply's ok and message, the lessons' state (verdict, progress,
// language), the current node and its CPN must be the kernel's. CERNUNOS_COURSE_VECTORS
// names the folder; without it the check is skipped.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { createCourseSession } from "../../cernunos_widget/js/course.js";
import { createLocalSession } from "../../cernunos_widget/js/local.js";
import { viewOf } from "../../cernunos_widget/js/derive.js";
import { applyPatch } from "../../cernunos_widget/js/store.js";
import { difference } from "./vectors.mjs";

const FOLDER = process.env.CERNUNOS_COURSE_VECTORS;
const SHOWN = 12;

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
      cpn: view ? view.cpn : null,
    };
    const d = difference(expected, got, `request ${i} ${JSON.stringify(request).slice(0, 90)}`);
    if (d) throw new Error(d);
  });
}

test("the page's lessons answer as the kernel does", { skip: !FOLDER }, () => {
  const lines = readFileSync(join(FOLDER, "course.jsonl"), "utf-8").split("\n").filter(Boolean);
  const failures = [];
  let requests = 0;
  for (const line of lines) {
    const vector = JSON.parse(line);
    requests += vector.steps.length;
    try {
      replay(vector);
    } catch (error) {
      failures.push(`sequence ${vector.index}: ${error.message}`);
    }
  }
  console.log(`course vectors: ${lines.length} sequences, ${requests} requests, ${failures.length} failing`);
  assert.equal(failures.length, 0, failures.slice(0, SHOWN).join("\n"));
});
