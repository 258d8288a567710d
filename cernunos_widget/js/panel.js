// The side panel: both reserves, the option buttons, the toolbar, the analysis.

import { KINDS, esc, icon, h, setHtml, setAttr, playerName, tokenName } from "./dom.js";
import { describeWords, fromEnglish, hasMessage, language, t, valueText } from "./i18n.js";
import { nodeOf } from "./store.js";
import { viewOf } from "./derive.js";
import { moveLabel } from "./moves.js";

// Toolbar icons: 24-unit inline SVG in currentColor (no icon font, no network).
const TOOL_ICONS = {
  back: '<path d="M15 5 8 12l7 7"/>',
  forward: '<path d="m9 5 7 7-7 7"/>',
  overlay: '<path class="cw-fill" d="M13 2 4 14h7l-1 8 10-13h-7z"/>',
  promote: '<path d="M12 21V8M6 13l6-6 6 6M5 3h14"/>',
  delete: '<path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6"/>',
  edit: '<path d="M4 20h4L19 9l-4-4L4 16zM13 7l4 4"/>',
  analyse: '<circle cx="10.5" cy="10.5" r="6"/><path d="m15 15 5.5 5.5"/>',
  stop: '<rect class="cw-fill" x="6" y="6" width="12" height="12" rx="1.5"/>',
  review: '<path d="M4 6h10M4 12h10M4 18h6M14 17l3 3 5-6"/>',
  download: '<path d="M12 4v11M7 10l5 5 5-5M5 20h14"/>',
  open: '<path d="M3 6h6l2 2h10v11H3z"/>',
  present: '<path d="M2 4h20M4 4v11h16V4M12 15v3M8 21l4-3 4 3"/>', // a screen on its stand
  hint: '<path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5c.8.8 1 1.5 1 2.5h6c0-1 .2-1.7 1-2.5A6 6 0 0 0 12 3z"/>',
};

// The toolbar's actions (labels and tooltips: tool.<action>, tool.<action>.tip in the
// catalogues); it is split into groups before "overlay", "promote" and "analyse".
const ACTIONS = ["back", "forward", "present", "overlay", "promote", "delete", "edit", "analyse", "stop", "review"];
const GROUP_STARTS = new Set(["overlay", "promote", "analyse"]);

export function toolIcon(action) {
  const paths = TOOL_ICONS[action];
  return paths ? `<svg class="cw-tool-icon" viewBox="0 0 24 24" aria-hidden="true">${paths}</svg>` : "";
}

export function createReserves(ctx) {
  const { model, local } = ctx;
  const rows = {};
  for (const player of ["g", "p"]) {
    const row = h("div", { class: `cw-reserve cw-${player}`, role: "group", "aria-label": t("board.reserve", { player: playerName(player) }) });
    const head = h("div", { class: "cw-reserve-head" });
    head.append(h("span", { class: "cw-name" }, esc(playerName(player))), h("span", { class: "cw-turn" }));
    row._burned = h("span", { class: "cw-burned" }, `${icon(model, "F", "cw-burn-icon")}<b></b>`);
    head.append(row._burned);
    const kinds = h("div", { class: "cw-kinds" });
    row._kinds = {};
    row._turn = head.querySelector(".cw-turn");
    for (const k of KINDS) {
      const b = h("button", { class: "cw-kind", "data-kind": k, "data-player": player, type: "button" },
        `${icon(model, player === "g" ? k : k.toLowerCase(), "cw-mini")}<b aria-hidden="true"></b>`);
      row._kinds[k] = b;
      kinds.append(b);
    }
    row.append(head, kinds);
    rows[player] = row;
  }

  function update(store) {
    const v = viewOf(store, store.current);
    for (const player of ["g", "p"]) {
      const row = rows[player];
      const active = v.placer === player;
      row.classList.toggle("cw-active", active);
      const turn = active ? t("board.to_place") : "";
      if (row._turn.textContent !== turn) row._turn.textContent = turn;
      for (const k of KINDS) {
        const b = row._kinds[k];
        const n = v.reserves[player][k];
        b.disabled = !n;
        setAttr(b, "aria-pressed", active && local.kind === k ? "true" : "false");
        b.classList.toggle("cw-selected", active && local.kind === k);
        const label = t("board.reserve_count", { token: tokenName(player === "g" ? k : k.toLowerCase()), count: n });
        setAttr(b, "aria-label", label);
        setAttr(b, "data-tip", label);
        const count = b.querySelector("b");
        if (count.textContent !== String(n)) count.textContent = String(n);
      }
      const burned = String(v.burned[player === "g" ? 0 : 1]);
      setAttr(row._burned, "data-tip", t("board.burned", { count: burned }));
      setAttr(row._burned, "aria-label", t("board.burned", { count: burned }));
      setAttr(row._burned, "role", "img");
      const b = row._burned.querySelector("b");
      if (b.textContent !== burned) b.textContent = burned;
    }
  }

  return { els: [rows.g, rows.p], update };
}

export function createOptions() {
  const el = h("div", { class: "cw-options" });

  function update(store) {
    const v = viewOf(store, store.current);
    let html = "";
    if (v.can_pass) html += `<button type="button" class="cw-option" data-decision="pass">${esc(t("board.pass"))}</button>`;
    if (v.choice === "growth" && v.grow.options.length <= 12) {
      for (const text of v.grow.options) html += `<button type="button" class="cw-option" data-decision="${esc(text)}">${esc(text)}</button>`;
    }
    setHtml(el, html);
  }

  return { el, update };
}

function isReviewing(store) {
  const status = (store.review || {}).status || "";
  return status === "starting" || status === "running";
}

// Whether a search runs (`running`, enabling Stop) and whether it is for the current node
// (`here`, disabling Analyse): one that keeps another node leaves Analyse here free (it
// replaces that search); one that follows the board is about to restart here.
export function searchState(store) {
  const a = store.analysis || {};
  const running = a.status === "running";
  return { running, here: running && (a.node === store.current || Boolean(a.follow)) };
}

export function createToolbar(ctx) {
  const { local } = ctx;
  const el = h("div", { class: "cw-toolbar", role: "toolbar", "aria-label": t("tool.bar") });
  const buttons = {};
  let group = null;
  for (const action of ACTIONS) {
    const [label, title] = [t(`tool.${action}`), t(`tool.${action}.tip`)];
    if (!group || GROUP_STARTS.has(action)) {
      group = h("div", { class: "cw-group", "data-group": action }); // named by its first action
      el.append(group);
    }
    const glyph = toolIcon(action); // an action without an icon keeps its label in sight
    buttons[action] = h("button", { "data-action": action, "data-tip": title, "aria-label": label, type: "button" },
      `${glyph}<span class="${glyph ? "cw-label" : "cw-text"}">${esc(label)}</span>`);
    group.append(buttons[action]);
  }
  const engine = h("select", { "data-role": "engine", "data-tip": t("tool.engine.tip"), "aria-label": t("tool.engine") },
    [["auto", "auto"], ["alphabeta", "alpha-beta"], ["mcts", "MCTS"]]
      .map(([name, label]) => `<option value="${name}" title="${esc(engineTip(name))}">${label}</option>`).join(""));
  group.append(engine);

  function update(store) {
    const v = viewOf(store, store.current);
    const node = nodeOf(store, store.current);
    const { here: analysing, running } = searchState(store);
    buttons.back.disabled = node.parent === -1;
    buttons.forward.disabled = !node.children.length;
    setAttr(buttons.overlay, "aria-pressed", (store.settings || {}).overlay ? "true" : "false");
    buttons.promote.disabled = node.parent === -1;
    buttons.delete.disabled = node.parent === -1;
    buttons.analyse.disabled = !v.decider || analysing;
    buttons.stop.disabled = !(running || isReviewing(store));
    buttons.review.disabled = isReviewing(store);
    setAttr(buttons.edit, "aria-pressed", local.setup ? "true" : "false");
    setAttr(buttons.present, "aria-pressed", local.present ? "true" : "false");
    const chosen = (store.settings || {}).engine || "auto";
    if (engine.value !== chosen) engine.value = chosen;
  }

  return { el, engine, update };
}

// The analysis: how long and how deep (the page's Analyse runs until stopped by default),
// the evaluation bar, the best lines as readable decisions, all from Green's side.
const ANALYSIS_TIMES = ["", "5", "30"];
const ANALYSIS_DEPTHS = ["", "4", "8", "12"];

function analysisSelect(role, title, values, label) {
  return h("select", { "data-role": role, title },
    values.map((value) => `<option value="${value}">${esc(label(value))}</option>`).join(""));
}

// A select with its visible label in front ("time ∞"), the label naming it.
function labelled(text, select) {
  const label = h("label", { class: "cw-analysis-label" }, `${esc(text)} `);
  label.append(select);
  return label;
}

// What the analysis panel shows for the current node: the live analysis when it is for this
// node (its lines, or its search under way), else the analysis the session remembered here
// (store.analyses, labelled as stored), else the live one's last word here (over, an error),
// else, on a static page, a line saying the page holds no analysis of this position.
// A kernel that cannot search (its Python lacks the solver's numba: JupyterLite; settings.solver
// names the module) says so: "unavailable", with `module`.
// Returns {source: "live" | "stored" | "none" | "unavailable" | "", analysis, name, elsewhere}: `name` names
// the node the analysis speaks of; `elsewhere` is a search running on another node (one that
// keeps its node: a timed one, or one from Python), {node, name, limit}, to say so with a way
// there; an analysis that follows the board is about to restart here (the kernel answers the
// move with it), so it shows as `following` rather than elsewhere.
export function analysisShown(store, kernel) {
  const a = store.analysis || {};
  const here = a.node === store.current;
  const offline = kernel === "static";
  const stored = (store.analyses || {})[store.current];
  const name = nodeName(store, store.current);
  const away = !here && !offline && a.status === "running" && a.node !== undefined;
  const extra = {
    name,
    elsewhere: away && !a.follow ? { node: a.node, name: nodeName(store, a.node), limit: a.limit || "" } : null,
    following: away && Boolean(a.follow),
  };
  if (here && ((a.lines || []).length || (a.status === "running" && !offline))) return { source: "live", analysis: a, ...extra };
  if (stored && (stored.lines || []).length) return { source: "stored", analysis: stored, ...extra };
  if (here && a.status && a.status !== "running") return { source: "live", analysis: a, ...extra };
  const missing = (store.settings || {}).solver;
  if (!offline && missing) return { source: "unavailable", analysis: null, module: missing, ...extra };
  return { source: offline ? "none" : "", analysis: null, ...extra };
}

// The position a node holds, in the move list's words: "the start position", or
// "the position after 12… Boar b2" (its turn number, who played, its label).
export function nodeName(store, id) {
  const n = nodeOf(store, id);
  if (!n) return t("analysis.node", { id });
  if (n.parent === -1 || !n.move) return t("analysis.start_position");
  const m = n.move;
  return t("analysis.position_after", { move: `${m.number}${m.player === "g" ? "." : "…"} ${moveLabel(m.label)}` });
}

// One analysis line as the move list reads (record/movetext.py's move records, `moves`):
// turn numbers ("12…", and "12. …" where the line starts inside a turn), each placement in
// its player's colour, effect choices in parentheses in their decider's colour (named when
// the other player decides, R-27). A line without moves (an older page) lists its labels.
export function lineHtml(line) {
  const moves = line.moves || [];
  if (!moves.length) return esc((line.labels ? line.labels.map(moveLabel) : line.pv).join(" · "));
  const resume = (m) => `<span class="cw-num">${esc(m.number)}${m.player === "g" ? "." : "…"} …</span> `;
  let html = "";
  let open = false;
  moves.forEach((m, i) => {
    if (m.effect) {
      if (i === 0) html += resume(m);
      html += open ? ", " : i ? " (" : "(";
      open = true;
      const who = m.decider !== m.player ? `${t("moves.decider", { player: playerName(m.decider) })} ` : "";
      html += `<span class="cw-${m.decider}" data-player="${m.decider}">${esc(who + moveLabel(m.label))}</span>`;
      return;
    }
    if (open) html += ")";
    open = false;
    if (m.turn) html += `${i ? " " : ""}<span class="cw-num">${esc(m.turn)}</span> `;
    else html += i ? " · " : resume(m);
    html += `<span class="cw-${m.player}" data-player="${m.player}">${esc(moveLabel(m.label))}</span>`;
  });
  return open ? `${html})` : html;
}

// A stored line names its node (data-line-node) and is played by a `line` request with it;
// a live line keeps data-line (widget.js sends {type: "line", index}).
function linesHtml(a, stored) {
  const best = a.lines[0];
  const greenShare = Math.round(((best.green + 1) / 2) * 100);
  let html = stored
    ? `<div class="cw-stored" data-role="stored">${esc(t("analysis.stored", { depth: best.depth, seconds: best.seconds }))}${a.engine ? `, ${esc(a.engine)}` : ""}</div>`
    : "";
  html += `<div class="cw-pov">${esc(t("analysis.pov"))}</div>`;
  html += `<div class="cw-evalrow"><b class="cw-evaltext${best.proven ? " cw-proven" : ""}" data-role="eval">${esc(valueText(best.green_text))}</b>`
    + `<div class="cw-evalbar" title="${esc(describeWords(best.describe))}"><div class="cw-eval-g" style="width:${greenShare}%"></div></div></div>`;
  html += `<div class="cw-lines">`;
  a.lines.forEach((line, i) => {
    const hook = stored ? `data-stored-line="${i}" data-line-node="${esc(a.node)}" role="button" tabindex="0"` : `data-line="${i}"`;
    html += `<div class="cw-line${line.proven ? " cw-proven" : ""}" ${hook} title="${esc(t("analysis.play_line", { line: line.pv.join(" ") }))}">`
      + `<b>${esc(valueText(line.green_text))}</b> ${lineHtml(line)}</div>`;
  });
  const status = stored ? t("analysis.stored_status", { status: statusWord(a.status) }) : statusWord(a.status);
  const figures = t("analysis.figures", { depth: best.depth, nodes: best.nodes.toLocaleString(language()), seconds: best.seconds });
  html += `</div><div class="cw-analysis-status" title="${esc(engineTip(a.engine))}">${esc(status)} · ${esc(limitText(a.limit))} · ${esc(a.engine || "")} · ${esc(figures)}</div>`;
  const speed = speedText(a.threads, best);
  if (speed) html += `<div class="cw-analysis-status" data-role="analysis-speed">${esc(speed)}</div>`;
  return html;
}

// "2 threads · 41K nodes/s": the threads the search runs with (session/core.py puts the
// count in the analysis state) and its nodes per second so far; "" for an older state.
export function speedText(threads, line) {
  if (!threads || !line || !(line.seconds > 0)) return "";
  const rate = new Intl.NumberFormat(language(), { notation: "compact" })
    .format(Math.round(line.nodes / line.seconds));
  return threads === 1 ? t("analysis.speed.one", { rate }) : t("analysis.speed", { threads, rate });
}

// The thread select's choices: "all cores" (the value "") then 1..cores.
function threadOptions(cores) {
  const counts = Array.from({ length: Math.max(1, cores) }, (_, i) => String(i + 1));
  return [["", t("analysis.threads.all")], ...counts.map((n) => [n, n])]
    .map(([value, label]) => `<option value="${value}">${esc(label)}</option>`).join("");
}

// Which node the panel speaks of (every analysis shown names it), and a search running
// elsewhere with a button to go there (widget.js: a [data-node] click goes to that node).
function headHtml(shown) {
  let html = "";
  if (shown.elsewhere) {
    const e = shown.elsewhere;
    const where = e.limit ? `${e.name} (${limitText(e.limit)})` : e.name;
    html += `<div class="cw-analysis-status" data-role="analysis-elsewhere">${esc(t("analysis.elsewhere", { where }))}`
      + ` <button type="button" data-node="${esc(e.node)}" data-role="go-analysed">${esc(t("analysis.go_there"))}</button></div>`;
  }
  if (shown.following) html += `<div class="cw-analysis-status" data-role="analysis-following">${esc(t("analysis.following", { name: shown.name }))}</div>`;
  else if (shown.analysis) {
    const a = shown.analysis;
    const verb = shown.source === "live" && a.status === "running" ? "analysis.analysing" : "analysis.of";
    const follows = shown.source === "live" && a.follow && a.status === "running" ? ` · ${t("analysis.follows")}` : "";
    html += `<div class="cw-analysis-status" data-role="analysis-node">${esc(t(verb, { name: shown.name }) + follows)}</div>`;
  }
  return html;
}

// An analysis's limit as the kernel writes it (session/jobs.py's limit_text: "time 5, nodes
// 1,000", "until stopped") in the board's language.
function limitText(text) {
  if (!text || language() === "en") return text || "";
  if (text === "until stopped") return t("analysis.limit.until_stopped");
  return text.split(", ").map((part) => {
    const [name, value] = part.split(" ");
    return ["time", "nodes", "depth"].includes(name) ? t(`analysis.limit.${name}`, { value }) : part;
  }).join(", ");
}

// An analysis's status in words (the kernel's status names: running, done, stopped ...).
function statusWord(status) {
  const key = `analysis.status.${status}`;
  if (STATUS_KEYS.has(status)) return t(key);
  const text = String(status ?? "");
  return text.startsWith("error: ") ? t("analysis.status.error", { error: text.slice(7) }) : text;
}

// What an engine name (the select's, or the method an analysis ran) does, in words; "" if unknown.
function engineTip(name) {
  const key = `engine.${name}.tip`;
  return hasMessage(key) ? t(key) : "";
}

// The kernel's "preparing" words (session/jobs.py's prepare: "loading the engine", or
// "compiling the engine ..., about N s left" with N in `preparing_seconds`, maybe followed
// by ": 3/5") in the board's language.
function preparingWords(a) {
  const [what, ...rest] = String(a.preparing).split(": ");
  const seconds = a.preparing_seconds;
  const words = seconds == null ? fromEnglish("analysis.preparing.", what) : t("analysis.preparing.compiling", { seconds });
  return rest.length ? t("analysis.preparing.progress", { what: words, done: rest.join(": ") }) : words;
}
const STATUS_KEYS = new Set(["starting", "running", "done", "cancelled", "over"]);

// The panel's body for what analysisShown chose.
export function analysisHtml(shown) {
  const a = shown.analysis;
  const head = headHtml(shown);
  if (shown.following) return head;
  if (shown.source === "none") return `${head}<span class="cw-analysis-status" data-role="no-analysis">${esc(t("analysis.none"))}</span>`;
  if (shown.source === "unavailable") return `${head}<span class="cw-analysis-status" data-role="no-solver">${esc(t("analysis.no_solver", { module: shown.module }))}</span>`;
  if (!a) return head;
  if ((a.lines || []).length) return head + linesHtml(a, shown.source === "stored");
  if (a.status === "running") return `${head}<span class="cw-analysis-status" data-role="preparing">${esc(a.preparing ? preparingWords(a) : t("analysis.searching"))}…</span>`;
  return `${head}<span class="cw-analysis-status">${esc(statusWord(a.status))}</span>`;
}

export function createAnalysis(ctx) {
  const el = h("div", { class: "cw-analysis", "data-role": "analysis" });
  const controls = h("div", { class: "cw-analysis-controls" });
  const time = analysisSelect("analysis-time", t("analysis.time.tip"), ANALYSIS_TIMES, (v) => (v ? `${v} s` : "∞"));
  const depth = analysisSelect("analysis-depth", t("analysis.depth.tip"), ANALYSIS_DEPTHS, (v) => t(v ? "analysis.depth_n" : "analysis.any_depth", { depth: v }));
  const threads = h("select", { "data-role": "analysis-threads", title: t("analysis.threads.tip") }, threadOptions(1));
  let cores = 1;
  // the kernel decides: the select asks, the settings it sends back set the select
  threads.addEventListener("change", () => ctx.request({ type: "threads", threads: threads.value ? Number(threads.value) : null }));
  controls.append(labelled(t("analysis.time"), time), labelled(t("analysis.depth"), depth), labelled(t("analysis.threads"), threads));
  const body = h("div", { class: "cw-analysis-body" });
  el.append(controls, body);

  // The limit of the next Analyse click: {seconds: null | n, depth: null | n}.
  function limit() {
    return { seconds: time.value ? Number(time.value) : null, depth: depth.value ? Number(depth.value) : null };
  }

  // A stored line plays from its node (widget.js handles the live ones, data-line).
  body.addEventListener("click", (event) => {
    const line = event.target.closest("[data-stored-line]");
    if (!line || !body.contains(line)) return;
    ctx.request({ type: "line", index: Number(line.dataset.storedLine), node: Number(line.dataset.lineNode) });
  });

  function update(store) {
    const a = store.analysis || {};
    const shown = analysisShown(store, ctx.local.kernel);
    setAttr(el, "data-status", a.node === store.current ? a.status || "" : "");
    setAttr(el, "data-source", shown.source || null);
    const settings = store.settings || {};
    if ((settings.cores || 1) !== cores) {
      cores = settings.cores || 1;
      setHtml(threads, threadOptions(cores));
    }
    const chosen = settings.threads ? String(settings.threads) : "";
    if (chosen && !threads.querySelector(`option[value="${chosen}"]`)) {
      threads.append(h("option", { value: chosen }, esc(chosen))); // more threads than cores, from Python
    }
    if (threads.value !== chosen) threads.value = chosen;
    setHtml(body, analysisHtml(shown));
  }

  return { el, update, limit };
}
