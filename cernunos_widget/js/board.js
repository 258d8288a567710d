// The board: twelve cells (buttons in a WAI-ARIA grid, gridkeys.js: one Tab stop, arrows move,
// Enter and Space click) built once, redrawn in place
// (targets, picks, zones, powers), row numbers and files around them, the Boar's push arrows,
// a stack inspector line and a legend of the highlights.

import { CELLS, esc, owner, icon, h, scopeOf, setHtml, setAttr, tokenName } from "./dom.js";
import { fromEnglish, t } from "./i18n.js";
import { storeOf, nodeOf } from "./store.js";
import { viewOf, zonesOf } from "./derive.js";
import { motionOf, motionWanted } from "./motion.js";
import { makeGrid } from "./gridkeys.js";

// Read by screen readers, not shown: a cell's name comes from its content (an aria-label
// that differs from the letters shown would fail WCAG 2.5.3, label in name).
const SR_ONLY = "position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;";
const STACK_SHOWN = 5; // letters drawn in a cell; a taller stack shows "+n" and its top five

// Cell name -> [x, y] of its centre, in cell units (a3 is top-left, like the SVG picture).
function cellXY(cell) {
  return [cell.charCodeAt(0) - 96.5, 3.5 - Number(cell[1])];
}

function arrowPath(x1, y1, x2, y2, cls, head = 0.14) {
  const [dx, dy] = [x2 - x1, y2 - y1];
  const len = Math.hypot(dx, dy) || 1;
  const [ux, uy] = [dx / len, dy / len];
  const [bx, by] = [x2 - ux * head, y2 - uy * head];
  const tip = `${x2},${y2} ${bx - uy * head * 0.6},${by + ux * head * 0.6} ${bx + uy * head * 0.6},${by - ux * head * 0.6}`;
  return `<line class="${cls}" x1="${x1}" y1="${y1}" x2="${bx}" y2="${by}"/><polygon class="${cls}" points="${tip}"/>`;
}

// The free band across a border at `at` (cell units along the push's axis) where an arrow
// covers no token: a cell's icon spans 0.28-0.72 of its width and 0.26-0.69 of its height,
// its stack letters end at 0.84 (measured on the drawn board, with a margin), so a horizontal
// push has ±0.26 around the border and a vertical one from 0.12 above it to 0.18 below it.
function band(at, vertical) {
  return vertical ? [at - 0.12, at + 0.18] : [at - 0.26, at + 0.26];
}

// An arrow along one axis from band end `a` to band end `b`, at `across` on the other axis.
function axisArrow(vertical, a, b, across, head) {
  return vertical ? arrowPath(across, a, across, b, "cw-push-line", head) : arrowPath(a, across, b, across, "cw-push-line", head);
}

// The Boar's pushes from `boar`: an arrow from each target toward its destination across
// their border, clear of both tokens; a push that wraps leaves by one edge (dashed) and
// comes back in by the opposite one (a dot marks where it comes in).
function pushArrows(boar, pushes) {
  const [bx, by] = cellXY(boar);
  return pushes.map(([target, dest, wraps]) => {
    const [tx, ty] = cellXY(target);
    const [dx, dy] = cellXY(dest);
    const vertical = tx === bx; // the Boar pushes along its own column, or its row
    const step = vertical ? Math.sign(ty - by) : Math.sign(tx - bx);
    const [from, d, across] = vertical ? [ty, dy, tx] : [tx, dx, ty];
    const side = (at, s) => band(at, vertical)[s > 0 ? 1 : 0]; // the band's end on side s
    const attrs = `class="cw-push${wraps ? " cw-wrap" : ""}" data-target="${target}" data-dest="${dest}"`;
    if (!wraps) {
      const border = (from + d) / 2;
      return `<g ${attrs}>${axisArrow(vertical, side(border, -step), side(border, step), across)}</g>`;
    }
    // along a column the band at an edge is too short to read: the stubs run down the cell's
    // right side instead (0.9 of its width out, 0.8 in: beside its token, clear of its name;
    // a cell of the middle row's Boar can be left by one push and entered by the other)
    const exit = from + step * 0.5; // the board's edge beyond the target
    const entry = d - step * 0.5; // the opposite edge, before the destination
    const [xOut, xIn, reach] = vertical ? [across + 0.4, across + 0.3, 0.4] : [across, across, 0.26];
    const dot = vertical ? `cx="${xIn}" cy="${entry + step * 0.04}"` : `cx="${entry + step * 0.04}" cy="${xIn}"`;
    return `<g ${attrs}>${axisArrow(vertical, exit - step * reach, exit, xOut, 0.1)}`
      + `<circle class="cw-wrap-dot" ${dot} r="0.05"/>`
      + `${axisArrow(vertical, entry, entry + step * reach, xIn, 0.1)}</g>`;
  }).join("");
}

function stackLetters(stack) {
  const hidden = Math.max(0, stack.length - STACK_SHOWN);
  const shown = stack.slice(hidden).split("").map((l) => `<i class="cw-${owner(l)}">${l}</i>`).join("");
  return (hidden ? `<i class="cw-more">+${hidden}</i>` : "") + shown;
}

// One highlight style per meaning: its short label (legend.<key>) and tooltip (legend.<key>.tip).
const LEGEND = ["target", "picked", "changed", "best", "zone", "coverable"];

// The top token's power and where it comes from (R-9, R-10), read as the engine writes it
// (session/view.py: "power 1 (base 0, +1 Deer a2, -1 Wolf a1)"), each term coloured.
function powerLine(power) {
  const sign = power.total > 0 ? "pos" : power.total < 0 ? "neg" : "zero";
  const terms = [`<span class="cw-info-base">${esc(t("power.base", { base: power.base }))}</span>`]
    .concat(power.deer.map((c) => `<span class="cw-info-deer">${esc(t("power.deer", { cell: c }))}</span>`))
    .concat(power.wolves.map((c) => `<span class="cw-info-wolf">${esc(t("power.wolf", { cell: c }))}</span>`));
  return `<div class="cw-info-power" data-role="power" data-tip="${esc(t("inspector.power.tip"))}">${esc(t("inspector.power"))} `
    + `<b class="cw-info-total cw-power-${sign}">${esc(power.total)}</b> (${terms.join(", ")})</div>`;
}

export function createBoard(ctx) {
  const { model, local } = ctx;
  const el = h("div", { class: "cw-left" });
  const wrap = h("div", { class: "cw-boardwrap" });
  const grid = h("div", { class: "cw-board", "aria-label": t("board.grid") });
  const cells = {};
  for (const cell of CELLS) {
    const dark = ((cell.charCodeAt(0) - 97) + Number(cell[1])) % 2 ? " cw-dark" : "";
    const c = h("button", { type: "button", class: `cw-cell${dark}`, "data-cell": cell });
    c._base = `cw-cell${dark}`;
    c._body = h("span", { class: "cw-cell-body", "aria-hidden": "true" });
    c._name = h("span", { class: "cw-cell-name", style: SR_ONLY }); // the cell's name, in words
    c.append(h("span", { class: "cw-coord", "aria-hidden": "true" }, cell), c._body, c._name);
    cells[cell] = c;
  }
  const fxLayer = h("div", { class: "cw-fx-layer", "data-role": "motion", "aria-hidden": "true" }); // motion.js
  makeGrid(grid, CELLS.map((cell) => cells[cell]), 4); // in rows of four
  const arrows = h("div", { class: "cw-arrows", "aria-hidden": "true" });
  grid.append(fxLayer, arrows);
  const ranks = h("div", { class: "cw-ranks", "aria-hidden": "true" }, ["3", "2", "1"].map((r) => `<span>${r}</span>`).join(""));
  const files = h("div", { class: "cw-files", "aria-hidden": "true" }, ["a", "b", "c", "d"].map((c) => `<span>${c}</span>`).join(""));
  wrap.append(ranks, grid, h("span"), files);
  const info = h("div", { class: "cw-info", "data-role": "inspector" });
  const legend = h("div", { class: "cw-legend", "data-role": "legend" },
    LEGEND.map((key) => `<span class="cw-key" data-key="${key}" data-tip="${esc(t(`legend.${key}.tip`))}"><i class="cw-swatch cw-sw-${key}" aria-hidden="true"></i>${esc(t(`legend.${key}`))}</span>`).join(""));
  el.append(wrap, info, legend);
  const bestOverlay = h("div", { class: "cw-best-overlay", "data-role": "best-overlay", "aria-hidden": "true" });
  grid.append(bestOverlay);

  function setHover(hover) {
    if (hover !== local.hover) {
      local.hover = hover;
      update(storeOf(model));
    }
  }
  function onHover(event) {
    const cell = event.type === "mouseleave" ? null : event.target.closest("[data-cell]");
    const active = scopeOf(grid).activeElement;
    const focused = grid.contains(active) ? active.dataset.cell : null;
    setHover(cell ? cell.dataset.cell : focused || null); // the pointer wins, then the focus
  }
  grid.addEventListener("mouseover", onHover);
  grid.addEventListener("mouseleave", onHover);
  grid.addEventListener("focusin", (event) => setHover(event.target.dataset.cell || null));
  grid.addEventListener("focusout", (event) => {
    if (!grid.contains(event.relatedTarget)) setHover(null);
  });

  function describe(cell, stack, v, flags) {
    const tokens = stack.split("").map(tokenName);
    const parts = [stack ? t("cell.stack", { cell, tokens: tokens.reverse().join(", ") }) : t("cell.empty", { cell })];
    const power = v.powers[cell];
    if (power && flags.overlay) parts.push(t("cell.power", { power: power.total }));
    if (flags.target) parts.push(t("cell.target"));
    if (flags.picked) parts.push(t("cell.picked"));
    if (flags.best) parts.push(t("cell.best"));
    return parts.join(", ");
  }

  function inspect(cell, v, zone) {
    if (!cell) return "";
    const stack = v.stacks[cell] || "";
    let html = `<b>${cell}</b> `;
    if (!stack) html += esc(t("inspector.empty"));
    else {
      html += `<span class="cw-info-count">${esc(t(stack.length > 1 ? "inspector.tokens" : "inspector.token", { count: stack.length }))}</span> `;
      html += stack.split("").map((l) => `<span class="cw-chip cw-${owner(l)}" title="${esc(tokenName(l))}">${icon(model, l, "cw-chip-icon")}${l}</span>`).join("");
    }
    const power = v.powers[cell];
    if (power) html += powerLine(power);
    if (zone) html += `<div class="cw-info-zone">${esc(fromEnglish("zone.", zone.label))}</div>`;
    return html;
  }

  // Moves in motion (motion.js): the animation of the node shown, kept while it runs (a
  // redraw with the same HTML does not restart it) and forgotten once over (a later redraw,
  // the Power view say, does not play it again); only a step to a child animates.
  let shownNode = null;
  let motion = { cells: {}, fx: "" };
  const over = (el) => el.getAnimations({ subtree: true }).every((a) => a.playState === "finished");
  function motionFor(store, v) {
    if (store.current === shownNode) {
      for (const cell of Object.keys(motion.cells)) if (over(cells[cell])) delete motion.cells[cell];
      if (motion.fx && over(fxLayer)) motion.fx = "";
      return motion;
    }
    const node = nodeOf(store, store.current);
    const forward = shownNode !== null && node && node.parent === shownNode;
    shownNode = store.current;
    motion = forward && motionWanted(model) ? motionOf(model, v) : { cells: {}, fx: "" };
    return motion;
  }

  function update(store) {
    const v = viewOf(store, store.current);
    if (!v) return;
    const moving = motionFor(store, v);
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
    // coverable: only the opponent's tokens (an empty cell or one's own is always coverable, R-11)
    const opposing = (c) => v.stacks[c] && owner(v.stacks[c].slice(-1)) !== v.placer;
    const coverable = new Set(overlay ? v.coverable.filter(opposing) : []);
    const hoverTop = local.hover && v.stacks[local.hover] ? v.stacks[local.hover].slice(-1).toUpperCase() : null;
    const zone = hoverTop ? (zonesOf(model, store)[hoverTop] || {})[local.hover] : null;
    const zoneCells = new Set(zone ? zone.cells : []);
    const pushes = zone ? zone.pushes : [];
    for (const cell of CELLS) {
      const c = cells[cell];
      const stack = v.stacks[cell] || "";
      const flags = { target: targets.has(cell), picked: picked.has(cell) || v.choice_cell === cell, best: best.has(cell), overlay };
      const cls = [c._base];
      if (flags.target) cls.push("cw-target");
      if (picked.has(cell)) cls.push("cw-picked");
      if (changed.has(cell)) cls.push("cw-changed");
      if (coverable.has(cell)) cls.push("cw-coverable");
      if (zoneCells.has(cell)) cls.push("cw-zone");
      if (v.choice_cell === cell) cls.push("cw-acting");
      if (flags.best) cls.push("cw-best");
      const className = cls.join(" ");
      if (c.className !== className) c.className = className;
      setAttr(c, "data-picked", picked.has(cell) ? "true" : null);
      const name = describe(cell, stack, v, flags);
      if (c._name.textContent !== name) c._name.textContent = name;
      setAttr(c, "aria-selected", flags.picked ? "true" : "false");
      let body = "";
      if (stack) {
        const top = stack[stack.length - 1];
        const fx = moving.cells[cell]; // a class and a delay when this cell's top moves in
        const fxAttrs = fx ? ` ${fx.cls}" style="animation-delay:${fx.delay}ms` : "";
        body += `<span class="cw-top cw-${owner(top)}${fxAttrs}" data-top="${top}">${icon(model, top, "cw-icon")}</span>`;
        body += `<span class="cw-stack" data-height="${stack.length}">${stackLetters(stack)}</span>`;
        const power = v.powers[cell];
        if (overlay && power) {
          const sign = power.total > 0 ? "pos" : power.total < 0 ? "neg" : "zero";
          body += `<span class="cw-power cw-power-${sign}" data-power="${power.total}" title="${esc(t("cell.power_title", { power: power.text }))}">${power.total}</span>`;
        }
      }
      if (flags.best) body += `<span class="cw-best-mark" aria-hidden="true">★</span>`;
      setHtml(c._body, body);
    }
    setHtml(fxLayer, moving.fx);
    setHtml(arrows, pushes.length ? `<svg viewBox="0 0 4 3">${pushArrows(local.hover, pushes)}</svg>` : "");
    setHtml(info, inspect(local.hover, v, zone));
    const shown = new Set(["target", "picked", "changed", "zone"]);
    if (best.size) shown.add("best");
    if (overlay) shown.add("coverable");
    for (const key of legend.children) setAttr(key, "hidden", shown.has(key.dataset.key) ? null : "");
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
    const both = arrow.type === "swap" ? ` marker-start="url(#cw-arrowhead)"` : "";
    const attrs = `class="cw-arrow cw-arrow-${esc(arrow.type)}" data-arrow="${esc(arrow.type)}"`;
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
