// Cernunos analysis board: the front end of cernunos_widget.CernunosWidget.
//
// It renders what Python computed (the `nodes` trait holds every node's view) and sends the
// user's intent back as custom messages; it never decides legality. Navigation in the tree
// is the `current` trait, set here directly, so a static page can still walk the tree.

const CELLS = ["a3", "b3", "c3", "d3", "a2", "b2", "c2", "d2", "a1", "b1", "c1", "d1"];
const KINDS = ["T", "B", "D", "W", "S", "X", "C", "F"];
const PLAYERS = { g: "Green", p: "Purple" };

function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c]);
}

function owner(letter) {
  return letter === letter.toUpperCase() ? "g" : "p";
}

function icon(model, letter, cls) {
  const svg = model.get("icons")[letter.toUpperCase()] || "";
  return `<svg class="${cls}" viewBox="0 0 100 100" aria-hidden="true">${svg}</svg>`;
}

function indexNodes(nodes) {
  const byId = new Map();
  for (const n of nodes) byId.set(n.id, n);
  return byId;
}

// ---------------------------------------------------------------- drawing

function drawBoard(model, node, state) {
  const v = node.view;
  const overlay = model.get("overlay");
  const kind = model.get("selected_kind");
  const partial = model.get("partial");
  const targets = new Set();
  if (kind && v.placements[kind]) v.placements[kind].forEach((c) => targets.add(c));
  v.targets.forEach((c) => targets.add(c));
  if (v.choice === "fox-swap") {
    for (const [a, b] of v.swaps) {
      if (!partial.length) { targets.add(a); targets.add(b); }
      else if (a === partial[0]) targets.add(b);
      else if (b === partial[0]) targets.add(a);
    }
  }
  if (v.choice === "growth") v.grow.trees.forEach((c) => targets.add(c));
  const changed = new Set(v.changed);
  const analysis = model.get("analysis") || {};
  const best = new Set(analysis.node === node.id && analysis.lines && analysis.lines.length ? analysis.lines[0].cells : []);
  const coverable = new Set(overlay ? v.coverable : []);
  const hoverTop = state.hover && v.stacks[state.hover] ? v.stacks[state.hover].slice(-1).toUpperCase() : null;
  const zone = hoverTop ? model.get("zones")[hoverTop][state.hover] : null;
  const zoneCells = new Set(zone ? zone.cells : []);
  const pushDest = new Set(zone ? zone.pushes.map((p) => p[1]) : []);

  let html = `<div class="cw-board" role="grid">`;
  for (const cell of CELLS) {
    const stack = v.stacks[cell] || "";
    const classes = ["cw-cell"];
    if (((cell.charCodeAt(0) - 97) + Number(cell[1])) % 2) classes.push("cw-dark");
    if (targets.has(cell)) classes.push("cw-target");
    if (partial.includes(cell)) classes.push("cw-picked");
    if (changed.has(cell)) classes.push("cw-changed");
    if (coverable.has(cell)) classes.push("cw-coverable");
    if (zoneCells.has(cell)) classes.push("cw-zone");
    if (pushDest.has(cell)) classes.push("cw-push-dest");
    if (v.choice_cell === cell) classes.push("cw-acting");
    if (best.has(cell)) classes.push("cw-best");
    const title = stack
      ? `${cell}: ${stack.split("").map((l) => `${PLAYERS[owner(l)]} ${model.get("kind_names")[l.toUpperCase()]}`).join(", ")} (bottom to top)`
      : `${cell}: empty`;
    html += `<div class="${classes.join(" ")}" data-cell="${cell}" title="${esc(title)}">`;
    html += `<span class="cw-coord">${cell}</span>`;
    if (stack) {
      const top = stack[stack.length - 1];
      html += `<span class="cw-top cw-${owner(top)}" data-top="${top}">${icon(model, top, "cw-icon")}</span>`;
      html += `<span class="cw-stack">${stack.split("").map((l) => `<i class="cw-${owner(l)}">${l}</i>`).join("")}</span>`;
      const power = v.powers[cell];
      if (overlay && power) {
        const sign = power.total > 0 ? "pos" : power.total < 0 ? "neg" : "zero";
        html += `<span class="cw-power cw-power-${sign}" data-power="${power.total}" title="${esc(`power ${power.text}`)}">${power.total}</span>`;
      }
    }
    html += `</div>`;
  }
  html += `</div>`;
  html += `<div class="cw-files">${["a", "b", "c", "d"].map((c) => `<span>${c}</span>`).join("")}</div>`;
  if (zone) html += `<div class="cw-zone-label">${esc(`${state.hover}: ${zone.label}`)}</div>`;
  return html;
}

function drawReserves(model, node) {
  const v = node.view;
  const kind = model.get("selected_kind");
  let html = "";
  for (const player of ["g", "p"]) {
    const active = (v.choice === "placement" || v.choice === "final-placement") && v.side === player;
    html += `<div class="cw-reserve cw-${player}${active ? " cw-active" : ""}"><span class="cw-name">${PLAYERS[player]}</span>`;
    for (const k of KINDS) {
      const n = v.reserves[player][k];
      const sel = active && kind === k ? " cw-selected" : "";
      html += `<button class="cw-kind${sel}" data-kind="${k}" data-player="${player}" ${n ? "" : "disabled"} title="${esc(`${model.get("kind_names")[k]} x${n}`)}">`
        + `${icon(model, player === "g" ? k : k.toLowerCase(), "cw-mini")}<b>${n}</b></button>`;
    }
    const burned = v.burned[player === "g" ? 0 : 1];
    html += `<span class="cw-burned" title="${burned} burned Tree(s)">${icon(model, "F", "cw-mini cw-burn-icon")}<b>${burned}</b></span></div>`;
  }
  return html;
}

function drawOptions(model, node) {
  const v = node.view;
  let html = "";
  if (v.can_pass) html += `<button class="cw-option" data-decision="pass">pass (decline the final placement)</button>`;
  if (v.choice === "growth" && v.grow.options.length <= 12) {
    for (const token of v.grow.options) html += `<button class="cw-option" data-decision="${esc(token)}">${esc(token)}</button>`;
  }
  return html;
}

function drawAnalysis(model, node) {
  const a = model.get("analysis") || {};
  const running = a.status === "running";
  let html = `<div class="cw-analysis" data-role="analysis" data-status="${esc(a.node === node.id ? a.status || "" : "")}">`;
  html += `<button data-action="analyse" ${running ? "disabled" : ""} title="search for the best decisions">analyse</button>`;
  html += `<button data-action="analyse-game" ${running ? "disabled" : ""} title="mark decisions that threw away a win or a draw">analyse the game</button>`;
  const engine = model.get("engine");
  html += `<select data-role="engine" title="the search behind the analyse button" ${running ? "disabled" : ""}>`;
  for (const [value, label] of [["alphabeta", "alpha-beta"], ["mcts", "MCTS"]]) {
    html += `<option value="${value}" ${value === engine ? "selected" : ""}>${label}</option>`;
  }
  html += `</select>`;
  if (running || (a.status || "").startsWith("game: ") && !(a.status || "").startsWith("game: done")) {
    html += `<button data-action="cancel" title="stop the analysis">cancel</button>`;
  }
  if (a.node === -1 && a.status) html += `<span class="cw-analysis-status">${esc(a.status)}</span>`;
  if (a.node === node.id && a.lines && a.lines.length) {
    const best = a.lines[0];
    const greenShare = Math.round(((best.green + 1) / 2) * 100);
    html += `<div class="cw-evalbar" title="${esc(best.describe)}"><div class="cw-eval-g" style="width:${greenShare}%"></div></div>`;
    html += `<div class="cw-lines">`;
    a.lines.forEach((line, i) => {
      html += `<div class="cw-line${line.proven ? " cw-proven" : ""}" data-line="${i}" title="play this line as a variation">`
        + `<b>${esc(line.text)}</b> ${esc(line.pv.join(" "))}</div>`;
    });
    html += `</div><div class="cw-analysis-status">${esc(a.status)} · depth ${best.depth} · ${best.nodes.toLocaleString()} decisions · ${best.seconds} s</div>`;
  } else if (a.node === node.id && a.status) {
    html += `<span class="cw-analysis-status">${esc(a.status)}…</span>`;
  }
  return html + `</div>`;
}

function lineHtml(byId, start, current, depth) {
  // `start` is the first node of a line; writes it and its main continuation with variations.
  let html = "";
  let node = start;
  while (node) {
    const cls = ["cw-move"];
    if (node.id === current) cls.push("cw-current");
    html += `<span class="${cls.join(" ")}" data-node="${node.id}" title="${esc(node.comment)}">${esc(node.token)}</span>`;
    if (node.mark) html += `<span class="cw-mark" title="${esc(node.mark_text)}">${esc(node.mark)}</span>`;
    if (node.comment) html += `<span class="cw-comment">${esc(node.comment)}</span>`;
    const parent = byId.get(node.parent);
    if (parent && parent.children[0] === node.id && parent.children.length > 1) {
      for (const vid of parent.children.slice(1)) {
        html += `<div class="cw-variation" style="--depth:${depth + 1}">(${lineHtml(byId, byId.get(vid), current, depth + 1)})</div>`;
      }
    }
    node = node.children.length ? byId.get(node.children[0]) : null;
  }
  return html;
}

function drawTree(byId, root, current) {
  const first = root.children.length ? byId.get(root.children[0]) : null;
  const start = `<span class="cw-move${root.id === current ? " cw-current" : ""}" data-node="${root.id}">start</span>`;
  return first ? start + lineHtml(byId, first, current, 0) : start;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "cw-root";
  root.tabIndex = 0;
  // Keep JupyterLab's command-mode shortcuts (arrows move between cells) off our keys.
  root.dataset.lmSuppressShortcuts = "true";
  el.appendChild(root);
  const state = { hover: null };

  const currentNode = () => indexNodes(model.get("nodes")).get(model.get("current"));

  function draw() {
    const nodes = model.get("nodes");
    const byId = indexNodes(nodes);
    const node = byId.get(model.get("current"));
    if (!node) return;
    const v = node.view;
    root.dataset.cpn = v.cpn;
    root.dataset.pending = v.pending;
    root.dataset.revision = String(model.get("revision"));
    root.dataset.synced = String(model.get("synced"));
    root.dataset.current = String(node.id);
    root.dataset.overlay = model.get("overlay") ? "on" : "off";
    const rootNode = nodes[0];
    const prompt = v.result_text ? `Game over: ${v.result_text}` : v.prompt;
    const who = v.decider ? ` cw-${v.decider}` : "";
    root.innerHTML = `
      <div class="cw-header"><span class="cw-prompt${who}" data-role="prompt">${esc(prompt)}</span>
        <span class="cw-message" data-role="message">${esc(model.get("message"))}</span></div>
      <div class="cw-main">
        <div class="cw-left">${drawBoard(model, node, state)}</div>
        <div class="cw-right">
          ${drawReserves(model, node)}
          <div class="cw-options">${drawOptions(model, node)}</div>
          <div class="cw-toolbar">
            <button data-action="back" title="back one decision (←)">↶ undo</button>
            <button data-action="overlay" aria-pressed="${model.get("overlay")}" title="power overlay">power overlay: ${model.get("overlay") ? "on" : "off"}</button>
            <button data-action="promote" title="make this variation the main line">promote</button>
            <button data-action="delete" title="delete from this decision on">delete</button>
          </div>
          ${drawAnalysis(model, node)}
          <div class="cw-narration" data-role="narration">${v.events.map((e) => `<div class="cw-event cw-ev-${esc(e.kind)}">${esc(e.text)}</div>`).join("")}</div>
        </div>
      </div>
      <div class="cw-tree" data-role="tree">${drawTree(byId, rootNode, node.id)}</div>
      <textarea class="cw-comment-box" data-role="comment" rows="1" placeholder="comment on this position">${esc(node.comment)}</textarea>`;
  }

  function send(content) {
    model.send({ ...content, node: model.get("current") });
  }

  function go(id) {
    if (id === undefined || id === null || id < 0) return;
    model.set("current", id);
    model.save_changes();
  }

  function navigate(key) {
    const byId = indexNodes(model.get("nodes"));
    const node = byId.get(model.get("current"));
    if (!node) return false;
    const parent = byId.get(node.parent);
    if (key === "ArrowLeft") go(node.parent);
    else if (key === "ArrowRight") go(node.children[0]);
    else if (key === "ArrowUp" || key === "ArrowDown") {
      if (!parent) return true;
      const i = parent.children.indexOf(node.id);
      const j = key === "ArrowUp" ? i - 1 : i + 1;
      if (j >= 0 && j < parent.children.length) go(parent.children[j]);
    } else if (key === "Home") go(model.get("nodes")[0].id);
    else if (key === "End") {
      let n = node;
      while (n.children.length) n = byId.get(n.children[0]);
      go(n.id);
    } else return false;
    return true;
  }

  function onClick(event) {
    const target = event.target.closest("[data-cell],[data-kind],[data-decision],[data-node],[data-action],[data-line]");
    if (!target || !root.contains(target)) return;
    root.focus({ preventScroll: true });
    if (target.dataset.node !== undefined) go(Number(target.dataset.node));
    else if (target.dataset.action === "back") navigate("ArrowLeft");
    else if (target.dataset.action === "overlay") {
      model.set("overlay", !model.get("overlay"));
      model.save_changes();
    } else if (target.dataset.action === "analyse") send({ type: "analyse", seconds: 10, multipv: 3 });
    else if (target.dataset.action === "cancel") send({ type: "cancel" });
    else if (target.dataset.action === "analyse-game") send({ type: "analyse_game", seconds: 2 });
    else if (target.dataset.line !== undefined) send({ type: "line", index: Number(target.dataset.line) });
    else if (target.dataset.action === "promote") send({ type: "promote" });
    else if (target.dataset.action === "delete") send({ type: "delete" });
    else if (target.dataset.decision !== undefined) send({ type: "decision", token: target.dataset.decision });
    else if (target.dataset.kind !== undefined) send({ type: "kind", kind: target.dataset.kind, player: target.dataset.player });
    else if (target.dataset.cell !== undefined) send({ type: "cell", cell: target.dataset.cell });
  }

  function onKey(event) {
    if (event.target.tagName === "TEXTAREA") return;
    if (navigate(event.key)) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  function onHover(event) {
    const cell = event.target.closest("[data-cell]");
    const hover = cell && cell.querySelector(".cw-top") ? cell.dataset.cell : null;
    if (hover !== state.hover) {
      state.hover = hover;
      draw();
    }
  }

  function onChange(event) {
    if (event.target.dataset.role === "engine") send({ type: "engine", engine: event.target.value });
    else if (event.target.dataset.role === "comment") {
      const node = currentNode();
      if (node && event.target.value !== node.comment) send({ type: "comment", text: event.target.value });
    }
  }

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  root.addEventListener("mouseover", onHover);
  root.addEventListener("mouseleave", onHover);
  root.addEventListener("change", onChange);
  const names = ["nodes", "current", "overlay", "selected_kind", "partial", "message", "revision", "synced", "analysis", "engine"];
  for (const name of names) model.on(`change:${name}`, draw);
  draw();

  return () => {
    for (const name of names) model.off(`change:${name}`, draw);
    root.remove();
  };
}

export default { render };
