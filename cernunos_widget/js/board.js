// The board: twelve cells (buttons in a WAI-ARIA grid, gridkeys.js: one Tab stop, arrows move,
// Enter and Space click) built once, redrawn in place
// (targets, picks, zones, powers), row numbers and files around them, the Boar's push arrows,
// a stack inspector line and a legend of the highlights.

import { CELLS, PLAYERS, esc, owner, icon, h, setHtml, setAttr } from "./dom.js";
import { storeOf } from "./store.js";
import { viewOf } from "./derive.js";
import { makeGrid } from "./gridkeys.js";

// Read by screen readers, not shown: a cell's name comes from its content (an aria-label
// that differs from the letters shown would fail WCAG 2.5.3, label in name).
const SR_ONLY = "position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;";
const STACK_SHOWN = 5; // letters drawn in a cell; a taller stack shows "+n" and its top five

// Cell name -> [x, y] of its centre, in cell units (a3 is top-left, like the SVG picture).
function cellXY(cell) {
  return [cell.charCodeAt(0) - 96.5, 3.5 - Number(cell[1])];
}

function arrowPath(x1, y1, x2, y2, cls) {
  const [dx, dy] = [x2 - x1, y2 - y1];
  const len = Math.hypot(dx, dy) || 1;
  const [ux, uy] = [dx / len, dy / len];
  const head = 0.16;
  const [bx, by] = [x2 - ux * head, y2 - uy * head];
  const tip = `${x2},${y2} ${bx - uy * head * 0.6},${by + ux * head * 0.6} ${bx + uy * head * 0.6},${by - ux * head * 0.6}`;
  return `<line class="${cls}" x1="${x1}" y1="${y1}" x2="${bx}" y2="${by}"/><polygon class="${cls}" points="${tip}"/>`;
}

// The Boar's pushes from `boar`: an arrow from each target toward its destination; a push
// that wraps leaves by one edge (dashed) and comes back in by the opposite one.
function pushArrows(boar, pushes) {
  const [bx, by] = cellXY(boar);
  return pushes.map(([target, dest, wraps]) => {
    const [tx, ty] = cellXY(target);
    const [dx, dy] = cellXY(dest);
    const attrs = `class="cw-push${wraps ? " cw-wrap" : ""}" data-target="${target}" data-dest="${dest}"`;
    if (!wraps) return `<g ${attrs}>${arrowPath(tx + (dx - tx) * 0.28, ty + (dy - ty) * 0.28, dx - (dx - tx) * 0.3, dy - (dy - ty) * 0.3, "cw-push-line")}</g>`;
    const [ux, uy] = [Math.sign(tx - bx), Math.sign(ty - by)];
    return `<g ${attrs}>${arrowPath(tx + ux * 0.28, ty + uy * 0.28, tx + ux * 0.5, ty + uy * 0.5, "cw-push-line")}`
      + `<circle class="cw-wrap-dot" cx="${dx - ux * 0.44}" cy="${dy - uy * 0.44}" r="0.06"/>`
      + `${arrowPath(dx - ux * 0.44, dy - uy * 0.44, dx - ux * 0.2, dy - uy * 0.2, "cw-push-line")}</g>`;
  }).join("");
}

function stackLetters(stack) {
  const hidden = Math.max(0, stack.length - STACK_SHOWN);
  const shown = stack.slice(hidden).split("").map((l) => `<i class="cw-${owner(l)}">${l}</i>`).join("");
  return (hidden ? `<i class="cw-more">+${hidden}</i>` : "") + shown;
}

// [key, short label, tooltip]: one highlight style per meaning.
const LEGEND = [
  ["target", "clickable", "a cell you can click now"],
  ["picked", "chosen", "your pick, or the token whose effect is being resolved"],
  ["changed", "last change", "cells the last decision changed"],
  ["best", "best", "the analysis's best decision"],
  ["zone", "zone", "where the token under the pointer acts (a Boar's pushes as arrows)"],
  ["coverable", "coverable", "cells the player to move could cover (Power view)"],
];

export function createBoard(ctx) {
  const { model, local } = ctx;
  const el = h("div", { class: "cw-left" });
  const wrap = h("div", { class: "cw-boardwrap" });
  const grid = h("div", { class: "cw-board", "aria-label": "board: columns a to d, rows 3 to 1" });
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
  makeGrid(grid, CELLS.map((cell) => cells[cell]), 4); // in rows of four
  const arrows = h("div", { class: "cw-arrows", "aria-hidden": "true" });
  grid.append(arrows);
  const ranks = h("div", { class: "cw-ranks", "aria-hidden": "true" }, ["3", "2", "1"].map((r) => `<span>${r}</span>`).join(""));
  const files = h("div", { class: "cw-files", "aria-hidden": "true" }, ["a", "b", "c", "d"].map((c) => `<span>${c}</span>`).join(""));
  wrap.append(ranks, grid, h("span"), files);
  const info = h("div", { class: "cw-info", "data-role": "inspector" });
  const legend = h("div", { class: "cw-legend", "data-role": "legend" },
    LEGEND.map(([key, text, tip]) => `<span class="cw-key" data-key="${key}" data-tip="${tip}"><i class="cw-swatch cw-sw-${key}" aria-hidden="true"></i>${text}</span>`).join(""));
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
    const focused = grid.contains(document.activeElement) ? document.activeElement.dataset.cell : null;
    setHover(cell ? cell.dataset.cell : focused || null); // the pointer wins, then the focus
  }
  grid.addEventListener("mouseover", onHover);
  grid.addEventListener("mouseleave", onHover);
  grid.addEventListener("focusin", (event) => setHover(event.target.dataset.cell || null));
  grid.addEventListener("focusout", (event) => {
    if (!grid.contains(event.relatedTarget)) setHover(null);
  });

  function describe(cell, stack, v, names, flags) {
    const tokens = stack.split("").map((l) => `${PLAYERS[owner(l)]} ${names[l.toUpperCase()]}`);
    let text = stack ? `${cell}: ${tokens.reverse().join(", ")} (top first)` : `${cell}: empty`;
    const power = v.powers[cell];
    if (power && flags.overlay) text += `, power ${power.total}`;
    if (flags.target) text += ", can be clicked";
    if (flags.picked) text += ", chosen";
    if (flags.best) text += ", part of the best decision";
    return text;
  }

  function inspect(cell, v, zone, names) {
    if (!cell) return "";
    const stack = v.stacks[cell] || "";
    let html = `<b>${cell}</b> `;
    if (!stack) html += "empty";
    else {
      html += `<span class="cw-info-count">${stack.length} token${stack.length > 1 ? "s" : ""}, bottom → top:</span> `;
      html += stack.split("").map((l) => `<span class="cw-chip cw-${owner(l)}" title="${PLAYERS[owner(l)]} ${esc(names[l.toUpperCase()])}">${icon(model, l, "cw-chip-icon")}${l}</span>`).join("");
    }
    if (zone) html += `<div class="cw-info-zone">${esc(zone.label)}</div>`;
    return html;
  }

  function update(store) {
    const v = viewOf(store, store.current);
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
    const pushes = zone ? zone.pushes : [];
    const names = model.get("kind_names");
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
      const name = describe(cell, stack, v, names, flags);
      if (c._name.textContent !== name) c._name.textContent = name;
      setAttr(c, "aria-selected", flags.picked ? "true" : "false");
      let body = "";
      if (stack) {
        const top = stack[stack.length - 1];
        body += `<span class="cw-top cw-${owner(top)}" data-top="${top}">${icon(model, top, "cw-icon")}</span>`;
        body += `<span class="cw-stack" data-height="${stack.length}">${stackLetters(stack)}</span>`;
        const power = v.powers[cell];
        if (overlay && power) {
          const sign = power.total > 0 ? "pos" : power.total < 0 ? "neg" : "zero";
          body += `<span class="cw-power cw-power-${sign}" data-power="${power.total}" title="${esc(`power ${power.text}`)}">${power.total}</span>`;
        }
      }
      if (flags.best) body += `<span class="cw-best-mark" aria-hidden="true">★</span>`;
      setHtml(c._body, body);
    }
    setHtml(arrows, pushes.length ? `<svg viewBox="0 0 4 3">${pushArrows(local.hover, pushes)}</svg>` : "");
    setHtml(info, inspect(local.hover, v, zone, names));
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
