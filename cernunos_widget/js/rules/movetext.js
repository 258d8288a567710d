// record/movetext.py: the move list's text of a decision, so a page without a kernel builds
// the record of a node it plays (the node record's "move") exactly as the session would.
//
//   let state = new LineState();                      // a line before its first decision
//   const step = before.step("B@b2");                 // a mirror Position's step
//   ({ entry, state } = nextEntry(state, before, step.decision, step.events));
//   moveRecord(entry, state);  // {turn: "1.", number: 1, player: "g", decider: "g", ...}
//   moveText([entry, ...]);    // "1. Boar b2 · ..."
//
// Turn numbers: a turn is one player's growth and two placements; Green's
// turn n is "n.", Purple's "n…"; the label heads the turn's first decision (the growth, else
// the first placement); the final placement is a turn of its own. A line's first
// decision is turn 1 whatever the starting position (a CPN carries no turn counter). An
// effect choice (R-20..R-23) belongs to the placement that set it off; its decider
// may be the other player. Entries are MoveEntry's fields in camelCase (nodeId).

import { CELL_BASE, GROW_BASE, PASS, SWAP_BASE, codeToText, maskCells } from "./decisions.js";
import { TWO } from "./effects.js";
import { MoveTextError } from "./errors.js";
import { CELL_COUNT, CELL_NAMES, cellIndex } from "./geometry.js";
import { KIND_LETTERS, KIND_MASK, KIND_TITLES, PLAYER_LETTERS, PLAYER_TITLES } from "./tokens.js";

/** Choices made inside an effect, attached to their placement. */
export const EFFECT_CHOICES = Object.freeze(["boar-target", "fox-swap", "fox-order", "crow-cell"]);

/** Where a line stands for turn numbering: what nextEntry needs to number the next
 * decision. ``new LineState()`` is a line before its first decision. */
export class LineState {
  constructor(turn = 0, lastChoice = null, greenTurn = 0, purpleTurn = 0) {
    this.turn = turn; // the number of the turn in progress (0 before the first decision)
    this.lastChoice = lastChoice; // the choice of the line's last decision
    this.greenTurn = greenTurn; // the last turn numbered for Green
    this.purpleTurn = purpleTurn; // ... and for Purple
    Object.freeze(this);
  }
}

/** "3." for Green's third turn, "3…" for Purple's. */
function turnLabel(side, turn) {
  return side === 0 ? `${turn}.` : `${turn}…`;
}

/** The label of a legal decision ``code`` made in ``position`` (events: what it caused, or null). */
function label(position, code, events) {
  if (code < PASS) return `${KIND_TITLES[Math.floor(code / CELL_COUNT)]} ${CELL_NAMES[code % CELL_COUNT]}`;
  if (code === PASS) return "pass";
  if (code >= GROW_BASE) return "grow " + maskCells(code - GROW_BASE).map((c) => CELL_NAMES[c]).join(", ");
  if (code >= SWAP_BASE) {
    const a = Math.floor((code - SWAP_BASE) / CELL_COUNT);
    return `swap ${CELL_NAMES[a]}↔${CELL_NAMES[(code - SWAP_BASE) % CELL_COUNT]}`;
  }
  const cell = CELL_NAMES[code - CELL_BASE];
  const choice = position.choice;
  if (choice === "boar-target") {
    // the target always moves, so a push event exists
    let pushes = (events ?? []).filter((e) => e.type === "push");
    if (!pushes.length) pushes = position.playWithEvents(code)[1].filter((e) => e.type === "push");
    return `push ${cell}→${pushes[0].info.to}`;
  }
  if (choice === "fox-order") {
    // the token now on that cell activates first
    const stack = position.board[cellIndex(cell)];
    return `${KIND_TITLES[stack[stack.length - 1] & KIND_MASK]} ${cell} first`;
  }
  return `raise ${cell}`; // the Crow's cell
}

/** A short readable label of ``decision`` (text or code) made in ``position`` (the position
 * before it); ``events`` as from ``position.step`` (computed when not given).
 * DecisionSyntaxError or IllegalDecisionError for a bad decision. */
export function decisionLabel(position, decision, events = null) {
  return label(position, position.codeOf(decision), events);
}

/** The entry of ``decision`` made in ``before`` after a line in ``state``, and the state
 * after it: {entry, state}. ``events`` as returned by ``before.step(decision).events``
 * (computed when null); ``index`` and ``nodeId`` are copied into the entry. */
export function nextEntry(state, before, decision, events = null, { index = 0, nodeId = null } = {}) {
  if (before.choice === null) throw new MoveTextError(`node ${index} of the line starts from a finished game`);
  const code = before.codeOf(decision);
  const choice = before.choice;
  if (events === null || events === undefined) events = before.playWithEvents(code)[1];
  const first = state.lastChoice === null;
  const afterGrowth = state.lastChoice === "growth";
  const begins =
    first ||
    choice === "growth" ||
    choice === "final-placement" ||
    (choice === "placement" && before.phaseIndex === TWO && !afterGrowth);
  let { turn, greenTurn, purpleTurn } = state;
  const side = before.side;
  if (begins) {
    const numbered = side === 0 ? greenTurn : purpleTurn;
    if (first) turn = 1;
    else if (side === 0 || numbered === turn) turn += 1; // Purple's turn n follows Green's turn n
    if (side === 0) greenTurn = turn;
    else purpleTurn = turn;
  }
  const entry = Object.freeze({
    index,
    nodeId,
    turn: begins ? turnLabel(side, turn) : "",
    player: PLAYER_LETTERS[side],
    decider: PLAYER_LETTERS[before.decider],
    choice,
    effect: EFFECT_CHOICES.includes(choice),
    kind: code < PASS ? KIND_LETTERS[Math.floor(code / CELL_COUNT)] : "",
    decision: codeToText(code),
    label: label(before, code, events),
    narration: events.map((e) => e.text()).join(" "),
  });
  return { entry, state: new LineState(turn, choice, greenTurn, purpleTurn) };
}

/** The record a node carries under "move" (record/movetext.py's move_record). */
export function moveRecord(entry, state) {
  return {
    turn: entry.turn,
    number: state.turn,
    player: entry.player,
    decider: entry.decider,
    choice: entry.choice,
    effect: entry.effect,
    label: entry.label,
  };
}

/** The line as one string: placements joined by " · ", each with its effect choices in
 * parentheses (prefixed by the decider's name when the other player made them, R-27),
 * turn labels in front: "1. Crow b1 (Purple: push b1→c1) · Deer a2 1… pass". */
export function moveText(entries) {
  const groups = []; // [turn, head, choice, choice ...]
  for (const e of entries) {
    if (!e.effect) {
      groups.push([e.turn, e.label]);
      continue;
    }
    const who = e.decider === e.player ? "" : `${PLAYER_TITLES[PLAYER_LETTERS.indexOf(e.decider)]}: `;
    if (!groups.length) groups.push([e.turn, "…"]); // a line starting inside an effect
    groups[groups.length - 1].push(who + e.label);
  }
  const parts = [];
  for (const [turn, head, ...choices] of groups) {
    const text = head + (choices.length ? ` (${choices.join(", ")})` : "");
    parts.push(turn ? `${turn} ${text}` : parts.length ? `· ${text}` : text);
  }
  return parts.join(" ");
}
