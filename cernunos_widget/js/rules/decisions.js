// engine/decisions.py: decisions' texts (RULES.md section 6 calls them tokens) and their integer codes:
// placement kind*12+cell, pass 96, cell 97+cell, swap 109+a*12+b (a<b), growth 256+mask.

import { DecisionSyntaxError, refusal } from "./errors.js";
import { phrase } from "../i18n.js";
import { CELL_COUNT, CELL_NAMES, cellIndex } from "./geometry.js";
import { clip, pyLen, pyStrip } from "./pytext.js";
import { KIND_LETTERS } from "./tokens.js";

export const PASS = 96;
export const CELL_BASE = 97;
export const SWAP_BASE = 109;
export const GROW_BASE = 256;
export const GROW_LIMIT = GROW_BASE + (1 << CELL_COUNT);

export function placeCode(kind, cell) {
  return kind * CELL_COUNT + cell;
}

export function cellCode(cell) {
  return CELL_BASE + cell;
}

export function swapCode(a, b) {
  return a < b ? SWAP_BASE + a * CELL_COUNT + b : SWAP_BASE + b * CELL_COUNT + a;
}

export function growCode(cells) {
  let mask = 0;
  for (const c of cells) mask |= 1 << c;
  return GROW_BASE + mask;
}

export function maskCells(mask) {
  const out = [];
  for (let c = 0; c < CELL_COUNT; c += 1) if ((mask >> c) & 1) out.push(c);
  return out;
}

/** True if ``code`` is the code of some decision. */
export function isCode(code) {
  if (!Number.isInteger(code) || code < 0 || code >= GROW_LIMIT) return false;
  if (code >= SWAP_BASE && code < GROW_BASE) {
    const a = Math.floor((code - SWAP_BASE) / CELL_COUNT);
    const b = (code - SWAP_BASE) % CELL_COUNT;
    return a < b && b < CELL_COUNT;
  }
  return code !== GROW_BASE;
}

/** The text of a decision code. */
export function codeToText(code) {
  if (code < PASS) return `${KIND_LETTERS[Math.floor(code / CELL_COUNT)]}@${CELL_NAMES[code % CELL_COUNT]}`;
  if (code === PASS) return "pass";
  if (code < SWAP_BASE) return CELL_NAMES[code - CELL_BASE];
  if (code < GROW_BASE) {
    const a = Math.floor((code - SWAP_BASE) / CELL_COUNT);
    return `${CELL_NAMES[a]}~${CELL_NAMES[(code - SWAP_BASE) % CELL_COUNT]}`;
  }
  return "grow:" + maskCells(code - GROW_BASE).map((c) => CELL_NAMES[c]).join(",");
}

const FORMS = phrase("notation.decision.forms"); // the forms a decision takes, in words

function parseCell(text, decision) {
  const i = cellIndex(text);
  if (i < 0) {
    throw refusal(DecisionSyntaxError, "notation.decision.not_cell", { decision: clip(decision), text: clip(text) });
  }
  return i;
}

/** Parse one decision text; DecisionSyntaxError naming what is wrong. */
export function textToCode(text) {
  if (typeof text !== "string") {
    throw new DecisionSyntaxError(
      `a decision is a string such as 'B@b2' (or a Decision, or an int code), not ${clip(text)}`,
    );
  }
  if (!text) throw refusal(DecisionSyntaxError, "notation.decision.empty", { forms: FORMS });
  if (text !== pyStrip(text) || text.includes(" ")) {
    throw refusal(DecisionSyntaxError, "notation.decision.spaces", { text: clip(text), forms: FORMS });
  }
  if (text === "pass") return PASS;
  if (text.includes("@")) {
    const at = text.indexOf("@");
    const kind = text.slice(0, at);
    const cell = text.slice(at + 1);
    const one = pyLen(kind) === 1;
    if (!one || !KIND_LETTERS.includes(kind)) {
      const kinds = [...KIND_LETTERS].join(" ");
      if (one && KIND_LETTERS.includes(kind.toUpperCase()) && pyLen(cell) <= 2) {
        const upper = `${kind.toUpperCase()}@${cell}`;
        throw refusal(DecisionSyntaxError, "notation.decision.bad_kind_case", { text: clip(text), kinds, upper });
      }
      throw refusal(DecisionSyntaxError, "notation.decision.bad_kind", { text: clip(text), kinds });
    }
    return placeCode(KIND_LETTERS.indexOf(kind), parseCell(cell, text));
  }
  if (text.includes("~")) {
    const parts = text.split("~");
    if (parts.length !== 2) throw refusal(DecisionSyntaxError, "notation.decision.swap_two", { text: clip(text) });
    const a = parseCell(parts[0], text);
    const b = parseCell(parts[1], text);
    if (a === b) throw refusal(DecisionSyntaxError, "notation.decision.swap_same", { text: clip(text) });
    if (a > b) {
      throw refusal(DecisionSyntaxError, "notation.decision.swap_order", { text: clip(text), canonical: `${CELL_NAMES[b]}~${CELL_NAMES[a]}` });
    }
    return swapCode(a, b);
  }
  if (text.startsWith("grow:")) {
    const names = text.slice(5).split(",");
    if (names.length === 1 && names[0] === "") {
      throw refusal(DecisionSyntaxError, "notation.decision.grow_none", { text: clip(text) });
    }
    const cells = names.map((n) => parseCell(n, text));
    const canonical = [...new Set(cells)].sort((a, b) => a - b);
    if (cells.length !== canonical.length || cells.some((c, i) => c !== canonical[i])) {
      const like = `grow:${canonical.map((c) => CELL_NAMES[c]).join(",")}`;
      throw refusal(DecisionSyntaxError, "notation.decision.grow_order", { text: clip(text), canonical: like });
    }
    return growCode(cells);
  }
  if (cellIndex(text) >= 0) return cellCode(cellIndex(text));
  throw refusal(DecisionSyntaxError, "notation.decision.bad", { text: clip(text), forms: FORMS });
}
