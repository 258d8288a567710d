// engine/zones.py: where each kind of token acts from a cell (R-19..R-26), for the hover overlay.

import { ADJACENT, AROUND, BOAR_PUSH, CELL_NAMES, cellIndex } from "./geometry.js";
import { KIND_LETTERS } from "./tokens.js";
import { STANDARD_RULES } from "./rules.js";
import { t } from "../i18n.js";

// What the zone of a top token means when hovered (R-19..R-26), in English (the page shows
// it in the board's language: the catalogues' zone.<kind>).
export const ZONE_LABELS = Object.freeze(Object.fromEntries([...KIND_LETTERS].map((k) => [k, t(`zone.${k}`, {}, "en")])));

const names = (cells) => cells.map((c) => CELL_NAMES[c]);

/** {cells, pushes, label}: the cells a token of ``kind`` (letter) on ``cell`` acts on. */
export function zoneOf(kind, cell, rules = STANDARD_RULES) {
  const i = cellIndex(cell);
  let label = ZONE_LABELS[kind];
  let cells;
  if (kind === "W") {
    cells = names(rules.wolfZone[i]);
    if (rules.wolfSteps === 1) label = t("zone.W1", {}, "en");
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
