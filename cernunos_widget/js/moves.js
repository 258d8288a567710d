// The move record of a node the page adds itself (js/local.js): record/movetext.py's
// TreeMoves.record, by the mirror (js/rules/movetext.js). A line's state for turn numbering
// is read from the records up the node's path, so no position is replayed.

import { KIND_LETTERS, KIND_TITLES, LineState, moveRecord, nextEntry } from "./rules/index.js";
import { language, t } from "./i18n.js";

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

// A move's label as the record writes it (record/movetext.py, English: "Boar b2", "push
// b1→c1", "Fox a2 first" ...) in the board's language; one the patterns miss stays as it is.
const LABELS = [
  [/^(\w+) ([a-d][1-3]) first$/, (m) => t("moves.first", { kind: kindWord(m[1]), cell: m[2] })],
  [/^(\w+) ([a-d][1-3])$/, (m) => t("moves.place", { kind: kindWord(m[1]), cell: m[2] })],
  [/^pass$/, () => t("moves.pass")],
  [/^grow (.+)$/, (m) => t("moves.grow", { cells: m[1] })],
  [/^swap (\S+)$/, (m) => t("moves.swap", { cells: m[1] })],
  [/^push (\S+)$/, (m) => t("moves.push", { cells: m[1] })],
  [/^raise ([a-d][1-3])$/, (m) => t("moves.raise", { cell: m[1] })],
];

function kindWord(title) {
  const i = KIND_TITLES.indexOf(title);
  return i < 0 ? title : t(`kind.${KIND_LETTERS[i]}`);
}

/** ``label`` (a move record's, English) in the board's language. */
export function moveLabel(label) {
  if (language() === "en") return label;
  for (const [pattern, translate] of LABELS) {
    const match = pattern.exec(label);
    if (match && (pattern !== LABELS[1][0] || KIND_TITLES.includes(match[1]))) return translate(match);
  }
  return label;
}
