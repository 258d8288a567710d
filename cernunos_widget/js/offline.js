// Pages no kernel answers: a to_html page (its state says "static"), an exported notebook, a
// notebook opened without its kernel (js/widget.js: kernelState). They play with the rules in
// the page (local.js); what needs a kernel (a search, the review, the game parser) is disabled
// with a tooltip saying why. A walk-only page (to_html(playable=False)) disables playing too:
// walking the tree (move list, arrows, back/forward) and the power overlay still work.

import { setAttr } from "./dom.js";

export const STATIC_NOTE = "This is a walk-only page (no kernel): walk the recorded tree with the moves or the arrow keys; playing needs the notebook.";
const SEARCH = [
  ['[data-action="analyse"]', "Analysis"],
  ['[data-action="stop"]', "Stop"],
  ['[data-action="review"]', "Review"],
  ['[data-role="engine"]', "The engine choice"],
  ['[data-role="analysis-time"]', "Analysis"],
  ['[data-role="analysis-depth"]', "Analysis"],
  ['[data-edit="load"]', "Loading a game text"],
  ['[data-edit="open-cgn"]', "Opening a .cgn file"],
];
const PLAYING = [
  ['[data-action="promote"]', "Promote"],
  ['[data-action="delete"]', "Delete"],
  ['[data-action="edit"]', "The position editor"],
  ["[data-comment]", "Commenting"],
  ["[data-kind]", "Playing"],
  ["[data-decision]", "Playing"],
  ["[data-command]", "Playing"],
  ["[data-glyph]", "Annotating"],
];

export function createOffline(ctx, root) {
  const playable = ctx.model.get("playable") !== false;
  const disabled = playable ? SEARCH : [...SEARCH, ...PLAYING];
  const why = playable ? "this page plays with the rules in the page" : "this is a walk-only page";

  function update() {
    const off = ctx.local.kernel === "static";
    setAttr(root, "data-static", off ? "true" : null);
    setAttr(root, "data-playable", off ? String(playable) : null);
    for (const [selector, what] of disabled) {
      for (const el of root.querySelectorAll(selector)) {
        if (off) {
          if (el.dataset.liveTitle === undefined) el.dataset.liveTitle = el.getAttribute("title") || "";
          el.disabled = true;
          setAttr(el, "title", `${what} needs a running kernel: ${why}.`);
        } else if (el.dataset.liveTitle !== undefined) {
          // the reserves redraw their own titles; others get theirs back
          if (el.dataset.kind === undefined) setAttr(el, "title", el.dataset.liveTitle || null);
          if (el.dataset.comment !== undefined) el.disabled = false;
          delete el.dataset.liveTitle;
        }
      }
    }
  }

  return { update };
}
