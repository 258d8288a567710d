// A study in a page no kernel answers (study_html, an exported notebook): what
// session/study.py does for the kernel, done with the page's own session (local.js) and the
// chapters' trees the page carries (`study_data`: each chapter's tree as the board opens it).
// It wraps the page's session: `study` requests (open, next, previous, retry, try, advance,
// reveal) are answered here, and in an interactive chapter a `play` is the student's try. The
// gamebook's semantics are the module docstring of session/study.py; tests/js/study.test.mjs
// checks this file against it, request for request. Where the reader stands is the model's
// `study_state` (the kernel's trait), set here as the kernel sets it; the chapters solved are
// kept in the page's storage (localStorage, where the page may use it; nothing is sent).

import { SessionError } from "./local.js";
import { nodeOf, rootId } from "./store.js";
import { languageOf, positionOf, stepOf } from "./derive.js";
import { practiceReply, practiceVerdict } from "./practice.js";
import { CernunosError, pyRepr, pyStrip, refusal } from "./rules/index.js";

const ALSO_GOOD = ["!", "!!"]; // a variation starting with this glyph is another good answer
const HINT = /^\s*\[%hint\s+([^\]]*)\]\s*/;
const CELL = /[a-d][1-3]/;
const MAX_LINE = 12; // a refuting variation's further moves shown at most
const SIDES = { Green: 0, Purple: 1 }; // the rules mirror's deciders

/** A question's comment as [the question, the hint] (session/study.py's split_hint). */
export function splitHint(comment) {
  const found = HINT.exec(comment);
  if (!found) return [pyStrip(comment), ""];
  return [pyStrip(comment.slice(found[0].length)), pyStrip(found[1])];
}

/** A question's hint when the author wrote none (session/study.py's clue): the kind the main
 * line's decision places, else the first cell it names, else that it passes. */
export function clue(decision) {
  if (decision.includes("@")) return { token: decision.split("@")[0] };
  const found = CELL.exec(decision);
  return found ? { cell: found[0] } : { pass: true };
}

// A variation's answer: its first node's comment, else the first comment along it.
function explanation(store, start) {
  for (let node = start; node; node = nodeOf(store, node.children[0])) if (node.comment) return node.comment;
  return "";
}

// A refuting variation's moves after its first (session/study.py's further).
function further(store, start) {
  const line = [];
  for (let node = nodeOf(store, start.children[0]); node && line.length < MAX_LINE; node = nodeOf(store, node.children[0])) line.push(node.decision);
  return line;
}

// Whether node `id` is on the main line (every node up to the root a first child).
function onMainLine(store, id) {
  for (let node = nodeOf(store, id); node.parent !== -1; node = nodeOf(store, node.parent)) {
    if (nodeOf(store, node.parent).children[0] !== node.id) return false;
  }
  return true;
}

function mainLineLength(store) {
  let n = 0;
  for (let node = nodeOf(store, rootId(store)); node.children.length; node = nodeOf(store, node.children[0])) n += 1;
  return n;
}

/** The reader's progress in the page's storage, when it may be used (a file:// page or a
 * sandboxed frame may refuse it: then nothing is kept). */
export const progress = {
  read(key) {
    try {
      const got = JSON.parse(globalThis.localStorage?.getItem(`cernunos-study:${key}`) || "[]");
      return Array.isArray(got) ? got.filter((i) => Number.isInteger(i)) : [];
    } catch {
      return [];
    }
  },
  write(key, solved) {
    try {
      globalThis.localStorage?.setItem(`cernunos-study:${key}`, JSON.stringify(solved));
    } catch {
      // storage refused (full, private mode, file://): the progress lasts as long as the page
    }
  },
};

// Each decision's {position, events} from the root to node `id` (the practice's line).
function lineTo(store, id) {
  const ids = [];
  for (let node = nodeOf(store, id); node.parent !== -1; node = nodeOf(store, node.parent)) ids.push(node.id);
  return ids.reverse().map((n) => stepOf(store, n));
}

/** The page's session wrapped to play a study; `reply(position)` is the practice's other
 * side (practice.js's practiceReply: the vectors' check puts the kernel's there). */
export function createStudySession(local, model, { reply = practiceReply } = {}) {
  const data = () => model.get("study_data") || {};
  const chapters = () => data().chapters || [];
  const state = () => model.get("study_state") || {};
  const kept = new Map(); // normal chapters left: their trees as the reader edited them
  let run = null; // session/study.py's StudyRun: chapter, node, feedback, wrong, revealed, authored

  function current() {
    if (run) return run;
    const s = state();
    run = {
      chapter: s.chapter || 0, node: s.node ?? 0, feedback: s.feedback ?? null, wrong: s.wrong || 0,
      revealed: s.revealed || 0, authored: s.authored || 0, solved: [...(s.solved || [])],
      verdict: s.verdict ?? null, reply: s.reply ?? null,
    };
    if (model.get("static") && data().key) {
      run.solved = [...new Set([...run.solved, ...progress.read(data().key)])].sort((a, b) => a - b);
      publish(null);
    }
    return run;
  }
  const chapter = () => chapters()[current().chapter];
  const side = () => SIDES[chapter().side];

  function decider(store, id) {
    const position = positionOf(store, id);
    return position ? position.decider : null;
  }

  function waiting(store) {
    if (chapter().mode === "practice") {
      const position = positionOf(store, run.node);
      return run.verdict === null && !position.isOver && position.decider !== side();
    }
    if (chapter().mode !== "interactive") return false;
    const node = nodeOf(store, run.node);
    return node.children.length > 0 && decider(store, node.id) !== side();
  }

  // session/study.py's StudyRun.state()
  function publish(store) {
    const c = chapter();
    const out = { chapter: run.chapter, mode: c.mode, side: c.side, solved: [...run.solved], wrong: run.wrong, feedback: run.feedback };
    if (store && c.mode === "interactive") {
      const node = nodeOf(store, run.node);
      const wait = waiting(store);
      const [question, hint] = node.children.length && !wait ? splitHint(node.comment) : ["", ""];
      const hinted = node.children.length && !wait && !hint ? clue(nodeOf(store, node.children[0]).decision) : null;
      Object.assign(out, { node: run.node, question, hint, clue: hinted, waiting: wait, done: !node.children.length });
    } else if (store && c.mode === "practice") {
      Object.assign(out, { node: run.node, waiting: waiting(store), done: run.verdict !== null, verdict: run.verdict, reply: run.reply });
    } else if (c.mode === "conceal") Object.assign(out, { revealed: run.revealed, authored: run.authored });
    if (store || !model.get("study_state")) model.set("study_state", out);
    else model.set("study_state", { ...model.get("study_state"), solved: out.solved });
  }

  // The chapter counted solved: the gamebook's main line played to its end, the practice's
  // goal met.
  function settle(store) {
    const mode = chapter().mode;
    const done = mode === "practice"
      ? run.verdict !== null && run.verdict.status === "solved"
      : mode === "interactive" && nodeOf(store, run.node) && !nodeOf(store, run.node).children.length;
    if (done && !run.solved.includes(run.chapter)) {
      run.solved = [...run.solved, run.chapter].sort((a, b) => a - b);
      if (model.get("static") && data().key) progress.write(data().key, run.solved);
    }
  }

  function ok(request, patch) {
    const reply = { reply: request.id, ok: true, message: "" };
    if (patch) reply.patch = patch;
    return reply;
  }

  // Apply a reply's patch to a scratch view of the store: what the next step sees.
  function after(store, patch) {
    if (!patch || !patch.nodes) return store;
    return { ...store, nodes: { ...store.nodes, ...patch.nodes }, views: { ...store.views, ...(patch.views || {}) } };
  }

  function played(store, request, node, decision) {
    const reply = local.answer(store, { ...request, type: "play", node, decision });
    if (!reply.ok) throw new SessionError(reply.message);
    return reply.patch || { gen: store.gen, current: node };
  }

  function index(value) {
    const count = chapters().length;
    if (!(Number.isInteger(value) && value >= 0 && value < count)) {
      const asked = (typeof value === "string" ? pyRepr(value) : String(value)).slice(0, 40);
      throw refusal(SessionError, "study.error.chapter", { last: count - 1, asked });
    }
    return value;
  }

  function open(store, request, i) {
    const r = current();
    const c = chapters()[index(i)];
    const leaving = chapters()[r.chapter];
    if (leaving && leaving.mode === "normal" && store.nodes && Object.keys(store.nodes).length) {
      kept.set(r.chapter, { tree: { nodes: structuredClone(store.nodes), views: structuredClone(store.views || {}), start: store.start, headers: store.headers }, next: local.nextId(store) });
    }
    Object.assign(r, { chapter: i, feedback: null, wrong: 0, revealed: 0, verdict: null, reply: null });
    const own = c.mode === "normal" && kept.get(i);
    const patch = local.load(store, own ? own.tree : c.tree, own ? own.next : c.next);
    if (c.mode !== "normal") {
      r.authored = c.next;
      patch.current = rootId(patch);
      r.node = patch.current;
    }
    return patch;
  }

  function gamebook() {
    const mode = chapter().mode;
    if (mode !== "interactive" && mode !== "practice") throw refusal(SessionError, "study.error.not_interactive", { chapter: run.chapter, mode });
  }

  // session/practice.py's verdict, kept once it is not pending
  function judged(store) {
    const start = positionOf(store, rootId(store));
    const found = practiceVerdict(chapter().goal, start, lineTo(store, run.node), side());
    if (found.status !== "pending") run.verdict = found;
  }

  function practiceTry(store, request, node) {
    if (run.verdict !== null) throw refusal(SessionError, "study.error.practice_over");
    if (positionOf(store, node.id).isOver || waiting(store)) throw refusal(SessionError, "study.error.waiting");
    positionOf(store, node.id).codeOf(request.decision); // the engine's refusal if illegal
    const patch = played(store, request, node.id, request.decision);
    run.node = patch.current;
    judged(after(store, patch));
    return patch;
  }

  function tryDecision(store, request) {
    gamebook();
    const node = nodeOf(store, run.node);
    if (chapter().mode === "practice") return practiceTry(store, request, node);
    if (!node.children.length) throw refusal(SessionError, "study.error.solved");
    if (waiting(store)) throw refusal(SessionError, "study.error.waiting");
    const position = positionOf(store, node.id);
    const code = position.codeOf(request.decision); // the engine's refusal if illegal
    const child = node.children.map((id) => nodeOf(store, id)).find((n) => position.codeOf(n.decision) === code);
    const main = nodeOf(store, node.children[0]);
    if (child && (child === main || ALSO_GOOD.includes(child.glyph))) {
      run.feedback = { kind: child === main ? "right" : "good", decision: child.decision, text: child === main ? main.comment : explanation(store, child) };
      const patch = played(store, request, node.id, main.decision);
      run.node = patch.current;
      return patch;
    }
    const text = child ? child.decision : position.legalTexts().find((t) => position.codeOf(t) === code);
    run.feedback = { kind: child ? "answer" : "wrong", decision: text, text: child ? explanation(store, child) : "" };
    if (child) run.feedback.line = further(store, child);
    run.wrong += 1;
    return { gen: store.gen, current: run.node };
  }

  function advance(store, request) {
    gamebook();
    const here = nodeOf(store, run.node);
    if ((request.node !== null && request.node !== undefined && request.node !== here.id) || !waiting(store)) return null;
    if (chapter().mode === "practice") {
      run.reply = reply(positionOf(store, here.id));
      const patch = played(store, request, here.id, run.reply.decision);
      run.node = patch.current;
      judged(after(store, patch));
      return patch;
    }
    const patch = played(store, request, here.id, nodeOf(store, here.children[0]).decision);
    run.node = patch.current;
    return patch;
  }

  function studyRequest(store, request) {
    const r = current();
    const action = request.action;
    if (action === "open") return open(store, request, request.chapter ?? 0);
    if (action === "next" || action === "previous") {
      const count = chapters().length;
      return open(store, request, (r.chapter + (action === "next" ? 1 : -1) + count) % count);
    }
    if (action === "retry") return open(store, request, r.chapter);
    if (action === "try") return tryDecision(store, request);
    if (action === "advance") return advance(store, request);
    if (action === "reveal") {
      if (chapter().mode !== "conceal") throw refusal(SessionError, "study.error.nothing_hidden", { chapter: r.chapter, mode: chapter().mode });
      r.revealed = Math.min(r.revealed + 1, mainLineLength(store));
      return null;
    }
    throw refusal(SessionError, "study.error.edit_offline");
  }

  // session/study.py's follow(): a main-line node of the author's reached shows more (conceal)
  function follow(store) {
    const r = current();
    const id = store.current;
    if (chapter().mode !== "conceal" || id >= r.authored || !nodeOf(store, id) || !onMainLine(store, id)) return;
    r.revealed = Math.max(r.revealed, nodeOf(store, id).ply);
  }

  /** The reply to `request`, as the kernel's (null for a ping). */
  function answer(store, request) {
    if (!chapters().length) return local.answer(store, request);
    const tries = chapter().mode === "interactive" || chapter().mode === "practice";
    const study = request.type === "study" || (request.type === "play" && tries);
    if (!study) {
      const reply = local.answer(store, request);
      if (reply && reply.ok && reply.patch) {
        const next = reply.patch.reset ? reply.patch : { ...after(store, reply.patch), current: reply.patch.current ?? store.current };
        follow(next);
        publish(next);
      }
      return reply;
    }
    try {
      const patch = studyRequest(store, request.type === "play" ? { ...request, action: "try" } : request);
      // a gamebook's try or reply is a walk along the tree; a practice's adds a node
      const next = patch && patch.reset ? patch : after(store, patch);
      settle(next);
      publish(next);
      return ok(request, patch);
    } catch (error) {
      if (!(error instanceof CernunosError)) throw error;
      return { reply: request.id, ok: false, message: error.text(languageOf(store)) };
    }
  }

  if (model.get("static") && chapters().length) current(); // the progress kept, shown at once
  return { ...local, answer };
}
