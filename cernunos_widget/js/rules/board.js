// engine/board.py: read-only rules over a board (12 stacks of token codes, a1 first):
// power, where a player may place, burning, score.

import { ADJACENT, CELL_COUNT } from "./geometry.js";
import { CODE_MASK, DEER, FIRE, KIND_MASK, OWNER_BIT, TREE, WOLF } from "./tokens.js";

/** own tokens directly below the top without interruption (power-all: every one). */
export function basePower(stack, powerAll = false) {
  const owner = stack[stack.length - 1] & OWNER_BIT;
  let n = 0;
  for (let i = stack.length - 2; i >= 0; i -= 1) {
    if ((stack[i] & OWNER_BIT) !== owner) {
      if (powerAll) continue;
      break;
    }
    n += 1;
  }
  return n;
}

/** R-10 broken down: [base, cells of the Deer adding 1, cells of the Wolves taking 1]. */
export function powerParts(board, cell, rules) {
  const stack = board[cell];
  const owner = stack[stack.length - 1] & OWNER_BIT;
  const deer = owner | DEER;
  const wolf = (owner ^ OWNER_BIT) | WOLF;
  const topIs = (n, code) => board[n].length > 0 && (board[n][board[n].length - 1] & CODE_MASK) === code;
  const deerCells = ADJACENT[cell].filter((n) => topIs(n, deer));
  const wolfCells = rules.wolfZone[cell].filter((n) => topIs(n, wolf));
  return [basePower(stack, rules.powerAll), deerCells, wolfCells];
}

/** the power of the top token of ``cell`` (not empty). */
export function power(board, cell, rules) {
  const [base, deer, wolves] = powerParts(board, cell, rules);
  return base + deer.length - wolves.length;
}

/** the cells (board order) where ``player`` may place any kind, and a Tree. */
export function coverableCells(board, player, rules) {
  const anything = [];
  const trees = [];
  for (let c = 0; c < CELL_COUNT; c += 1) {
    const stack = board[c];
    if (stack.length) {
      const top = stack[stack.length - 1];
      if ((top & OWNER_BIT ? 1 : 0) !== player && power(board, c, rules) > 0) continue; // R-11
      anything.push(c);
      if ((top & KIND_MASK) === FIRE) continue;
    } else anything.push(c);
    trees.push(c);
  }
  return [anything, trees];
}

/** [cell of a top Tree that must burn, the Fire's cell or null (under it)], or null. */
export function burnableCell(board) {
  for (let c = 0; c < CELL_COUNT; c += 1) {
    const s = board[c];
    if (!s.length) continue;
    const kind = s[s.length - 1] & KIND_MASK;
    if (kind === FIRE) {
      for (const n of ADJACENT[c]) {
        const t = board[n];
        if (t.length && (t[t.length - 1] & KIND_MASK) === TREE) return [n, c];
      }
    } else if (kind === TREE && s.length >= 2 && (s[s.length - 2] & KIND_MASK) === FIRE) {
      return [c, null];
    }
  }
  return null;
}

/** cells occupied by Green and by Purple. */
export function occupiedCounts(board) {
  const out = [0, 0];
  for (const s of board) if (s.length) out[s[s.length - 1] & OWNER_BIT ? 1 : 0] += 1;
  return out;
}

/** Trees on top of cells, Green's and Purple's. */
export function topTreeCounts(board) {
  const out = [0, 0];
  for (const s of board) {
    if (s.length && (s[s.length - 1] & KIND_MASK) === TREE) out[s[s.length - 1] & OWNER_BIT ? 1 : 0] += 1;
  }
  return out;
}
