// The hint of a static page (issue #21 item 4): with no kernel, a small endgame (at most 6
// tokens left in both reserves, rules/solve.js) is solved exactly in the page; so too with a
// kernel that cannot search (no numba in its Python, as in JupyterLite: settings.solver).
// The search runs in chunks of about CHUNK_MS between timeouts, so the page never freezes; a
// new node or another click stops it. Hooks: [data-action="hint"] (the button), [data-role="hint"]
// (the answer: progress, then 'Green wins' / 'draw' / 'Purple wins', the margin and the line),
// [data-hint-show] ("Show me": plays the line's first decision on the board, a new variation
// when the node goes on otherwise, as any decision played there; issue #35 item 8).

import { esc, h, playerName, setAttr, setHtml } from "./dom.js";
import { language, marginWords, t, valueText } from "./i18n.js";
import { toolIcon } from "./panel.js";
import { HINT_TOKEN_LIMIT, createSearch, eligible } from "./rules/solve.js";

const CHUNK_MS = 10; // work between two timeouts
const STEP_NODES = 200; // nodes between two looks at the clock

/** The answer of a finished search, as HTML: who wins and by what, then the line. */
function answerHtml(r) {
  const value = r.margin ? `${valueText(r.green)} ${marginWords(r.margin)}` : valueText(r.green);
  const line = r.line.length
    ? `<div class="cw-line cw-proven cw-hint-line" title="${esc(t("hint.first", { player: playerName("gp"[r.turn]) }))}">`
      + `<b>${esc(value)}</b> ${esc(r.line.join(" · "))}</div>`
    : `<div class="cw-line cw-proven cw-hint-line"><b>${esc(value)}</b></div>`;
  return `${line}<div class="cw-analysis-status">${esc(t("hint.exact", { count: r.nodes.toLocaleString(language()) }))}</div>`;
}

function progressHtml(r) {
  const count = r.nodes.toLocaleString(language());
  const text = r.green ? t("hint.searching_known", { count, known: valueText(r.green) }) : t("hint.searching", { count });
  return `<span class="cw-analysis-status">${esc(text)}</span>`;
}

export function createHint(ctx) {
  const title = t("hint.tip", { limit: HINT_TOKEN_LIMIT });
  const button = h("button", { type: "button", class: "cw-hint-button", "data-action": "hint", title, "aria-label": t("hint.label") });
  const answer = h("div", { class: "cw-hint-answer", "data-role": "hint", "aria-live": "polite" });
  const show = h("button", { type: "button", class: "cw-hint-show", "data-hint-show": "" });
  show.hidden = true;
  const el = h("div", { class: "cw-analysis cw-hint" });
  el.append(button, answer, show);
  el.hidden = true;
  const playable = ctx.model.get("playable") !== false; // a walk-only page plays nothing
  let first = null; // the answer's first decision
  // the button's icon and words (its hook and its name stay)
  function label(words) {
    setHtml(button, `${toolIcon("hint")}${esc(words)}`);
    setAttr(button, "aria-label", words);
  }
  label(t("hint.label"));
  let node; // the node the hint is about
  let position = null;
  let timer = null; // the pending chunk of a running search

  function stop() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    label(t("hint.label"));
    setAttr(el, "data-searching", null);
  }

  function run(search) {
    const started = performance.now();
    let r;
    try {
      do r = search.step(STEP_NODES);
      while (!r.done && performance.now() - started < CHUNK_MS);
    } catch (error) {
      stop();
      setHtml(answer, `<span class="cw-analysis-status">${esc(t("hint.failed", { error: error.message }))}</span>`);
      return;
    }
    if (r.done) {
      stop();
      setHtml(answer, answerHtml(r));
      offer(r.line[0] ?? null);
    } else {
      setHtml(answer, progressHtml(r));
      timer = setTimeout(() => run(search), 0);
    }
  }

  // "Show me" with the first decision of the line found, or nothing
  function offer(decision) {
    first = playable ? decision : null;
    show.hidden = first === null;
    if (first === null) return;
    show.textContent = t("hint.show");
    setAttr(show, "title", t("hint.show_tip", { decision: first }));
  }

  show.addEventListener("click", () => {
    if (first !== null) ctx.play(first);
  });

  button.addEventListener("click", () => {
    if (timer !== null) {
      stop();
      setHtml(answer, `<span class="cw-analysis-status">${esc(t("hint.stopped"))}</span>`);
      return;
    }
    if (!position || !eligible(position)) return;
    offer(null);
    label(t("hint.stop"));
    setAttr(el, "data-searching", "true");
    run(createSearch(position));
  });

  function update(store) {
    if (store.current !== node) {
      stop();
      setHtml(answer, "");
      offer(null);
      node = store.current;
      position = null;
    }
    const offline = ctx.local.kernel === "static" || Boolean((store.settings || {}).solver);
    if (offline && position === null) position = ctx.positionOf(store.current);
    const shown = offline && position !== null && eligible(position);
    el.hidden = !shown;
    if (!shown) stop();
  }

  return { el, update };
}
