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
  }

  return { el, update };
}
