// Static pages: a to_html page (its state says "static") or an exported notebook, where no
// kernel answers (js/widget.js: kernelState). There, what needs a kernel is disabled with a
// tooltip saying why; walking the tree (move list, arrows, back/forward) and the power
// overlay work in the page itself.

import { setAttr } from "./dom.js";

export const STATIC_NOTE = "This is a static page (no kernel): walk the recorded tree with the moves or the arrow keys; playing needs the notebook.";
const KERNEL_ONLY = [
  ['[data-action="promote"]', "Promote"],
  ['[data-action="delete"]', "Delete"],
  ['[data-action="edit"]', "The position editor"],
  ['[data-action="analyse"]', "Analysis"],
  ['[data-action="stop"]', "Stop"],
  ['[data-action="review"]', "Review"],
  ['[data-role="engine"]', "The engine choice"],
  ["[data-comment]", "Commenting"],
  ["[data-kind]", "Playing"],
  ["[data-decision]", "Playing"],
  ["[data-command]", "Playing"],
  ["[data-glyph]", "Annotating"],
  ['[data-role="analysis-time"]', "Analysis"],
  ['[data-role="analysis-depth"]', "Analysis"],
];

export function createOffline(ctx, root) {
  function update() {
    const off = ctx.local.kernel === "static";
    setAttr(root, "data-static", off ? "true" : null);
    for (const [selector, what] of KERNEL_ONLY) {
      for (const el of root.querySelectorAll(selector)) {
        if (off) {
          if (el.dataset.liveTitle === undefined) el.dataset.liveTitle = el.getAttribute("title") || "";
          el.disabled = true;
          setAttr(el, "title", `${what} needs a running kernel: this is a static page.`);
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
