// The board: twelve cells built once, redrawn in place (targets, picks, zones, powers).

function createBoard(ctx) {
  const { model, local } = ctx;
  const el = h("div", { class: "cw-left" });
  const grid = h("div", { class: "cw-board", role: "grid", "aria-label": "board" });
  const cells = {};
  for (const cell of CELLS) {
    const dark = ((cell.charCodeAt(0) - 97) + Number(cell[1])) % 2 ? " cw-dark" : "";
    const c = h("div", { class: `cw-cell${dark}`, "data-cell": cell, role: "gridcell" });
    c._base = `cw-cell${dark}`;
    c._body = h("div", { class: "cw-cell-body" });
    c.append(h("span", { class: "cw-coord" }, cell), c._body);
    cells[cell] = c;
    grid.append(c);
  }
  const files = h("div", { class: "cw-files" }, ["a", "b", "c", "d"].map((c) => `<span>${c}</span>`).join(""));
  const zoneLabel = h("div", { class: "cw-zone-label", "aria-hidden": "true" });
  el.append(grid, files, zoneLabel);
  const bestOverlay = h("div", { class: "cw-best-overlay", "data-role": "best-overlay", "aria-hidden": "true" });
  grid.append(bestOverlay);

  function onHover(event) {
    const cell = event.type === "mouseleave" ? null : event.target.closest("[data-cell]");
    const hover = cell ? cell.dataset.cell : null;
    if (hover !== local.hover) {
      local.hover = hover;
      update(storeOf(model));
    }
  }
  grid.addEventListener("mouseover", onHover);
  grid.addEventListener("mouseleave", onHover);

  function update(store) {
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
    const bestLine = a.node === store.current && a.lines && a.lines.length ? a.lines[0] : null;
    setHtml(bestOverlay, bestLine && bestLine.board ? bestDrawing(model, bestLine.board) : "");
  }

  return { el, update };
}

// The analysis's best decision over the board (an SVG in 100-unit cells): a ghost of the
// placed token on its cell, and arrows for what its effects do (push, swap, Crow raise).
// The cells come from Python (jobs.best_drawing); nothing here knows the rules.
function bestCenter(cell) {
  const col = cell.charCodeAt(0) - 97;
  const row = 3 - Number(cell[1]);
  return [col * 100 + 50, row * 100 + 50];
}

function bestDrawing(model, board) {
  let body = `<defs><marker id="cw-arrowhead" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">`
    + `<path d="M0,0 L10,5 L0,10 z" fill="currentColor"/></marker></defs>`;
  for (const arrow of board.arrows || []) {
    const [x1, y1] = bestCenter(arrow.from);
    const [x2, y2] = bestCenter(arrow.to);
    const both = arrow.kind === "swap" ? ` marker-start="url(#cw-arrowhead)"` : "";
    const attrs = `class="cw-arrow cw-arrow-${esc(arrow.kind)}" data-arrow="${esc(arrow.kind)}"`;
    if (arrow.wrapped) { // out over the edge beyond `from`, back in at the opposite edge
      const dx = Math.sign(x2 - x1) * 50;
      const dy = Math.sign(y2 - y1) * 50;
      body += `<line ${attrs} x1="${x1}" y1="${y1}" x2="${x1 - dx}" y2="${y1 - dy}"/>`
        + `<line class="cw-arrow" x1="${x2 + dx}" y1="${y2 + dy}" x2="${x2}" y2="${y2}" marker-end="url(#cw-arrowhead)"/>`;
    } else {
      body += `<line ${attrs} x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" marker-end="url(#cw-arrowhead)"${both}/>`;
    }
  }
  const ghost = board.ghost;
  if (ghost) { // in the cell's upper right corner, so the token already there stays readable
    const [cx, cy] = bestCenter(ghost.cell);
    body += `<g class="cw-ghost cw-${owner(ghost.letter)}" data-ghost="${esc(ghost.letter)}" data-ghost-cell="${esc(ghost.cell)}">`
      + `<circle cx="${cx + 22}" cy="${cy - 20}" r="26"/>`
      + `<svg x="${cx + 2}" y="${cy - 40}" width="40" height="40" viewBox="0 0 100 100">${model.get("icons")[ghost.letter.toUpperCase()] || ""}</svg></g>`;
  }
  return `<svg viewBox="0 0 400 300" preserveAspectRatio="none">${body}</svg>`;
}
