// The comment box: never touched while it has focus; sends its text for the node it was
// typed on when it loses focus.

import { t } from "./i18n.js";
import { h, scopeOf } from "./dom.js";
import { storeOf, nodeOf } from "./store.js";

export function createComment(ctx) {
  const { model, request } = ctx;
  const el = h("textarea", {
    class: "cw-comment-box", "data-role": "comment", "data-comment": "", rows: "2",
    placeholder: t("comment.placeholder"), "aria-label": t("comment.placeholder"),
  });
  let typedOn = null; // the node the text being typed belongs to

  el.addEventListener("input", () => {
    if (typedOn === null) typedOn = storeOf(model).current;
  });
  el.addEventListener("change", () => {
    const store = storeOf(model);
    const id = typedOn === null ? store.current : typedOn;
    typedOn = null;
    const node = nodeOf(store, id);
    if (node && el.value !== node.comment) request({ type: "comment", node: id, text: el.value });
  });

  function update(store) {
    if (scopeOf(el).activeElement === el) return; // never disturb typing
    const node = nodeOf(store, store.current);
    if (el._node !== node.id || el._text !== node.comment) {
      el.value = node.comment;
      el._node = node.id;
      el._text = node.comment;
    }
  }

  return { el, update };
}
