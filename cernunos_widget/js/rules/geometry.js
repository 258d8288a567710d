// engine/geometry.py: cells in board order (a1=0 ... d3=11), neighbourhoods, the
// Wolf zones (D-1, D-10) and the Boar's wrap table.

export const WIDTH = 4;
export const HEIGHT = 3;
export const CELL_COUNT = WIDTH * HEIGHT;
export const CELL_NAMES = Object.freeze(
  Array.from({ length: CELL_COUNT }, (_, i) => "abcd"[i % WIDTH] + "123"[Math.floor(i / WIDTH)]),
);
export const CELL_INDEX = Object.freeze(Object.fromEntries(CELL_NAMES.map((n, i) => [n, i])));

/** The index of a cell name, or -1 (only own keys: "toString" is no cell). */
export function cellIndex(name) {
  return Object.hasOwn(CELL_INDEX, name) ? CELL_INDEX[name] : -1;
}

const ORTHOGONAL = [[0, -1], [-1, 0], [1, 0], [0, 1]];
const DIAGONAL = [[-1, -1], [1, -1], [-1, 1], [1, 1]];

function onBoard(col, row) {
  return col >= 0 && col < WIDTH && row >= 0 && row < HEIGHT;
}

function cellsAt(index, steps) {
  const col = index % WIDTH;
  const row = Math.floor(index / WIDTH);
  const found = steps
    .filter(([dc, dr]) => onBoard(col + dc, row + dr))
    .map(([dc, dr]) => (row + dr) * WIDTH + col + dc);
  return Object.freeze(found.sort((a, b) => a - b));
}

function table(steps) {
  return Object.freeze(Array.from({ length: CELL_COUNT }, (_, i) => cellsAt(i, steps)));
}

// adjacent = sharing a side; around = the 8 surrounding cells (D-6).
export const ADJACENT = table(ORTHOGONAL);
export const AROUND = table([...ORTHOGONAL, ...DIAGONAL]);
// R-6, D-1: 1 or 2 diagonal steps; D-10 variant wolf-1: one step.
export const WOLF_ZONES = Object.freeze({
  1: table(DIAGONAL),
  2: table([...DIAGONAL, ...DIAGONAL.map(([dc, dr]) => [2 * dc, 2 * dr])]),
});

function mod(a, n) {
  return ((a % n) + n) % n;
}

// BOAR_PUSH[boar] = [[target, destination, wrapped], ...] for each adjacent target.
export const BOAR_PUSH = Object.freeze(
  Array.from({ length: CELL_COUNT }, (_, boar) =>
    ADJACENT[boar].map((target) => {
      const bc = boar % WIDTH;
      const br = Math.floor(boar / WIDTH);
      const col = 2 * (target % WIDTH) - bc;
      const row = 2 * Math.floor(target / WIDTH) - br;
      return [target, mod(row, HEIGHT) * WIDTH + mod(col, WIDTH), !onBoard(col, row)];
    }),
  ),
);

/** [destination, wrapped] of a token pushed from ``target`` by a Boar on ``boar``. */
export function boarPush(boar, target) {
  const entry = BOAR_PUSH[boar].find(([t]) => t === target);
  return [entry[1], entry[2]];
}
