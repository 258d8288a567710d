// The lessons' goal language in the page: a mirror of cernunos_widget/lessons/goals.py for
// pages without a kernel (a to_html page plays its lessons with the rules mirror). The
// engine is the one source of truth: tests/js/make_lesson_vectors.py writes tries with the
// engine's verdicts and lessons.test.mjs checks these, reasons word for word.
//
// A goal is {within, test}: after each step (a placement with its effects, or a growth
// choice: the position has a CPN again) the test is read; met, the try is solved; not met
// after `within` steps or at the end of the game, it failed, with its reasons {en, fr}.

import { CELL_NAMES, KIND_LETTERS, Position } from "./rules/index.js";

export const LANGUAGES = ["en", "fr"];

const KINDS = {
  en: ["Tree", "Boar", "Deer", "Wolf", "Squirrel", "Fox", "Crow", "Fire"],
  fr: ["Arbre", "Sanglier", "Cerf", "Loup", "Écureuil", "Renard", "Corbeau", "Feu"],
};
const PLAYERS = { en: ["Green", "Purple"], fr: ["vert", "violet"] };
const NB = "\u00a0"; // French: a no-break space before : ; ? !

const SAY = {
  owns_empty: ["{cell} is empty, not yours.", "{cell} est vide, pas à vous."],
  owns_theirs: ["{cell} is not yours: {token} is on top.", `{cell} n’est pas à vous${NB}: {token} est au sommet.`],
  not_empty: ["{cell} is not empty: {token} is on top.", `{cell} n’est pas vide${NB}: {token} est au sommet.`],
  top_empty: ["{cell} is empty: {wanted} is not on top of it.", `{cell} est vide${NB}: {wanted} n’est pas au sommet.`],
  top_other: ["The top token of {cell} is {token}, not {wanted}.", "Le jeton au sommet de {cell} est {token}, pas {wanted}."],
  power_empty: ["{cell} is empty: no token there has a power.", `{cell} est vide${NB}: aucun jeton n’y a de puissance.`],
  power_at_least: ["The power of {token} on {cell} is {value}, not at least {n}.", "La puissance de {token} en {cell} est {value}, pas au moins {n}."],
  power_at_most: ["The power of {token} on {cell} is {value}, not at most {n}.", "La puissance de {token} en {cell} est {value}, pas au plus {n}."],
  height: ["The stack on {cell} is {value} high, not at least {n}.", "La pile en {cell} a une hauteur de {value}, pas au moins {n}."],
  cells: ["You occupy {value} of the 12 cells, not at least {n}.", "Vous occupez {value} des 12 cases, pas au moins {n}."],
  event_push: ["No Boar pushed a token.", "Aucun Sanglier n’a poussé de jeton."],
  event_swap: ["No Fox swapped two tokens.", "Aucun Renard n’a échangé deux jetons."],
  event_raise: ["No Crow brought a token up.", "Aucun Corbeau n’a fait remonter de jeton."],
  event_burn: ["No Tree burned.", "Aucun Arbre n’a brûlé."],
  event_grow: ["No Tree grew.", "Aucun Arbre n’a poussé."],
  phase_L: ["The final placement has not begun.", "Le dernier jeton n’est pas encore à poser."],
  not_over: ["The game is not over.", "La partie n’est pas finie."],
  lost_forfeit: ["You lost by forfeit.", "Vous avez perdu par forfait."],
  not_won: ["You did not win: you occupy {mine} cells, your opponent {theirs}.", `Vous n’avez pas gagné${NB}: vous occupez {mine} cases, l’adversaire {theirs}.`],
  no_forfeit: ["Your opponent did not lose by forfeit.", "Votre adversaire n’a pas perdu par forfait."],
  none: ["None of these holds: {parts}", `Aucune de ces conditions n’est remplie${NB}: {parts}`],
};

/** The sentence `key` in each language, placeholders filled ({en, fr} values per language). */
export function say(key, params = {}) {
  const out = {};
  LANGUAGES.forEach((language, i) => {
    out[language] = SAY[key][i].replace(/\{(\w+)\}/g, (_, name) => {
      const value = params[name];
      return String(value !== null && typeof value === "object" ? value[language] : value);
    });
  });
  return out;
}

/** A token named from its CPN letter: {en: "Purple's Wolf", fr: "le Loup violet"}. */
export function tokenWords(letter) {
  const kind = KIND_LETTERS.indexOf(letter.toUpperCase());
  const owner = letter === letter.toUpperCase() ? 0 : 1;
  const frName = KINDS.fr[kind];
  const article = "AEIOUÉ".includes(frName[0]) ? "l’" : "le ";
  return { en: `${PLAYERS.en[owner]}'s ${KINDS.en[kind]}`, fr: `${article}${frName} ${PLAYERS.fr[owner]}` };
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
 * events}, from `start` (the exercise's position) on. */
export function judge(goal, start, line) {
  const you = start.decider;
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
