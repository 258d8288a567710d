// Puzzle mode (issue #22 item 3, docs/puzzles.md): "Green to play and win". The store's
// `puzzle` key ({puzzle, index, count, step, solved, node, status, tried, set?}) says which
// puzzle, which step and how many are solved; the board's decisions go to the judge as a
// `puzzle` request (action "try") instead of `play`. With a kernel, the kernel judges
// (cernunos_widget/puzzles/play.py); without one, answerPuzzle below judges with the stored
// data (the winning decision of each step, every wrong decision's proven refutation), so a
// page plays puzzles offline. The winning decision is played with the opponent's best
// replies; a wrong one is answered in words with its refutation and the board stays put.
// Hooks: [data-role="puzzle"] (the bar, data-status playing|wrong|solved), puzzle-title,
// puzzle-status, puzzle-solved, and the buttons [data-puzzle="next"], [data-puzzle="again"].
// The picker (issue #35 item 8; a set of two or more): the selects [data-role="puzzle-theme"],
// "puzzle-rating", "puzzle-solved-filter" narrow the list [data-role="puzzle-pick"] (values:
// the puzzles' indexes in the set); choosing one sends the `puzzle` request "open".

import { esc, h, setAttr, setHtml } from "./dom.js";
import { language, t } from "./i18n.js";
import { CernunosError, refusal, textToCode } from "./rules/index.js";

class PuzzleError extends CernunosError {}

const OTHER = { g: "p", p: "g" };
const THEME_KINDS = { tree: "T", boar: "B", deer: "D", wolf: "W", squirrel: "S", fox: "X", crow: "C", fire: "F" };

const THEME_WORDS = ["final-placement", "growth"]; // themes that are not a token's effect

// A theme in the board's language: a token's name as the rulebook says it, else its words
function themeText(theme) {
  if (THEME_KINDS[theme]) return t(`kind.${THEME_KINDS[theme]}`);
  return THEME_WORDS.includes(theme) ? t(`puzzle.theme.${theme}`) : theme;
}

/** The words of a wrong try's refutation, e.g. "After D@a1, Purple answers D@a2 and wins (proven) ...". */
export function refutationText(puzzle, tried, lang = language()) {
  const params = {
    decision: tried.decision, player: t(`player.${puzzle.decider}`, {}, lang), opponent: t(`player.${OTHER[puzzle.decider]}`, {}, lang),
    reply: tried.line[0] ?? "", verb: t(`puzzle.reply.${tried.result}`, {}, lang), outcome: t(`puzzle.outcome.${tried.result}`, {}, lang),
  };
  return t(tried.line.length ? "puzzle.wrong" : "puzzle.wrong_end", params, lang);
}

// The decisions of a correct try: the decider's, then the opponent's replies up to the
// decider's next step; and the step after them.
function correctPlays(puzzle, step) {
  const plays = [puzzle.steps[step].play];
  let next = step + 1;
  while (next < puzzle.steps.length && puzzle.steps[next].by === "opponent") plays.push(puzzle.steps[next++].play);
  return { plays, next };
}

/**
 * The page's own judge (js/local.js answers `puzzle` requests with it): the reply patch for
 * `request` ({action: "try", decision} / "next" / "again"). `ops.play(node, text)` plays
 * decisions as the `play` request does, `ops.setup(cpn)` starts a new game, `ops.position(node)`
 * is the position at a node (to refuse an illegal decision with the engine's reason).
 */
export function answerPuzzle(store, request, ops) {
  const state = store.puzzle;
  if (!state || !state.puzzle) throw refusal(PuzzleError, "refusal.no_puzzle");
  if (request.action === "next" || request.action === "again" || request.action === "open") {
    const set = state.set || [state.puzzle];
    const index = { next: (state.index + 1) % set.length, again: state.index, open: request.index || 0 }[request.action];
    if (index >= set.length) throw refusal(PuzzleError, "refusal.puzzle_index", { index: index + 1, count: set.length });
    const puzzle = set[index];
    const patch = ops.setup(puzzle.cpn);
    patch.puzzle = { ...state, puzzle, index, step: 0, node: patch.current, status: "playing", tried: null };
    return patch;
  }
  if (request.action !== "try") throw new PuzzleError(`action must be one of 'try', 'next', 'again', 'open', not ${String(request.action).slice(0, 40)}`);
  const { puzzle, step } = state;
  if (state.status === "solved") throw refusal(PuzzleError, "refusal.puzzle_solved");
  const code = ops.position(state.node).codeOf(request.decision); // the engine's refusal if illegal
  const expected = puzzle.steps[step];
  if (code === textToCode(expected.play)) {
    const { plays, next } = correctPlays(puzzle, step);
    const patch = ops.play(state.node, plays.join(" "));
    const solved = next >= puzzle.steps.length;
    patch.puzzle = {
      ...state, step: next, node: patch.current, status: solved ? "solved" : "playing",
      solved: state.solved + (solved ? 1 : 0), tried: null,
      solved_ids: solved ? [...(state.solved_ids || []), puzzle.id] : state.solved_ids || [],
    };
    return patch;
  }
  for (const [token, refutation] of Object.entries(expected.refutations || {})) {
    if (textToCode(token) === code) {
      const tried = { decision: token, result: refutation.result, line: refutation.line };
      return { gen: store.gen, current: state.node, puzzle: { ...state, tried } };
    }
  }
  throw refusal(PuzzleError, "refusal.no_refutation", { decision: request.decision, id: puzzle.id });
}

const BANDS = [[0, 999], [1000, 1399], [1400, 1799], [1800, null]]; // the picker's ratings

/** The set as the picker lists it: {id, rating, themes} for each puzzle, from the kernel's
 * `puzzle_list` trait or, on a page without one, the set the state carries. */
function catalogueOf(model, state) {
  const listed = model.get("puzzle_list");
  if (listed && listed.length) return listed;
  return (state.set || [state.puzzle]).map((p) => ({ id: p.id, rating: p.rating, themes: p.themes }));
}

/** The indexes of the puzzles ``filter`` ({theme, band, solved}: "" for any) lets through. */
export function matching(catalogue, solvedIds, filter) {
  const done = new Set(solvedIds || []);
  const band = filter.band === "" ? null : BANDS[Number(filter.band)];
  const out = [];
  catalogue.forEach((p, i) => {
    if (filter.theme && !p.themes.includes(filter.theme)) return;
    if (band && (p.rating < band[0] || (band[1] !== null && p.rating > band[1]))) return;
    if (filter.solved === "done" && !done.has(p.id)) return;
    if (filter.solved === "unsolved" && done.has(p.id)) return;
    out.push(i);
  });
  return out;
}

// A select's options as HTML: [value, words] pairs, `chosen` selected
function optionsHtml(pairs, chosen) {
  return pairs.map(([value, words]) => `<option value="${esc(value)}"${String(value) === String(chosen) ? " selected" : ""}>${esc(words)}</option>`).join("");
}

/** The picker: filters, then the puzzles they let through; choosing one opens it. */
function createPicker(ctx) {
  const theme = h("select", { "data-role": "puzzle-theme" });
  const rating = h("select", { "data-role": "puzzle-rating" });
  const solved = h("select", { "data-role": "puzzle-solved-filter" });
  const pick = h("select", { "data-role": "puzzle-pick" });
  const count = h("span", { class: "cw-puzzle-matching", "data-role": "puzzle-matching" });
  const el = h("div", { class: "cw-puzzle-picker", role: "group" });
  const labelled = (words, select) => {
    const label = h("label", {});
    label.append(h("span", {}), select);
    label.firstChild.textContent = words;
    return label;
  };
  const labels = [labelled("", theme), labelled("", rating), labelled("", solved), labelled("", pick)];
  el.append(...labels, count);
  const filter = { theme: "", band: "", solved: "" };
  let shown = null; // the state the picker was last drawn for

  for (const [select, key] of [[theme, "theme"], [rating, "band"], [solved, "solved"]]) {
    select.addEventListener("change", () => {
      filter[key] = select.value;
      if (shown) update(shown);
    });
  }
  pick.addEventListener("change", () => {
    if (pick.value !== "") ctx.request({ type: "puzzle", action: "open", decision: "", index: Number(pick.value) });
  });

  function update(state) {
    shown = state;
    const catalogue = catalogueOf(ctx.model, state);
    el.hidden = catalogue.length < 2;
    if (el.hidden) return;
    setAttr(el, "aria-label", t("puzzle.pick.label"));
    const words = [t("puzzle.pick.theme"), t("puzzle.pick.rating"), t("puzzle.pick.solved"), t("puzzle.pick.puzzle")];
    labels.forEach((label, i) => { label.firstChild.textContent = words[i]; });
    const themes = [...new Set(catalogue.flatMap((p) => p.themes))].sort();
    setHtml(theme, optionsHtml([["", t("puzzle.pick.any_theme")], ...themes.map((x) => [x, themeText(x)])], filter.theme));
    const bands = BANDS.map(([low, high], i) => [i, high === null ? t("puzzle.pick.band_up", { low }) : t("puzzle.pick.band", { low, high })]);
    setHtml(rating, optionsHtml([["", t("puzzle.pick.any_rating")], ...bands], filter.band));
    setHtml(solved, optionsHtml([["", t("puzzle.pick.either")], ["unsolved", t("puzzle.pick.unsolved")], ["done", t("puzzle.pick.done")]], filter.solved));
    const done = new Set(state.solved_ids || []);
    const found = matching(catalogue, state.solved_ids, filter);
    const entries = found.map((i) => {
      const p = catalogue[i];
      const params = { number: i + 1, rating: p.rating, themes: p.themes.map(themeText).join(", ") };
      return [i, t(done.has(p.id) ? "puzzle.pick.entry_done" : "puzzle.pick.entry", params)];
    });
    const here = found.includes(state.index) ? state.index : "";
    setHtml(pick, optionsHtml(found.length ? (here === "" ? [["", "…"], ...entries] : entries) : [["", t("puzzle.pick.none")]], here));
    pick.disabled = !found.length;
    count.textContent = t("puzzle.pick.matching", { count: found.length, total: catalogue.length });
  }

  return { el, update };
}

/** The puzzle bar: the task, what the last try did, the count solved, next / again. */
export function createPuzzle(ctx) {
  const title = h("div", { class: "cw-puzzle-title", "data-role": "puzzle-title" });
  const status = h("div", { class: "cw-puzzle-status", "data-role": "puzzle-status", "aria-live": "polite" });
  const about = h("div", { class: "cw-puzzle-about", "data-role": "puzzle-about" });
  const solved = h("span", { class: "cw-puzzle-solved", "data-role": "puzzle-solved" });
  const again = h("button", { type: "button", "data-puzzle": "again" });
  const next = h("button", { type: "button", "data-puzzle": "next" });
  const buttons = h("div", { class: "cw-puzzle-buttons" });
  buttons.append(solved, again, next);
  const picker = createPicker(ctx);
  const el = h("div", { class: "cw-puzzle", "data-role": "puzzle" });
  el.append(title, status, about, buttons, picker.el);
  el.hidden = true;
  el.addEventListener("click", (event) => {
    const button = event.target.closest("[data-puzzle]");
    if (button) ctx.request({ type: "puzzle", action: button.dataset.puzzle, decision: "" });
  });

  function statusText(state) {
    const { puzzle, step } = state;
    const player = t(`player.${puzzle.decider}`);
    if (state.tried) return refutationText(puzzle, state.tried);
    if (step === 0) return t("puzzle.start", { player });
    const lastMine = [...puzzle.steps.slice(0, step).keys()].reverse().find((i) => puzzle.steps[i].by === "decider");
    if (state.status === "solved") return t("puzzle.solved", { decision: puzzle.steps[0].play, line: puzzle.line.join(" ") });
    const replies = puzzle.steps.slice(lastMine + 1, step).map((s) => s.play).join(" ");
    return t("puzzle.right", { decision: puzzle.steps[lastMine].play, replies, player, opponent: t(`player.${OTHER[puzzle.decider]}`) });
  }

  function update(store) {
    const state = store.puzzle;
    el.hidden = !state || !state.puzzle;
    const root = el.closest(".cw-root");
    if (root) setAttr(root, "data-puzzle-mode", el.hidden ? null : ""); // widget.css hides the hint and the analysis
    if (el.hidden) return;
    const { puzzle } = state;
    const kind = state.status === "solved" ? "solved" : state.tried ? "wrong" : "playing";
    setAttr(el, "data-status", kind);
    setAttr(el, "data-puzzle-id", puzzle.id);
    title.className = `cw-puzzle-title cw-${puzzle.decider}`;
    setHtml(title, esc(t("puzzle.to_play", { player: t(`player.${puzzle.decider}`) })));
    setHtml(status, esc(statusText(state)));
    const params = { number: state.index + 1, count: state.count, rating: puzzle.rating, themes: puzzle.themes.map(themeText).join(", ") };
    setHtml(about, esc(t("puzzle.about", params)));
    setHtml(solved, esc(t("puzzle.solved_count", { count: state.solved })));
    setHtml(again, esc(t("puzzle.again")));
    setHtml(next, esc(t("puzzle.next")));
    next.hidden = state.count < 2;
    picker.update(state);
  }

  /** In puzzle mode a decision goes to the judge: true when it was sent there. */
  function intercept(store, text) {
    const state = store.puzzle;
    if (!state || !state.puzzle || state.status === "solved") return false;
    ctx.request({ type: "puzzle", action: "try", decision: text });
    return true;
  }

  return { el, update, intercept };
}

/** The puzzles as a board's feature (features.js): the bar, and the `puzzle` request answered
 * by the page's own session. */
export const PUZZLES = Object.freeze({ panel: createPuzzle, requests: Object.freeze({ puzzle: answerPuzzle }) });
