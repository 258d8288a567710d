// engine/events.py: what a decision caused, as {type, text, cells, info} in the engine's words.

import { CELL_NAMES } from "./geometry.js";
import { KIND_LETTERS, KIND_MASK, KIND_TITLES, PLAYER_LETTERS, PLAYER_TITLES, ownerOf } from "./tokens.js";

function event(type, text, cells = [], info = {}) {
  return Object.freeze({ type, text, cells, info });
}

/** "Purple's Boar". */
export function tokenPhrase(code) {
  return `${PLAYER_TITLES[ownerOf(code)]}'s ${KIND_TITLES[code & KIND_MASK]}`;
}

function tokenInfo(code) {
  return { owner: PLAYER_LETTERS[ownerOf(code)], kind: KIND_LETTERS[code & KIND_MASK] };
}

export function placed(code, cell) {
  const title = KIND_TITLES[code & KIND_MASK];
  const article = "AEIOU".includes(title[0]) ? "an" : "a";
  const name = CELL_NAMES[cell];
  return event("place", `${PLAYER_TITLES[ownerOf(code)]} places ${article} ${title} on ${name}.`, [name], {
    ...tokenInfo(code),
    cell: name,
  });
}

export function passed(player) {
  return event("pass", `${PLAYER_TITLES[player]} declines the final placement.`, [], {
    player: PLAYER_LETTERS[player],
  });
}

export function turnBegins(player) {
  return event("turn", `${PLAYER_TITLES[player]}'s turn begins.`, [], { player: PLAYER_LETTERS[player] });
}

export function grew(code, cell, byGrowth) {
  const why = byGrowth ? "grows" : "activates and grows";
  const name = CELL_NAMES[cell];
  return event("grow", `${tokenPhrase(code)} on ${name} ${why}: a new Tree is put on top of it.`, [name], {
    ...tokenInfo(code),
    cell: name,
  });
}

export function growthSkipped(player, cells) {
  const names = cells.map((c) => CELL_NAMES[c]);
  return event(
    "no-growth",
    `${PLAYER_TITLES[player]}'s Trees on ${names.join(", ")} do not grow (no Tree left in reserve).`,
    names,
    { player: PLAYER_LETTERS[player] },
  );
}

export function activated(code, cell, second) {
  const name = CELL_NAMES[cell];
  const extra = second ? " a second time (Squirrel)" : "";
  return event("activate", `${tokenPhrase(code)} on ${name} activates${extra}.`, [name], {
    ...tokenInfo(code),
    cell: name,
    second,
  });
}

export function notActivated(code, reason) {
  return event("no-activation", `${tokenPhrase(code)} does not activate: ${reason}.`, [], {
    ...tokenInfo(code),
    reason,
  });
}

export function capReached(limit) {
  return event(
    "cap",
    `This placement has set off ${limit} activations, the limit: further activations do nothing (R-28).`,
    [],
    { limit },
  );
}

export function nothingToDo(code, cell, what) {
  const name = CELL_NAMES[cell];
  return event("no-effect", `${tokenPhrase(code)} on ${name} ${what}.`, [name], { ...tokenInfo(code), cell: name });
}

export function pushed(boar, boarCell, moved, source, dest, wrapped) {
  const cells = [CELL_NAMES[boarCell], CELL_NAMES[source], CELL_NAMES[dest]];
  const wrap = wrapped ? " (wrapping around)" : "";
  return event(
    "push",
    `${tokenPhrase(boar)} on ${cells[0]} pushes ${tokenPhrase(moved)} from ${cells[1]} to ${cells[2]}${wrap}.`,
    cells,
    { boar: tokenInfo(boar), moved: tokenInfo(moved), from: cells[1], to: cells[2], wrapped },
  );
}

export function swapped(fox, foxCell, a, codeA, b, codeB) {
  const cells = [CELL_NAMES[foxCell], CELL_NAMES[a], CELL_NAMES[b]];
  return event(
    "swap",
    `${tokenPhrase(fox)} on ${cells[0]} swaps ${tokenPhrase(codeA)} on ${cells[1]} with ${tokenPhrase(codeB)} on ${cells[2]}.`,
    cells,
    { fox: tokenInfo(fox), a: cells[1], b: cells[2] },
  );
}

export function raised(crow, crowCell, moved, cell, alone) {
  const cells = [CELL_NAMES[crowCell], CELL_NAMES[cell]];
  const text = alone
    ? `${tokenPhrase(crow)} on ${cells[0]} picks ${tokenPhrase(moved)} on ${cells[1]}, alone on its cell: it stays on top.`
    : `${tokenPhrase(crow)} on ${cells[0]} brings ${tokenPhrase(moved)} up from the bottom of ${cells[1]} to the top.`;
  return event("raise", text, cells, { crow: tokenInfo(crow), moved: tokenInfo(moved), cell: cells[1] });
}

export function burned(tree, cell, fire, fireCell) {
  const name = CELL_NAMES[cell];
  const where = fireCell === null ? `on ${tokenPhrase(fire)}` : `next to ${tokenPhrase(fire)} on ${CELL_NAMES[fireCell]}`;
  const cells = fireCell === null ? [name] : [name, CELL_NAMES[fireCell]];
  return event("burn", `${tokenPhrase(tree)} on ${name} burns ${where}.`, cells, { ...tokenInfo(tree), cell: name });
}

export function finalPlacement(emptied, player) {
  return event(
    "final",
    `${PLAYER_TITLES[emptied]}'s reserve is empty: ${PLAYER_TITLES[player]} makes one final placement (or passes), then the game is scored.`,
    [],
    { emptied: PLAYER_LETTERS[emptied], player: PLAYER_LETTERS[player] },
  );
}

export function gameOver(summary) {
  return event("over", `Game over: ${summary}.`, [], { summary });
}

export function forfeit(loser) {
  return event(
    "forfeit",
    `${PLAYER_TITLES[loser]} has tokens in reserve but no legal placement, and loses (R-15).`,
    [],
    { loser: PLAYER_LETTERS[loser] },
  );
}
