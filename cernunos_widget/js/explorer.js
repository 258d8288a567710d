// The opening explorer panel (cernunos_widget/tools/explorer.py): the decisions played from the
// current node in a games database, how often, and Green's score after each (a bar:
// Green's wins, draws, Purple's wins). The kernel sends `store.explorer` = {node, games,
// entries, more} with every change of the current node once an explorer is set
// (w.explorer = ...); clicking an entry plays its decision like any other click (the
// kernel judges it). Hooks: [data-explorer] (the panel), [data-explorer-decision="B@b2"].

import { esc, h, setHtml, setAttr } from "./dom.js";
import { t } from "./i18n.js";
import { moveLabel } from "./moves.js";

const games = (n) => t(n === 1 ? "explorer.game" : "explorer.games", { count: n });
const key = () => `<span class="cw-explorer-key" aria-hidden="true"><i class="cw-xg"></i>${esc(t("explorer.green_wins"))}`
  + `<i class="cw-xd"></i>${esc(t("explorer.draws"))}<i class="cw-xp"></i>${esc(t("explorer.purple_wins"))}</span>`;

export function createExplorer(ctx) {
  const el = h("div", { class: "cw-explorer", "data-explorer": "", role: "group", "aria-label": t("explorer.label"), hidden: "" });

  function row(e) {
    const pct = (n) => `${((100 * n) / e.count).toFixed(1)}%`;
    const tip = t("explorer.row", {
      decision: e.decision, games: games(e.count), won: e.green_wins, drew: e.draws, lost: e.purple_wins, score: (100 * e.score).toFixed(1),
    });
    return `<button type="button" class="cw-explorer-row" data-explorer-decision="${esc(e.decision)}" data-tip="${esc(tip)}" aria-label="${esc(tip)}">`
      + `<span class="cw-explorer-move">${esc(moveLabel(e.label))}</span><span class="cw-explorer-count">${e.count}</span>`
      + `<span class="cw-explorer-bar" aria-hidden="true"><i class="cw-xg" style="width:${pct(e.green_wins)}"></i>`
      + `<i class="cw-xd" style="width:${pct(e.draws)}"></i><i class="cw-xp" style="width:${pct(e.purple_wins)}"></i></span>`
      + `<span class="cw-explorer-score">${(100 * e.score).toFixed(0)}%</span></button>`;
  }

  function update(store) {
    const x = store.explorer;
    setAttr(el, "hidden", x ? null : "");
    if (!x) return;
    const head = `<div class="cw-explorer-head"><span>${esc(t("explorer.head", { games: games(x.games) }))}</span>${key()}</div>`;
    let body;
    if (x.node !== store.current) body = '<div class="cw-explorer-none">…</div>';
    else if (!x.entries.length) body = `<div class="cw-explorer-none">${esc(t("explorer.none"))}</div>`;
    else body = x.entries.map(row).join("") + (x.more ? `<div class="cw-explorer-none">${esc(t(x.more === 1 ? "explorer.more_one" : "explorer.more", { count: x.more }))}</div>` : "");
    setHtml(el, head + body);
  }

  return { el, update };
}
