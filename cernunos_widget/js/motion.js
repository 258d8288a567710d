// Moves in motion (issue #25 item 6): when the board steps one decision forward, what the
// decision's events did is played back briefly (about a quarter of a second) with CSS
// animations: a pushed or swapped token slides in from where it was, a raised token comes
// up, a growing Tree shoots up, a placed token drops in, a burned Tree flares out. It reads
// only the view's events (`view.events[*].type` and `.cells`, the engine's): nothing here
// knows the rules. Off under `prefers-reduced-motion: reduce` or the widget's `motion` trait.
//
// motionOf(view) -> {cells: {cell: {cls, delay}}, fx: html}: a class for the top token of
// each cell that moves (board.js puts it on that cell's .cw-top) and the overlay's ghosts and
// flares.

import { owner, icon } from "./dom.js";

const STEP_MS = 130; // events of another type start this much later (a push after a place)
const MAX_DELAY_MS = 520;

// Screen position of a cell in cells: [column, row] with a3 at [0, 0].
function cellPos(cell) {
  return [cell.charCodeAt(0) - 97, 3 - Number(cell[1])];
}

/** Whether moves are animated for this model now (the user's system setting, the trait). */
export function motionWanted(model) {
  if (model.get("motion") === false) return false;
  const query = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
  return !(query && query.matches);
}

// A ghost over `cell` (one cell in size) that slides in from [dx, dy] cells away.
function ghost(model, view, cell, [dx, dy], delay) {
  const stack = view.stacks[cell] || "";
  if (!stack) return "";
  const top = stack[stack.length - 1];
  const [x, y] = cellPos(cell);
  const style = `left:${x * 25}%;top:${(y * 100) / 3}%;--cw-fx-x:${dx * 100}%;--cw-fx-y:${dy * 100}%;animation-delay:${delay}ms`;
  return `<span class="cw-fx cw-fx-slide" data-fx="slide" data-fx-cell="${cell}" style="${style}"><span class="cw-cell-body">`
    + `<span class="cw-top cw-${owner(top)}">${icon(model, top, "cw-icon")}</span>`
    + `<span class="cw-stack cw-fx-spacer">${top}</span></span></span>`;
}

// A flare over a cell whose Tree burned.
function flare(model, cell, delay) {
  const [x, y] = cellPos(cell);
  return `<span class="cw-fx cw-fx-burn" data-fx="burn" data-fx-cell="${cell}" style="left:${x * 25}%;top:${(y * 100) / 3}%;animation-delay:${delay}ms">`
    + `${icon(model, "F", "cw-fx-flame")}</span>`;
}

// The direction of one step from `a` to `b` on screen, each coordinate -1, 0 or 1.
function direction(a, b) {
  const [ax, ay] = cellPos(a);
  const [bx, by] = cellPos(b);
  return [Math.sign(bx - ax), Math.sign(by - ay)];
}

/** What moves when `view` is reached from its parent: see the module comment. */
export function motionOf(model, view) {
  const cells = {};
  const fx = []; // the overlay's ghosts and flares
  let step = -1;
  let lastType = null;
  const mark = (cell, cls, delay) => { // the first motion on a cell is the one shown
    if (!cells[cell]) cells[cell] = { cls, delay };
  };
  for (const event of view.events || []) {
    const c = event.cells || [];
    if (!["place", "push", "swap", "raise", "burn", "grow"].includes(event.type)) continue;
    if (event.type !== lastType) step += 1;
    lastType = event.type;
    const delay = Math.min(step * STEP_MS, MAX_DELAY_MS);
    if (event.type === "place" && c[0]) mark(c[0], "cw-fx-drop", delay);
    else if (event.type === "grow" && c[0]) mark(c[0], "cw-fx-grow", delay);
    else if (event.type === "raise" && c[1]) mark(c[1], "cw-fx-rise", delay);
    else if (event.type === "burn" && c[0]) fx.push(flare(model, c[0], delay));
    else if (event.type === "push" && c.length === 3) {
      const [boar, from, to] = c;
      const [sx, sy] = direction(boar, from); // the Boar pushes away from itself
      const [fx0, fy0] = cellPos(from);
      const [tx, ty] = cellPos(to);
      const wraps = fx0 + sx !== tx || fy0 + sy !== ty; // it leaves by one edge, comes back in
      const offset = wraps ? [-sx, -sy] : [fx0 - tx, fy0 - ty];
      fx.push(ghost(model, view, to, offset, delay));
      mark(to, "cw-fx-arrive", delay);
    } else if (event.type === "swap" && c.length === 3) {
      const [, a, b] = c;
      const [ax, ay] = cellPos(a);
      const [bx, by] = cellPos(b);
      fx.push(ghost(model, view, a, [bx - ax, by - ay], delay), ghost(model, view, b, [ax - bx, ay - by], delay));
      mark(a, "cw-fx-arrive", delay);
      mark(b, "cw-fx-arrive", delay);
    }
  }
  return { cells, fx: fx.join("") };
}
