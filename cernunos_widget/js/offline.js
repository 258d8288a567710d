// Pages no kernel answers: a to_html page (its state says "static"), an exported notebook, a
// notebook opened without its kernel (js/widget.js: kernelState). They play with the rules in
// the page (local.js); what needs a kernel (a search, the review, the game parser) is disabled
// with a tooltip saying why. A walk-only page (to_html(playable=False)) disables playing too:
// walking the tree (move list, arrows, back/forward) and the power overlay still work.

import { setAttr } from "./dom.js";
import { t } from "./i18n.js";

/** What a walk-only page says of a click that would play. */
export function staticNote() {
  return t("offline.walk_only");
}

// What needs a kernel, named in the tooltip (offline.what.<name>).
const SEARCH = [
  ['[data-action="analyse"]', "analysis"],
  ['[data-action="stop"]', "stop"],
  ['[data-action="review"]', "review"],
  ['[data-role="engine"]', "engine"],
  ['[data-role="analysis-time"]', "analysis"],
  ['[data-role="analysis-depth"]', "analysis"],
  ['[data-role="analysis-threads"]', "threads"],
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
  function update() {
    const off = ctx.local.kernel === "static";
    setAttr(root, "data-static", off ? "true" : null);
    setAttr(root, "data-playable", off ? String(playable) : null);
    for (const [selector, what] of disabled) {
      for (const el of root.querySelectorAll(selector)) {
        const tip = el.dataset.tip !== undefined || el.dataset.liveTip !== undefined ? "data-tip" : "title";
        if (off) {
          if (el.dataset.liveTitle === undefined) el.dataset.liveTitle = el.getAttribute("title") || "";
          if (tip === "data-tip" && el.dataset.liveTip === undefined) el.dataset.liveTip = el.dataset.tip;
          el.disabled = true;
          setAttr(el, tip, t("offline.needs_kernel", { what: t(`offline.what.${what}`), why }));
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
