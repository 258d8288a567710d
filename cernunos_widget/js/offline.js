// Pages no kernel answers: a to_html page (its state says "static"), an exported notebook, a
// notebook opened without its kernel (js/widget.js: kernelState). They play with the rules in
// the page (local.js); what needs a kernel (a search, the review, the game parser) is disabled
// with a tooltip saying why. A walk-only page (to_html(playable=False)) disables playing too:
// walking the tree (move list, arrows, back/forward) and the power overlay still work.
// A kernel that cannot search (its Python lacks the solver's numba, as in JupyterLite: the
// settings name the module, session/solver_gate.py) plays and parses, but what searches is
// disabled the same way, saying so; the hint (hint.js) solves small endgames in the page.

import { setAttr } from "./dom.js";
import { t } from "./i18n.js";

/** What a walk-only page says of a click that would play. */
export function staticNote() {
  return t("offline.walk_only");
}

// What needs the solver, named in the tooltip (offline.what.<name>) ...
const SOLVER = [
  ['[data-action="analyse"]', "analysis"],
  ['[data-action="stop"]', "stop"],
  ['[data-action="review"]', "review"],
  ['[data-role="engine"]', "engine"],
  ['[data-role="analysis-time"]', "analysis"],
  ['[data-role="analysis-depth"]', "analysis"],
  ['[data-role="analysis-threads"]', "threads"],
];
// ... and what needs a kernel.
const SEARCH = [
  ...SOLVER,
  ['[data-edit="load"]', "load_game"],
  ['[data-edit="open-cgn"]', "load_cgn"],
];
const PLAYING = [
  ['[data-action="promote"]', "promote"],
  ['[data-action="delete"]', "delete"],
  ['[data-action="edit"]', "editor"],
  ["[data-comment]", "comment"],
  ["[data-kind]", "playing"],
  ["[data-decision]", "playing"],
  ["[data-command]", "playing"],
  ["[data-glyph]", "annotating"],
];

export function createOffline(ctx, root) {
  const playable = ctx.model.get("playable") !== false;
  const disabled = playable ? SEARCH : [...SEARCH, ...PLAYING];
  const why = t(playable ? "offline.why.plays" : "offline.why.walk_only");

  // The tooltip the reader sees says why: the board's own (data-tip, dom.js attachTips) where
  // the control has one, else the native title (issue #35 item 7).
  // Why the control is disabled (null: it is not).
  function reason(off, missing, selector, what) {
    if (off) return t("offline.needs_kernel", { what: t(`offline.what.${what}`), why });
    if (missing && SOLVER.some(([s]) => s === selector)) return t("offline.no_solver", { what: t(`offline.what.${what}`), module: missing });
    return null;
  }

  function update(store) {
    const off = ctx.local.kernel === "static";
    const missing = off ? null : ((store && store.settings) || {}).solver || null;
    setAttr(root, "data-static", off ? "true" : null);
    setAttr(root, "data-kernel-state", ctx.local.kernel); // "unknown" until a kernel answers or the ping times out
    setAttr(root, "data-playable", off ? String(playable) : null);
    setAttr(root, "data-no-solver", missing);
    for (const [selector, what] of disabled) {
      const words = reason(off, missing, selector, what);
      for (const el of root.querySelectorAll(selector)) {
        const tip = el.dataset.tip !== undefined || el.dataset.liveTip !== undefined ? "data-tip" : "title";
        if (words) {
          if (el.dataset.liveTitle === undefined) el.dataset.liveTitle = el.getAttribute("title") || "";
          if (tip === "data-tip" && el.dataset.liveTip === undefined) el.dataset.liveTip = el.dataset.tip;
          el.disabled = true;
          setAttr(el, tip, words);
        } else if (el.dataset.liveTitle !== undefined) {
          // the reserves redraw their own titles; others get theirs back
          if (el.dataset.kind === undefined) setAttr(el, "title", el.dataset.liveTitle || null);
          if (el.dataset.liveTip !== undefined) setAttr(el, "data-tip", el.dataset.liveTip);
          if (el.dataset.comment !== undefined) el.disabled = false;
          delete el.dataset.liveTitle;
          delete el.dataset.liveTip;
        }
      }
    }
  }

  return { update };
}
