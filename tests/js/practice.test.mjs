// A study's practice chapters in a page with no kernel (js/practice.js through
// js/studyplay.js) against the kernel (tests/js/make_practice_vectors.py):
// - practice.jsonl: each sequence the widget's handler answered is replayed on the page's
//   session, the engine's replies being the kernel's recorded ones (the page's own choice is
//   checked below); after each request the reply's ok and message, the study's state (node,
//   waiting, verdict and its reasons in both languages, reply, solved), the current node,
//   its CPN and the board's language must be the kernel's;
// - endgames.json: in each small endgame the page's reply is perfect play, a decision of
//   the best exact value (solver.solve's, for the decider).
// CERNUNOS_PRACTICE_VECTORS names the folder; without it the checks are skipped.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { createStudySession } from "../../cernunos_widget/js/studyplay.js";
import { createLocalSession } from "../../cernunos_widget/js/local.js";
import { practiceReply } from "../../cernunos_widget/js/practice.js";
import { languageOf, viewOf } from "../../cernunos_widget/js/derive.js";
import { applyPatch } from "../../cernunos_widget/js/store.js";
import { Position } from "../../cernunos_widget/js/rules/index.js";
import { difference, replayEvery } from "./vectors.mjs";

const FOLDER = process.env.CERNUNOS_PRACTICE_VECTORS;

function replay(vector) {
  const values = { study_data: vector.start.study_data, study_state: structuredClone(vector.start.study_state) };
  const model = { get: (name) => values[name], set: (name, value) => { values[name] = value; } };
  const store = structuredClone(vector.start.tree);
  let kernels = null; // the kernel's reply to the request being replayed
  const reply = () => {
    assert.ok(kernels, "the page's engine answered where the kernel's did not");
    return { ...kernels };
  };
  const session = createStudySession(createLocalSession(), model, { reply });
  vector.steps.forEach(({ request, answer: expected }, i) => {
    kernels = expected.study_state.reply;
    const answered = session.answer(store, { ...request, id: i, gen: store.gen });
    if (answered.patch) applyPatch(store, answered.patch);
    const view = viewOf(store, store.current);
    const got = {
      ok: answered.ok, message: answered.message, study_state: values.study_state, current: store.current,
      cpn: view ? view.cpn : null, language: languageOf(store),
    };
    const d = difference(expected, got, `request ${i} ${JSON.stringify(request).slice(0, 90)}`);
    if (d) throw new Error(d);
  });
}

test("the page's practice answers as the kernel does", { skip: !FOLDER }, () => {
  replayEvery(FOLDER, "practice.jsonl", "practice", "sequence", replay);
});

test("the page plays small endgames perfectly", { skip: !FOLDER }, () => {
  const endgames = JSON.parse(readFileSync(join(FOLDER, "endgames.json"), "utf-8"));
  const failures = [];
  for (const [i, { cpn, path, values }] of endgames.entries()) {
    let position = Position.fromCpn(cpn);
    for (const text of path) position = position.play(text);
    const { decision, by } = practiceReply(position);
    const best = Math.max(...Object.values(values));
    if (by !== "perfect" || values[decision] !== best) {
      failures.push(`endgame ${i} ${cpn} ${path.join(" ")}: ${decision} (${by}) is worth ${values[decision]}, the best ${best}`);
    }
  }
  console.log(`endgame vectors: ${endgames.length} positions, ${failures.length} failing`);
  assert.equal(failures.length, 0, failures.slice(0, 12).join("\n"));
});
