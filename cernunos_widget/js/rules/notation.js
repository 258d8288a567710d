// engine/notation.py: CPN (RULES.md section 6): reading with every check the engine makes
// (syntax, R-8 against the rules' counts, positions play cannot reach), and writing.

import { CpnSyntaxError, InvalidPositionError } from "./errors.js";
import { LAST, ONE, OVER, PHASE_LETTERS, START, TWO } from "./effects.js";
import { ADJACENT, CELL_COUNT, CELL_NAMES, HEIGHT, WIDTH } from "./geometry.js";
import { clip, commas, pyLen, pyStrip, typeName } from "./pytext.js";
import { FIRE, KIND_LETTERS, KIND_MASK, OWNER_BIT, PLAYER_TITLES, TREE, tokenLetter } from "./tokens.js";

export const START_CPN = ".,.,.,./.,.,.,./.,.,.,. g 2 0-0";
export const MAX_CPN_LENGTH = 1000;
const HUGE = 1e18; // a burned count of more than 15 digits: only "over a million" is ever said

const EXPECTED =
  "a CPN is '<rows> <side> <phase> <burned>', e.g. " +
  "'.,.,.,./.,.,.,./.,.,.,. g 2 0-0': rows 3/2/1 of 4 comma-separated cells " +
  "('.' or a stack bottom to top, letters TBDWSXCF, uppercase Green, lowercase Purple), " +
  "side g|p, phase s|2|1|L|#|x, burned '<green>-<purple>'";
const TOKEN_LETTERS = KIND_LETTERS + KIND_LETTERS.toLowerCase();

function bad(text, why) {
  return new CpnSyntaxError(`bad CPN ${clip(text)}: ${why}; ${EXPECTED}`);
}

function count(digits) {
  const trimmed = digits.replace(/^0+(?=.)/, "");
  return trimmed.length > 15 ? HUGE : Number(trimmed);
}

/** Decode a CPN: {board, side, phase, burned}; CpnSyntaxError if malformed. */
export function parseCpn(text) {
  if (typeof text !== "string") {
    throw new CpnSyntaxError(`a CPN is a string, not ${typeName(text)}; ${EXPECTED}`);
  }
  if (text.length > MAX_CPN_LENGTH && pyLen(text) > MAX_CPN_LENGTH) {
    throw bad(text, `a CPN is at most ${commas(MAX_CPN_LENGTH)} characters`);
  }
  const fields = pyStrip(text).split(" ");
  if (fields.length !== 4) throw bad(text, `expected 4 fields separated by single spaces, found ${fields.length}`);
  const [rowsText, sideText, phaseText, burnedText] = fields;
  const rows = rowsText.split("/");
  if (rows.length !== HEIGHT) throw bad(text, `expected ${HEIGHT} rows separated by '/', found ${rows.length}`);
  const board = Array.from({ length: CELL_COUNT }, () => []);
  rows.forEach((rowText, r) => {
    const row = HEIGHT - 1 - r; // row 3 is written first
    const cells = rowText.split(",");
    if (cells.length !== WIDTH) throw bad(text, `row ${row + 1} has ${cells.length} cells, expected ${WIDTH}`);
    cells.forEach((cellText, col) => {
      if (cellText === ".") return;
      if (!cellText || [...cellText].some((ch) => !TOKEN_LETTERS.includes(ch))) {
        throw bad(
          text,
          `cell ${CELL_NAMES[row * WIDTH + col]} is ${clip(cellText)}, expected '.' or letters from ${TOKEN_LETTERS}`,
        );
      }
      board[row * WIDTH + col] = [...cellText].map(
        (ch) => KIND_LETTERS.indexOf(ch.toUpperCase()) + (ch === ch.toLowerCase() ? OWNER_BIT : 0),
      );
    });
  });
  if (sideText !== "g" && sideText !== "p") throw bad(text, `side is ${clip(sideText)}, expected g or p`);
  if (phaseText.length !== 1 || !PHASE_LETTERS.includes(phaseText)) {
    throw bad(text, `phase is ${clip(phaseText)}, expected one of s 2 1 L # x`);
  }
  const dash = burnedText.indexOf("-");
  const green = dash < 0 ? "" : burnedText.slice(0, dash);
  const purple = dash < 0 ? "" : burnedText.slice(dash + 1);
  if (dash < 0 || !/^[0-9]+$/.test(green) || !/^[0-9]+$/.test(purple)) {
    throw bad(text, `burned is ${clip(burnedText)}, expected two counts like 0-2`);
  }
  return { board, side: sideText === "g" ? 0 : 1, phase: PHASE_LETTERS.indexOf(phaseText), burned: [count(green), count(purple)] };
}

function countText(n) {
  return n < 1e6 ? String(n) : "over a million";
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
        const extra = kind === TREE ? ` (${countText(fields.burned[owner])} of them burned)` : "";
        const under = rules.isStandard ? "" : ` under the rules '${rules}'`;
        throw new InvalidPositionError(
          `CPN ${clip(text)} breaks R-8: ${PLAYER_TITLES[owner]} has ${countText(used)} '${what}' tokens${extra} ` +
            `but owns only ${total}${under}`,
        );
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
      throw new InvalidPositionError(
        `CPN ${clip(text)} cannot occur in play: the Tree on ${CELL_NAMES[c]} sits on a Fire and would have burned (R-26)`,
      );
    }
    for (const n of ADJACENT[c]) {
      if (board[n].length && kindOfTop(board[n]) === FIRE) {
        throw new InvalidPositionError(
          `CPN ${clip(text)} cannot occur in play: the Tree on ${CELL_NAMES[c]} is next ` +
            `to the visible Fire on ${CELL_NAMES[n]} and would have burned (R-26)`,
        );
      }
    }
  });
  const empty = [!reserve.slice(0, 8).some(Boolean), !reserve.slice(8, 16).some(Boolean)];
  const phase = fields.phase;
  if ((phase === START || phase === TWO || phase === ONE) && (empty[0] || empty[1])) {
    throw new InvalidPositionError(
      `CPN ${clip(text)} cannot occur in play: ${PLAYER_TITLES[empty[0] ? 0 : 1]}'s reserve is empty, so the final ` +
        "placement (phase L) or the end (phase #) would have begun (R-16)",
    );
  }
  if (phase === LAST && (empty[fields.side] || !empty[1 - fields.side])) {
    throw new InvalidPositionError(
      `CPN ${clip(text)} cannot occur in play: at phase L the side to place must be the one ` +
        "whose opponent's reserve is empty, holding tokens itself (R-16)",
    );
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
