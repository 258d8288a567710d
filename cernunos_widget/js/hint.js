// The hint of a static page (issue #21 item 4): with no kernel, a small endgame (at most 6
// tokens left in both reserves, rules/solve.js) is solved exactly in the page. The search
// runs in chunks of about CHUNK_MS between timeouts, so the page never freezes; a new node
// or another click stops it. Hooks: [data-action="hint"] (the button), [data-role="hint"]
// (the answer: progress, then 'Green wins' / 'draw' / 'Purple wins', the margin and the line).

import { esc, h, setAttr, setHtml } from "./dom.js";
import { toolIcon } from "./panel.js";
import { HINT_TOKEN_LIMIT, createSearch, eligible } from "./rules/solve.js";

const CHUNK_MS = 10; // work between two timeouts
const STEP_NODES = 200; // nodes between two looks at the clock
const PLAYER_NAMES = ["Green", "Purple"];

/** The answer of a finished search, as HTML: who wins and by what, then the line. */
function answerHtml(r) {
  const value = r.margin ? `${r.green} ${r.margin}` : r.green;
  const line = r.line.length
    ? `<div class="cw-line cw-proven cw-hint-line" title="${esc(`${PLAYER_NAMES[r.turn]} decides first`)}">`
      + `<b>${esc(value)}</b> ${esc(r.line.join(" · "))}</div>`
    : `<div class="cw-line cw-proven cw-hint-line"><b>${esc(value)}</b></div>`;
  return `${line}<div class="cw-analysis-status">exact · ${r.nodes.toLocaleString("en")} positions</div>`;
}

function progressHtml(r) {
  const known = r.green ? ` (${r.green}; finding the margin and the line)` : "";
  return `<span class="cw-analysis-status">searching… ${r.nodes.toLocaleString("en")} positions${esc(known)}</span>`;
}

export function createHint(ctx) {
  const title = `Solve this endgame exactly in the page (at most ${HINT_TOKEN_LIMIT} tokens left in both reserves)`;
  const button = h("button", { type: "button", class: "cw-hint-button", "data-action": "hint", title, "aria-label": "Hint" });
  const answer = h("div", { class: "cw-hint-answer", "data-role": "hint", "aria-live": "polite" });
  const el = h("div", { class: "cw-analysis cw-hint" });
  el.append(button, answer);
  el.hidden = true;
  // the button's icon and words (its hook and its name stay)
  function label(words) {
    setHtml(button, `${toolIcon("hint")}${esc(words)}`);
    setAttr(button, "aria-label", words);
  }
  label("Hint");
  let node; // the node the hint is about
  let position = null;
  let timer = null; // the pending chunk of a running search

  function stop() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    label("Hint");
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
      setHtml(answer, `<span class="cw-analysis-status">the hint failed: ${esc(error.message)}</span>`);
      return;
    }
    if (r.done) {
      stop();
      setHtml(answer, answerHtml(r));
    } else {
      setHtml(answer, progressHtml(r));
      timer = setTimeout(() => run(search), 0);
    }
  }

  button.addEventListener("click", () => {
    if (timer !== null) {
      stop();
      setHtml(answer, `<span class="cw-analysis-status">hint stopped</span>`);
      return;
    }
    if (!position || !eligible(position)) return;
    label("Stop hint");
    setAttr(el, "data-searching", "true");
    run(createSearch(position));
  });

  function update(store) {
    if (store.current !== node) {
      stop();
      setHtml(answer, "");
      node = store.current;
      position = null;
    }
    const offline = ctx.local.kernel === "static";
    if (offline && position === null) position = ctx.positionOf(store.current);
    const shown = offline && position !== null && eligible(position);
    el.hidden = !shown;
    if (!shown) stop();
  }

  return { el, update };
}
