// The page's hint (issue #21 item 4): an exact search of small endgames over the mirror, as
// solver/search.py's ExactSearch does it in Python, so a static page (no kernel) can say who
// wins. Pure, no DOM. It runs in slices: createSearch(position).step(n) does at most n nodes
// (a node = one decision applied) and returns, so a caller never blocks the page for long.
//
// Scores are Green's (solver/values.py): the R-17 margins weighted so that cells come first,
// then Trees on top, then fewer burned Trees; a forfeit beyond any scored game. Their
// sign is the outcome. What step() reports is the root's decider's view, as
// solver.solve's Solution is: outcome 'win' / 'draw' / 'loss' and the strong value `score`.

import { occupiedCounts, topTreeCounts } from "./board.js";
import { codeToText } from "./decisions.js";
import { FORFEIT } from "./effects.js";
import { InvalidLimitError } from "./errors.js";
import { clip } from "./pytext.js";
import { OWNER_BIT } from "./tokens.js";

export const HINT_TOKEN_LIMIT = 6; // tokens left in both reserves together
const CELL_WEIGHT = 625;
const TREE_WEIGHT = 25;
const FORFEIT_SCORE = 100000;
const MAX_MARGIN = 12 * CELL_WEIGHT + 12 * TREE_WEIGHT + 12; // the largest scored game
const INFINITY = 1e9;
const HAND_WEIGHT = 60; // a token in reserve, for move ordering only
const MAX_LINE = 400;
// The table is a cache (values are exact without it): past this many entries, about 70 MB,
// it starts again empty, so a long search cannot exhaust the page's memory.
export const TABLE_LIMIT = 200000;
const GREEN_WORDS = { win: "Green wins", draw: "draw", loss: "Purple wins" };

/** Tokens left in both reserves together. */
export function tokensLeft(position) {
  return position.reserve.reduce((a, b) => a + b, 0);
}

/** Whether the hint applies: the game goes on and at most HINT_TOKEN_LIMIT tokens are left. */
export function eligible(position) {
  return !position.isOver && tokensLeft(position) <= HINT_TOKEN_LIMIT;
}

/** the score of a finished game, Green's view (what result() says, without
 * its texts: this runs at every leaf). */
function finalScore(position) {
  if (position.phaseIndex === FORFEIT) return position.sideIndex === 1 ? FORFEIT_SCORE : -FORFEIT_SCORE; // side lost
  return boardScore(position);
}

/** R-17's keys weighted: cells, then Trees on top, then fewer burned Trees. */
function boardScore({ board, burned }) {
  const cells = occupiedCounts(board);
  const trees = topTreeCounts(board);
  return (cells[0] - cells[1]) * CELL_WEIGHT + (trees[0] - trees[1]) * TREE_WEIGHT + (burned[1] - burned[0]);
}

/** solver/values.py heuristic_score: a cheap guess that orders the decisions, Green's view. */
function guess(position) {
  if (position.isOver) return finalScore(position);
  const { reserve } = position;
  let hand = 0;
  for (let k = 0; k < OWNER_BIT; k += 1) hand += reserve[k] - reserve[OWNER_BIT + k];
  return boardScore(position) + hand * HAND_WEIGHT;
}

/** The page's best guess where no exact search answers (a study's practice, issue #33): the
 * decision whose result looks best right away to its decider (solver/bots.py GreedyBot's
 * measure, heuristic_score), the first in the listing order among equals. Its text. */
export function bestGuess(position) {
  const sign = position.decider === 0 ? 1 : -1;
  let best = null;
  let bestValue = -Infinity;
  for (const code of position.optionCodes) {
    const value = sign * guess(position.child(code));
    if (value > bestValue) [best, bestValue] = [code, value];
  }
  return codeToText(best);
}

/** A table key for any position, mid-effect ones too (the engine's Position hash fields). */
function keyOf(p) {
  const parts = [p.sideIndex, p.phaseIndex, p.burned[0], p.burned[1], p.count];
  for (const stack of p.board) parts.push(String.fromCharCode(...stack.map((code) => 97 + code))); // a character a token, its tag too
  for (const entry of p.agenda) parts.push("|" + entry.join(",")); // options flatten inside one entry
  return parts.join("/"); // one flat string: a += chain would keep every piece alive
}

/** The outcome word of a score's sign. */
function word(score) {
  return score > 0 ? "win" : score < 0 ? "loss" : "draw";
}

/** solver/values.py describe_score: the margin of a win in words, from the winner's view. */
export function marginText(score) {
  const s = Math.abs(score);
  if (s >= FORFEIT_SCORE) return "by forfeit";
  if (s === 0) return "";
  const halfCell = Math.floor(CELL_WEIGHT / 2); // each margin is the nearest multiple
  const halfTree = Math.floor(TREE_WEIGHT / 2);
  const [cells, rest] = divmod(s + halfCell, CELL_WEIGHT);
  const [trees, burnedRest] = divmod(rest - halfCell + halfTree, TREE_WEIGHT);
  const burned = burnedRest - halfTree;
  const signed = (n) => (n > 0 ? `+${n}` : `${n}`);
  const parts = [];
  if (cells) parts.push(`${cells} cell${cells === 1 ? "" : "s"}`);
  if (trees) parts.push(`${signed(trees)} Trees on top`);
  if (burned) parts.push(`${signed(burned)} burned`);
  return parts.length ? `by ${parts.join(", ")}` : "";
}

function divmod(a, b) {
  const q = Math.floor(a / b);
  return [q, a - q * b];
}

/** What a fail-soft search in (alpha, beta) leaves known: the table's probe. */
function probe(lower, upper, alpha, beta) {
  if (lower >= beta) return lower;
  if (upper <= alpha) return upper;
  if (lower === upper) return lower;
  return null;
}

class ExactSearch {
  constructor(root, tableLimit) {
    this.root = root;
    this.table = new Map(); // key -> [lower, upper, best code]
    this.tableLimit = tableLimit;
    this.nodes = 0;
    this.pauseAt = Infinity;
    this.greenScore = null; // the strong value, Green's view, once known
    this.greenOutcome = null; // -1, 0, 1 once known
    this.line = [];
  }

  /** One decision applied: a node; pause the generator when the slice is spent. */
  *child(p, code) {
    this.nodes += 1;
    if (this.nodes >= this.pauseAt) yield;
    return p.child(code);
  }

  /** Children, lazily: the table's decision first, then the others best-looking first. */
  *ordered(p, first, green, visit) {
    if (first >= 0 && p.optionCodes.includes(first)) {
      if (yield* visit(first, yield* this.child(p, first))) return;
    }
    const keyed = [];
    for (const code of p.optionCodes) {
      if (code === first) continue;
      const c = yield* this.child(p, code);
      keyed.push([green ? -guess(c) : guess(c), code, c]);
    }
    keyed.sort((a, b) => a[0] - b[0]); // stable: ties keep the listing order
    for (const [, code, c] of keyed) if (yield* visit(code, c)) return;
  }

  /** Fail-soft alpha-beta, Green's view: exact inside (alpha, beta), else a bound beyond it. */
  *value(p, alpha, beta) {
    const decider = p.decider;
    if (decider === null) return finalScore(p);
    const key = keyOf(p);
    const [lower, upper, first] = this.table.get(key) || [-INFINITY, INFINITY, -1];
    const settled = probe(lower, upper, alpha, beta);
    if (settled !== null) return settled;
    const a0 = Math.max(alpha, lower); // the window searched
    const b0 = Math.min(beta, upper);
    let a = a0;
    let b = b0;
    const green = decider === 0;
    let best = green ? -INFINITY : INFINITY;
    let bestCode = first;
    const self = this;
    yield* this.ordered(p, first, green, function* (code, c) {
      const v = yield* self.value(c, a, b);
      if (green ? v > best : v < best) {
        best = v;
        bestCode = code;
        if (green) a = Math.max(a, v);
        else b = Math.min(b, v);
      }
      return a >= b;
    });
    // what a fail-soft result in (a0, b0) proves (search.py _bounds)
    let newLower = lower;
    let newUpper = upper;
    if (best <= a0) newUpper = best;
    else if (best >= b0) newLower = best;
    else newLower = newUpper = best;
    if (this.table.size >= this.tableLimit) this.table.clear();
    this.table.set(key, [newLower, newUpper, bestCode]);
    return best;
  }

  /** A line of best decisions: at each step a child whose value still matches. */
  *principalVariation(matches, alpha, beta) {
    let p = this.root;
    const line = [];
    while (!p.isOver && line.length < MAX_LINE) {
      const entry = this.table.get(keyOf(p));
      let next = null;
      const self = this;
      yield* this.ordered(p, entry ? entry[2] : -1, p.decider === 0, function* (code, c) {
        if (!matches(yield* self.value(c, alpha, beta))) return false;
        line.push(code);
        next = c;
        return true;
      });
      if (next === null) break; // cannot happen for a correct value
      p = next;
    }
    return line;
  }

  /** The exact score, Green's view, by null-window tests sharing the table (search.py). */
  *strongValue(outcome) {
    const root = this.root;
    if (outcome === 0) return 0;
    // A forfeit is worth FORFEIT_SCORE exactly; any scored game is within MAX_MARGIN.
    if (outcome > 0 && (yield* this.value(root, FORFEIT_SCORE - 1, FORFEIT_SCORE)) >= FORFEIT_SCORE) {
      return FORFEIT_SCORE;
    }
    if (outcome < 0 && (yield* this.value(root, -FORFEIT_SCORE, 1 - FORFEIT_SCORE)) <= -FORFEIT_SCORE) {
      return -FORFEIT_SCORE;
    }
    let [lo, hi] = outcome > 0 ? [1, MAX_MARGIN] : [-MAX_MARGIN, -1];
    while (lo < hi) { // lo <= value <= hi
      const mid = Math.floor((lo + hi + 1) / 2);
      if ((yield* this.value(root, mid - 1, mid)) >= mid) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The outcome (null windows), then the strong value, then the line. */
  *run() {
    const root = this.root;
    const v = yield* this.value(root, -1, 1);
    this.greenOutcome = Math.sign(v);
    this.greenScore = yield* this.strongValue(this.greenOutcome);
    const score = this.greenScore;
    this.line = yield* this.principalVariation((x) => x === score, score - 1, score + 1);
  }
}

/** The state of a search as step() reports it (the root's decider's view). */
function report(search, done) {
  const root = search.root;
  const turn = root.isOver ? 0 : root.decider; // solver/pov.py turn_at: Green's once over
  const sign = turn === 0 ? 1 : -1;
  const outcome = search.greenOutcome === null ? null : word(sign * search.greenOutcome);
  const score = search.greenScore === null ? null : sign * search.greenScore;
  return Object.freeze({
    done,
    turn,
    outcome,
    score,
    green: search.greenOutcome === null ? null : GREEN_WORDS[word(search.greenOutcome)],
    margin: search.greenScore === null ? null : marginText(search.greenScore),
    line: done ? search.line.map(codeToText) : [],
    nodes: search.nodes,
    table: search.table.size,
  });
}

/**
 * An exact search of ``position`` (a mirror Position) run in slices: ``step(n)`` searches at
 * most ``n`` more nodes and returns {done, turn, outcome, score, green, margin, line, nodes, table}
 * (outcome and score for ``turn``, the root's decider, as soon as each is proven; ``green``
 * says it from Green's view: 'Green wins' / 'draw' / 'Purple wins'; the line of decision
 * texts once done; ``table`` the entries in the table, at most ``tableLimit``). An over game
 * is done at once with its result. InvalidLimitError for a position with more than
 * HINT_TOKEN_LIMIT tokens left, or a budget that is not a whole number above 0.
 */
export function createSearch(position, { tableLimit = TABLE_LIMIT } = {}) {
  const search = new ExactSearch(position, tableLimit);
  if (position.isOver) {
    search.greenScore = finalScore(position);
    search.greenOutcome = Math.sign(search.greenScore);
    const last = report(search, true);
    return Object.freeze({ step: (budget) => (checkBudget(budget), last) });
  }
  const left = tokensLeft(position);
  if (left > HINT_TOKEN_LIMIT) {
    const [g, p] = [0, 1].map((who) => position.reserveOf(who).reduce((a, b) => a + b, 0));
    throw new InvalidLimitError(
      `the hint solves endgames with at most ${HINT_TOKEN_LIMIT} tokens left in both reserves ` +
        `together; this position has ${left} (Green ${g}, Purple ${p})`,
    );
  }
  const run = search.run();
  let last = report(search, false);
  return Object.freeze({
    step(budget) {
      checkBudget(budget);
      if (last.done) return last;
      search.pauseAt = search.nodes + budget;
      last = report(search, run.next().done === true);
      return last;
    },
  });
}

function checkBudget(budget) {
  if (!Number.isSafeInteger(budget) || budget < 1) {
    throw new InvalidLimitError(`a search step is a whole number of nodes above 0, not ${clip(budget)}`);
  }
}
