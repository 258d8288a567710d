// The page's store: the `tree` trait, patched in place (see cernunos_widget/widget/protocol.py).

import { forget } from "./derive.js";

export function storeOf(model) {
  const tree = model.get("tree");
  if (tree.packed) {
    tree.nodes = unpackNodes(tree.packed);
    delete tree.packed;
  }
  if (!tree.nodes) Object.assign(tree, { nodes: {}, views: {}, current: 0, gen: 0 });
  return tree;
}

// A whole tree's records as the kernel packs them (cernunos_widget/session/packed.py):
// columns, depth first, each node's children in order, so `children` and `ply` come from
// `parents`; the move records of every node but the root; `extra` the fields not at their
// default. Gives back exactly the records the kernel holds, by id.
export function unpackNodes(packed) {
  const { ids, parents, decisions, moves, extra } = packed;
  const nodes = {};
  ids.forEach((id, i) => {
    const parent = parents[i];
    const node = {
      id, parent, decision: decisions[i], children: [],
      comment: "", mark: "", mark_text: "", glyph: "", ply: 0, move: null,
    };
    if (parent !== -1) {
      const above = nodes[parent];
      above.children.push(id);
      node.ply = above.ply + 1;
      const at = i - 1; // the root has no move record
      node.move = {
        turn: moves.turn[at], number: moves.number[at], player: moves.player[at],
        decider: moves.decider[at], choice: moves.choices[moves.choice[at]],
        effect: moves.effect[at] === 1, label: moves.label[at],
      };
    }
    nodes[id] = Object.assign(node, extra[id] || {});
  });
  return nodes;
}

// Merge a kernel patch into the store, in place. Idempotent: applying it twice is harmless.
export function applyPatch(store, patch) {
  if (patch.reset) {
    for (const key of Object.keys(store)) delete store[key];
    Object.assign(store, { nodes: {}, views: {} });
  } else if (patch.gen !== undefined && store.gen !== undefined && patch.gen !== store.gen) {
    return false; // a patch of a replaced game
  }
  for (const [key, value] of Object.entries(patch)) {
    if (key === "nodes" || key === "views") Object.assign(store[key], value);
    else if (key === "packed") Object.assign(store.nodes, unpackNodes(value));
    else if (key === "settings") store.settings = { ...(store.settings || {}), ...value };
    else if (key === "analyses") mergeAnalyses(store, value);
    else if (key === "removed") {
      for (const id of value) {
        delete store.nodes[id];
        delete store.views[id];
        if (store.analyses) delete store.analyses[id];
      }
      forget(store, value);
    } else if (key === "analysis_delta") applyAnalysisDelta(store, value);
    else if (key !== "reset") store[key] = value;
  }
  return true;
}

// What changed in the analysis the store shows (cernunos_widget/session/delta.py): keys set
// and unset, each line's changed fields (a new line whole), the count of lines. Ignored
// unless it continues the very state the store holds (its `seq` is the delta's `base`): a
// page that missed an update keeps what it shows until the next whole state.
function applyAnalysisDelta(store, delta) {
  const a = store.analysis;
  if (!a || a.node !== delta.node || a.gen !== delta.gen || a.seq !== delta.base) return;
  const next = {};
  for (const [k, v] of Object.entries(a)) if (!delta.unset.includes(k)) next[k] = v;
  Object.assign(next, delta.set);
  const lines = (a.lines || []).slice(0, delta.trim ?? delta.count);
  for (const i of Object.keys(delta.lines).map(Number).sort((x, y) => x - y)) {
    const changed = delta.lines[i];
    if (i < lines.length) lines[i] = { ...lines[i], ...changed };
    else lines.push(changed);
  }
  next.lines = lines;
  store.analysis = next;
}

// The analyses the session remembers, by node id: a patch carries those that changed, null
// for one forgotten (cernunos_widget/session/analyses.py).
function mergeAnalyses(store, changed) {
  const analyses = (store.analyses = store.analyses || {});
  for (const [id, state] of Object.entries(changed)) {
    if (state === null) delete analyses[id];
    else analyses[id] = state;
  }
}

export function nodeOf(store, id) {
  return store.nodes[id];
}

export function rootId(store) {
  for (const n of Object.values(store.nodes)) if (n.parent === -1) return n.id;
  return 0;
}
