// engine/events.py: what a decision caused, as {type, message, text, cells, info}: the
// sentence as a message ({key, params}, ../i18n.js) and put in the language asked for.

import { phrase, t } from "../i18n.js";
import { CELL_NAMES } from "./geometry.js";
import { KIND_LETTERS, KIND_MASK, PLAYER_LETTERS, ownerOf } from "./tokens.js";

// The effects name why nothing happened in English (kept in info); the sentence's key.
const REASONS = {
  "it is no longer on top": "covered",
  "it burned": "burned",
  "it burned as it came up": "burned_rising",
};
const IDLE = {
  "has no Tree left in reserve": "no_tree",
  "has no adjacent token to push": "nothing_to_push",
  "has no adjacent token to bring up": "nothing_to_raise",
  "has fewer than two tokens around it": "nothing_to_swap",
};

function event(type, key, cells, info, params) {
  const message = phrase(`event.${key}`, params);
  return Object.freeze({ type, message, cells, info, text: (lang = "en") => t(message.key, message.params, lang) });
}

function player(index) {
  return phrase(`player.${PLAYER_LETTERS[index]}`);
}

/** A token as a sentence names it: "Purple's Boar", "le Sanglier violet". */
export function tokenMessage(code) {
  const kind = phrase(`kind.the.${KIND_LETTERS[code & KIND_MASK]}`);
  return phrase(`token.the.${PLAYER_LETTERS[ownerOf(code)]}`, { kind });
}

/** "Purple's Boar". */
export function tokenPhrase(code) {
  const m = tokenMessage(code);
  return t(m.key, m.params, "en");
}

function tokenInfo(code) {
  return { owner: PLAYER_LETTERS[ownerOf(code)], kind: KIND_LETTERS[code & KIND_MASK] };
}

export function placed(code, cell) {
  const name = CELL_NAMES[cell];
  const kind = phrase(`kind.a.${KIND_LETTERS[code & KIND_MASK]}`);
  return event("place", "place", [name], { ...tokenInfo(code), cell: name }, { player: player(ownerOf(code)), kind, cell: name });
}

export function passed(who) {
  return event("pass", "pass", [], { player: PLAYER_LETTERS[who] }, { player: player(who) });
}

export function turnBegins(who) {
  return event("turn", "turn", [], { player: PLAYER_LETTERS[who] }, { player: player(who) });
}

export function grew(code, cell, byGrowth) {
  const name = CELL_NAMES[cell];
  return event("grow", byGrowth ? "grow" : "grow_activated", [name], { ...tokenInfo(code), cell: name }, {
    token: tokenMessage(code),
    cell: name,
  });
}

export function growthSkipped(who, cells) {
  const names = cells.map((c) => CELL_NAMES[c]);
  return event("no-growth", "no_growth", names, { player: PLAYER_LETTERS[who] }, { player: player(who), where: names.join(", ") });
}

export function activated(code, cell, second) {
  const name = CELL_NAMES[cell];
  return event("activate", second ? "activate_again" : "activate", [name], { ...tokenInfo(code), cell: name, second }, {
    token: tokenMessage(code),
    cell: name,
  });
}

export function notActivated(code, reason) {
  return event("no-activation", `no_activation.${REASONS[reason]}`, [], { ...tokenInfo(code), reason }, { token: tokenMessage(code) });
}

export function capReached(limit) {
  return event("cap", "cap", [], { limit }, { limit });
}

export function nothingToDo(code, cell, what) {
  const name = CELL_NAMES[cell];
  return event("no-effect", `no_effect.${IDLE[what]}`, [name], { ...tokenInfo(code), cell: name }, { token: tokenMessage(code), cell: name });
}

export function pushed(boar, boarCell, moved, source, dest, wrapped) {
  const cells = [CELL_NAMES[boarCell], CELL_NAMES[source], CELL_NAMES[dest]];
  return event(
    "push",
    wrapped ? "push_wrapped" : "push",
    cells,
    { boar: tokenInfo(boar), moved: tokenInfo(moved), from: cells[1], to: cells[2], wrapped },
    { boar: tokenMessage(boar), boar_cell: cells[0], moved: tokenMessage(moved), source: cells[1], dest: cells[2] },
  );
}

export function swapped(fox, foxCell, a, codeA, b, codeB) {
  const cells = [CELL_NAMES[foxCell], CELL_NAMES[a], CELL_NAMES[b]];
  return event("swap", "swap", cells, { fox: tokenInfo(fox), a: cells[1], b: cells[2] }, {
    fox: tokenMessage(fox), fox_cell: cells[0], first: tokenMessage(codeA), a: cells[1], second: tokenMessage(codeB), b: cells[2],
  });
}

export function raised(crow, crowCell, moved, cell, alone) {
  const cells = [CELL_NAMES[crowCell], CELL_NAMES[cell]];
  return event("raise", alone ? "raise_alone" : "raise", cells, { crow: tokenInfo(crow), moved: tokenInfo(moved), cell: cells[1] }, {
    crow: tokenMessage(crow), crow_cell: cells[0], moved: tokenMessage(moved), cell: cells[1],
  });
}

export function burned(tree, cell, fire, fireCell) {
  const name = CELL_NAMES[cell];
  const info = { ...tokenInfo(tree), cell: name };
  if (fireCell === null) return event("burn", "burn_on", [name], info, { tree: tokenMessage(tree), cell: name, fire: tokenMessage(fire) });
  return event("burn", "burn_next_to", [name, CELL_NAMES[fireCell]], info, {
    tree: tokenMessage(tree), cell: name, fire: tokenMessage(fire), fire_cell: CELL_NAMES[fireCell],
  });
}

export function finalPlacement(emptied, who) {
  return event("final", "final", [], { emptied: PLAYER_LETTERS[emptied], player: PLAYER_LETTERS[who] }, {
    emptied: player(emptied),
    player: player(who),
  });
}

/** ``summary``: the result in words, a message (position.js's result summaryMessage). */
export function gameOver(summary) {
  return event("over", "over", [], { summary: t(summary.key, summary.params, "en") }, { summary });
}

export function forfeit(loser) {
  return event("forfeit", "forfeit", [], { loser: PLAYER_LETTERS[loser] }, { player: player(loser) });
}
