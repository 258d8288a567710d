// Cernunos analysis board: the front end of cernunos_widget.CernunosWidget.
//
// The page renders what the engine computed and sends intent; it never decides legality.
// Its store is the `tree` trait ({gen, nodes, views, current, analysis, review, settings}):
// the kernel writes it whole at the end of a cell, and patches it on every change (one
// reply per request, see cernunos_widget/widget/protocol.py). Patches are applied to the store in
// place, so a notebook saved with the widget state keeps the whole tree. Transient input
// (hover, the picked kind, a swap's first cell, the growth selection) lives in each view.
// The DOM is built once per view; each part (board.js, panel.js, movelist.js, comment.js)
// changes only what differs. Each part is an ES module that imports what it uses;
// cernunos_widget/widget/linker.py links them into the one module anywidget loads.
//
// A static page (to_html, or an exported notebook) has no kernel: `local.kernel` is "static"
// when the state says so (to_html) or when nothing answers the `ping` sent at render
// (@jupyter-widgets/html-manager's model.send goes nowhere; its manager, seen through
// anywidget's model.widget_manager, has no kernel). Any kernel's answer makes it "live" again.
// There the page's own session (local.js) answers the same requests with the rules mirror
// (js/rules/, checked against the engine), so the board plays as with a kernel; offline.js
// disables, with a tooltip saying why, what needs one (analysis, review, opening files). A
// walk-only page (to_html(playable=False): its state says "playable": false) only walks.
// A node's view is the kernel's when sent, else the mirror's (derive.js).

import { esc, h, setHtml, setAttr, attachTips, resultBanner, keyboardAccess, playerName, scopeOf } from "./dom.js";
import { storeOf, applyPatch, nodeOf, rootId } from "./store.js";
import { languageOf, positionOf, viewOf } from "./derive.js";
import { setLanguage, t } from "./i18n.js";
import { createLocalSession } from "./local.js";
import { createBoard } from "./board.js";
import { createReserves, createOptions, createToolbar, createAnalysis } from "./panel.js";
import { nextMarked, createGraph } from "./graph.js";
import { createMoveList, createGlyphs } from "./movelist.js";
import { createCommand } from "./command.js";
import { createComment } from "./comment.js";
import { createEditor } from "./editor.js";
import { createExplorer } from "./explorer.js";
import { createHint } from "./hint.js";
import { FEATURES } from "./features.js";
import { createOffline, staticNote } from "./offline.js";
import { CernunosError, Rules } from "./rules/index.js";

const PING_TIMEOUT_MS = 4000;
const WALKING = ["goto", "overlay", "language"]; // what a walk-only page answers itself

// A kernel patch made only of these keys redraws only these parts: a streaming analysis
// (up to ten patches a second) redraws the best decision on the board, the Analyse and Stop
// buttons and the analysis panel, not every part. Any other key redraws the whole view.
const PATCH_PARTS = {
  gen: [],
  analysis: ["board", "toolbar", "analysis"],
  analysis_delta: ["board", "toolbar", "analysis"],
  analyses: ["analysis", "hint"],
  review: ["toolbar", "graph", "moves"], // the move list shows the values once it is done
  explorer: ["explorer"],
};

// The parts a patch alone needs redrawn (names of PATCH_PARTS), or null for all of them.
function patchParts(patch) {
  const names = new Set();
  for (const key of Object.keys(patch || {})) {
    if (!PATCH_PARTS[key]) return null;
    for (const name of PATCH_PARTS[key]) names.add(name);
  }
  return names.size ? [...names] : null;
}

// A variant's rules in words (the badge's tooltip), from the rules' text: in the board's
// language whoever set it (the kernel, or a static page switching language itself)
function variantWords(text, lang) {
  try {
    return Rules.parse(text).describe(lang);
  } catch (error) {
    if (error instanceof CernunosError) return text; // rules the mirror does not know
    throw error;
  }
}

function kernelState(model) {
  if (model.get("static")) return "static";
  const manager = model.widget_manager;
  const htmlManager = manager && typeof manager === "object" && !("kernel" in manager) && "loader" in manager && "renderMime" in manager;
  return htmlManager ? "static" : "unknown";
}

// The board in the store's language; a new language (the kernel's `language` trait: its
// reset patch carries the settings) builds the board again in it, every part's words with it.
function render({ model, el }) {
  let cleanup = null;
  const build = () => {
    cleanup = renderBoard({ model, el }, () => {
      cleanup();
      build();
    });
  };
  build();
  return () => cleanup();
}

// The page's own session with the features' requests, each feature's wrapper around it
// (the lessons': course.js).
function localSession(model) {
  const requests = Object.assign({}, ...FEATURES.map((feature) => feature.requests || {}));
  return FEATURES.reduce((session, feature) => (feature.session ? feature.session(session, model) : session), createLocalSession(requests));
}

function renderBoard({ model, el }, rebuild) {
  const builtLanguage = setLanguage(languageOf(storeOf(model))); // the parts speak it
  let rebuilding = false;
  const local = { hover: null, kind: null, swapFirst: null, growth: [], message: "", messageAt: null, messageSent: 0, shown: null, setup: false, present: false, kernel: kernelState(model) };
  const fixedStatic = Boolean(model.get("static"));
  const playable = model.get("playable") !== false; // a walk-only page answers only walking
  const session = localSession(model); // answers when no kernel does
  const pending = new Map();
  const viewId = Math.random().toString(36).slice(2, 8);
  let counter = 0;
  let pingTimer = null; // the render's ping: no answer within PING_TIMEOUT_MS makes the page static

  // ---- requests: one message, one reply
  // onOk(reply) on success; onFail(reply), if given, takes a refusal instead of the header
  function request(content, onOk, onFail) {
    const store = storeOf(model);
    const id = `${viewId}-${++counter}`;
    pending.set(id, { onOk, onFail, sent: counter });
    const message = { ...content, id, gen: store.gen || 0 };
    if (local.kernel === "static") {
      const reply = playable || WALKING.includes(content.type)
        ? session.answer(store, message)
        : { reply: id, ok: false, message: staticNote() };
      if (reply) queueMicrotask(() => receive(reply, true));
      return id;
    }
    try {
      model.send(message);
    } catch (error) {
      pending.delete(id);
      if (!fixedStatic && local.kernel !== "live") local.kernel = "static";
      say(t("board.no_kernel", { error: String(error) }));
    }
    return id;
  }

  // While the page's latest navigation is unanswered, replies to older requests do not move
  // the current node back (keys pressed faster than the kernel answers each act on the last).
  let latestGoto = null;

  function currentToKeep(msg) {
    if (!latestGoto || !pending.has(latestGoto) || msg.reply === latestGoto) return null;
    if (!msg.patch || msg.patch.reset || msg.patch.current === undefined) return null;
    return storeOf(model).current;
  }

  // A kernel's message (onCustom), or the page's own session's reply (fromPage)
  function onCustom(msg) {
    receive(msg, false);
  }

  // This board's language for t() (several boards of a page share js/i18n.js)
  function speak() {
    setLanguage(languageOf(storeOf(model)));
  }

  function receive(msg, fromPage) {
    if (!msg || typeof msg !== "object") return;
    speak();
    const wasLive = local.kernel === "live";
    if (!fixedStatic && !fromPage) {
      local.kernel = "live"; // a kernel answered: final, the ping's timeout can no longer fire
      clearTimeout(pingTimer);
    }
    const keep = currentToKeep(msg);
    if (msg.patch) applyPatch(storeOf(model), msg.patch);
    if (keep !== null && nodeOf(storeOf(model), keep)) storeOf(model).current = keep;
    const only = msg.reply === undefined && wasLive ? patchParts(msg.patch) : null;
    if (only) return updateParts(only); // a job's patch on its own (not a reply)
    if (msg.reply !== undefined && pending.has(msg.reply)) {
      const { onOk, onFail, sent } = pending.get(msg.reply);
      pending.delete(msg.reply);
      if (msg.ok) {
        if (sent > local.messageSent) local.message = ""; // not a notice given after it was sent
        if (onOk) onOk(msg);
      } else if (onFail) onFail(msg);
      else notice(msg.message || t("board.refused"));
    }
    update();
  }

  // A notice is about the node it was given at: update() clears it once the board shows
  // another node, whoever moved it (a click, Python, a job; issue #35 item 7).
  function notice(text) {
    local.message = text;
    local.messageAt = storeOf(model).current;
    local.messageSent = counter; // a late reply to an earlier request leaves it
  }

  function say(text) {
    notice(text);
    update();
  }

  const ctx = { model, local, request, say, play: (text) => play(text), positionOf: (id) => positionOf(storeOf(model), id) };
  const root = h("div", { class: "cw-root", tabindex: "0", "data-lm-suppress-shortcuts": "true", role: "region", "aria-label": t("board.label") });
  const prompt = h("span", { class: "cw-prompt", "data-role": "prompt" });
  const message = h("span", { class: "cw-message", "data-role": "message", role: "status", "aria-live": "polite" });
  const board = createBoard(ctx);
  const reserves = createReserves(ctx);
  const options = createOptions(ctx);
  const toolbar = createToolbar(ctx);
  const analysis = createAnalysis(ctx);
  const graph = createGraph(ctx);
  const narration = h("div", { class: "cw-narration", "data-role": "narration", "aria-live": "polite" });
  const moves = createMoveList(ctx);
  const comment = createComment(ctx);
  const editor = createEditor(ctx);
  const command = createCommand(ctx);
  const glyphs = createGlyphs(ctx);
  const explorer = createExplorer(ctx);
  const hint = createHint(ctx); // a static page's exact endgame search (hint.js)
  const offline = createOffline(ctx, root);
  const panels = FEATURES.map((feature) => feature.panel(ctx)); // the lessons', the puzzles' (features.js)
  for (const panel of panels) panel.el.classList.add("cw-feature"); // shown in presentation mode too
  const rules = h("span", { class: "cw-rules", "data-role": "rules" }); // a variant in play (D-10)
  const header = h("div", { class: "cw-header" });
  header.append(rules, prompt, message);
  const right = h("div", { class: "cw-right" });
  right.append(...reserves.els, options.el, command.el, toolbar.el, analysis.el, narration, explorer.el);
  const main = h("div", { class: "cw-main" });
  main.append(board.el, right);
  root.append(header, ...panels.map((panel) => panel.el), main, editor.el, moves.el, glyphs.el, comment.el);
  el.appendChild(root);
  attachTips(root);
  const parts = [board, reserves, options, command, toolbar, analysis, hint, moves, glyphs, comment, editor, explorer, offline, ...panels];

  // ---- navigation (local first, so a static page can walk the tree; the kernel follows)
  function redrawAll() {
    model.set("tick", (model.get("tick") || 0) + 1); // every view of this model redraws
  }

  function go(id) {
    const store = storeOf(model);
    if (id === undefined || id === null || id < 0 || !nodeOf(store, id)) return;
    if (store.current !== id) {
      store.current = id;
      redrawAll();
    }
    latestGoto = request({ type: "goto", node: id });
  }

  function navigate(key) {
    const store = storeOf(model);
    const node = nodeOf(store, store.current);
    if (!node) return false;
    const parent = nodeOf(store, node.parent);
    if (key === "ArrowLeft") go(node.parent);
    else if (key === "ArrowRight") go(node.children[0]);
    else if (key === "ArrowUp" || key === "ArrowDown") {
      if (!parent) return true;
      const i = parent.children.indexOf(node.id);
      const j = key === "ArrowUp" ? i - 1 : i + 1;
      if (j >= 0 && j < parent.children.length) go(parent.children[j]);
    } else if (key === "Home") go(rootId(store));
    else if (key === "End") {
      let n = node;
      while (n.children.length) n = nodeOf(store, n.children[0]);
      go(n.id);
    } else return false;
    return true;
  }

  function clearInput() {
    local.kind = null;
    local.swapFirst = null;
    local.growth = [];
  }

  function play(text) {
    if (panels.some((panel) => panel.intercept && panel.intercept(storeOf(model), text))) return clearInput(); // a puzzle's try
    // the decision is made: the next click starts the next one, however late the reply (a
    // kind picked again before it came would otherwise be toggled off)
    clearInput();
    request({ type: "play", node: storeOf(model).current, decision: text });
  }

  // ---- clicks: a click that completes a decision sends its text; the kernel judges it
  function clickCell(cell, v) {
    const choice = v.choice;
    if (!choice) return say(t("board.over", { result: v.result_text }));
    if (choice === "placement" || choice === "final-placement") {
      if (!local.kind) return say(t("board.pick_first", { player: playerName(v.placer) }));
      return play(`${local.kind}@${cell}`);
    }
    if (choice === "fox-swap") {
      const partners = v.swap_partners || {};
      if (!local.swapFirst) {
        if (!partners[cell]) return say(t("board.fox_cannot_swap", { cell }));
        local.swapFirst = cell;
        return say("");
      }
      if (cell === local.swapFirst) {
        local.swapFirst = null;
        return say("");
      }
      return play((partners[local.swapFirst] || {})[cell] || `${local.swapFirst}~${cell}`);
    }
    if (choice === "growth") {
      if (!v.grow.trees.includes(cell)) return say(t("board.no_growing_tree", { cell, player: playerName(v.decider) }));
      local.growth = local.growth.includes(cell) ? local.growth.filter((c) => c !== cell) : [...local.growth, cell];
      if (local.growth.length === v.grow.count) {
        const chosen = [...local.growth].sort().join(",");
        const text = v.grow.options.find((t) => t.slice(5).split(",").sort().join(",") === chosen);
        return play(text || `grow:${local.growth.join(",")}`);
      }
      return say(t("board.choose_more_trees", { count: v.grow.count - local.growth.length }));
    }
    return play(cell); // boar-target, crow-cell, fox-order
  }

  function clickKind(kind, player, v) {
    if (!v.placer) return say(v.decider ? t("board.not_now", { prompt: v.prompt }) : t("board.over", { result: v.result_text }));
    if (player !== v.placer) return say(t("board.other_reserve", { player: playerName(v.placer) }));
    local.kind = local.kind === kind ? null : kind;
    say("");
  }

  function action(name, store) {
    const settings = store.settings || {};
    if (name === "back") navigate("ArrowLeft");
    else if (name === "forward") navigate("ArrowRight");
    else if (name === "overlay") {
      // a view setting: shown at once (a static page too), then confirmed by the kernel
      store.settings = { ...settings, overlay: !settings.overlay };
      redrawAll();
      request({ type: "overlay", on: store.settings.overlay });
    } else if (name === "promote") request({ type: "promote", node: store.current });
    else if (name === "delete") request({ type: "delete", node: store.current });
    else if (name === "analyse") request({ type: "analyse", node: store.current, ...analysis.limit(), multipv: 3 });
    else if (name === "stop") request({ type: "stop" });
    else if (name === "review") request({ type: "review" });
    else if (name === "present") present(!local.present);
    else if (name === "edit") {
      local.setup = !local.setup; // the position editor (editor.js)
      if (local.setup) editor.open(store);
      update();
    }
  }

  function onClick(event) {
    const target = event.target.closest("[data-cell],[data-kind],[data-decision],[data-explorer-decision],[data-node],[data-action],[data-line]");
    if (!target || !root.contains(target)) return;
    speak();
    const store = storeOf(model);
    const v = viewOf(store, store.current);
    if (!v) return;
    const d = target.dataset;
    if (d.action === "hint") return; // hint.js answers its own button
    const walking = d.node !== undefined || ["back", "forward", "overlay", "present"].includes(d.action);
    if (local.kernel === "static" && !playable && !walking) return say(staticNote());
    if (d.node !== undefined) go(Number(d.node));
    else if (d.action) action(d.action, store);
    else if (d.line !== undefined) request({ type: "line", index: Number(d.line) });
    else if (d.decision !== undefined) play(d.decision);
    else if (d.explorerDecision !== undefined) play(d.explorerDecision); // explorer.js
    else if (d.kind !== undefined) clickKind(d.kind, d.player, v);
    else if (d.cell !== undefined) clickCell(d.cell, v);
  }

  // ---- presentation mode (issue #25 item 6): the board and the narration large for a room,
  // the other controls out of the way (widget.css: .cw-root[data-present]); full screen when
  // the host allows it (which also lifts the board out of a notebook cell), else the window.
  // P or the Present button toggle it; Escape (or leaving full screen) ends it.
  let fullScreen = false; // the host shows this view full screen
  let changing = false; // a change this view asked for has not settled yet
  let settled = Promise.resolve();
  function followFullScreen() {
    // Ask the host for what `local.present` wants once the change in flight has settled:
    // toggles faster than the host's animation end in the last one's state.
    settled = settled.then(() => {
      let change = null;
      if (local.present && !scopeOf(root).fullscreenElement && document.fullscreenEnabled && root.requestFullscreen) {
        change = root.requestFullscreen(); // refused (no user gesture, an iframe): the window
      } else if (!local.present && scopeOf(root).fullscreenElement === root) change = document.exitFullscreen();
      if (!change) return undefined;
      changing = true;
      return change.catch(() => {}).finally(() => { changing = false; });
    });
  }
  function present(on) {
    if (Boolean(local.present) === on) return;
    local.present = on;
    setAttr(root, "data-present", on ? "" : null);
    followFullScreen();
    if (on && !root.contains(scopeOf(root).activeElement)) root.focus(); // Escape reaches onKey
    update();
  }
  function onFullScreen() {
    if (scopeOf(root).fullscreenElement === root) fullScreen = true;
    else if (fullScreen) {
      fullScreen = false;
      if (!changing) present(false); // the browser's own Escape (or F11) left full screen
    }
  }
  document.addEventListener("fullscreenchange", onFullScreen);

  function onKey(event) {
    speak();
    const tag = event.target.tagName;
    if (tag === "TEXTAREA" || tag === "INPUT" || tag === "SELECT") return;
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    if (event.key === "Escape" && local.present) {
      present(false);
      event.preventDefault();
      return;
    }
    if ((event.key === "p" || event.key === "P") && plain && !event.target.closest(".cw-editor")) {
      present(!local.present);
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if ((event.key === "Enter" || event.key === " ") && tag !== "BUTTON" && event.target.getAttribute("role") === "button") {
      event.preventDefault();
      event.target.click(); // a move or an analysis line, operated by keyboard
      return;
    }
    if ((event.key === "n" || event.key === "N") && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const id = nextMarked(storeOf(model), event.key === "n" ? 1 : -1); // graph.js
      if (id === null) say(t(event.key === "n" ? "board.no_later_mark" : "board.no_earlier_mark"));
      else go(id);
      event.preventDefault();
      event.stopPropagation();
    } else if (navigate(event.key)) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  // The kernel's `revision` counts the board's changes (a click, Python, a job); the page
  // reports the one it shows (`shown_revision`), a change from the page being what makes
  // marimo re-run the cells that read the board (mo.ui.anywidget(w).value). One view reports.
  function reportRevision() {
    const revision = model.get("revision");
    if (revision === undefined || model.get("shown_revision") === revision) return;
    model.set("shown_revision", revision);
    try {
      model.save_changes();
    } catch (error) { // no kernel to tell (a static page)
      return;
    }
  }

  // ---- drawing
  function update() {
    const store = storeOf(model);
    const node = nodeOf(store, store.current);
    if (setLanguage(languageOf(store)) !== builtLanguage) {
      if (!rebuilding) queueMicrotask(rebuild); // after this handler: no redraw meanwhile
      rebuilding = true;
      return;
    }
    setAttr(root, "lang", builtLanguage);
    const v = node && viewOf(store, store.current);
    if (!v) return;
    if (local.shown !== store.current) {
      if (local.shown !== null) clearInput();
      local.shown = store.current;
    }
    if (local.message && local.messageAt !== store.current) local.message = ""; // stale
    setAttr(root, "data-cpn", v.cpn);
    setAttr(root, "data-pending", v.pending);
    setAttr(root, "data-current", store.current);
    setAttr(root, "data-overlay", (store.settings || {}).overlay ? "on" : "off");
    const variant = (store.settings || {}).rules || "standard";
    setAttr(root, "data-rules", variant);
    rules.hidden = variant === "standard";
    const label = t("board.variant", { rules: variant.replaceAll("+", " + ") });
    if (rules.textContent !== label) rules.textContent = label;
    setAttr(rules, "title", variantWords(variant, builtLanguage)); // the board's language (#35 item 8)
    setHtml(prompt, v.result_text ? resultBanner(v) : esc(v.prompt));
    prompt.className = `cw-prompt${v.decider ? ` cw-${v.decider}` : ""}${v.result_text ? ` cw-banner cw-won-${v.result.split(" ")[0]}` : ""}`;
    if (message.textContent !== local.message) message.textContent = local.message;
    setHtml(narration, v.events.map((e) => `<div class="cw-event cw-ev-${esc(e.type)}">${esc(e.text)}</div>`).join(""));
    for (const part of parts) part.update(store);
    keyboardAccess(root, store.current);
  }

  // Redraw only the parts `names` (see PATCH_PARTS); what needs a kernel stays disabled.
  function updateParts(names) {
    const store = storeOf(model);
    setLanguage(languageOf(store));
    if (!viewOf(store, store.current)) return;
    const byName = { board, toolbar, analysis, graph, explorer, hint, moves };
    for (const name of names) byName[name].update(store);
    offline.update(store);
    keyboardAccess(root, store.current);
  }

  analysis.el.after(hint.el, graph.el); // the hint, then the game review (graph.js)
  parts.splice(parts.indexOf(analysis) + 1, 0, graph);
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  toolbar.engine.addEventListener("change", () => request({ type: "engine", engine: toolbar.engine.value }));
  model.on("msg:custom", onCustom);
  model.on("change:tree", update);
  model.on("change:tick", update);
  model.on("change:revision", reportRevision);
  const traits = FEATURES.flatMap((feature) => feature.traits || []); // the lessons', the studies'
  for (const name of traits) model.on(`change:${name}`, update);
  update();
  if (local.kernel !== "static") {
    request({ type: "ping" });
    pingTimer = setTimeout(() => {
      if (local.kernel === "unknown") {
        local.kernel = "static";
        update();
      }
    }, PING_TIMEOUT_MS);
  }

  return () => {
    clearTimeout(pingTimer);
    document.removeEventListener("fullscreenchange", onFullScreen);
    model.off("msg:custom", onCustom);
    model.off("change:tree", update);
    model.off("change:tick", update);
    model.off("change:revision", reportRevision);
    for (const name of traits) model.off(`change:${name}`, update);
    for (const panel of panels) if (panel.destroy) panel.destroy();
    root.remove();
  };
}

export default { render };
