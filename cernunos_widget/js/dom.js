// Shared by every part of the page: the board's constants and small DOM helpers.

import { t } from "./i18n.js";

export const CELLS = ["a3", "b3", "c3", "d3", "a2", "b2", "c2", "d2", "a1", "b1", "c1", "d1"];
export const KINDS = ["T", "B", "D", "W", "S", "X", "C", "F"];
export const PLAYERS = { g: "Green", p: "Purple" }; // English; the page shows playerName()

/** A player's name in the board's language ("Green", "Vert"); ``letter``: g or p. */
export function playerName(letter) {
  return t(`player.${letter}`);
}

/** A token's name in the board's language ("Purple Boar", "Sanglier violet"). */
export function tokenName(letter) {
  return t(`token.${owner(letter)}`, { kind: t(`kind.${letter.toUpperCase()}`) });
}

// The document or the shadow root `node` is drawn in: its activeElement and fullscreenElement
// are the board's own elements (the document's are the shadow root's host when a host draws
// the board in a shadow root, as MyST's {anywidget} directive does).
export function scopeOf(node) {
  return node.getRootNode ? node.getRootNode() : document;
}

export function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c]);
}

export function owner(letter) {
  return letter === letter.toUpperCase() ? "g" : "p";
}

export function icon(model, letter, cls) {
  const svg = model.get("icons")[letter.toUpperCase()] || "";
  return `<svg class="${cls}" viewBox="0 0 100 100" aria-hidden="true">${svg}</svg>`;
}

export function h(tag, attrs = {}, html = "") {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (html) el.innerHTML = html;
  return el;
}

export function setHtml(el, html) {
  if (el._html !== html) {
    el.innerHTML = html;
    el._html = html;
  }
}

export function setAttr(el, name, value) {
  if (value === null || value === undefined || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== String(value)) el.setAttribute(name, String(value));
}

// One tooltip per view: shown for any [data-tip] element under the pointer or focused,
// placed inside the widget (never clipped by the output area's edge).
export function attachTips(root) {
  const tip = h("div", { class: "cw-tip", role: "tooltip", hidden: "" });
  root.append(tip);
  let anchor = null;
  function show(event) {
    const target = event.target.closest && event.target.closest("[data-tip]");
    if (!target || !root.contains(target)) return;
    anchor = target;
    tip.textContent = target.dataset.tip;
    tip.removeAttribute("hidden");
    const box = root.getBoundingClientRect();
    const at = target.getBoundingClientRect();
    const left = Math.max(4, Math.min(at.left - box.left + at.width / 2 - tip.offsetWidth / 2, box.width - tip.offsetWidth - 4));
    tip.style.left = `${left}px`;
    tip.style.top = `${at.bottom - box.top + 6}px`;
  }
  function hide(event) {
    if (!anchor) return;
    if (event.type === "mouseout" && anchor.contains(event.relatedTarget)) return;
    if (event.type === "focusout" && event.target !== anchor) return;
    tip.setAttribute("hidden", "");
    anchor = null;
  }
  root.addEventListener("mouseover", show);
  root.addEventListener("focusin", show);
  root.addEventListener("mouseout", hide);
  root.addEventListener("focusout", hide);
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape") tip.setAttribute("hidden", "");
  });
}

// The result as a banner: "Game over · Green wins" and the score below (from the engine's
// summary, e.g. "Green wins (cells 7-5, Trees on top 3-2, burned 0-1)").
export function resultBanner(v) {
  const text = v.result_text;
  const cut = text.indexOf(" (");
  const head = cut < 0 ? text : text.slice(0, cut);
  const score = cut < 0 ? "" : text.slice(cut + 2, -1);
  const who = head.charAt(0).toUpperCase() + head.slice(1);
  return `<span class="cw-banner-over">${esc(t("board.game_over"))}</span> <strong class="cw-banner-who">${esc(who)}</strong>`
    + (score ? ` <span class="cw-banner-score">${esc(score)}</span>` : "");
}

// Keyboard access for clickable elements that are not buttons (the move list's entries, the
// analysis lines): role=button, Enter/Space (see widget.js onKey). The move list is one Tab
// stop, its current move; ←/→ then walk the tree and the focus follows the current move.
export function keyboardAccess(root, current) {
  for (const el of root.querySelectorAll("[data-movelist] [data-node], [data-line]")) {
    if (el.tagName === "BUTTON") continue;
    setAttr(el, "role", "button");
    setAttr(el, "tabindex", el.dataset.node === undefined || el.dataset.node === String(current) ? "0" : "-1");
  }
  const focused = scopeOf(root).activeElement;
  if (focused && root.contains(focused) && focused.matches("[data-movelist] [data-node]") && focused.dataset.node !== String(current)) {
    const entry = root.querySelector(`[data-movelist] [data-node="${current}"]`);
    if (entry) entry.focus();
  }
}
