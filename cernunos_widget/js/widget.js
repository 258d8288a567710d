// Cernunos analysis board: the front end of cernunos_widget.CernunosWidget.
//
// The page renders what the engine computed and sends intent; it never decides legality.
// Its store is the `tree` trait ({gen, nodes, views, current, analysis, review, settings}):
// the kernel writes it whole at the end of a cell, and patches it on every change (one
// reply per request, see cernunos_widget/protocol.py). Patches are applied to the store in
// place, so a notebook saved with the widget state keeps the whole tree. Transient input
// (hover, the picked kind, a swap's first cell, the growth selection) lives in each view.
// The DOM is built once per view; updates change only what differs.

const CELLS = ["a3", "b3", "c3", "d3", "a2", "b2", "c2", "d2", "a1", "b1", "c1", "d1"];
const KINDS = ["T", "B", "D", "W", "S", "X", "C", "F"];
const PLAYERS = { g: "Green", p: "Purple" };
const ACTIONS = [
  ["back", "◀", "Back one decision (←)"],
  ["forward", "▶", "Forward along the main line (→)"],
  ["overlay", "Power", "Show every top token's power"],
  ["promote", "Promote", "Make this variation the main line"],
  ["delete", "Delete", "Delete from this decision on"],
  ["edit", "Set up", "Start a new game from a position (CPN)"],
  ["analyse", "Analyse", "Search for the best decisions here"],
  ["stop", "Stop", "Stop the analysis and the review"],
  ["review", "Review", "Mark decisions that threw away a win or a draw"],
];

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

function h(tag, attrs = {}, html = "") {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (html) el.innerHTML = html;
  return el;
}

function setHtml(el, html) {
  if (el._html !== html) {
    el.innerHTML = html;
    el._html = html;
  }
}

function setAttr(el, name, value) {
  if (value === null || value === undefined || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== String(value)) el.setAttribute(name, String(value));
}

// ---------------------------------------------------------------- the store

function storeOf(model) {
  const tree = model.get("tree");
  if (!tree.nodes) Object.assign(tree, { nodes: {}, views: {}, current: 0, gen: 0 });
  return tree;
}

// Merge a kernel patch into the store, in place. Idempotent: applying it twice is harmless.
function applyPatch(store, patch) {
  if (patch.reset) {
    for (const key of Object.keys(store)) delete store[key];
    Object.assign(store, { nodes: {}, views: {} });
  } else if (patch.gen !== undefined && store.gen !== undefined && patch.gen !== store.gen) {
    return false; // a patch of a replaced game
  }
  for (const [key, value] of Object.entries(patch)) {
    if (key === "nodes" || key === "views") Object.assign(store[key], value);
    else if (key === "settings") store.settings = { ...(store.settings || {}), ...value };
    else if (key === "removed") {
      for (const id of value) {
        delete store.nodes[id];
        delete store.views[id];
      }
    } else if (key !== "reset") store[key] = value;
  }
  return true;
}

function nodeOf(store, id) {
  return store.nodes[id];
}

// ---------------------------------------------------------------- the view

function render({ model, el }) {
  const local = {
    hover: null, kind: null, swapFirst: null, growth: [], message: "", shown: null,
    commentNode: null, setup: false,
  };
  const pending = new Map();
  const viewId = Math.random().toString(36).slice(2, 8);
  let counter = 0;

  // ---- the skeleton, built once
  const root = h("div", { class: "cw-root", tabindex: "0", "data-lm-suppress-shortcuts": "true" });
  const header = h("div", { class: "cw-header" });
  const prompt = h("span", { class: "cw-prompt", "data-role": "prompt" });
  const message = h("span", { class: "cw-message", "data-role": "message", role: "status", "aria-live": "polite" });
  header.append(prompt, message);
  const main = h("div", { class: "cw-main" });
  const left = h("div", { class: "cw-left" });
  const board = h("div", { class: "cw-board", role: "grid", "aria-label": "board" });
  const cells = {};
  for (const cell of CELLS) {
    const dark = ((cell.charCodeAt(0) - 97) + Number(cell[1])) % 2 ? " cw-dark" : "";
    const c = h("div", { class: `cw-cell${dark}`, "data-cell": cell, role: "gridcell" });
    c._base = `cw-cell${dark}`;
    c._body = h("div", { class: "cw-cell-body" });
    c.append(h("span", { class: "cw-coord" }, cell), c._body);
    cells[cell] = c;
    board.append(c);
  }
  const files = h("div", { class: "cw-files" }, ["a", "b", "c", "d"].map((c) => `<span>${c}</span>`).join(""));
  const zoneLabel = h("div", { class: "cw-zone-label", "aria-hidden": "true" });
  left.append(board, files, zoneLabel);

  const right = h("div", { class: "cw-right" });
  const reserves = {};
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
    reserves[player] = row;
  }
  const options = h("div", { class: "cw-options" });
  const toolbar = h("div", { class: "cw-toolbar", role: "toolbar" });
  const buttons = {};
  for (const [action, label, title] of ACTIONS) {
    buttons[action] = h("button", { "data-action": action, title, type: "button" }, esc(label));
    toolbar.append(buttons[action]);
  }
  const engineSelect = h("select", { "data-role": "engine", title: "The search behind Analyse" },
    `<option value="alphabeta">alpha-beta</option><option value="mcts">MCTS</option>`);
  toolbar.append(engineSelect);
  const setupBox = h("form", { class: "cw-setup", hidden: "" },
    `<input data-setup="cpn" aria-label="position to set up (CPN)" spellcheck="false"><button type="submit" data-setup="go">Set up</button>`);
  const analysis = h("div", { class: "cw-analysis", "data-role": "analysis" });
  const narration = h("div", { class: "cw-narration", "data-role": "narration", "aria-live": "polite" });
  right.append(reserves.g, reserves.p, options, toolbar, setupBox, analysis, narration);
  main.append(left, right);
  const movelist = h("div", { class: "cw-tree", "data-role": "tree", "data-movelist": "" });
  const comment = h("textarea", {
    class: "cw-comment-box", "data-role": "comment", "data-comment": "", rows: "1",
    placeholder: "comment on this position", "aria-label": "comment on this position",
  });
  root.append(header, main, movelist, comment);
  el.appendChild(root);
  const moveEls = new Map();

  // ---- requests: one message, one reply
  function request(content, onOk) {
    const store = storeOf(model);
    const id = `${viewId}-${++counter}`;
    pending.set(id, onOk || null);
    try {
      model.send({ ...content, id, gen: store.gen || 0 });
    } catch (error) {
      pending.delete(id);
      say(`cannot reach the kernel (${error})`);
    }
  }

  function onCustom(msg) {
    if (!msg || typeof msg !== "object") return;
    const store = storeOf(model);
    if (msg.patch) applyPatch(store, msg.patch);
    if (msg.reply !== undefined && pending.has(msg.reply)) {
      const onOk = pending.get(msg.reply);
      pending.delete(msg.reply);
      if (msg.ok) {
        local.message = "";
        if (onOk) onOk();
      } else local.message = msg.message || "refused";
    }
    update();
  }

  function say(text) {
    local.message = text;
    update();
  }

  // ---- navigation (local first, so a static page can walk the tree; the kernel follows)
  function go(id) {
    const store = storeOf(model);
    if (id === undefined || id === null || id < 0 || !nodeOf(store, id)) return;
    if (store.current !== id) {
      store.current = id;
      model.set("tick", (model.get("tick") || 0) + 1); // redraws every view of this model
    }
    request({ type: "goto", node: id });
    update();
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

  function rootId(store) {
    for (const n of Object.values(store.nodes)) if (n.parent === -1) return n.id;
    return 0;
  }

  function clearInput() {
    local.kind = null;
    local.swapFirst = null;
    local.growth = [];
  }

  function play(token) {
    const store = storeOf(model);
    request({ type: "play", node: store.current, decision: token }, clearInput);
  }

  // ---- clicks
  function clickCell(cell, v) {
    const choice = v.choice;
    if (!choice) return say(`The game is over: ${v.result_text}.`);
    if (choice === "placement" || choice === "final-placement") {
      if (!local.kind) return say(`First pick a token from ${PLAYERS[v.side]}'s reserve.`);
      return play(`${local.kind}@${cell}`);
    }
    if (choice === "fox-swap") {
      const partners = v.swap_partners || {};
      if (!local.swapFirst) {
        if (!partners[cell]) return say(`The Fox cannot swap the token on ${cell}.`);
        local.swapFirst = cell;
        return say("");
      }
      if (cell === local.swapFirst) {
        local.swapFirst = null;
        return say("");
      }
      const token = (partners[local.swapFirst] || {})[cell];
      return play(token || `${local.swapFirst}~${cell}`);
    }
    if (choice === "growth") {
      if (!v.grow.trees.includes(cell)) return say(`${cell} has no Tree of ${PLAYERS[v.decider]}'s that may grow.`);
      local.growth = local.growth.includes(cell) ? local.growth.filter((c) => c !== cell) : [...local.growth, cell];
      if (local.growth.length === v.grow.count) {
        const chosen = [...local.growth].sort().join(",");
        const token = v.grow.options.find((t) => t.slice(5).split(",").sort().join(",") === chosen);
        return play(token || `grow:${local.growth.join(",")}`);
      }
      return say(`Choose ${v.grow.count - local.growth.length} more Tree(s) to grow.`);
    }
    return play(cell); // boar-target, crow-cell, fox-order
  }

  function clickKind(kind, player, v) {
    if (!v.placer) return say(v.decider ? `Not now: ${v.prompt}.` : `The game is over: ${v.result_text}.`);
    if (player !== v.placer) return say(`It is ${PLAYERS[v.placer]}'s placement: pick from ${PLAYERS[v.placer]}'s reserve.`);
    local.kind = local.kind === kind ? null : kind;
    say("");
  }

  function onClick(event) {
    const target = event.target.closest("[data-cell],[data-kind],[data-decision],[data-node],[data-action],[data-line]");
    if (!target || !root.contains(target)) return;
    const store = storeOf(model);
    const v = store.views[store.current];
    if (!v) return;
    const d = target.dataset;
    if (d.node !== undefined) go(Number(d.node));
    else if (d.action) action(d.action, store);
    else if (d.line !== undefined) request({ type: "line", index: Number(d.line) });
    else if (d.decision !== undefined) play(d.decision);
    else if (d.kind !== undefined) clickKind(d.kind, d.player, v);
    else if (d.cell !== undefined) clickCell(d.cell, v);
  }

  function action(name, store) {
    const settings = store.settings || {};
    if (name === "back") navigate("ArrowLeft");
    else if (name === "forward") navigate("ArrowRight");
    else if (name === "overlay") {
      // a view setting: shown at once (a static page too), then confirmed by the kernel
      store.settings = { ...settings, overlay: !settings.overlay };
      model.set("tick", (model.get("tick") || 0) + 1);
      request({ type: "overlay", on: store.settings.overlay });
    }
    else if (name === "promote") request({ type: "promote", node: store.current });
    else if (name === "delete") request({ type: "delete", node: store.current });
    else if (name === "analyse") request({ type: "analyse", node: store.current, seconds: 10, multipv: 3 });
    else if (name === "stop") request({ type: "stop" });
    else if (name === "review") request({ type: "review", seconds: 2 });
    else if (name === "edit") {
      local.setup = !local.setup;
      const input = setupBox.querySelector("input");
      const v = store.views[store.current];
      if (local.setup && v && !input.value) input.value = v.cpn;
      update();
      if (local.setup) input.focus();
    }
  }

  function onSetup(event) {
    event.preventDefault();
    const input = setupBox.querySelector("input");
    request({ type: "setup", cpn: input.value.trim() }, () => {
      local.setup = false;
      input.value = "";
    });
  }

  function onKey(event) {
    const tag = event.target.tagName;
    if (tag === "TEXTAREA" || tag === "INPUT" || tag === "SELECT") return;
    if (navigate(event.key)) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  function onHover(event) {
    const cell = event.type === "mouseleave" ? null : event.target.closest("[data-cell]");
    const hover = cell ? cell.dataset.cell : null;
    if (hover !== local.hover) {
      local.hover = hover;
      drawBoard(storeOf(model));
    }
  }

  function onChange(event) {
    const t = event.target;
    if (t === engineSelect) request({ type: "engine", engine: t.value });
    else if (t === comment) sendComment();
  }

  function onCommentInput() {
    if (local.commentNode === null) local.commentNode = storeOf(model).current;
  }

  function sendComment() {
    const store = storeOf(model);
    const id = local.commentNode === null ? store.current : local.commentNode;
    local.commentNode = null;
    const node = nodeOf(store, id);
    if (node && comment.value !== node.comment) request({ type: "comment", node: id, text: comment.value });
  }

  // ---- drawing: each region compares and changes only what differs
  function update() {
    const store = storeOf(model);
    const node = nodeOf(store, store.current);
    const v = node && store.views[store.current];
    if (!v) return;
    if (local.shown !== store.current) {
      if (local.shown !== null) clearInput();
      local.shown = store.current;
    }
    setAttr(root, "data-cpn", v.cpn);
    setAttr(root, "data-pending", v.pending);
    setAttr(root, "data-current", store.current);
    setAttr(root, "data-overlay", (store.settings || {}).overlay ? "on" : "off");
    const over = v.result_text ? `Game over: ${v.result_text}` : v.prompt;
    if (prompt.textContent !== over) prompt.textContent = over;
    prompt.className = `cw-prompt${v.decider ? ` cw-${v.decider}` : ""}`;
    if (message.textContent !== local.message) message.textContent = local.message;
    drawBoard(store);
    drawReserves(v);
    drawOptions(v);
    drawToolbar(store, v);
    drawAnalysis(store, node);
    setHtml(narration, v.events.map((e) => `<div class="cw-event cw-ev-${esc(e.kind)}">${esc(e.text)}</div>`).join(""));
    drawMoves(store);
    drawComment(store, node);
  }

  function drawBoard(store) {
    const v = store.views[store.current];
    if (!v) return;
    const overlay = (store.settings || {}).overlay;
    const targets = new Set(v.targets);
    if (local.kind && v.placements[local.kind]) v.placements[local.kind].forEach((c) => targets.add(c));
    if (v.choice === "fox-swap") {
      const partners = v.swap_partners || {};
      const from = local.swapFirst ? Object.keys(partners[local.swapFirst] || {}) : Object.keys(partners);
      from.forEach((c) => targets.add(c));
    }
    if (v.choice === "growth") v.grow.trees.forEach((c) => targets.add(c));
    const picked = new Set(local.swapFirst ? [local.swapFirst] : local.growth);
    const changed = new Set(v.changed);
    const a = store.analysis || {};
    const best = new Set(a.node === store.current && a.lines && a.lines.length ? a.lines[0].cells : []);
    const coverable = new Set(overlay ? v.coverable : []);
    const hoverTop = local.hover && v.stacks[local.hover] ? v.stacks[local.hover].slice(-1).toUpperCase() : null;
    const zone = hoverTop ? (model.get("zones")[hoverTop] || {})[local.hover] : null;
    const zoneCells = new Set(zone ? zone.cells : []);
    const pushDest = new Set(zone ? zone.pushes.map((p) => p[1]) : []);
    const names = model.get("kind_names");
    for (const cell of CELLS) {
      const c = cells[cell];
      const stack = v.stacks[cell] || "";
      const cls = [c._base];
      if (targets.has(cell)) cls.push("cw-target");
      if (picked.has(cell)) cls.push("cw-picked");
      if (changed.has(cell)) cls.push("cw-changed");
      if (coverable.has(cell)) cls.push("cw-coverable");
      if (zoneCells.has(cell)) cls.push("cw-zone");
      if (pushDest.has(cell)) cls.push("cw-push-dest");
      if (v.choice_cell === cell) cls.push("cw-acting");
      if (best.has(cell)) cls.push("cw-best");
      const className = cls.join(" ");
      if (c.className !== className) c.className = className;
      setAttr(c, "data-picked", picked.has(cell) ? "true" : null);
      const title = stack
        ? `${cell}: ${stack.split("").map((l) => `${PLAYERS[owner(l)]} ${names[l.toUpperCase()]}`).join(", ")} (bottom to top)`
        : `${cell}: empty`;
      setAttr(c, "title", title);
      let body = "";
      if (stack) {
        const top = stack[stack.length - 1];
        body += `<span class="cw-top cw-${owner(top)}" data-top="${top}">${icon(model, top, "cw-icon")}</span>`;
        body += `<span class="cw-stack">${stack.split("").map((l) => `<i class="cw-${owner(l)}">${l}</i>`).join("")}</span>`;
        const power = v.powers[cell];
        if (overlay && power) {
          const sign = power.total > 0 ? "pos" : power.total < 0 ? "neg" : "zero";
          body += `<span class="cw-power cw-power-${sign}" data-power="${power.total}" title="${esc(`power ${power.text}`)}">${power.total}</span>`;
        }
      }
      setHtml(c._body, body);
    }
    const label = zone ? `${local.hover}: ${zone.label}` : "";
    if (zoneLabel.textContent !== label) zoneLabel.textContent = label;
  }

  function drawReserves(v) {
    for (const player of ["g", "p"]) {
      const row = reserves[player];
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

  function drawOptions(v) {
    let html = "";
    if (v.can_pass) html += `<button type="button" class="cw-option" data-decision="pass">pass (decline the final placement)</button>`;
    if (v.choice === "growth" && v.grow.options.length <= 12) {
      for (const token of v.grow.options) html += `<button type="button" class="cw-option" data-decision="${esc(token)}">${esc(token)}</button>`;
    }
    setHtml(options, html);
  }

  function drawToolbar(store, v) {
    const node = nodeOf(store, store.current);
    const running = ((store.analysis || {}).status === "running") || isReviewing(store);
    buttons.back.disabled = node.parent === -1;
    buttons.forward.disabled = !node.children.length;
    setAttr(buttons.overlay, "aria-pressed", (store.settings || {}).overlay ? "true" : "false");
    buttons.promote.disabled = node.parent === -1;
    buttons.delete.disabled = node.parent === -1;
    buttons.analyse.disabled = !v.decider || (store.analysis || {}).status === "running";
    buttons.stop.disabled = !running;
    buttons.review.disabled = isReviewing(store);
    setAttr(buttons.edit, "aria-pressed", local.setup ? "true" : "false");
    if (local.setup) setupBox.removeAttribute("hidden");
    else setupBox.setAttribute("hidden", "");
    const engine = (store.settings || {}).engine || "alphabeta";
    if (engineSelect.value !== engine) engineSelect.value = engine;
  }

  function isReviewing(store) {
    const status = (store.review || {}).status || "";
    return status !== "" && !status.startsWith("done") && status !== "cancelled";
  }

  function drawAnalysis(store, node) {
    const a = store.analysis || {};
    const here = a.node === node.id;
    let html = "";
    if (here && a.lines && a.lines.length) {
      const best = a.lines[0];
      const greenShare = Math.round(((best.green + 1) / 2) * 100);
      html += `<div class="cw-evalbar" title="${esc(best.describe)}"><div class="cw-eval-g" style="width:${greenShare}%"></div></div>`;
      html += `<div class="cw-lines">`;
      a.lines.forEach((line, i) => {
        html += `<div class="cw-line${line.proven ? " cw-proven" : ""}" data-line="${i}" title="play this line as a variation">`
          + `<b>${esc(line.text)}</b> ${esc(line.pv.join(" "))}</div>`;
      });
      html += `</div><div class="cw-analysis-status">${esc(a.status)} · ${esc(a.engine || "")} · depth ${best.depth} · ${best.nodes.toLocaleString()} decisions · ${best.seconds} s</div>`;
    } else if (here && a.status) {
      html += `<span class="cw-analysis-status">${esc(a.status)}${a.status === "running" ? "…" : ""}</span>`;
    }
    const review = (store.review || {}).status;
    if (review) html += `<span class="cw-analysis-status" data-role="review">review: ${esc(review)}</span>`;
    setAttr(analysis, "data-status", here ? a.status || "" : "");
    setHtml(analysis, html);
  }

  // The move list keeps one element per node (keyed by id) across updates.
  function moveEl(store, id) {
    const n = nodeOf(store, id);
    let e = moveEls.get(id);
    if (!e) {
      e = h("span", { class: "cw-move", "data-node": String(id) });
      moveEls.set(id, e);
    }
    const text = n.parent === -1 ? "start" : n.token;
    if (e.textContent !== text) e.textContent = text;
    setAttr(e, "title", n.comment || null);
    e.classList.toggle("cw-current", id === store.current);
    setAttr(e, "aria-current", id === store.current ? "true" : null);
    return e;
  }

  function annotations(n) {
    let html = "";
    if (n.mark) html += `<span class="cw-mark" title="${esc(n.mark_text)}">${esc(n.mark)}</span>`;
    if (n.comment) html += `<span class="cw-comment">${esc(n.comment)}</span>`;
    return html;
  }

  function lineInto(container, store, startId, depth) {
    let n = nodeOf(store, startId);
    while (n) {
      container.append(moveEl(store, n.id));
      const notes = annotations(n);
      if (notes) container.append(h("span", { class: "cw-notes" }, notes));
      const parent = nodeOf(store, n.parent);
      if (parent && parent.children[0] === n.id) {
        for (const vid of parent.children.slice(1)) {
          const box = h("div", { class: "cw-variation", style: `--depth:${depth + 1}` });
          box.append("(");
          lineInto(box, store, vid, depth + 1);
          box.append(")");
          container.append(box);
        }
      }
      n = n.children.length ? nodeOf(store, n.children[0]) : null;
    }
  }

  function drawMoves(store) {
    const rid = rootId(store);
    const shape = JSON.stringify([store.gen, Object.values(store.nodes).map((n) => [n.id, n.children, n.mark, n.comment])]);
    for (const [id, e] of moveEls) {
      if (!store.nodes[id]) {
        moveEls.delete(id);
        e.remove();
      }
    }
    if (movelist._shape !== shape) {
      movelist._shape = shape;
      const fresh = document.createDocumentFragment();
      fresh.append(moveEl(store, rid));
      const first = nodeOf(store, rid).children[0];
      if (first !== undefined) lineInto(fresh, store, first, 0);
      const keepScroll = movelist.scrollTop;
      movelist.replaceChildren(fresh);
      movelist.scrollTop = keepScroll;
    } else {
      for (const id of moveEls.keys()) moveEl(store, id);
    }
  }

  function drawComment(store, node) {
    if (document.activeElement === comment) return; // never disturb typing
    if (comment._node !== node.id || comment._text !== node.comment) {
      comment.value = node.comment;
      comment._node = node.id;
      comment._text = node.comment;
    }
  }

  // ---- wiring
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  root.addEventListener("mouseover", onHover);
  root.addEventListener("mouseleave", onHover);
  root.addEventListener("change", onChange);
  comment.addEventListener("input", onCommentInput);
  setupBox.addEventListener("submit", onSetup);
  model.on("msg:custom", onCustom);
  model.on("change:tree", update);
  model.on("change:tick", update);
  update();

  return () => {
    model.off("msg:custom", onCustom);
    model.off("change:tree", update);
    model.off("change:tick", update);
    root.remove();
  };
}

export default { render };
