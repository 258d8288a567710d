// engine/effects.py: the resolution machinery. A Work is a short-lived mutable copy of a
// position: it applies one decision, runs the effects it sets off until a player must
// choose or the placement has resolved (R-13..R-28), and is frozen back into a Position.
// Agenda entries (the last is next): [ACT, tag, mayDouble, code] (a pending activation,
// ) or [CHOICE_*, chooser, cell, options] (a choice pending, options in order).

import {
  activated, burned as burnEvent, capReached, finalPlacement, forfeit, grew, growthSkipped, notActivated, nothingToDo,
  passed, placed, pushed, raised, swapped, turnBegins,
} from "./events.js";
import { burnableCell, coverableCells } from "./board.js";
import { CELL_BASE, GROW_BASE, PASS, SWAP_BASE, cellCode, growCode, maskCells } from "./decisions.js";
import { ADJACENT, AROUND, CELL_COUNT, boarPush } from "./geometry.js";
import {
  ACTIVATABLE, BOAR, CODE_MASK, CROW, FIRE, FOX, KIND_MASK, OWNER_BIT, SQUIRREL, TAG_SHIFT, TREE,
} from "./tokens.js";

// Phases, as in CPN.
export const START = 0;
export const TWO = 1;
export const ONE = 2;
export const LAST = 3;
export const OVER = 4;
export const FORFEIT = 5;
export const PHASE_LETTERS = "s21L#x";
export const ACTIVATION_CAP = 64; // R-28, D-9

export const ACT = 0;
export const CHOICE_BOAR = 1;
export const CHOICE_FOX_SWAP = 2;
export const CHOICE_FOX_ORDER = 3;
export const CHOICE_CROW = 4;
export const CHOICE_NAMES = Object.freeze({ 1: "boar-target", 2: "fox-swap", 3: "fox-order", 4: "crow-cell" });

const PLACED_AND_ACTIVATED = new Set([BOAR, FOX, CROW]); // Trees activate at growth only

function top(stack) {
  return stack[stack.length - 1];
}

/** Every way to choose ``k`` of ``items``, in itertools.combinations order. */
function combinations(items, k) {
  const out = [];
  const pick = (start, chosen) => {
    if (chosen.length === k) {
      out.push([...chosen]);
      return;
    }
    for (let i = start; i < items.length; i += 1) {
      chosen.push(items[i]);
      pick(i + 1, chosen);
      chosen.pop();
    }
  };
  pick(0, []);
  return out;
}

export class Work {
  constructor(board, reserve, burned, side, phase, agenda, count, events, rules) {
    this.board = board.map((s) => [...s]);
    this.reserve = [...reserve];
    this.burned = [...burned];
    this.side = side;
    this.phase = phase;
    this.agenda = [...agenda];
    this.count = count;
    this.tagged = agenda.length > 0;
    this.events = events; // an array to narrate into, or null
    this.rules = rules; // D-10
  }

  emit(event) {
    if (this.events) this.events.push(event);
  }

  /** The codes of the next decision in the listing order; [] when over (R-15: forfeit). */
  options() {
    if (this.agenda.length) return top(this.agenda)[3];
    const phase = this.phase;
    if (phase === START) return this.growthOptions();
    if (phase === OVER || phase === FORFEIT) return [];
    const [anything, trees] = coverableCells(this.board, this.side, this.rules);
    const base = this.side * OWNER_BIT;
    const out = [];
    for (let kind = 0; kind < 8; kind += 1) {
      if (!this.reserve[base + kind]) continue;
      for (const c of kind === TREE ? trees : anything) out.push(kind * CELL_COUNT + c);
    }
    if (phase === LAST) out.push(PASS); // the final placement may be declined
    if (out.length || phase === LAST) return out;
    this.phase = FORFEIT;
    this.emit(forfeit(this.side));
    return out;
  }

  /** Apply single-option decisions until a real choice or the end; return the options. */
  settle() {
    for (;;) {
      const opts = this.options();
      if (opts.length !== 1) return opts;
      this.apply(opts[0]);
    }
  }

  /** Apply one legal decision code. */
  apply(code) {
    if (this.agenda.length) {
      const [choice, , cell, opts] = this.agenda.pop();
      this.answer(choice, cell, opts, code);
      this.resume();
    } else if (this.phase === START) {
      this.grow(maskCells(code - GROW_BASE));
      this.afterGrowth();
    } else if (code === PASS) {
      this.emit(passed(this.side));
      this.phase = OVER;
    } else this.place(code);
  }

  answer(choice, cell, opts, code) {
    if (choice === CHOICE_FOX_SWAP) {
      this.swap(cell, Math.floor((code - SWAP_BASE) / CELL_COUNT), (code - SWAP_BASE) % CELL_COUNT);
    } else if (choice === CHOICE_FOX_ORDER) {
      const first = code - CELL_BASE;
      const [a, b] = opts.map((o) => o - CELL_BASE);
      this.foxOrder(first, first === a ? b : a);
    } else this.doCellChoice(choice, cell, code - CELL_BASE);
  }

  // ---------------------------------------------------------------- turn structure

  /** the turn of ``side`` starts with tree growth. */
  beginTurn() {
    this.emit(turnBegins(this.side));
    const trees = this.growingTrees();
    const held = this.reserve[this.side * OWNER_BIT + TREE];
    if (trees.length > held && held > 0) {
      this.phase = START; // D-3: the player chooses which Trees grow
      return;
    }
    if (held === 0) {
      if (trees.length) this.emit(growthSkipped(this.side, trees));
    } else this.grow(trees);
    this.afterGrowth();
  }

  growingTrees() {
    const mine = this.side * OWNER_BIT + TREE;
    const out = [];
    for (let c = 0; c < CELL_COUNT; c += 1) if (this.board[c].length && top(this.board[c]) === mine) out.push(c);
    return out;
  }

  growthOptions() {
    const held = this.reserve[this.side * OWNER_BIT + TREE];
    return combinations(this.growingTrees(), held).map(growCode);
  }

  /** each chosen Tree grows once. */
  grow(cells) {
    const tree = this.side * OWNER_BIT + TREE;
    for (const c of cells) {
      this.reserve[tree] -= 1;
      this.board[c].push(tree);
      this.emit(grew(tree, c, true));
    }
  }

  afterGrowth() {
    if (!this.gameEndTriggered()) this.phase = TWO;
  }

  /** R-11..R-13: put a token from the reserve on a cell, then resolve its effect. */
  place(code) {
    const kind = Math.floor(code / CELL_COUNT);
    const cell = code % CELL_COUNT;
    const token = this.side * OWNER_BIT + kind;
    this.reserve[token] -= 1;
    this.board[cell].push(token);
    const height = this.board[cell].length;
    this.count = 0;
    this.emit(placed(token, cell));
    // R-26, D-8: only a Fire, or a Tree next to a visible Fire, can set off burning here.
    if (kind === FIRE || (kind === TREE && this.topNextTo(cell, FIRE, KIND_MASK))) this.burn();
    if (PLACED_AND_ACTIVATED.has(kind) && this.board[cell].length === height) this.activate(cell, true);
    this.resume();
  }

  /** Run the agenda until a choice is pending or the placement has fully resolved. */
  resume() {
    const agenda = this.agenda;
    while (agenda.length) {
      const task = top(agenda);
      if (task[0] !== ACT) return;
      agenda.pop();
      const [, tag, mayDouble, code] = task;
      const cell = this.findTop(tag);
      if (cell < 0) {
        this.emit(notActivated(code, "it is no longer on top"));
        continue;
      }
      this.activate(cell, mayDouble);
    }
    this.endOfPlacement();
  }

  endOfPlacement() {
    this.count = 0;
    if (this.tagged) {
      this.board = this.board.map((s) => s.map((x) => x & CODE_MASK));
      this.tagged = false;
    }
    if (this.gameEndTriggered()) return;
    if (this.phase === TWO) this.phase = ONE;
    else {
      this.side ^= 1;
      this.phase = START;
      this.beginTurn();
    }
  }

  /** R-16, D-4: after a placement or the growth has resolved, is the game ending? */
  gameEndTriggered() {
    if (this.phase === LAST) {
      this.phase = OVER;
      return true;
    }
    const greenEmpty = !this.reserve.slice(0, 8).some(Boolean);
    const purpleEmpty = !this.reserve.slice(8, 16).some(Boolean);
    if (!(greenEmpty || purpleEmpty)) return false;
    if (greenEmpty && purpleEmpty) this.phase = OVER;
    else {
      const emptied = greenEmpty ? 0 : 1;
      this.side = 1 - emptied;
      this.phase = LAST;
      this.emit(finalPlacement(emptied, this.side));
    }
    return true;
  }

  // ---------------------------------------------------------------- activations

  /** the top token of ``cell`` activates (first or, R-25, second time). */
  activate(cell, mayDouble) {
    const board = this.board;
    const code = top(board[cell]);
    const kind = code & KIND_MASK;
    if (!ACTIVATABLE.has(kind)) return;
    if (this.count >= ACTIVATION_CAP) {
      this.emit(capReached(ACTIVATION_CAP));
      return;
    }
    this.count += 1;
    const owner = code & OWNER_BIT ? 1 : 0;
    this.emit(activated(code, cell, !mayDouble));
    if (mayDouble && this.topNextTo(cell, owner * OWNER_BIT + SQUIRREL, CODE_MASK)) {
      const tag = this.tagTop(cell);
      this.agenda.push([ACT, tag, false, code & CODE_MASK]);
    }
    const occupiedAdjacent = () => ADJACENT[cell].filter((t) => board[t].length);
    if (kind === TREE) this.tree(cell, code);
    else if (kind === BOAR) this.offer(CHOICE_BOAR, owner, cell, occupiedAdjacent(), "has no adjacent token to push");
    else if (kind === CROW) this.offer(CHOICE_CROW, owner, cell, occupiedAdjacent(), "has no adjacent token to bring up");
    else this.fox(cell, owner);
  }

  topNextTo(cell, wanted, mask) {
    return ADJACENT[cell].some((n) => this.board[n].length && (top(this.board[n]) & mask) === wanted);
  }

  /** put a Tree from the owner's reserve on top of this Tree's cell. */
  tree(cell, code) {
    const tree = code & CODE_MASK;
    if (this.reserve[tree]) {
      this.reserve[tree] -= 1;
      this.board[cell].push(tree);
      this.emit(grew(code, cell, false));
    } else this.emit(nothingToDo(code, cell, "has no Tree left in reserve"));
  }

  /** D-5: a mandatory cell choice: none does nothing, one is made, more are asked. */
  offer(choice, owner, cell, targets, idle) {
    if (!targets.length) this.emit(nothingToDo(top(this.board[cell]), cell, idle));
    else if (targets.length === 1) this.doCellChoice(choice, cell, targets[0]);
    else this.agenda.push([choice, owner, cell, targets.map(cellCode)]);
  }

  /** R-22, D-6: choose two occupied cells around the Fox and swap their tops. */
  fox(cell, owner) {
    const board = this.board;
    const occupied = AROUND[cell].filter((n) => board[n].length);
    if (occupied.length < 2) {
      this.emit(nothingToDo(top(board[cell]), cell, "has fewer than two tokens around it"));
      return;
    }
    if (occupied.length === 2) {
      this.swap(cell, occupied[0], occupied[1]);
      return;
    }
    const swaps = [];
    occupied.forEach((a, i) => {
      for (const b of occupied.slice(i + 1)) swaps.push(SWAP_BASE + a * CELL_COUNT + b);
    });
    this.agenda.push([CHOICE_FOX_SWAP, owner, cell, swaps]);
  }

  doCellChoice(choice, cell, target) {
    if (choice === CHOICE_BOAR) this.push(cell, target);
    else this.raise(cell, target);
  }

  /** the target's top token moves one cell further away, wrapping around. */
  push(boarCell, target) {
    const board = this.board;
    const [dest, wrapped] = boarPush(boarCell, target);
    const moved = board[target].pop();
    board[dest].push(moved);
    this.emit(pushed(top(board[boarCell]), boarCell, moved, target, dest, wrapped));
    this.burn();
  }

  /** swap the tops of a and b, burn, then activate the swapped tokens. */
  swap(foxCell, a, b) {
    const board = this.board;
    const heightA = board[a].length;
    const heightB = board[b].length;
    const ta = board[a].pop();
    const tb = board[b].pop();
    board[a].push(tb);
    board[b].push(ta);
    this.emit(swapped(top(board[foxCell]), foxCell, a, ta, b, tb));
    this.burn();
    // Burning only removes Trees from the top: an unchanged height means still on top.
    const aReady = this.readyAfterMove(tb, a, heightA);
    const bReady = this.readyAfterMove(ta, b, heightB);
    if (aReady && bReady) {
      const owner = top(board[foxCell]) & OWNER_BIT ? 1 : 0;
      this.agenda.push([CHOICE_FOX_ORDER, owner, foxCell, [cellCode(a), cellCode(b)]]);
    } else if (aReady) this.activate(a, true);
    else if (bReady) this.activate(b, true);
  }

  readyAfterMove(code, cell, height) {
    if (!ACTIVATABLE.has(code & KIND_MASK)) return false;
    if (this.board[cell].length === height) return true;
    this.emit(notActivated(code, "it burned"));
    return false;
  }

  /** the Fox's owner chose which swapped token activates first. */
  foxOrder(first, second) {
    const tag = this.tagTop(second);
    this.agenda.push([ACT, tag, true, top(this.board[second]) & CODE_MASK]);
    this.activate(first, true);
  }

  /** the bottom token of the target comes to the top and activates. */
  raise(crowCell, target) {
    const board = this.board;
    const stack = board[target];
    const moved = stack[0];
    const height = stack.length;
    this.emit(raised(top(board[crowCell]), crowCell, moved, target, height === 1));
    if (height > 1) {
      board[target] = [...stack.slice(1), moved];
      this.burn();
      if (board[target].length !== height) {
        this.emit(notActivated(moved, "it burned as it came up"));
        return;
      }
    }
    this.activate(target, true);
  }

  // ---------------------------------------------------------------- burning, tags

  /** R-26, D-8: burn Trees next to a visible Fire or directly on one, until none. */
  burn() {
    const fires = this.rules.counts[FIRE];
    if (this.reserve[FIRE] === fires && this.reserve[OWNER_BIT + FIRE] === fires) return;
    const board = this.board;
    for (;;) {
      const hit = burnableCell(board);
      if (hit === null) return;
      const [cell, fireCell] = hit;
      const stack = board[cell];
      const tree = stack.pop();
      this.burned[tree & OWNER_BIT ? 1 : 0] += 1;
      const fire = fireCell === null ? top(stack) : top(board[fireCell]);
      this.emit(burnEvent(tree, cell, fire, fireCell));
    }
  }

  /** Give the top token of ``cell`` an identity that survives moves. */
  tagTop(cell) {
    const stack = this.board[cell];
    const code = top(stack);
    if (code >> TAG_SHIFT) return code >> TAG_SHIFT;
    let tag = 0;
    for (const s of this.board) for (const x of s) tag = Math.max(tag, x >> TAG_SHIFT);
    for (const task of this.agenda) if (task[0] === ACT) tag = Math.max(tag, task[1]);
    tag += 1;
    stack[stack.length - 1] = code | (tag << TAG_SHIFT);
    this.tagged = true;
    return tag;
  }

  findTop(tag) {
    for (let c = 0; c < CELL_COUNT; c += 1) {
      const s = this.board[c];
      if (s.length && top(s) >> TAG_SHIFT === tag) return c;
    }
    return -1;
  }
}
