// session/view.py's build_view: what the page draws for one node, computed from the mirror
// (so a page without a kernel draws exactly what the kernel would send).

import { CELL_INDEX, CELL_NAMES } from "./geometry.js";
import { KIND_LETTERS, PLAYER_LETTERS } from "./tokens.js";
import { t } from "../i18n.js";

const byBoardOrder = (a, b) => CELL_INDEX[a] - CELL_INDEX[b];

/** "p chooses boar-target", or "" when the game is over (the page's data-pending). */
export function pendingTag(position) {
  return position.decider === null ? "" : `${PLAYER_LETTERS[position.decider]} chooses ${position.choice}`;
}

/** Everything needed to draw ``position`` and offer its decisions (``events``: how it was
 * reached), its words in ``lang``. */
export function buildView(position, events = [], lang = "en") {
  const stacks = {};
  for (const c of CELL_NAMES) if (position.stackText(c)) stacks[c] = position.stackText(c);
  const choice = position.choice ?? "";
  const texts = position.legalTexts();
  const reserves = {};
  for (const p of [0, 1]) {
    const counts = position.reserveOf(p);
    reserves[PLAYER_LETTERS[p]] = Object.fromEntries([...KIND_LETTERS].map((k, i) => [k, counts[i]]));
  }
  const powers = {};
  for (const [cell, info] of Object.entries(position.powers())) {
    const text = t(info.message.key, info.message.params, lang);
    powers[cell] = { total: info.total, base: info.base, deer: info.deer, wolves: info.wolves, text };
  }
  const view = {
    cpn: position.atBoundary ? position.cpn() : "",
    pending: pendingTag(position),
    prompt: position.isOver ? "" : position.describePending(lang),
    side: PLAYER_LETTERS[position.side],
    phase: position.phase,
    decider: position.decider === null ? "" : PLAYER_LETTERS[position.decider],
    choice,
    choice_cell: position.choiceCell ?? "",
    stacks,
    reserves,
    burned: [...position.burned],
    powers,
    placements: {},
    coverable: [],
    targets: [],
    swap_partners: {},
    placer: "",
    grow: { options: [], count: 0, trees: [] },
    can_pass: texts.includes("pass"),
    option_count: texts.length,
    events: events.map((e) => ({ type: e.type, text: e.text(lang), cells: [...e.cells] })),
    changed: [...new Set(events.flatMap((e) => e.cells))].sort(byBoardOrder),
    result: "",
    result_text: "",
  };
  if (choice === "placement" || choice === "final-placement") {
    view.placer = PLAYER_LETTERS[position.side];
    view.placements = position.placementMap();
    view.coverable = position.coverable()[0];
  } else if (choice === "boar-target" || choice === "crow-cell" || choice === "fox-order") {
    view.targets = texts;
  } else if (choice === "fox-swap") {
    const partners = {};
    for (const text of texts) {
      const [a, b] = text.split("~");
      (partners[a] ??= {})[b] = text;
      (partners[b] ??= {})[a] = text;
    }
    view.swap_partners = partners;
  } else if (choice === "growth") {
    const chosen = texts.map((t) => t.slice(5).split(","));
    view.grow = {
      options: texts,
      count: chosen[0].length,
      trees: [...new Set(chosen.flat())].sort(byBoardOrder),
    };
  }
  const result = position.result();
  if (result !== null) {
    view.result = result.text;
    view.result_text = t(result.summaryMessage.key, result.summaryMessage.params, lang);
  }
  return view;
}
