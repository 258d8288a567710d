// The game review: an evaluation graph of the main line (Green's view), the marks per
// player, the current node's mark with the best decision and its line, keys n / N.
// Everything shown is computed in Python (review.py, jobs.py): values from Green's side
// (`eval` on each node record), marks charged to their decider, texts in words.

import { esc, h, playerName, setHtml } from "./dom.js";
import { t, valueText } from "./i18n.js";

const STATUS_WORDS = new Set(["starting", "running", "done", "cancelled", "over"]);
import { nodeOf, rootId } from "./store.js";

const GRAPH_W = 480;
const GRAPH_H = 90;
const GRAPH_PAD = 7;
const MARK_CLASSES = { "?!": "cw-inaccuracy", "?": "cw-mistake", "??": "cw-blunder" };
const MARK_WORDS = [["inaccuracy", "?!"], ["mistake", "?"], ["blunder", "??"]];

// The main line's node ids, root first.
export function reviewMainLine(store) {
  const ids = [];
  let n = nodeOf(store, rootId(store));
  while (n) {
    ids.push(n.id);
    n = n.children.length ? nodeOf(store, n.children[0]) : null;
  }
  return ids;
}

// The next (dir 1) or previous (dir -1) marked node along the main line from the current
// node (from its branch point when it is in a variation); null when there is none.
export function nextMarked(store, dir) {
  const ids = reviewMainLine(store);
  let here = nodeOf(store, store.current);
  while (here && !ids.includes(here.id)) here = nodeOf(store, here.parent);
  let i = here ? ids.indexOf(here.id) : 0;
  if (dir < 0 && here && here.id !== store.current) i += 1; // a variation: its branch point counts
  for (i += dir; i >= 0 && i < ids.length; i += dir) {
    if (nodeOf(store, ids[i]).mark) return ids[i];
  }
  return null;
}

function graphSvg(store, ids) {
  const step = (GRAPH_W - 2 * GRAPH_PAD) / Math.max(1, ids.length - 1);
  const x = (i) => (GRAPH_PAD + i * step).toFixed(1);
  const y = (green) => (GRAPH_PAD + ((1 - green) / 2) * (GRAPH_H - 2 * GRAPH_PAD)).toFixed(1);
  const mid = y(0);
  let body = `<rect class="cw-graph-g" x="0" y="0" width="${GRAPH_W}" height="${mid}"/>`
    + `<rect class="cw-graph-p" x="0" y="${mid}" width="${GRAPH_W}" height="${GRAPH_H - mid}"/>`
    + `<line class="cw-graph-zero" x1="0" x2="${GRAPH_W}" y1="${mid}" y2="${mid}"/>`;
  const segments = [];
  let run = [];
  ids.forEach((id, i) => {
    const e = nodeOf(store, id).eval;
    if (e) run.push(`${x(i)},${y(e.green)}`);
    else if (run.length) segments.push(run), (run = []);
  });
  if (run.length) segments.push(run);
  for (const s of segments) body += `<polyline class="cw-graph-line" points="${s.join(" ")}"/>`;
  const at = ids.indexOf(store.current);
  if (at >= 0) body += `<line class="cw-graph-now" x1="${x(at)}" x2="${x(at)}" y1="0" y2="${GRAPH_H}"/>`;
  ids.forEach((id, i) => {
    const n = nodeOf(store, id);
    const e = n.eval;
    const cls = ["cw-pt"];
    if (!e) cls.push("cw-pt-none");
    if (e && e.proven) cls.push("cw-pt-proven");
    if (n.mark) cls.push(MARK_CLASSES[n.mark] || "");
    if (id === store.current) cls.push("cw-pt-current");
    const label = `${n.parent === -1 ? t("moves.start") : n.decision}: ${e ? valueText(e.text) : t("review.not_evaluated")}${n.mark ? ` ${n.mark}` : ""}`;
    const attrs = `class="${cls.join(" ")}" data-node="${id}"${n.mark ? ` data-mark="${esc(n.mark)}"` : ""}`
      + `${e && e.proven ? ` data-proven="${esc(e.proven)}"` : ""}`;
    const cy = e ? y(e.green) : mid;
    const r = id === store.current ? 4.5 : 3.2;
    const shape = e && e.proven // proven values: squares; estimates: dots
      ? `<rect ${attrs} x="${(x(i) - r).toFixed(1)}" y="${(cy - r).toFixed(1)}" width="${2 * r}" height="${2 * r}">`
      : `<circle ${attrs} cx="${x(i)}" cy="${cy}" r="${r}">`;
    body += `${shape}<title>${esc(label)}</title>${e && e.proven ? "</rect>" : "</circle>"}`;
  });
  return `<svg class="cw-graph" data-eval-graph="" viewBox="0 0 ${GRAPH_W} ${GRAPH_H}" role="img"`
    + ` aria-label="${esc(t("review.graph"))}">${body}</svg>`;
}

// Marks and counts are provisional until the review's last pass ends: a finer pass may
// judge a decision again (the coarse pass's ?? can become a ? or nothing).
export function provisional(review) {
  const status = (review || {}).status;
  if (!status || status === "done") return "";
  if (status === "starting" || status === "running") {
    return review.passes ? t("review.provisional_until", { passes: review.passes }) : t("review.provisional");
  }
  return t("review.provisional_ended");
}

export function reviewCounts(review) {
  const counts = review.counts;
  if (!counts) return "";
  const note = provisional(review);
  return ["green", "purple"].map((who) => {
    const c = counts[who] || {};
    const items = MARK_WORDS.map(([word, mark]) => `<span title="${esc(t(`review.count.${word}`))}">${c[word] || 0}&#8239;${mark}</span>`).join(" ");
    return `<div class="cw-counts cw-${who[0]}" data-counts="${who}"><b>${esc(playerName(who[0]))}</b> ${items}</div>`;
  }).join("") + (note ? `<div class="cw-analysis-status" data-role="counts-provisional">${esc(note)}</div>` : "");
}

// The current node's value (the graph's), and its mark in words (jobs.py's mark_text: the
// value before and after, the best decision with its value), provisional while reviewing.
export function reviewHere(store) {
  const n = nodeOf(store, store.current);
  let html = "";
  if (n && n.eval) html += `<span class="cw-eval-here">${esc(t("review.here"))} <b>${esc(valueText(n.eval.text))}</b></span> `;
  if (n && n.mark) {
    const note = provisional(store.review);
    html += `<span class="cw-mark ${MARK_CLASSES[n.mark] || ""}">${esc(n.mark)}</span>${esc(n.mark_text.replace(/^\S+ /, ""))}`
      + (note ? ` <span class="cw-analysis-status" data-role="mark-provisional">(${esc(note)})</span>` : "");
  }
  return html;
}

function reviewStatus(review) {
  const status = review.status || "";
  if (status === "running" && review.total) {
    return t("review.running", { pass: review.pass, passes: review.passes, done: review.done, total: review.total });
  }
  if (status === "starting") return t("review.starting");
  const searches = review.searches !== undefined ? ` ${t("review.searches", { count: review.searches })}` : "";
  return t("review.status", { status: STATUS_WORDS.has(status) ? t(`analysis.status.${status}`) : status }) + searches;
}

export function createGraph() {
  const el = h("div", { class: "cw-review", "data-role": "review", hidden: "" });
  const head = h("div", { class: "cw-review-head" });
  const graph = h("div", { class: "cw-graph-box" });
  const here = h("div", { class: "cw-review-here", "data-role": "best-was" });
  el.append(head, graph, here);

  function update(store) {
    const review = store.review || {};
    const ids = reviewMainLine(store);
    const shown = Boolean(review.status) || ids.some((id) => nodeOf(store, id).eval);
    if (el.hidden === shown) el.hidden = !shown;
    if (!shown) return;
    setHtml(head, `<div class="cw-pov">${esc(t("review.pov"))}</div>`
      + `<div class="cw-analysis-status">${esc(reviewStatus(review))}</div>${reviewCounts(review)}`);
    setHtml(graph, graphSvg(store, ids));
    setHtml(here, reviewHere(store));
  }

  return { el, update };
}
