// The side panel: both reserves, the option buttons, the toolbar, the analysis.

const ACTIONS = [
  ["back", "◀", "Back one decision (←)"],
  ["forward", "▶", "Forward along the main line (→)"],
  ["overlay", "Power", "Show every top token's power"],
  ["promote", "Promote", "Make this variation the main line"],
  ["delete", "Delete", "Delete from this decision on"],
  ["edit", "Edit position", "Set up a position by clicks, copy or paste a CPN or a game"],
  ["analyse", "Analyse", "Search for the best decisions here"],
  ["stop", "Stop", "Stop the analysis and the review"],
  ["review", "Review", "Evaluate every position of the main line and mark the mistakes"],
];

function createReserves(ctx) {
  const { model, local } = ctx;
  const rows = {};
  for (const player of ["g", "p"]) {
    const row = h("div", { class: `cw-reserve cw-${player}` });
    row.append(h("span", { class: "cw-name" }, PLAYERS[player]));
    row._kinds = {};
    for (const k of KINDS) {
      const b = h("button", { class: "cw-kind", "data-kind": k, "data-player": player, type: "button" },
        `${icon(model, player === "g" ? k : k.toLowerCase(), "cw-mini")}<b></b>`);
      row._kinds[k] = b;
      row.append(b);
    }
    row._burned = h("span", { class: "cw-burned" }, `${icon(model, "F", "cw-mini cw-burn-icon")}<b></b>`);
    row.append(row._burned);
    rows[player] = row;
  }

  function update(store) {
    const v = store.views[store.current];
    for (const player of ["g", "p"]) {
      const row = rows[player];
      const active = v.placer === player;
      row.classList.toggle("cw-active", active);
      for (const k of KINDS) {
        const b = row._kinds[k];
        const n = v.reserves[player][k];
        b.disabled = !n;
        setAttr(b, "aria-pressed", active && local.kind === k ? "true" : "false");
        b.classList.toggle("cw-selected", active && local.kind === k);
        setAttr(b, "title", `${PLAYERS[player]} ${model.get("kind_names")[k]} ×${n}`);
        const count = b.querySelector("b");
        if (count.textContent !== String(n)) count.textContent = String(n);
      }
      const burned = String(v.burned[player === "g" ? 0 : 1]);
      setAttr(row._burned, "title", `${burned} burned Tree(s)`);
      const b = row._burned.querySelector("b");
      if (b.textContent !== burned) b.textContent = burned;
    }
  }

  return { els: [rows.g, rows.p], update };
}

function createOptions() {
  const el = h("div", { class: "cw-options" });

  function update(store) {
    const v = store.views[store.current];
    let html = "";
    if (v.can_pass) html += `<button type="button" class="cw-option" data-decision="pass">pass (decline the final placement)</button>`;
    if (v.choice === "growth" && v.grow.options.length <= 12) {
      for (const token of v.grow.options) html += `<button type="button" class="cw-option" data-decision="${esc(token)}">${esc(token)}</button>`;
    }
    setHtml(el, html);
  }

  return { el, update };
}

function isReviewing(store) {
  const status = (store.review || {}).status || "";
  return status === "starting" || status === "running";
}

function createToolbar(ctx) {
  const { local } = ctx;
  const el = h("div", { class: "cw-toolbar", role: "toolbar" });
  const buttons = {};
  for (const [action, label, title] of ACTIONS) {
    buttons[action] = h("button", { "data-action": action, title, type: "button" }, esc(label));
    el.append(buttons[action]);
  }
  const engine = h("select", { "data-role": "engine", title: "The search behind Analyse" },
    `<option value="alphabeta">alpha-beta</option><option value="mcts">MCTS</option>`);
  el.append(engine);

  function update(store) {
    const v = store.views[store.current];
    const node = nodeOf(store, store.current);
    const analysing = (store.analysis || {}).status === "running";
    buttons.back.disabled = node.parent === -1;
    buttons.forward.disabled = !node.children.length;
    setAttr(buttons.overlay, "aria-pressed", (store.settings || {}).overlay ? "true" : "false");
    buttons.promote.disabled = node.parent === -1;
    buttons.delete.disabled = node.parent === -1;
    buttons.analyse.disabled = !v.decider || analysing;
    buttons.stop.disabled = !(analysing || isReviewing(store));
    buttons.review.disabled = isReviewing(store);
    setAttr(buttons.edit, "aria-pressed", local.setup ? "true" : "false");
    const chosen = (store.settings || {}).engine || "alphabeta";
    if (engine.value !== chosen) engine.value = chosen;
  }

  return { el, engine, update };
}

// The analysis: how long and how deep (the page's Analyse runs until stopped by default),
// the evaluation bar, the best lines as readable decisions, all from Green's side.
const ANALYSIS_TIMES = [["", "∞"], ["5", "5 s"], ["30", "30 s"]];
const ANALYSIS_DEPTHS = [["", "any depth"], ["4", "depth 4"], ["8", "depth 8"], ["12", "depth 12"]];

function analysisSelect(role, title, choices) {
  return h("select", { "data-role": role, title },
    choices.map(([value, label]) => `<option value="${value}">${esc(label)}</option>`).join(""));
}

function createAnalysis() {
  const el = h("div", { class: "cw-analysis", "data-role": "analysis" });
  const controls = h("div", { class: "cw-analysis-controls" });
  const time = analysisSelect("analysis-time", "How long Analyse searches (∞: until Stop)", ANALYSIS_TIMES);
  const depth = analysisSelect("analysis-depth", "How many decisions ahead Analyse looks", ANALYSIS_DEPTHS);
  controls.append(time, depth);
  const body = h("div", { class: "cw-analysis-body" });
  el.append(controls, body);

  // The limit of the next Analyse click: {seconds: null | n, depth: null | n}.
  function limit() {
    return { seconds: time.value ? Number(time.value) : null, depth: depth.value ? Number(depth.value) : null };
  }

  function update(store) {
    const a = store.analysis || {};
    const here = a.node === store.current;
    let html = "";
    if (here && a.lines && a.lines.length) {
      const best = a.lines[0];
      const greenShare = Math.round(((best.green + 1) / 2) * 100);
      html += `<div class="cw-pov">Green's view: + is good for Green</div>`;
      html += `<div class="cw-evalrow"><b class="cw-evaltext${best.proven ? " cw-proven" : ""}" data-role="eval">${esc(best.green_text)}</b>`
        + `<div class="cw-evalbar" title="${esc(best.describe)}"><div class="cw-eval-g" style="width:${greenShare}%"></div></div></div>`;
      html += `<div class="cw-lines">`;
      a.lines.forEach((line, i) => {
        html += `<div class="cw-line${line.proven ? " cw-proven" : ""}" data-line="${i}" title="${esc(`${line.pv.join(" ")}: play this line as a variation`)}">`
          + `<b>${esc(line.green_text)}</b> ${esc((line.labels || line.pv).join(" · "))}</div>`;
      });
      html += `</div><div class="cw-analysis-status">${esc(a.status)} · ${esc(a.limit || "")} · ${esc(a.engine || "")}`
        + ` · depth ${best.depth} · ${best.nodes.toLocaleString()} decisions · ${best.seconds} s</div>`;
    } else if (here && a.status === "running") {
      html += `<span class="cw-analysis-status">preparing the engine…</span>`;
    } else if (here && a.status) {
      html += `<span class="cw-analysis-status">${esc(a.status)}</span>`;
    }
    setAttr(el, "data-status", here ? a.status || "" : "");
    setHtml(body, html);
  }

  return { el, update, limit };
}
