// engine/position.py: the immutable Position, at a decision or at the end. Positions are
// settled: single-option decisions are made at once (RULES.md section 6), so the options
// listed are a real choice or nothing. Mid-effect positions have no CPN.

import { coverableCells, occupiedCounts, powerParts, topTreeCounts } from "./board.js";
import { codeToText, isCode, textToCode } from "./decisions.js";
import { CernunosError, IllegalDecisionError, NotAtBoundaryError, NotationError } from "./errors.js";
import { gameOver, tokenMessage } from "./events.js";
import {
  CHOICE_NAMES, FORFEIT, LAST, OVER,
  PHASE_LETTERS, START, TWO, Work,
} from "./effects.js";
import { CELL_NAMES, cellIndex } from "./geometry.js";
import { phrase, t } from "../i18n.js";
import { START_CPN, checkReachable, formatCpn, parseCpn, reservesOf } from "./notation.js";
import { clip, isIntCode, pyRepr } from "./pytext.js";
import { rulesOf } from "./rules.js";
import { FIRE, KIND_LETTERS, KIND_MASK, OWNER_BIT, PLAYER_LETTERS, TREE, ownerOf, tokenLetter } from "./tokens.js";

/** cells occupied, then more Trees on top, then fewer burned Trees. */
function score(board, burned) {
  const cells = occupiedCounts(board);
  const trees = topTreeCounts(board);
  const keys = [cells[0] - cells[1], trees[0] - trees[1], burned[1] - burned[0]];
  const k = keys.find((x) => x !== 0);
  return makeResult(k === undefined ? null : k > 0 ? 0 : 1, false, cells, trees, [...burned]);
}

/** {winner (0, 1 or null), forfeit, cells, trees, burned, text, summary,
 * summaryMessage} (summary: English; summaryMessage: the words as a message, ../i18n.js). */
function makeResult(winner, forfeit, cells = [0, 0], trees = [0, 0], burned = [0, 0]) {
  const who = winner === null ? "draw" : ["green", "purple"][winner];
  const text = forfeit
    ? `${who} forfeit`
    : `${who} ${cells[0]}-${cells[1]} ${trees[0]}-${trees[1]} ${burned[0]}-${burned[1]}`;
  const player = winner === null ? null : phrase(`player.${PLAYER_LETTERS[winner]}`);
  const score = { cells: cells.join("-"), trees: trees.join("-"), burned: burned.join("-") };
  const summaryMessage = forfeit
    ? phrase("result.forfeit", { player })
    : winner === null ? phrase("result.draw", score) : phrase("result.wins", { player, ...score });
  const summary = t(summaryMessage.key, summaryMessage.params, "en");
  return Object.freeze({ winner, forfeit, cells, trees, burned, text, summary, summaryMessage });
}

function cellOf(cell) {
  const i = typeof cell === "string" ? cellIndex(cell) : -1;
  if (i < 0) throw new NotationError(`unknown cell ${clip(cell)}: expected a1 ... d3`);
  return i;
}

function playerOf(player) {
  if (player === 0 || player === 1) return player;
  if (player === "g" || player === "green") return 0;
  if (player === "p" || player === "purple") return 1;
  throw new NotationError(`unknown player ${clip(player)}: expected 'g' or 'p'`);
}

function kindOf(kind) {
  return typeof kind === "string" ? KIND_LETTERS.indexOf(kind.toUpperCase()) : kind;
}

export class Position {
  constructor(work, options) {
    this.board = Object.freeze(work.board.map((s) => Object.freeze([...s])));
    this.reserve = Object.freeze([...work.reserve]);
    this.burned = Object.freeze([...work.burned]);
    this.sideIndex = work.phase === OVER ? 0 : work.side; // canonical: side g at phase #
    this.phaseIndex = work.phase;
    this.agenda = Object.freeze(work.agenda.map((t) => Object.freeze([...t])));
    this.count = work.count;
    this.optionCodes = Object.freeze([...options]);
    this.rules = work.rules;
    Object.freeze(this);
  }

  /** The initial position under ``rules`` (a Rules, its text, or null). */
  static start(rules = null) {
    return Position.fromCpn(START_CPN, rules);
  }

  /** Read a CPN under ``rules``, check it as the engine does, and play on through forced steps. */
  static fromCpn(text, rules = null) {
    const r = rulesOf(rules);
    const fields = parseCpn(text);
    const reserve = reservesOf(fields, text, r);
    checkReachable(fields, reserve, text);
    const work = new Work(fields.board, reserve, fields.burned, fields.side, fields.phase, [], 0, null, r);
    if (work.phase === START) work.beginTurn(); // a CPN read at phase s is played on
    return new Position(work, work.settle());
  }

  work(events = null) {
    return new Work(this.board, this.reserve, this.burned, this.sideIndex, this.phaseIndex, this.agenda, this.count, events, this.rules);
  }

  // ---------------------------------------------------------------- notation

  get atBoundary() {
    return this.agenda.length === 0;
  }

  /** The CPN; NotAtBoundaryError mid-effect. */
  cpn() {
    if (this.agenda.length) {
      throw new NotAtBoundaryError(
        `this position is in the middle of an effect (${this.describePending()}): it has no CPN until the choice is made`,
      );
    }
    return formatCpn(this.board, this.sideIndex, this.phaseIndex, this.burned);
  }

  // ---------------------------------------------------------------- who decides what

  /** 0 Green or 1 Purple: the player making this turn's placements (or the final one). */
  get side() {
    return this.sideIndex;
  }

  /** The CPN phase letter: s 2 1 L # x. */
  get phase() {
    return PHASE_LETTERS[this.phaseIndex];
  }

  get isOver() {
    return this.phaseIndex === OVER || this.phaseIndex === FORFEIT;
  }

  /** Who makes the next decision: 0, 1, or null when the game is over. */
  get decider() {
    if (this.agenda.length) return this.agenda[this.agenda.length - 1][1];
    return this.isOver ? null : this.sideIndex;
  }

  /** placement, final-placement, growth, boar-target, fox-swap, fox-order, crow-cell; null when over. */
  get choice() {
    if (this.agenda.length) return CHOICE_NAMES[this.agenda[this.agenda.length - 1][0]];
    if (this.isOver) return null;
    if (this.phaseIndex === START) return "growth";
    return this.phaseIndex === LAST ? "final-placement" : "placement";
  }

  /** The cell of the token whose effect asks the pending choice (mid-effect only), or null. */
  get choiceCell() {
    return this.agenda.length ? CELL_NAMES[this.agenda[this.agenda.length - 1][2]] : null;
  }

  /** Who chooses what (describePending), as a message {key, params} (../i18n.js). */
  pendingMessage() {
    const who = this.decider;
    if (who === null) return phrase("prompt.over");
    const params = { player: phrase(`player.${PLAYER_LETTERS[who]}`) };
    let choice = this.choice;
    if (this.agenda.length) params.cell = CELL_NAMES[this.agenda[this.agenda.length - 1][2]];
    else if (choice === "placement") choice = this.phaseIndex === TWO ? "placement-two" : "placement-one";
    return phrase(`prompt.${choice}`, params);
  }

  /** Who chooses what, in words, in ``lang`` (default English, as the engine). */
  describePending(lang = "en") {
    const m = this.pendingMessage();
    return t(m.key, m.params, lang);
  }

  // ---------------------------------------------------------------- decisions

  /** The legal decisions' texts, in the listing order; [] when over. */
  legalTexts() {
    return this.optionCodes.map(codeToText);
  }

  isLegal(decision) {
    try {
      return this.optionCodes.includes(this.codeOf(decision));
    } catch (error) {
      if (error instanceof CernunosError) return false;
      throw error;
    }
  }

  /** The legal code meant by a decision text (or an int code); DecisionSyntaxError or IllegalDecisionError. */
  codeOf(decision) {
    const given = isIntCode(decision) ? decision : textToCode(decision);
    const code = Number(given); // a bigint is an int code too
    if (this.optionCodes.includes(code)) return code;
    const legal = this.legalTexts();
    let text;
    let what;
    if (!isCode(code)) {
      text = clip(given);
      what = phrase("refusal.no_code", { text });
    } else {
      text = codeToText(code);
      what = phrase("refusal.illegal", { text: pyRepr(text) });
    }
    const why = legal.length
      ? phrase("refusal.not_legal", { what, pending: this.pendingMessage(), legal: legal.join(" ") })
      : phrase("refusal.over", { what, result: this.result().text });
    throw new IllegalDecisionError(t(why.key, why.params, "en"), text, legal).said(why);
  }

  /** The position after a decision (its text or its code). */
  play(decision) {
    return this.child(this.codeOf(decision));
  }

  /** [the position after ``decision``, the events it caused in order]. */
  playWithEvents(decision) {
    const { position, events } = this.step(decision);
    return [position, events];
  }

  /** ``decision`` checked and resolved once: {before, decision (its text), position, events}. */
  step(decision) {
    const code = this.codeOf(decision);
    const events = [];
    const work = this.work(events);
    work.apply(code);
    const after = new Position(work, work.settle());
    if (after.phaseIndex === OVER) events.push(gameOver(after.result().summaryMessage));
    return Object.freeze({ before: this, decision: codeToText(code), position: after, events });
  }

  /** The position after a legal decision code, unchecked. */
  child(code) {
    const work = this.work();
    work.apply(code);
    return new Position(work, work.settle());
  }

  // ---------------------------------------------------------------- result

  /** the outcome, or null while the game goes on. */
  result() {
    if (this.phaseIndex === FORFEIT) return makeResult(1 - this.sideIndex, true);
    if (this.phaseIndex === OVER) return score(this.board, this.burned);
    return null;
  }

  // ---------------------------------------------------------------- the board

  /** the 8 reserve counts (T B D W S X C F) of a player. */
  reserveOf(player) {
    const p = playerOf(player) * OWNER_BIT;
    return this.reserve.slice(p, p + 8);
  }

  /** The CPN letters of a cell's stack, bottom to top. */
  stackText(cell) {
    return this.board[cellOf(cell)].map(tokenLetter).join("");
  }

  /** {cell, owner, kind, base, deer, wolves, total, text, message} of a top token
   * (text: English; message: the words to put in a language), or null. */
  power(cell) {
    const i = cellOf(cell);
    const stack = this.board[i];
    if (!stack.length) return null;
    const [base, deerCells, wolfCells] = powerParts(this.board, i, this.rules);
    const deer = deerCells.map((c) => CELL_NAMES[c]);
    const wolves = wolfCells.map((c) => CELL_NAMES[c]);
    const total = base + deer.length - wolves.length;
    const parts = [
      phrase("power.base", { base }),
      ...deer.map((c) => phrase("power.deer", { cell: c })),
      ...wolves.map((c) => phrase("power.wolf", { cell: c })),
    ];
    const message = phrase("power.text", { total, parts });
    const code = stack[stack.length - 1];
    return Object.freeze({
      cell: CELL_NAMES[i],
      owner: PLAYER_LETTERS[ownerOf(code)],
      kind: KIND_LETTERS[code & KIND_MASK],
      base,
      deer,
      wolves,
      total,
      text: t(message.key, message.params, "en"),
      message,
    });
  }

  /** The power of every top token, by cell (board order). */
  powers() {
    const out = {};
    CELL_NAMES.forEach((name, i) => {
      if (this.board[i].length) out[name] = this.power(name);
    });
    return out;
  }

  /** [cells where ``player`` (default: the side) may place any kind but a Tree, cells for a Tree]. */
  coverable(player = null) {
    const p = player === null ? this.sideIndex : playerOf(player);
    return coverableCells(this.board, p, this.rules).map((cells) => cells.map((c) => CELL_NAMES[c]));
  }

  /** For each kind ``player`` holds in reserve (letter), the cells it may be placed on. */
  placementMap(player = null) {
    const p = player === null ? this.sideIndex : playerOf(player);
    const [anything, trees] = this.coverable(p);
    const out = {};
    for (let k = 0; k < 8; k += 1) {
      if (this.reserve[p * OWNER_BIT + k]) out[KIND_LETTERS[k]] = [...(k === TREE ? trees : anything)];
    }
    return out;
  }

  /** Why the side may not place ``kind`` on ``cell`` now, in words; null if it may. */
  placementRefusal(kind, cell, lang = "en") {
    const why = this.placementRefusalMessage(kind, cell);
    return why === null ? null : t(why.key, why.params, lang);
  }

  /** placementRefusal as a message ({key, params}, ../i18n.js), or null. */
  placementRefusalMessage(kind, cell) {
    const k = kindOf(kind);
    const i = cellOf(cell);
    if (this.choice !== "placement" && this.choice !== "final-placement") {
      return phrase("refusal.not_time", { pending: this.pendingMessage() });
    }
    const who = this.sideIndex;
    if (!this.reserve[who * OWNER_BIT + k]) {
      return phrase("refusal.none_left", { player: phrase(`player.${PLAYER_LETTERS[who]}`), kind: phrase(`kind.${KIND_LETTERS[k]}`) });
    }
    const stack = this.board[i];
    if (!stack.length) return null;
    const top = stack[stack.length - 1];
    if (k === TREE && (top & KIND_MASK) === FIRE) return phrase("refusal.tree_on_fire", { cell });
    if (ownerOf(top) !== who) {
      const info = this.power(cell);
      if (info.total > 0) return phrase("refusal.power", { cell, token: tokenMessage(top), power: info.message });
    }
    return null;
  }
}
