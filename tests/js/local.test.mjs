// The page's own session (js/local.js) against the kernel: each sequence of requests written
// by tests/js/make_session_vectors.py (the widget's handler answered them) is replayed on the
// page's session from the same state; every reply's ok, message and value, and at the end
// every node's record, the current node and every node's view (derived by the mirror) must be
// the kernel's. CERNUNOS_SESSION_VECTORS names the folder; without it the check is skipped.
// A failure names the sequence, the request and the field.

import { test } from "node:test";

import { createLocalSession } from "../../cernunos_widget/js/local.js";
import { viewOf } from "../../cernunos_widget/js/derive.js";
import { applyPatch } from "../../cernunos_widget/js/store.js";
import { difference, replayEvery } from "./vectors.mjs";

const FOLDER = process.env.CERNUNOS_SESSION_VECTORS;

function replay(vector) {
  const store = structuredClone(vector.start);
  const session = createLocalSession();
  vector.steps.forEach(({ request, reply: expected }, i) => {
    const reply = session.answer(store, { id: i, gen: store.gen, ...request }); // a stale page's gen kept
    const got = { ok: reply.ok, message: reply.message };
    if ("value" in reply) got.value = reply.value;
    const d = difference(expected, got, `request ${i} ${JSON.stringify(request).slice(0, 80)}`);
    if (d) throw new Error(d);
    if (reply.patch) applyPatch(store, reply.patch);
  });
  const end = vector.end;
  for (const key of ["current", "nodes"]) {
    const d = difference(end[key], store[key], `end.${key}`);
    if (d) throw new Error(d);
  }
  for (const [id, view] of Object.entries(vector.views)) {
    const d = difference(view, viewOf(store, Number(id)), `end view of node ${id}`);
    if (d) throw new Error(d);
  }
}

test("the page's session answers as the kernel does", { skip: !FOLDER }, () => {
  replayEvery(FOLDER, "session.jsonl", "session", "sequence", replay);
});
