// The move record of a node the page adds itself (js/local.js): record/movetext.py's
// TreeMoves.record, by the mirror (js/rules/movetext.js). A line's state for turn numbering
// is read from the records up the node's path, so no position is replayed.

import { LineState, moveRecord, nextEntry } from "./rules/index.js";

/** The turn-numbering state after node ``id`` (movetext.py's LineState), from its path's records. */
export function lineStateOf(store, id) {
  const move = store.nodes[id].move;
  if (!move) return new LineState();
  let green = 0;
  let purple = 0;
  for (let node = store.nodes[id]; node && node.move && !(green && purple); node = store.nodes[node.parent]) {
    const m = node.move;
    if (!m.turn) continue;
    if (m.player === "g" && !green) green = m.number;
    if (m.player === "p" && !purple) purple = m.number;
  }
  return new LineState(move.number, move.choice, green, purple);
}

/** {move, after}: the record of ``step`` (a mirror Position.step) after a line in ``state``. */
export function moveOf(state, step) {
  const { entry, state: after } = nextEntry(state, step.before, step.decision, step.events);
  return { move: moveRecord(entry, after), after };
}
