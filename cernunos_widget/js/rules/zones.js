// engine/zones.py: where each kind of token acts from a cell (R-19..R-26), for the hover overlay.

import { ADJACENT, AROUND, BOAR_PUSH, CELL_NAMES, cellIndex } from "./geometry.js";
import { KIND_LETTERS } from "./tokens.js";
import { STANDARD_RULES } from "./rules.js";

export const ZONE_LABELS = Object.freeze({
  T: "grows on its own cell (R-19)",
  B: "pushes an adjacent token one cell further, wrapping around (R-20)",
  D: "+1 power to its owner's tokens on adjacent cells (R-21)",
  W: "-1 power to opposing tokens up to two diagonal steps away (R-24)",
  S: "doubles the activations of its owner's adjacent tokens (R-25)",
  X: "swaps two tokens around it (R-22)",
  C: "brings an adjacent stack's bottom token to the top (R-23)",
  F: "burns Trees on adjacent cells (R-26)",
});

const names = (cells) => cells.map((c) => CELL_NAMES[c]);

/** {cells, pushes, label}: the cells a token of ``kind`` (letter) on ``cell`` acts on. */
export function zoneOf(kind, cell, rules = STANDARD_RULES) {
  const i = cellIndex(cell);
  let label = ZONE_LABELS[kind];
  let cells;
  if (kind === "W") {
    cells = names(rules.wolfZone[i]);
    if (rules.wolfSteps === 1) label = "-1 power to opposing tokens one diagonal step away (R-24, wolf-1)";
  } else if (kind === "X") cells = names(AROUND[i]);
  else if (kind === "T") cells = [cell];
  else cells = names(ADJACENT[i]);
  const pushes = kind === "B" ? BOAR_PUSH[i].map(([t, d, w]) => [CELL_NAMES[t], CELL_NAMES[d], w]) : [];
  return { cells, pushes, label };
}

/** The zone of every kind on every cell under ``rules``. */
export function zoneTable(rules = STANDARD_RULES) {
  const out = {};
  for (const k of KIND_LETTERS) out[k] = Object.fromEntries(CELL_NAMES.map((c) => [c, zoneOf(k, c, rules)]));
  return out;
}
