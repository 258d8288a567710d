// engine/notation.py: CPN (RULES.md section 6): reading with every check the engine makes
// (syntax, R-8 against the rules' counts, positions play cannot reach), and writing.

import { CpnSyntaxError, InvalidPositionError, refusal } from "./errors.js";
import { phrase, t } from "../i18n.js";
import { LAST, ONE, OVER, PHASE_LETTERS, START, TWO } from "./effects.js";
import { ADJACENT, CELL_COUNT, CELL_NAMES, HEIGHT, WIDTH } from "./geometry.js";
import { clip, commas, pyLen, pyRepr, pyStrip, typeName } from "./pytext.js";
import { FIRE, KIND_LETTERS, KIND_MASK, OWNER_BIT, TREE, tokenLetter } from "./tokens.js";

export const START_CPN = ".,.,.,./.,.,.,./.,.,.,. g 2 0-0";
export const MAX_CPN_LENGTH = 1000;
const HUGE = 1e18; // a burned count of more than 15 digits: only "over a million" is ever said

const EXPECTED = phrase("notation.cpn.expected"); // what a CPN is, in words
const TOKEN_LETTERS = KIND_LETTERS + KIND_LETTERS.toLowerCase();

// A CPN refused: ``why`` is the key notation.cpn.<why> with ``params`` (notation.py's _bad).
function bad(text, why, params = {}) {
  return refusal(CpnSyntaxError, "notation.cpn.bad", { text: clip(text), why: phrase(`notation.cpn.${why}`, params), expected: EXPECTED });
}

function count(digits) {
  const trimmed = digits.replace(/^0+(?=.)/, "");
  return trimmed.length > 15 ? HUGE : Number(trimmed);
}

/** Decode a CPN: {board, side, phase, burned}; CpnSyntaxError if malformed. */
export function parseCpn(text) {
  if (typeof text !== "string") {
    throw new CpnSyntaxError(`a CPN is a string, not ${typeName(text)}; ${t(EXPECTED.key, {}, "en")}`);
  }
  if (text.length > MAX_CPN_LENGTH && pyLen(text) > MAX_CPN_LENGTH) {
    throw bad(text, "too_long", { limit: commas(MAX_CPN_LENGTH) });
  }
  const fields = pyStrip(text).split(" ");
  if (fields.length !== 4) throw bad(text, "fields", { count: fields.length });
  const [rowsText, sideText, phaseText, burnedText] = fields;
  const rows = rowsText.split("/");
  if (rows.length !== HEIGHT) throw bad(text, "rows", { height: HEIGHT, count: rows.length });
  const board = Array.from({ length: CELL_COUNT }, () => []);
  rows.forEach((rowText, r) => {
    const row = HEIGHT - 1 - r; // row 3 is written first
    const cells = rowText.split(",");
    if (cells.length !== WIDTH) throw bad(text, "row_cells", { row: row + 1, count: cells.length, width: WIDTH });
    cells.forEach((cellText, col) => {
      if (cellText === ".") return;
      if (!cellText || [...cellText].some((ch) => !TOKEN_LETTERS.includes(ch))) {
        throw bad(text, "cell", { cell: CELL_NAMES[row * WIDTH + col], value: clip(cellText), letters: TOKEN_LETTERS });
      }
      board[row * WIDTH + col] = [...cellText].map(
        (ch) => KIND_LETTERS.indexOf(ch.toUpperCase()) + (ch === ch.toLowerCase() ? OWNER_BIT : 0),
      );
    });
  });
  if (sideText !== "g" && sideText !== "p") throw bad(text, "side", { value: clip(sideText) });
  if (phaseText.length !== 1 || !PHASE_LETTERS.includes(phaseText)) {
    throw bad(text, "phase", { value: clip(phaseText) });
  }
  const dash = burnedText.indexOf("-");
  const green = dash < 0 ? "" : burnedText.slice(0, dash);
  const purple = dash < 0 ? "" : burnedText.slice(dash + 1);
  if (dash < 0 || !/^[0-9]+$/.test(green) || !/^[0-9]+$/.test(purple)) {
    throw bad(text, "burned", { value: clip(burnedText) });
  }
  return { board, side: sideText === "g" ? 0 : 1, phase: PHASE_LETTERS.indexOf(phaseText), burned: [count(green), count(purple)] };
}

const playerPhrase = (owner) => phrase(`player.${"gp"[owner]}`);

function countText(n) {
  return n < 1e6 ? String(n) : phrase("notation.cpn.over_million");
}

/** the 16 reserve counts a CPN implies under ``rules``; InvalidPositionError if negative. */
export function reservesOf(fields, text, rules) {
  const onBoard = new Array(16).fill(0);
  for (const stack of fields.board) for (const code of stack) onBoard[code] += 1;
  const reserve = [];
  for (const owner of [0, 1]) {
    rules.counts.forEach((total, kind) => {
      let used = onBoard[owner * OWNER_BIT + kind];
      if (kind === TREE) used += fields.burned[owner];
      const left = total - used;
      if (left < 0) {
        const what = owner === 0 ? KIND_LETTERS[kind] : KIND_LETTERS[kind].toLowerCase();
        const tokens = kind === TREE
          ? phrase("notation.cpn.r8_trees", { used: countText(used), letter: `'${what}'`, burned: countText(fields.burned[owner]) })
          : phrase("notation.cpn.r8_tokens", { used: countText(used), letter: `'${what}'` });
        const owns = rules.isStandard
          ? phrase("notation.cpn.r8_owns", { count: total })
          : phrase("notation.cpn.r8_owns_under", { count: total, rules: pyRepr(String(rules)) });
        throw refusal(InvalidPositionError, "notation.cpn.r8", { text: clip(text), owns, player: playerPhrase(owner), tokens });
      }
      reserve.push(left);
    });
  }
  return reserve;
}

/** Reject CPNs that R-8 allows but play never reaches (RULES.md: 'may reject'). */
export function checkReachable(fields, reserve, text) {
  const board = fields.board;
  const kindOfTop = (s) => s[s.length - 1] & KIND_MASK;
  board.forEach((stack, c) => {
    if (!stack.length || kindOfTop(stack) !== TREE) return;
    if (stack.length >= 2 && (stack[stack.length - 2] & KIND_MASK) === FIRE) {
      throw refusal(InvalidPositionError, "notation.cpn.fire_under", { text: clip(text), cell: CELL_NAMES[c] });
    }
    for (const n of ADJACENT[c]) {
      if (board[n].length && kindOfTop(board[n]) === FIRE) {
        throw refusal(InvalidPositionError, "notation.cpn.fire_next", { text: clip(text), cell: CELL_NAMES[c], fire: CELL_NAMES[n] });
      }
    }
  });
  const empty = [!reserve.slice(0, 8).some(Boolean), !reserve.slice(8, 16).some(Boolean)];
  const phase = fields.phase;
  if ((phase === START || phase === TWO || phase === ONE) && (empty[0] || empty[1])) {
    throw refusal(InvalidPositionError, "notation.cpn.reserve_empty", { text: clip(text), player: playerPhrase(empty[0] ? 0 : 1) });
  }
  if (phase === LAST && (empty[fields.side] || !empty[1 - fields.side])) {
    throw refusal(InvalidPositionError, "notation.cpn.last_side", { text: clip(text) });
  }
}

/** Write a CPN in canonical form (side g at phase #). */
export function formatCpn(board, side, phase, burned) {
  const rows = [];
  for (let row = HEIGHT - 1; row >= 0; row -= 1) {
    const cells = [];
    for (let col = 0; col < WIDTH; col += 1) {
      const stack = board[row * WIDTH + col];
      cells.push(stack.length ? stack.map(tokenLetter).join("") : ".");
    }
    rows.push(cells.join(","));
  }
  const sideLetter = phase === OVER ? "g" : "gp"[side];
  return `${rows.join("/")} ${sideLetter} ${PHASE_LETTERS[phase]} ${burned[0]}-${burned[1]}`;
}
