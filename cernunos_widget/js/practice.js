// Practice against the engine in a page with no kernel (a study chapter's `practice` mode,
// issue #33 item 3): what session/practice.py decides in the kernel, with the page's means.
// The other side's decision: in a small endgame (at most HINT_TOKEN_LIMIT tokens left in both
// reserves, R-8) the page's exact search (rules/solve.js, as the offline hint) plays
// perfectly; elsewhere, or past PAGE_NODES nodes, the page's best guess (one step ahead).
// The verdict: the chapter's goal judged for the student (goals.js, the lessons' mirror), or,
// without a goal, whether the student won once the game is over. Checked against the kernel
// by tests/js/make_practice_vectors.py (the verdicts, and the reply's value in endgames).

import { judge, unmet } from "./goals.js";
import { HINT_TOKEN_LIMIT, bestGuess, createSearch, tokensLeft } from "./rules/solve.js";

export const PAGE_NODES = 60000; // the page's exact search gives up here (under a second: it runs at once)
const WIN = { result: "win" }; // a chapter without a goal: win the game

/** The page's decision at `position` and how it was chosen: {decision, by: "perfect" |
 * "guess"}. */
export function practiceReply(position, nodes = PAGE_NODES) {
  if (tokensLeft(position) <= HINT_TOKEN_LIMIT && !position.isOver) {
    const r = createSearch(position).step(nodes);
    if (r.done && r.line.length) return { decision: r.line[0], by: "perfect" };
  }
  return { decision: bestGuess(position), by: "guess" };
}

/** session/practice.py's verdict(): `line` is each decision's {position, events} from
 * `start`; `you` the student (0 Green, 1 Purple); `goal` the chapter's, or null. */
export function practiceVerdict(goal, start, line, you) {
  if (goal) return judge(goal, start, line, you);
  const last = line.length ? line[line.length - 1].position : start;
  if (!last.isOver) return { status: "pending", steps: 0, reasons: [] };
  const reasons = unmet(WIN, last, [], you);
  return { status: reasons.length ? "failed" : "solved", steps: 0, reasons };
}
