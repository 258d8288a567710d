// The lessons' goal language in the page: a mirror of cernunos_widget/lessons/goals.py for
// pages without a kernel (a to_html page plays its lessons with the rules mirror). The
// engine is the one source of truth: tests/js/make_lesson_vectors.py writes tries with the
// engine's verdicts and lessons.test.mjs checks these, reasons word for word.
//
// A goal is {within, test}: after each step (a placement with its effects, or a growth
// choice: the position has a CPN again) the test is read; met, the try is solved; not met
// after `within` steps or at the end of the game, it failed, with its reasons {en, fr}
// (the catalogues' sentences, cernunos_widget/i18n).

import { phrase, t } from "./i18n.js";
import { CELL_NAMES, Position } from "./rules/index.js";

export const LANGUAGES = ["en", "fr"];

/** The reason `key` in each language (the catalogues' "lesson.reason.*"): an {en, fr}
 * parameter gives its own language's words, a message ({key, params}) is put in the same. */
export function say(key, params = {}) {
  const out = {};
  for (const language of LANGUAGES) {
    const filled = {};
    for (const [name, value] of Object.entries(params)) {
      filled[name] = value !== null && typeof value === "object" && !("key" in value) ? value[language] : value;
    }
    out[language] = t(`lesson.reason.${key}`, filled, language);
  }
  return out;
}

/** A token named from its CPN letter, as a message: "Purple's Wolf", "le Loup violet". */
export function tokenWords(letter) {
  const kind = phrase(`lesson.the_kind.${letter.toUpperCase()}`);
  return phrase(`lesson.token.${letter === letter.toUpperCase() ? "g" : "p"}`, { kind });
}

function topLetter(position, cell) {
  const stack = position.stackText(cell);
  return stack ? stack[stack.length - 1] : null;
}

function ownerOfLetter(letter) {
  return letter === letter.toUpperCase() ? 0 : 1;
}

/** What of `test` the position (and the try's `events`) does not meet: [] if met. */
export function unmet(test, position, events, you) {
  const [[name, value]] = Object.entries(test);
  if (name === "owns") {
    const top = topLetter(position, value);
    if (top === null) return [say("owns_empty", { cell: value })];
    return ownerOfLetter(top) === you ? [] : [say("owns_theirs", { cell: value, token: tokenWords(top) })];
  }
  if (name === "empty") {
    const top = topLetter(position, value);
    return top === null ? [] : [say("not_empty", { cell: value, token: tokenWords(top) })];
  }
  if (name === "top") {
    const top = topLetter(position, value.cell);
    const wanted = tokenWords(value.token);
    if (top === null) return [say("top_empty", { cell: value.cell, wanted })];
    return top === value.token ? [] : [say("top_other", { cell: value.cell, token: tokenWords(top), wanted })];
  }
  if (name === "power") {
    const info = position.power(value.cell);
    if (info === null) return [say("power_empty", { cell: value.cell })];
    const low = value.at_least;
    const high = value.at_most;
    if ((low !== undefined && info.total < low) || (high !== undefined && info.total > high)) {
      const [key, n] = low !== undefined ? ["power_at_least", low] : ["power_at_most", high];
      const letter = info.owner === "g" ? info.kind : info.kind.toLowerCase();
      return [say(key, { token: tokenWords(letter), cell: value.cell, value: info.total, n })];
    }
    return [];
  }
  if (name === "height") {
    const height = position.stackText(value.cell).length;
    return height >= value.at_least ? [] : [say("height", { cell: value.cell, value: height, n: value.at_least })];
  }
  if (name === "cells") {
    let mine = 0;
    for (const cell of CELL_NAMES) {
      const top = topLetter(position, cell);
      if (top !== null && ownerOfLetter(top) === you) mine += 1;
    }
    return mine >= value.at_least ? [] : [say("cells", { value: mine, n: value.at_least })];
  }
  if (name === "event") return events.some((e) => e.type === value) ? [] : [say(`event_${value}`)];
  if (name === "phase") return position.phase === value ? [] : [say("phase_L")];
  if (name === "result") return resultUnmet(value, position, you);
  const parts = value.map((t) => unmet(t, position, events, you));
  if (name === "all") return parts.flat();
  if (parts.every((p) => p.length)) {
    const joined = {};
    for (const language of LANGUAGES) joined[language] = parts.flat().map((r) => r[language]).join(" ");
    return [say("none", { parts: joined })];
  }
  return [];
}

function resultUnmet(value, position, you) {
  const result = position.result();
  if (result === null) return [say("not_over")];
  if (value === "forfeit") return result.forfeit && result.winner === you ? [] : [say("no_forfeit")];
  if (result.winner === you) return [];
  if (result.forfeit) return [say("lost_forfeit")];
  return [say("not_won", { mine: result.cells[you], theirs: result.cells[1 - you] })];
}

/** The verdict {status, steps, reasons} on a try: `line` is each decision's {position,
 * events}, from `start` (the exercise's position) on; "you" is `you` (0 Green, 1 Purple;
 * default: the player to decide at the start, as lessons/goals.py's judge). */
export function judge(goal, start, line, you = start.decider) {
  const events = [];
  let steps = 0;
  for (const { position, events: caused } of line) {
    events.push(...caused);
    if (!(position.atBoundary || position.isOver)) continue;
    steps += 1;
    const reasons = unmet(goal.test, position, events, you);
    if (!reasons.length) return { status: "solved", steps, reasons: [] };
    if (steps >= goal.within || position.isOver) return { status: "failed", steps, reasons };
  }
  return { status: "pending", steps, reasons: [] };
}

/** judge() of decision texts played from the CPN `cpn` (an illegal one throws). */
export function judgeDecisions(goal, cpn, decisions) {
  const start = Position.fromCpn(cpn);
  const line = [];
  let position = start;
  for (const decision of decisions) {
    const step = position.step(decision);
    line.push({ position: step.position, events: step.events });
    position = step.position;
  }
  return judge(goal, start, line);
}

/** Whether the exercise's own position already meets its goal's test. */
export function metAtStart(goal, start) {
  return unmet(goal.test, start, [], start.decider).length === 0;
}
