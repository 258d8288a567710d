// The page's own session, for a page no kernel answers (a to_html page, an exported notebook,
// a notebook opened without its kernel): it answers the requests the kernel answers
// (cernunos_widget/widget/protocol.py) with the same kind of reply, {reply, ok, message,
// patch, value}, deciding with the rules mirror (js/rules/, checked decision for decision
// against the engine) as session/core.py does: play (all or nothing, branching), goto,
// promote, delete, comment, annotate, the overlay, the language, an analysis line, a new position (the
// editor), its check, and the game's text and .cgn file. What needs a search or the game
// parser (analysis, review, opening a game text or file) is refused, saying why.
// With a kernel this module is never used: the kernel decides every decision.

import {
  CernunosError, GLYPHS, IllegalDecisionError, Position, buildView, cgnText, checkComment,
  exportGame, pyLen, pyRepr, pySplit, pyStrip, refusal, textToCode,
} from "./rules/index.js";
import { lineStateOf, moveOf } from "./moves.js";
import { forget, languageOf, positionOf, rulesText, stepOf } from "./derive.js";
import { rootId } from "./store.js";
import { LANGUAGES, phrase, t } from "./i18n.js";

export class SessionError extends CernunosError {}

const LIMITS = { decision: 2000, text: 100000, cpn: 1000, language: 5 }; // protocol.py's MAX_* for what the page types
// What needs a kernel (its name: offline.what.<name>), refused with the reason.
const NEEDS_KERNEL = {
  analyse: "analysis", stop: "stopping", review: "game_review", engine: "engine", threads: "threads", load_game: "open_game", load_cgn: "load_cgn",
};

/** A session over the page's store (the `tree` state), answering one request at a time.
 * ``requests``: a feature's own requests (features.js), type -> (store, request, ops) ->
 * patch, where ops are the session's: ``play(node, text)``, ``setup(cpn)``, ``position(node)``. */
export function createLocalSession(requests = {}) {
  let highest = -1; // the largest node id given or seen: ids are never given twice

  function newId(store) {
    for (const key of Object.keys(store.nodes)) highest = Math.max(highest, Number(key));
    highest += 1;
    return highest;
  }

  function resolve(store, id) {
    const node = store.nodes[id];
    if (!node) {
      const top = Math.max(highest, ...Object.keys(store.nodes).map(Number));
      throw refusal(SessionError, "refusal.no_node", { node: id, last: top });
    }
    return node;
  }

  function positionAt(store, node) {
    const position = positionOf(store, node.id);
    if (!position) {
      throw refusal(SessionError, "offline.mid_effect_play");
    }
    return position;
  }

  // session/core.py's _follow: the last node already in the tree, then the new steps
  function follow(store, start, items) {
    let here = start;
    const steps = [];
    for (const item of items) {
      if (!steps.length) {
        const child = childFor(store, here, item);
        if (child) {
          here = child;
          continue;
        }
      }
      const before = steps.length ? steps[steps.length - 1].position : positionAt(store, here);
      try {
        steps.push(before.step(item));
      } catch (error) {
        throw error instanceof IllegalDecisionError ? explained(before, item, error) : error;
      }
    }
    return { here, steps };
  }

  function childFor(store, node, item) {
    if (!node.children.length) return null;
    const code = textToCode(item);
    for (const id of node.children) if (textToCode(store.nodes[id].decision) === code) return store.nodes[id];
    return null;
  }

  // A placement refused with the engine's reason (R-9..R-12), then the legal options (the
  // kind's own placements, or every legal decision if it has none), as core.py's _explained.
  function explained(position, item, error) {
    const [kind, cell] = item.split("@");
    if (cell !== undefined && item.indexOf("@") === kind.length && ["placement", "final-placement"].includes(position.choice)) {
      let why = null;
      try {
        why = position.placementRefusalMessage(kind, cell);
      } catch {
        why = null;
      }
      if (why) {
        const letter = kind.toUpperCase();
        const same = error.legal.filter((d) => d.startsWith(`${letter}@`));
        const name = phrase(`kind.the.${letter}`);
        const legal = same.length
          ? phrase("refusal.legal_kind", { kind: name, decisions: same.join(" ") })
          : phrase("refusal.legal", { decisions: error.legal.join(" ") });
        const words = phrase("refusal.cannot_go", { kind: name, cell, why, legal });
        return new IllegalDecisionError(t(words.key, words.params, "en"), item, error.legal).said(words);
      }
    }
    return error;
  }

  function record(node, changes = {}) {
    return { ...node, children: [...node.children], ...changes };
  }

  // Nothing changes in the store here: the reply's patch does it, as a kernel's would.
  function play(store, startId, text) {
    const items = pySplit(text);
    if (!items.length) throw refusal(SessionError, "refusal.nothing_to_play");
    const { here: last, steps } = follow(store, resolve(store, startId), items);
    const patch = { gen: store.gen, current: last.id };
    if (!steps.length) return patch;
    patch.nodes = {};
    patch.views = {};
    let here = record(last);
    let state = lineStateOf(store, last.id);
    for (const step of steps) {
      const id = newId(store);
      const { move, after } = moveOf(state, step);
      const child = {
        id, parent: here.id, decision: step.decision, children: [], comment: "", mark: "", mark_text: "",
        glyph: "", ply: here.ply + 1, move,
      };
      here.children.push(id);
      patch.nodes[here.id] = here;
      patch.nodes[id] = child;
      patch.views[id] = buildView(step.position, step.events, languageOf(store));
      here = child;
      state = after;
    }
    patch.current = here.id;
    return patch;
  }

  function variationStart(store, node) {
    let here = node;
    while (here.parent !== -1 && store.nodes[here.parent].children[0] === here.id) here = store.nodes[here.parent];
    return here;
  }

  const handlers = {
    goto: (store, r) => ({ gen: store.gen, current: resolve(store, r.node).id }),
    play: (store, r) => play(store, r.node, checked("decision", r.decision)),
    // the latest analysis's line, or with a node the line of the analysis it remembers
    line(store, r) {
      let analysis = store.analysis || {};
      let which = { key: "refusal.no_line", params: {} };
      if (r.node !== undefined && r.node !== null) {
        const node = resolve(store, r.node);
        analysis = (store.analyses || {})[node.id] || {};
        which = { key: "refusal.no_stored_line", params: { node: node.id } };
      }
      const lines = analysis.lines || [];
      if (!(r.index >= 0 && r.index < lines.length)) {
        throw refusal(SessionError, which.key, { ...which.params, index: r.index, count: lines.length });
      }
      return play(store, analysis.node, lines[r.index].pv.join(" "));
    },
    promote(store, r) {
      const start = variationStart(store, resolve(store, r.node));
      if (start.parent === -1) return { gen: store.gen };
      const parent = store.nodes[start.parent];
      const children = [start.id, ...parent.children.filter((id) => id !== start.id)];
      return { gen: store.gen, nodes: { [parent.id]: record(parent, { children }) } };
    },
    delete(store, r) {
      const target = resolve(store, r.node);
      if (target.parent === -1) throw refusal(SessionError, "refusal.root_delete");
      const doomed = [];
      const todo = [target.id];
      while (todo.length) {
        const id = todo.pop();
        doomed.push(id);
        todo.push(...store.nodes[id].children);
      }
      const parent = store.nodes[target.parent];
      const children = parent.children.filter((id) => id !== target.id);
      forget(store, doomed);
      const patch = { gen: store.gen, removed: doomed, nodes: { [parent.id]: record(parent, { children }) } };
      if (doomed.includes(store.current)) patch.current = parent.id;
      return patch;
    },
    comment(store, r) {
      const node = resolve(store, r.node);
      const text = checkComment(checked("text", r.text));
      return { gen: store.gen, nodes: { [node.id]: record(node, { comment: text }) } };
    },
    annotate(store, r) {
      if (typeof r.glyph !== "string" || !["", ...GLYPHS].includes(r.glyph)) {
        const accepted = GLYPHS.map((g) => pyRepr(g)).join(", ");
        throw refusal(SessionError, "refusal.glyph", { glyph: pyRepr(String(r.glyph).slice(0, 20)), accepted, empty: "''" });
      }
      const node = resolve(store, r.node);
      return { gen: store.gen, nodes: { [node.id]: record(node, { glyph: r.glyph }) } };
    },
    overlay: (store, r) => ({ gen: store.gen, settings: { ...(store.settings || {}), overlay: Boolean(r.on) } }),
    // the board's language (the widget's `language` trait): the whole state again, as the
    // kernel sends it, its views derived anew in the language (a game set up in the middle of
    // an effect keeps the views it was sent, and their words)
    language(store, r) {
      const language = checked("language", r.language);
      if (!LANGUAGES.includes(language)) {
        throw refusal(SessionError, "i18n.unknown_language", { asked: pyRepr(language), languages: LANGUAGES.map(pyRepr).join(", ") });
      }
      forget(store, Object.keys(store.nodes).map(Number));
      const views = store.start ? {} : store.views;
      return { ...store, reset: true, views, settings: { ...(store.settings || {}), language } };
    },
    setup(store, r) {
      const position = Position.fromCpn(checked("cpn", r.cpn), rulesText(store));
      const root = { id: 0, parent: -1, decision: "", children: [], comment: "", mark: "", mark_text: "", glyph: "", ply: 0, move: null };
      highest = 0;
      return {
        reset: true, gen: (store.gen || 0) + 1, nodes: { 0: root }, views: { 0: buildView(position, [], languageOf(store)) }, current: 0,
        analysis: {}, review: {}, settings: store.settings || {}, start: position.cpn(), headers: {},
      };
    },
    check_position: (store, r) => ({ value: Position.fromCpn(checked("cpn", r.cpn), rulesText(store)).cpn() }),
    export_game: (store) => ({ value: exportGame(gameOf(store)) }),
    export_cgn: (store) => ({ value: cgnText(gameOf(store)) }),
  };

  // a feature's request handler given the session's ops, or undefined
  function featureHandler(type) {
    if (!Object.hasOwn(requests, type)) return undefined;
    return (store, r) => requests[type](store, r, {
      play: (node, text) => play(store, node, text),
      setup: (cpn) => handlers.setup(store, { cpn }),
      position: (node) => positionAt(store, resolve(store, node)),
    });
  }

  /** The reply to ``request`` (null for a ping: no kernel answers it). */
  function answer(store, request) {
    if (request.type === "ping") return null;
    const reply = { reply: request.id, ok: true, message: "" };
    try {
      if (NEEDS_KERNEL[request.type]) {
        const words = phrase("offline.refused", { what: phrase(`offline.what.${NEEDS_KERNEL[request.type]}`) });
        throw new SessionError(t(words.key, words.params, "en")).said(words);
      }
      const handler = Object.hasOwn(handlers, request.type) ? handlers[request.type] : featureHandler(request.type);
      if (!handler) throw refusal(SessionError, "protocol.unknown_offline", { value: pyRepr(String(request.type)) });
      if ((request.gen || 0) !== (store.gen || 0)) throw refusal(SessionError, "refusal.replaced");
      const out = handler(store, request);
      if (out.value !== undefined) reply.value = out.value;
      else if (Object.keys(out).length > 1 || out.reset) reply.patch = out;
    } catch (error) {
      if (!(error instanceof CernunosError)) throw error;
      reply.ok = false;
      reply.message = error.text(languageOf(store));
    }
    return reply;
  }

  /** A reset patch putting `tree` ({nodes, views, start, headers}: a chapter's, a study page's
   * data) on the board, standing at its main line's end, as the kernel's replace_game; `next`
   * is the id its next new node gets (the kernel's game.next_id). */
  function load(store, tree, next) {
    const nodes = structuredClone(tree.nodes);
    let end = Object.values(nodes).find((n) => n.parent === -1);
    while (end.children.length) end = nodes[end.children[0]];
    highest = next - 1;
    return {
      reset: true, gen: (store.gen || 0) + 1, nodes, views: structuredClone(tree.views || {}), current: end.id,
      analysis: {}, analyses: {}, review: {}, settings: store.settings || {}, start: tree.start, headers: { ...(tree.headers || {}) },
    };
  }

  /** The id the next new node of the store's game gets. */
  function nextId(store) {
    return Math.max(highest, ...Object.keys(store.nodes).map(Number)) + 1;
  }

  return { answer, load, nextId, positionOf: (store, id) => positionOf(store, id), stepOf: (store, id) => stepOf(store, id) };
}

// protocol.py's checks of what the page typed: text, at most so long, not blank (but a comment)
function checked(name, value) {
  if (typeof value !== "string") throw refusal(SessionError, "protocol.text", { name, value: pyRepr(String(value)) });
  const limit = LIMITS[name];
  if (pyLen(value) > limit) throw refusal(SessionError, "protocol.too_long", { name, length: pyLen(value), limit });
  if (name !== "text" && !pyStrip(value)) throw refusal(SessionError, "protocol.empty", { name });
  return value;
}

// The game as js/rules/gametext.js takes it: the tree, its headers, its root's and main line's
// end's positions.
function gameOf(store) {
  const root = rootId(store);
  let end = store.nodes[root];
  while (end.children.length) end = store.nodes[end.children[0]];
  const [start, last] = [positionOf(store, root), positionOf(store, end.id)];
  if (!start || !last) throw refusal(SessionError, "offline.mid_effect_text");
  return { tree: store, headers: store.headers || {}, root: start, end: last };
}
