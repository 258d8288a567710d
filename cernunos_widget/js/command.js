// The command box: type what w.play accepts (one or more decision texts from the current
// node, e.g. "B@b2 b3", "a1~c3", "grow:a1,c2", "pass"), Enter sends them as ONE play request
// (all or nothing, branching as clicks do). A refusal keeps the text and shows the engine's
// message (it lists the legal options); a success clears it. The root's key handler ignores
// keys typed here (it skips INPUT elements), so n/N and the arrows only edit the text.

import { t } from "./i18n.js";
import { h } from "./dom.js";
import { storeOf } from "./store.js";

export function createCommand(ctx) {
  const { model, request } = ctx;
  const el = h("form", { class: "cw-command", autocomplete: "off" });
  const input = h("input", {
    type: "text", class: "cw-command-input", "data-command": "", spellcheck: "false",
    placeholder: t("command.placeholder"), "aria-label": t("command.label"),
  });
  const error = h("div", { class: "cw-command-error", role: "alert" });
  el.append(input, error);

  let shownAt = null; // the node the error is about: another node clears it (a stale notice)

  function show(text) {
    shownAt = storeOf(model).current;
    if (error.textContent !== text) error.textContent = text;
  }

  function submit() {
    const text = input.value.trim();
    if (!text) return;
    const store = storeOf(model);
    request(
      { type: "play", node: store.current, decision: text },
      () => {
        if (input.value.trim() === text) input.value = "";
        show("");
      },
      (reply) => show(reply.message || "refused"),
    );
  }

  // Enter is handled on the input itself: a host may cancel the form's implicit submission
  // (JupyterLab's command-mode Enter), never this listener.
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    event.stopPropagation();
    submit();
  });
  el.addEventListener("submit", (event) => event.preventDefault());
  input.addEventListener("input", () => show(""));

  function update(store) {
    if (error.textContent && store.current !== shownAt) show("");
  }

  return { el, update };
}
