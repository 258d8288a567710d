// Shared by every part of the page: the board's constants and small DOM helpers.

const CELLS = ["a3", "b3", "c3", "d3", "a2", "b2", "c2", "d2", "a1", "b1", "c1", "d1"];
const KINDS = ["T", "B", "D", "W", "S", "X", "C", "F"];
const PLAYERS = { g: "Green", p: "Purple" };

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
