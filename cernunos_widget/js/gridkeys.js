// The WAI-ARIA grid pattern for a board of cells (the board, the position editor's board):
// role=grid > role=row > role=gridcell, one Tab stop (a roving tabindex: the cell last
// focused), arrows move the focus, Home/End go to the row's ends and Ctrl+Home/End to the
// grid's; Enter and Space are the cells' own (they are buttons). The rows are
// `display: contents`, so the grid's CSS still lays the cells out in four columns.

export const GRID_KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];

// The cell `key` moves to from index `i` of a `rows` x `cols` grid (row-major order).
export function gridMove(i, key, ctrl, rows, cols) {
  const [r, c] = [Math.floor(i / cols), i % cols];
  if (key === "ArrowLeft") return r * cols + Math.max(0, c - 1);
  if (key === "ArrowRight") return r * cols + Math.min(cols - 1, c + 1);
  if (key === "ArrowUp") return Math.max(0, r - 1) * cols + c;
  if (key === "ArrowDown") return Math.min(rows - 1, r + 1) * cols + c;
  if (key === "Home") return ctrl ? 0 : r * cols;
  if (key === "End") return ctrl ? rows * cols - 1 : r * cols + cols - 1;
  return i;
}

// Make `grid` a grid of `cells` (elements in row-major order, `cols` to a row): puts the
// cells in rows, gives them their roles and a roving tabindex, and handles the keys. The
// keys it handles go no further (the page's own arrows walk the tree elsewhere).
export function makeGrid(grid, cells, cols) {
  const rows = Math.ceil(cells.length / cols);
  grid.setAttribute("role", "grid");
  const rowEls = [];
  for (let r = 0; r < rows; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.className = "cw-row";
    row.style.display = "contents";
    row.append(...cells.slice(r * cols, r * cols + cols));
    rowEls.push(row);
  }
  grid.prepend(...rowEls);
  let active = 0;
  function setActive(i) {
    active = i;
    cells.forEach((cell, j) => cell.setAttribute("tabindex", j === i ? "0" : "-1"));
  }
  for (const cell of cells) cell.setAttribute("role", "gridcell");
  setActive(0);
  grid.addEventListener("focusin", (event) => {
    const i = cells.indexOf(event.target);
    if (i >= 0 && i !== active) setActive(i);
  });
  grid.addEventListener("keydown", (event) => {
    const i = cells.indexOf(event.target);
    if (i < 0 || !GRID_KEYS.includes(event.key) || event.altKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    event.stopPropagation();
    const j = gridMove(i, event.key, event.ctrlKey, rows, cols);
    setActive(j);
    cells[j].focus();
  });
}
