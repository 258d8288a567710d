// The position editor (data-action="edit"): set up any position by clicks, then start a new
// game there. The page only writes notation (a CPN, RULES.md section 6) from the clicks; the
// kernel checks it live with the engine (`check_position`: ok, or the engine's reason) and
// `setup` starts the game. The CPN and the game text can be copied and pasted
// (`export_game` sends the text only when asked; `load_game` replaces the game). What the
// user typed stays in the fields after a refusal. Game files: "Download .cgn" saves the game
// with its tags (`export_cgn`); "Open .cgn" reads a file in the page and sends its text
// (`load_cgn`: the kernel parses it; a refusal keeps the game and names the line).

import { CELLS, KINDS, esc, owner, icon, h, playerName, setHtml, setAttr, tokenName } from "./dom.js";
import { t } from "./i18n.js";
import { storeOf } from "./store.js";
import { viewOf } from "./derive.js";
import { toolIcon } from "./panel.js";
import { makeGrid } from "./gridkeys.js";

const MAX_CGN_BYTES = 2000000; // protocol.MAX_CGN_TEXT: larger files open from Python

const EDIT_PHASES = ["s", "2", "1", "L", "#", "x"]; // named editor.phase.<letter> ("#": over)
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
  const ed = { stacks: {}, side: "g", phase: "2", burned: ["0", "0"], tool: "T", from: null };
  let checks = 0; // only the latest check's answer is shown
  const el = h("div", { class: "cw-editor", "data-role": "editor", hidden: "" });

  const palette = h("div", { class: "cw-ed-palette", role: "toolbar", "aria-label": t("editor.palette") });
  for (const player of ["g", "p"]) {
    const row = h("div", { class: `cw-ed-row cw-${player}` }, `<span class="cw-name">${esc(playerName(player))}</span>`);
    for (const k of KINDS) {
      const letter = player === "g" ? k : k.toLowerCase();
      row.append(h("button", {
        type: "button", class: "cw-kind", "data-edit-token": letter,
        title: t("editor.put", { token: tokenName(player === "g" ? k : k.toLowerCase()) }),
      }, icon(model, letter, "cw-mini")));
    }
    palette.append(row);
  }
  const tools = h("div", { class: "cw-ed-row" },
    `<button type="button" data-edit-token="-" title="${esc(t("editor.remove.tip"))}">✕ ${esc(t("editor.remove"))}</button>`
    + `<button type="button" data-edit="clear" title="${esc(t("editor.clear.tip"))}">${esc(t("editor.clear"))}</button>`
    + `<button type="button" data-edit="current" title="${esc(t("editor.from_board.tip"))}">${esc(t("editor.from_board"))}</button>`);
  palette.append(tools);

  const grid = h("div", { class: "cw-ed-board", "aria-label": t("editor.grid") });
  const cells = {};
  for (const cell of CELLS) {
    const dark = ((cell.charCodeAt(0) - 97) + Number(cell[1])) % 2 ? " cw-dark" : "";
    cells[cell] = h("button", { type: "button", class: `cw-ed-cell${dark}`, "data-edit-cell": cell });
  }
  makeGrid(grid, CELLS.map((cell) => cells[cell]), 4); // one Tab stop, arrows move (gridkeys.js)

  const phaseOptions = EDIT_PHASES.map((p) => `<option value="${esc(p)}">${esc(`${p} · ${t(`editor.phase.${p === "#" ? "over" : p}`)}`)}</option>`).join("");
  const fields = h("div", { class: "cw-ed-fields" },
    `<label>${esc(t("editor.to_move"))} <select data-edit-field="side"><option value="g">${esc(playerName("g"))}</option><option value="p">${esc(playerName("p"))}</option></select></label>`
    + `<label>${esc(t("editor.phase"))} <select data-edit-field="phase">${phaseOptions}</select></label>`
    + `<span>${esc(t("editor.burned"))} <label>${esc(playerName("g"))} <input data-edit-field="burned-g" inputmode="numeric" size="2" spellcheck="false"></label>`
    + ` <label>${esc(playerName("p"))} <input data-edit-field="burned-p" inputmode="numeric" size="2" spellcheck="false"></label></span>`);
  const field = (name) => el.querySelector(`[data-edit-field="${name}"]`);

  const status = h("div", { class: "cw-ed-status", "data-edit-status": "", role: "status", "aria-live": "polite" });
  const cpnForm = h("form", { class: "cw-ed-line" },
    `<label>CPN</label><input data-setup="cpn" data-edit-field="cpn" spellcheck="false" aria-label="${esc(t("editor.cpn"))}">`
    + `<button type="submit" data-setup="go" title="${esc(t("editor.set_up.tip"))}">${esc(t("editor.set_up"))}</button>`);
  const gameBox = h("div", { class: "cw-ed-game" },
    `<textarea data-edit-field="game" rows="2" spellcheck="false" aria-label="${esc(t("editor.game"))}" placeholder="${esc(t("editor.game.placeholder"))}"></textarea>`
    + `<div class="cw-ed-line"><button type="button" data-edit="export" title="${esc(t("editor.export.tip"))}">${esc(t("editor.export"))}</button>`
    + `<button type="button" data-edit="load" title="${esc(t("editor.load.tip"))}">${esc(t("editor.load"))}</button>`
    + `<button type="button" data-edit="download-cgn" title="${esc(t("editor.download.tip"))}">${toolIcon("download")}${esc(t("editor.download"))}</button>`
    + `<button type="button" data-edit="open-cgn" title="${esc(t("editor.open.tip"))}">${toolIcon("open")}${esc(t("editor.open"))}</button>`
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
        ? t("editor.cell", { cell, tokens: stack.split("").map(tokenName).join(", ") })
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
    if (!cpn) return show(false, t("editor.type_cpn"));
    show(null, t("editor.checking"));
    request({ type: "check_position", cpn },
      (msg) => { if (n === checks) show(true, msg.value === cpn ? t("editor.valid") : t("editor.valid_as", { cpn: msg.value })); },
      (msg) => { if (n === checks) show(false, msg.message || t("board.refused")); });
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
      if (inside) show(null, t("editor.inside_effect"));
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
        gameStatus.textContent = t("editor.downloaded");
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
      gameStatus.textContent = t("editor.too_large", { name: file.name, size: file.size, most: MAX_CGN_BYTES });
      return;
    }
    gameStatus.textContent = t("editor.reading", { name: file.name });
    file.text().then((text) => {
      request({ type: "load_cgn", text }, (msg) => {
        gameStatus.textContent = "";
        local.setup = false;
        ctx.say(`${file.name}: ${msg.value}`); // about the game just opened
      }, (msg) => { gameStatus.textContent = t("editor.not_opened", { name: file.name, why: msg.message }); });
    }, (error) => { gameStatus.textContent = t("editor.unreadable", { name: file.name, error: String(error) }); });
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
    }, (msg) => show(false, msg.message || t("board.refused")));
  });

  function update() {
    if (local.setup) el.removeAttribute("hidden");
    else if (!el.hasAttribute("hidden")) el.setAttribute("hidden", "");
  }

  return { el, open, update };
}
