// What the vector checks share (rules.test.mjs, text.test.mjs; the sessions' replays).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { CernunosError } from "../../cernunos_widget/js/rules/index.js";

/** The mirror's answer as the vectors give the engine's: {ok} or {error: [class, message]}. */
export function answer(call) {
  try {
    return { ok: call() };
  } catch (error) {
    if (error instanceof CernunosError) return { error: [error.name, error.message] };
    return { error: ["not a CernunosError", String(error?.stack ?? error)] };
  }
}

/** The first difference between two JSON values, as "path: expected X, got Y", or null. */
export function difference(expected, actual, path) {
  if (Object.is(expected, actual)) return null;
  const both = (t) => typeof expected === t && typeof actual === t && expected !== null && actual !== null;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let i = 0; i < Math.max(expected.length, actual.length); i += 1) {
      const d = difference(expected[i], actual[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (both("object") && !Array.isArray(expected) && !Array.isArray(actual)) {
    for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      const d = difference(expected[key], actual[key], `${path}.${key}`);
      if (d) return d;
    }
    return null;
  }
  return `${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}

/** Replays every sequence of ``folder/file`` (one JSON vector a line) with ``replay``, which
 * throws on the first difference; prints "<name> vectors: counts" (the pytest side reads it)
 * and fails with the first failures, each named "<what> <index>". */
export function replayEvery(folder, file, name, what, replay, shown = 12) {
  const lines = readFileSync(join(folder, file), "utf-8").split("\n").filter(Boolean);
  const failures = [];
  let requests = 0;
  for (const line of lines) {
    const vector = JSON.parse(line);
    requests += vector.steps.length;
    try {
      replay(vector);
    } catch (error) {
      failures.push(`${what} ${vector.index}: ${error.message}`);
    }
  }
  console.log(`${name} vectors: ${lines.length} sequences, ${requests} requests, ${failures.length} failing`);
  assert.equal(failures.length, 0, failures.slice(0, shown).join("\n"));
}
