// What the mirror's vector checks share (rules.test.mjs, text.test.mjs).

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
