// The position editor (data-action="edit"): set up any position by clicks, then start a new
// game there. The page only writes notation (a CPN, RULES.md section 6) from the clicks; the
// kernel checks it live with the engine (`check_position`: ok, or the engine's reason) and
// `setup` starts the game. The CPN and the game text can be copied and pasted
// (`export_game` sends the text only when asked; `load_game` replaces the game). What the
// user typed stays in the fields after a refusal. Game files: "Download .cgn" saves the game
// with its tags (`export_cgn`); "Open .cgn" reads a file in the page and sends its text
// (`load_cgn`: the kernel parses it; a refusal keeps the game and names the line).

import { CELLS, KINDS, PLAYERS, esc, owner, icon, h, setHtml, setAttr } from "./dom.js";
import { storeOf } from "./store.js";
import { viewOf } from "./derive.js";
import { toolIcon } from "./panel.js";
import { makeGrid } from "./gridkeys.js";

const MAX_CGN_BYTES = 2000000; // protocol.MAX_CGN_TEXT: larger files open from Python

const EDIT_PHASES = [
  ["s", "s · start of turn"],
  ["2", "2 · two placements left"],
  ["1", "1 · one placement left"],
  ["L", "L · the final placement"],
  ["#", "# · game over, scored"],
  ["x", "x · lost by forfeit"],
];
const EDIT_LETTER = /^[TBDWSXCFtbdwsxcf]+$/;

// A CPN's fields as the editor holds them, or null if the text is not shaped like one.
export function readCpn(text) {
  const fields = String(text).trim().split(" ");
  if (fields.length !== 4) return null;
  const rows = fields[0].split("/");
  const burned = /^(\d+)-(\d+)$/.exec(fields[3]);
  if (rows.length !== 3 || !burned || !["g", "p"].includes(fields[1])) return null;
  if (!EDIT_PHASES.some(([p]) => p === fields[2])) return null;
  const stacks = {};
  for (let r = 0; r < 3; r++) {
    const cells = rows[r].split(",");
    if (cells.length !== 4) return null;
    for (let f = 0; f < 4; f++) {
      const stack = cells[f] === "." ? "" : cells[f];
      if (stack && !EDIT_LETTER.test(stack)) return null;
      stacks[CELLS[r * 4 + f]] = stack;
    }
  }
  return { stacks, side: fields[1], phase: fields[2], burned: [burned[1], burned[2]] };
}

export function writeCpn(ed) {
  const rows = [0, 1, 2].map((r) => CELLS.slice(r * 4, r * 4 + 4).map((c) => ed.stacks[c] || ".").join(","));
  return `${rows.join("/")} ${ed.side} ${ed.phase} ${ed.burned[0].trim() || "0"}-${ed.burned[1].trim() || "0"}`;
}

export function createEditor(ctx) {
  const { model, local, request } = ctx;
  const names = model.get("kind_names");
  const ed = { stacks: {}, side: "g", phase: "2", burned: ["0", "0"], tool: "T", from: null };
  let checks = 0; // only the latest check's answer is shown
  const el = h("div", { class: "cw-editor", "data-role": "editor", hidden: "" });

  const palette = h("div", { class: "cw-ed-palette", role: "toolbar", "aria-label": "token to put on a cell" });
  for (const player of ["g", "p"]) {
    const row = h("div", { class: `cw-ed-row cw-${player}` }, `<span class="cw-name">${PLAYERS[player]}</span>`);
    for (const k of KINDS) {
      const letter = player === "g" ? k : k.toLowerCase();
      row.append(h("button", {
        type: "button", class: "cw-kind", "data-edit-token": letter,
        title: `${PLAYERS[player]} ${names[k]}: click a cell to put one on top`,
      }, icon(model, letter, "cw-mini")));
    }
    palette.append(row);
  }
  const tools = h("div", { class: "cw-ed-row" },
    `<button type="button" data-edit-token="-" title="Remove the top token of the cell you click">✕ Remove top</button>`
    + `<button type="button" data-edit="clear" title="Empty every cell">Clear board</button>`
    + `<button type="button" data-edit="current" title="Start from the position on the board">From board</button>`);
  palette.append(tools);

  const grid = h("div", { class: "cw-ed-board", "aria-label": "position being set up: columns a to d, rows 3 to 1" });
  const cells = {};
  for (const cell of CELLS) {
    const dark = ((cell.charCodeAt(0) - 97) + Number(cell[1])) % 2 ? " cw-dark" : "";
    cells[cell] = h("button", { type: "button", class: `cw-ed-cell${dark}`, "data-edit-cell": cell });
  }
  makeGrid(grid, CELLS.map((cell) => cells[cell]), 4); // one Tab stop, arrows move (gridkeys.js)

  const phaseOptions = EDIT_PHASES.map(([p, text]) => `<option value="${esc(p)}">${esc(text)}</option>`).join("");
  const fields = h("div", { class: "cw-ed-fields" },
    `<label>to move <select data-edit-field="side"><option value="g">Green</option><option value="p">Purple</option></select></label>`
    + `<label>phase <select data-edit-field="phase">${phaseOptions}</select></label>`
    + `<span>burned Trees: <label>Green <input data-edit-field="burned-g" inputmode="numeric" size="2" spellcheck="false"></label>`
    + ` <label>Purple <input data-edit-field="burned-p" inputmode="numeric" size="2" spellcheck="false"></label></span>`);
  const field = (name) => el.querySelector(`[data-edit-field="${name}"]`);

  const status = h("div", { class: "cw-ed-status", "data-edit-status": "", role: "status", "aria-live": "polite" });
  const cpnForm = h("form", { class: "cw-ed-line" },
    `<label>CPN</label><input data-setup="cpn" data-edit-field="cpn" spellcheck="false" aria-label="position (CPN)">`
    + `<button type="submit" data-setup="go" title="Start a new game at this position">Set up</button>`);
  const gameBox = h("div", { class: "cw-ed-game" },
    `<textarea data-edit-field="game" rows="2" spellcheck="false" aria-label="game text" placeholder="game text: paste one, or get this game's"></textarea>`
    + `<div class="cw-ed-line"><button type="button" data-edit="export" title="Write this game's text in the field">Get game text</button>`
    + `<button type="button" data-edit="load" title="Replace the game by the text in the field">Load game</button>`
    + `<button type="button" data-edit="download-cgn" title="Download this game, with its tags, as a .cgn file">${toolIcon("download")}Download .cgn</button>`
    + `<button type="button" data-edit="open-cgn" title="Open the first game of a .cgn file (it replaces this game)">${toolIcon("open")}Open .cgn…</button>`
    + `<input type="file" accept=".cgn,text/plain" data-cgn-file="" hidden>`
    + `<span class="cw-ed-game-status" data-edit-game-status="" role="status"></span></div>`);
  const side = h("div", { class: "cw-ed-side" });
  side.append(fields, status, cpnForm);
  el.append(palette, grid, side, gameBox);
  const cpnInput = cpnForm.querySelector("input");
  const gameInput = gameBox.querySelector("textarea");
  const gameStatus = gameBox.querySelector("[data-edit-game-status]");
  const cgnFile = gameBox.querySelector("[data-cgn-file]");

  function show(valid, text) {
    setAttr(status, "data-valid", valid === null ? null : String(valid));
    if (status.textContent !== text) status.textContent = text;
  }

  function drawBoard() {
    for (const cell of CELLS) {
      const stack = ed.stacks[cell] || "";
      const top = stack.slice(-1);
      setHtml(cells[cell], `<span class="cw-coord">${cell}</span>`
        + (top ? `<span class="cw-top cw-${owner(top)}">${icon(model, top, "cw-icon")}</span>` : "")
        + `<span class="cw-stack">${stack.split("").map((l) => `<i class="cw-${owner(l)}">${l}</i>`).join("")}</span>`);
      setAttr(cells[cell], "title", stack
        ? `${cell}: ${stack.split("").map((l) => `${PLAYERS[owner(l)]} ${names[l.toUpperCase()]}`).join(", ")} (bottom to top)`
        : `${cell}: empty`);
    }
    for (const b of palette.querySelectorAll("[data-edit-token]")) {
      setAttr(b, "aria-pressed", b.dataset.editToken === ed.tool ? "true" : "false");
    }
  }

  function drawFields() {
    field("side").value = ed.side;
    field("phase").value = ed.phase;
    field("burned-g").value = ed.burned[0];
    field("burned-p").value = ed.burned[1];
  }

  // Ask the kernel whether the CPN in the field is a position (changes nothing there).
  function check() {
    const cpn = cpnInput.value.trim();
    const n = ++checks;
    if (!cpn) return show(false, "Type a CPN or click the board.");
    show(null, "checking…");
    request({ type: "check_position", cpn },
      (msg) => { if (n === checks) show(true, msg.value === cpn ? "A valid position." : `A valid position (read as ${msg.value}).`); },
      (msg) => { if (n === checks) show(false, msg.message || "refused"); });
  }

  function edited() {
    drawBoard();
    cpnInput.value = writeCpn(ed);
    check();
  }

  function load(cpn) {
    const read = readCpn(cpn);
    if (!read) return false;
    Object.assign(ed, read);
    return true;
  }

  // Open on the board's position (kept as edited while the board stays on the same node).
  function open(store) {
    const from = `${store.gen}:${store.current}`;
    if (ed.from !== from) {
      ed.from = from;
      const v = viewOf(store, store.current);
      const inside = !load(v && v.cpn); // inside an effect: not a CPN position
      if (inside) load(".,.,.,./.,.,.,./.,.,.,. g 2 0-0");
      drawFields();
      drawBoard();
      cpnInput.value = writeCpn(ed);
      if (inside) show(null, "The board is inside an effect (not a CPN position): starting from an empty board.");
      else check();
    }
  }

  el.addEventListener("click", (event) => {
    const target = event.target.closest("[data-edit-token],[data-edit-cell],[data-edit]");
    if (!target) return;
    const d = target.dataset;
    if (d.editToken !== undefined) {
      ed.tool = d.editToken;
      drawBoard();
    } else if (d.editCell !== undefined) {
      const stack = ed.stacks[d.editCell] || "";
      ed.stacks[d.editCell] = ed.tool === "-" ? stack.slice(0, -1) : stack + ed.tool;
      edited();
    } else if (d.edit === "clear") {
      for (const cell of CELLS) ed.stacks[cell] = "";
      edited();
    } else if (d.edit === "current") {
      ed.from = null;
      open(storeOf(model));
    } else if (d.edit === "export") {
      request({ type: "export_game" }, (msg) => {
        gameInput.value = msg.value;
        gameStatus.textContent = "";
      }, (msg) => { gameStatus.textContent = msg.message; });
    } else if (d.edit === "load") {
      request({ type: "load_game", text: gameInput.value }, () => {
        gameStatus.textContent = "";
        local.setup = false;
      }, (msg) => { gameStatus.textContent = msg.message; });
    } else if (d.edit === "download-cgn") {
      request({ type: "export_cgn" }, (msg) => {
        download("game.cgn", msg.value);
        gameStatus.textContent = "Downloaded game.cgn.";
      }, (msg) => { gameStatus.textContent = msg.message; });
    } else if (d.edit === "open-cgn") {
      cgnFile.click();
    }
  });

  function download(name, text) {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = h("a", { href: url, download: name, hidden: "" });
    el.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  // The file is read here and its text sent; the kernel parses it (nothing changes on a refusal).
  cgnFile.addEventListener("change", () => {
    const file = cgnFile.files && cgnFile.files[0];
    cgnFile.value = "";
    if (!file) return;
    if (file.size > MAX_CGN_BYTES) {
      gameStatus.textContent = `${file.name} is too large to open here (${file.size} bytes; at most ${MAX_CGN_BYTES}): use w.load_games(path) from Python.`;
      return;
    }
    gameStatus.textContent = `reading ${file.name}…`;
    file.text().then((text) => {
      request({ type: "load_cgn", text }, (msg) => {
        gameStatus.textContent = "";
        local.setup = false;
        local.message = `${file.name}: ${msg.value}`;
      }, (msg) => { gameStatus.textContent = `${file.name} was not opened: ${msg.message}`; });
    }, (error) => { gameStatus.textContent = `${file.name} could not be read: ${error}`; });
  });

  fields.addEventListener("input", () => {
    ed.side = field("side").value;
    ed.phase = field("phase").value;
    ed.burned = [field("burned-g").value, field("burned-p").value];
    edited();
  });

  cpnInput.addEventListener("input", () => {
    if (load(cpnInput.value)) {
      drawBoard();
      drawFields();
    }
    check(); // malformed text too: the engine says what is wrong
  });

  cpnForm.addEventListener("submit", (event) => {
    event.preventDefault();
    request({ type: "setup", cpn: cpnInput.value.trim() }, () => {
      local.setup = false;
      ed.from = null;
    }, (msg) => show(false, msg.message || "refused"));
  });

  function update() {
    if (local.setup) el.removeAttribute("hidden");
    else if (!el.hasAttribute("hidden")) el.setAttribute("hidden", "");
  }

  return { el, open, update };
}
