// The lessons' goal mirror (js/goals.js) against the engine's verdicts
// (tests/js/make_lesson_vectors.py, written by tests/js/test_lesson_goals.py into the folder
// named by CERNUNOS_LESSON_VECTORS): every try's status, steps and reasons in both
// languages, word for word. Without that variable the check is skipped.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { Position } from "../../cernunos_widget/js/rules/index.js";
import { judgeDecisions, metAtStart } from "../../cernunos_widget/js/goals.js";
import { answer, difference } from "./vectors.mjs";

const FOLDER = process.env.CERNUNOS_LESSON_VECTORS;
const SHOWN = 12;

test("the goal mirror judges every try as the engine does", { skip: !FOLDER }, () => {
  const { tries, starts } = JSON.parse(readFileSync(join(FOLDER, "lessons.json"), "utf8"));
  const failures = [];
  for (const v of tries) {
    const got = answer(() => judgeDecisions(v.goal, v.cpn, v.decisions));
    const expected = { ok: { status: v.status, steps: v.steps, reasons: v.reasons } };
    const d = difference(expected, got, "verdict");
    if (d) failures.push(`${v.source} (${v.cpn}; ${JSON.stringify(v.goal)}; ${v.decisions.join(" ")}): ${d}`);
  }
  for (const s of starts) {
    const met = metAtStart(s.goal, Position.fromCpn(s.cpn));
    if (met !== s.met) failures.push(`start ${s.cpn}: met ${met}, the engine says ${s.met}`);
  }
  console.log(`lesson vectors: ${tries.length} tries, ${starts.length} starts, ${failures.length} failing`);
  assert.equal(failures.length, 0, failures.slice(0, SHOWN).join("\n"));
});
