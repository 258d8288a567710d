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

import { esc, h, setAttr, setHtml } from "./dom.js";
import { CernunosError, textToCode } from "./rules/index.js";

class PuzzleError extends CernunosError {}

// UI words, English and French (to the i18n catalogue once it lands on main)
const WORDS = {
  en: {
    toPlay: "{player} to play and win",
    players: { g: "Green", p: "Purple" },
    results: { draw: "draws", loss: "wins" },
    outcome: { draw: "only a draw", loss: "a loss" },
    wrong: "After {decision}, {opponent} answers {reply} and {verb} (proven): {outcome} for {player}. The position is back: try again.",
    wrongEnd: "{decision} gives {outcome} for {player} (proven). The position is back: try again.",
    right: "Right: {decision}. {opponent} answers {replies}. Go on: {player} still has exactly one winning decision.",
    solved: "Solved: {decision} wins (proven: {line}).",
    start: "Find the one decision that keeps {player}'s win.",
    solvedCount: "Solved: {count}",
    next: "Next puzzle",
    again: "Start again",
    about: "puzzle {number} of {count} · rating {rating} · {themes}",
  },
  fr: {
    toPlay: "{player} joue et gagne",
    players: { g: "Vert", p: "Violet" },
    results: { draw: "fait nulle", loss: "gagne" },
    outcome: { draw: "seulement une nulle", loss: "une défaite" },
    wrong: "Après {decision}, {opponent} répond {reply} et {verb} (prouvé) : {outcome} pour {player}. La position est rétablie : essayez encore.",
    wrongEnd: "{decision} donne {outcome} pour {player} (prouvé). La position est rétablie : essayez encore.",
    right: "Bien : {decision}. {opponent} répond {replies}. Continuez : {player} a encore une seule décision gagnante.",
    solved: "Résolu : {decision} gagne (prouvé : {line}).",
    start: "Trouvez la seule décision qui garde la victoire de {player}.",
    solvedCount: "Résolus : {count}",
    next: "Problème suivant",
    again: "Recommencer",
    about: "problème {number} sur {count} · cote {rating} · {themes}",
  },
};

function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (_, key) => (params[key] ?? `{${key}}`));
}

/** The words of a wrong try's refutation, e.g. "After D@a1, Purple answers D@a2 and wins (proven) ...". */
export function refutationText(puzzle, tried, language = "en") {
  const w = WORDS[language] || WORDS.en;
  const other = puzzle.decider === "g" ? "p" : "g";
  const params = {
    decision: tried.decision, player: w.players[puzzle.decider], opponent: w.players[other],
    reply: tried.line[0], verb: w.results[tried.result], outcome: w.outcome[tried.result],
  };
  return fill(tried.line.length ? w.wrong : w.wrongEnd, params);
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
  if (!state || !state.puzzle) throw new PuzzleError("no puzzle on this board");
  if (request.action === "next" || request.action === "again") {
    const set = state.set || [state.puzzle];
    const index = request.action === "next" ? (state.index + 1) % set.length : state.index;
    const puzzle = set[index];
    const patch = ops.setup(puzzle.cpn);
    patch.puzzle = { ...state, puzzle, index, step: 0, node: patch.current, status: "playing", tried: null };
    return patch;
  }
  if (request.action !== "try") throw new PuzzleError(`action must be one of 'try', 'next', 'again', not ${String(request.action).slice(0, 40)}`);
  const { puzzle, step } = state;
  if (state.status === "solved") throw new PuzzleError("this puzzle is solved: take the next one");
  const code = ops.position(state.node).codeOf(request.decision); // the engine's refusal if illegal
  const expected = puzzle.steps[step];
  if (code === textToCode(expected.play)) {
    const { plays, next } = correctPlays(puzzle, step);
    const patch = ops.play(state.node, plays.join(" "));
    const solved = next >= puzzle.steps.length;
    patch.puzzle = {
      ...state, step: next, node: patch.current, status: solved ? "solved" : "playing",
      solved: state.solved + (solved ? 1 : 0), tried: null,
    };
    return patch;
  }
  for (const [token, refutation] of Object.entries(expected.refutations || {})) {
    if (textToCode(token) === code) {
      const tried = { decision: token, result: refutation.result, line: refutation.line };
      return { gen: store.gen, current: state.node, puzzle: { ...state, tried } };
    }
  }
  throw new PuzzleError(`${request.decision} has no stored refutation in puzzle ${puzzle.id}`);
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
  const el = h("div", { class: "cw-puzzle", "data-role": "puzzle" });
  el.append(title, status, about, buttons);
  el.hidden = true;
  el.addEventListener("click", (event) => {
    const button = event.target.closest("[data-puzzle]");
    if (button) ctx.request({ type: "puzzle", action: button.dataset.puzzle, decision: "" });
  });

  function language() {
    const lang = ctx.model.get("language");
    return WORDS[lang] ? lang : "en";
  }

  function statusText(state, w) {
    const { puzzle, step } = state;
    const player = w.players[puzzle.decider];
    if (state.tried) return refutationText(puzzle, state.tried, language());
    if (step === 0) return fill(w.start, { player });
    const lastMine = [...puzzle.steps.slice(0, step).keys()].reverse().find((i) => puzzle.steps[i].by === "decider");
    const decision = puzzle.steps[lastMine].play;
    if (state.status === "solved") return fill(w.solved, { decision: puzzle.steps[0].play, line: puzzle.line.join(" ") });
    const replies = puzzle.steps.slice(lastMine + 1, step).map((s) => s.play).join(" ");
    return fill(w.right, { decision, replies, player, opponent: w.players[puzzle.decider === "g" ? "p" : "g"] });
  }

  function update(store) {
    const state = store.puzzle;
    el.hidden = !state || !state.puzzle;
    if (el.hidden) return;
    const w = WORDS[language()];
    const { puzzle } = state;
    const kind = state.status === "solved" ? "solved" : state.tried ? "wrong" : "playing";
    setAttr(el, "data-status", kind);
    setAttr(el, "data-puzzle-id", puzzle.id);
    title.className = `cw-puzzle-title cw-${puzzle.decider}`;
    setHtml(title, esc(fill(w.toPlay, { player: w.players[puzzle.decider] })));
    setHtml(status, esc(statusText(state, w)));
    const params = { number: state.index + 1, count: state.count, rating: puzzle.rating, themes: puzzle.themes.join(", ") };
    setHtml(about, esc(fill(w.about, params)));
    setHtml(solved, esc(fill(w.solvedCount, { count: state.solved })));
    setHtml(again, esc(w.again));
    setHtml(next, esc(w.next));
    next.hidden = state.count < 2;
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
