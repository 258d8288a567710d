// The move list, lichess-like: the main line in numbered rows (n. = Green's nth turn, then
// Purple's nth turn, R-13), each placement in its player's colour with its effect choices
// attached, variations as indented blocks. Every label is computed by the kernel
// (cernunos_widget/record/movetext.py, the node record's `move`); nothing here knows the rules.
// One element per node ([data-node], root included), kept across updates; the list scrolls
// itself (never the page) only when the current move is out of view.

import { esc, h, setHtml, setAttr } from "./dom.js";
import { storeOf, nodeOf, rootId } from "./store.js";
import { viewOf } from "./derive.js";
import { GLYPHS } from "./rules/index.js";
import { t, valueText } from "./i18n.js";
import { moveLabel } from "./moves.js";

const GLYPH_CLASS = { "!": "cw-good", "?!": "cw-dubious", "?": "cw-bad", "??": "cw-bad" };

const reviewed = (store) => (store.review || {}).status === "done";

export function createMoveList(ctx) {
  const el = h("div", { class: "cw-tree", "data-role": "tree", "data-movelist": "" });
  const entries = new Map();
  let scrolledTo = null;

  function entry(store, id) {
    const n = nodeOf(store, id);
    const m = n.move;
    let e = entries.get(id);
    if (!e) {
      e = h("span", { "data-node": String(id) });
      entries.set(id, e);
    }
    const glyph = n.glyph || n.mark;
    const label = m ? moveLabel(m.label) : t("moves.start");
    setHtml(e, esc(label) + (glyph ? `<span class="cw-glyph ${GLYPH_CLASS[glyph] || ""}">${esc(glyph)}</span>` : ""));
    let cls = "cw-move";
    if (!m) cls += " cw-start";
    else cls += m.effect ? ` cw-effect cw-${m.decider}` : ` cw-${m.player}`;
    if (id === store.current) cls += " cw-current";
    if (e.className !== cls) e.className = cls;
    const why = !n.glyph && n.mark ? n.mark_text : "";
    if (!m) setAttr(e, "title", [t("moves.start.tip"), why].filter(Boolean).join("\n"));
    else if (e.dataset.why !== why) {
      e.dataset.why = why;
      e.removeAttribute("title"); // written when hovered (narrate): a view is made only when needed
    }
    setAttr(e, "aria-current", id === store.current ? "true" : null);
    return e;
  }

  function number(text, n) {
    return h("span", { class: "cw-num", "data-turn": String(n) }, `${esc(text)} `);
  }

  // After a finished review, each main-line decision's value (Green's view, the graph's),
  // after its effect choices, as lichess shows them; none while the review refines them.
  function evalOf(store, n) {
    if (!reviewed(store) || !n.eval) return null;
    return h("span", { class: "cw-move-eval", "data-eval": String(n.id), title: t("moves.eval.tip") }, ` ${esc(valueText(n.eval.text))}`);
  }

  function commentOf(n) {
    return n.comment ? h("span", { class: "cw-comment" }, esc(n.comment)) : null;
  }

  // the alternatives to `n` (its later siblings), each an indented block
  function variations(store, n, depth) {
    const parent = nodeOf(store, n.parent);
    if (!parent || parent.children[0] !== n.id || parent.children.length < 2) return null;
    const box = h("div", { class: "cw-vars" });
    for (const vid of parent.children.slice(1)) {
      const v = h("div", { class: `cw-variation${depth < 4 ? " cw-indent" : ""}` });
      inlineLine(v, store, vid, depth + 1);
      box.append(v);
    }
    return box;
  }

  // a variation: inline text, numbers where a turn begins (and where the line resumes)
  function inlineLine(box, store, startId, depth) {
    let n = nodeOf(store, startId);
    let resume = true;
    while (n) {
      const m = n.move;
      if (m.turn) box.append(number(m.turn, m.number));
      else if (resume) box.append(number(`${m.number}${m.player === "g" ? "." : "…"} …`, m.number));
      resume = false;
      box.append(entry(store, n.id), " ");
      const note = commentOf(n);
      if (note) box.append(note, " ");
      const vars = variations(store, n, depth);
      if (vars) {
        box.append(vars);
        resume = true;
      }
      n = n.children.length ? nodeOf(store, n.children[0]) : null;
    }
  }

  // the main line: rows of [number, Green's turn, Purple's turn]; a row closes before the
  // variations of one of its decisions, and the line resumes in a new row
  function mainLine(grid, store, startId) {
    let row = null;
    function newRow(m) {
      const g = h("div", { class: "cw-turn cw-turn-g" });
      const p = h("div", { class: "cw-turn cw-turn-p" });
      grid.append(number(`${m.number}.`, m.number), g, p);
      if (m.player === "p") g.append(h("span", { class: "cw-gap" }, "…"));
      row = { number: m.number, g, p, open: true, ply: null };
      if (!m.turn && !m.effect) row[m.player].append(h("span", { class: "cw-gap" }, "…"));
    }
    let n = nodeOf(store, startId);
    while (n) {
      const m = n.move;
      const fresh = !row || !row.open || row.number !== m.number;
      if (fresh || (m.turn && (m.player === "g" || row.p.childElementCount))) newRow(m);
      if (m.effect && row.ply) row.ply.append(" ", entry(store, n.id));
      else {
        row.ply = h("span", { class: "cw-ply" });
        row.ply.append(entry(store, n.id));
        row[m.player].append(" ", row.ply);
      }
      const next = n.children.length ? nodeOf(store, n.children[0]) : null;
      const value = next && next.move.effect ? null : evalOf(store, n);
      if (value) row.ply.append(value);
      const note = commentOf(n);
      if (note) row.ply.append(" ", note);
      const vars = variations(store, n, 0);
      if (vars) {
        grid.append(vars);
        row.open = false;
      }
      n = next;
    }
  }

  // scroll the list (never the page) when the current move is out of its view; a list not
  // laid out yet (first render, before the host attaches it) is measured again next frame
  function keepInView(id, tries = 0) {
    const e = entries.get(id);
    if (!e || scrolledTo !== id) return;
    if (!el.isConnected || !el.clientHeight) {
      if (tries < 30) requestAnimationFrame(() => keepInView(id, tries + 1));
      return;
    }
    const box = el.getBoundingClientRect();
    const r = e.getBoundingClientRect();
    if (r.top < box.top || r.bottom > box.bottom) el.scrollTop += r.top - box.top - (box.height - r.height) / 2;
    if (tries === 0) requestAnimationFrame(() => keepInView(id, 1)); // after late layout
  }

  function update(store) {
    const rid = rootId(store);
    const shape = JSON.stringify([
      store.gen,
      Object.values(store.nodes).map((n) => [n.id, n.children, n.comment, !!n.move]),
      reviewed(store) && Object.values(store.nodes).map((n) => (n.eval ? n.eval.text : "")),
    ]);
    for (const [id, e] of entries) {
      if (!store.nodes[id]) {
        entries.delete(id);
        e.remove();
      }
    }
    if (el._shape !== shape) {
      el._shape = shape;
      const fresh = document.createDocumentFragment();
      fresh.append(entry(store, rid));
      const grid = h("div", { class: "cw-moves" });
      const first = nodeOf(store, rid).children[0];
      if (first !== undefined) mainLine(grid, store, first);
      fresh.append(grid);
      const keepScroll = el.scrollTop;
      el.replaceChildren(fresh);
      el.scrollTop = keepScroll;
      scrolledTo = null;
    } else {
      for (const id of entries.keys()) entry(store, id);
    }
    if (scrolledTo !== store.current) {
      scrolledTo = store.current;
      keepInView(store.current);
    }
  }

  // A move's title: what its decision did and, for a review's mark, why. Written on the first
  // hover, since a node's view (its events) may have to be derived (derive.js).
  function narrate(event) {
    const e = event.target.closest && event.target.closest("[data-node]");
    if (!e || e.hasAttribute("title") || !el.contains(e)) return;
    const view = viewOf(storeOf(ctx.model), Number(e.dataset.node));
    const narration = view ? view.events.map((ev) => ev.text).join(" ") : "";
    setAttr(e, "title", [narration, e.dataset.why].filter(Boolean).join("\n"));
  }
  el.addEventListener("pointerover", narrate);
  el.addEventListener("focusin", narrate);

  return { el, update };
}

// Annotation glyphs for the current move: one button each; pressing the set one clears it.
export function createGlyphs(ctx) {
  const { model, request } = ctx;
  const el = h("div", { class: "cw-glyphs", role: "group", "aria-label": t("moves.annotate.label") });
  el.append(h("span", { class: "cw-glyphs-label" }, esc(t("moves.annotate"))));
  const buttons = GLYPHS.map((g) => {
    const b = h("button", { type: "button", class: `cw-glyph-button ${GLYPH_CLASS[g]}`, "data-glyph": g, "aria-pressed": "false" }, esc(g));
    b.addEventListener("click", () => {
      const store = storeOf(model);
      const node = nodeOf(store, store.current);
      if (node) request({ type: "annotate", node: node.id, glyph: node.glyph === g ? "" : g });
    });
    return b;
  });
  el.append(...buttons);

  function update(store) {
    const node = nodeOf(store, store.current);
    for (const b of buttons) {
      setAttr(b, "aria-pressed", node.glyph === b.dataset.glyph ? "true" : "false");
      b.disabled = node.parent === -1;
    }
  }

  return { el, update };
}
