// The lessons in a page no kernel answers (a to_html page, an exported notebook): what
// session/lesson.py does for the kernel, done with the page's own session (local.js) and the
// goal mirror (goals.js, checked against the engine). It wraps the page's session: `lesson`
// requests (open, next, retry) are answered here, and the board's language (local.js) is the
// lessons' too; after a play, the line from the
// exercise's position to the new node is judged: solved, the exercise counts as done; failed,
// the reply's patch sends the board back to the start. Where the course stands is the model's
// `lesson_state` (the kernel's trait), set here as the kernel sets it.

import { judgeDecisions } from "./goals.js";
import { rootId } from "./store.js";
import { SessionError } from "./local.js";
import { CernunosError, pyRepr, refusal } from "./rules/index.js";
import { languageOf } from "./derive.js";


/** The lessons' state as session/lesson.py's state(): a fresh copy with `changes`. */
function withChanges(state, changes) {
  const solved = {};
  for (const [name, done] of Object.entries(state.solved || {})) solved[name] = [...done];
  return { ...state, solved, ...changes };
}

/** The exercise `state` names in `course`, or null. */
export function exerciseOf(course, state) {
  const lesson = (course || []).find((l) => l.name === state.name);
  return lesson ? lesson.exercises[state.exercise] || null : null;
}

/** The decisions from the root to node `id`, reading the patch's records before the store's. */
function decisionsTo(store, patch, id) {
  const nodeAt = (n) => (patch.nodes && patch.nodes[n]) || store.nodes[n];
  const out = [];
  let node = nodeAt(id);
  while (node && node.parent !== -1) {
    out.push(node.decision);
    node = nodeAt(node.parent);
  }
  return out.reverse();
}

export function createCourseSession(local, model) {
  const course = () => model.get("course") || [];
  const state = () => model.get("lesson_state") || {};
  const setState = (next) => model.set("lesson_state", next);

  function open(store, request, name, exercise) {
    const lesson = course().find((l) => l.name === name);
    if (!lesson) throw refusal(SessionError, "lesson.error.unknown", { name: pyRepr(String(name)), names: course().map((l) => l.name).join(", ") });
    if (!(exercise >= 0 && exercise < lesson.exercises.length)) {
      throw refusal(SessionError, "lesson.error.exercise", { name: pyRepr(name), count: lesson.exercises.length, asked: exercise + 1 });
    }
    const reply = local.answer(store, { ...request, type: "setup", cpn: lesson.exercises[exercise].cpn });
    if (reply.ok) setState(withChanges(state(), { name, exercise, verdict: null }));
    return reply;
  }

  function next(store, request) {
    const s = state();
    const names = course().map((l) => l.name);
    const lesson = course().find((l) => l.name === s.name);
    if (lesson && s.exercise + 1 < lesson.exercises.length) return open(store, request, s.name, s.exercise + 1);
    return open(store, request, names[(names.indexOf(s.name) + 1) % names.length], 0);
  }

  function lessonRequest(store, request) {
    if (!course().length) throw refusal(SessionError, "lesson.error.none");
    if (request.action === "open") return open(store, request, request.lesson, request.exercise || 0);
    if (request.action === "next") return next(store, request);
    if (request.action === "retry") {
      setState(withChanges(state(), { verdict: null }));
      return local.answer(store, { ...request, type: "goto", node: rootId(store) });
    }
    throw refusal(SessionError, "lesson.error.action", { action: pyRepr(String(request.action)).slice(0, 40) });
  }

  // session/lesson.py's judge(): the try from the exercise's position to the reply's node
  function judged(store, reply) {
    const s = state();
    const ex = exerciseOf(course(), s);
    const patch = reply.patch;
    if (!ex || !patch || patch.current === undefined || store.start !== ex.cpn) return reply;
    const verdict = judgeDecisions(ex.goal, ex.cpn, decisionsTo(store, patch, patch.current));
    if (verdict.status === "pending") {
      setState(withChanges(s, { verdict: null }));
      return reply;
    }
    const changes = { verdict };
    if (verdict.status === "solved") {
      const done = new Set([...((s.solved || {})[s.name] || []), s.exercise]);
      changes.solved = { ...(s.solved || {}), [s.name]: [...done].sort((a, b) => a - b) };
    } else patch.current = rootId(store);
    setState(withChanges(s, changes));
    return reply;
  }

  /** The reply to `request`, as the kernel's (null for a ping). */
  function answer(store, request) {
    if (request.type === "lesson") {
      try {
        return lessonRequest(store, request);
      } catch (error) {
        if (!(error instanceof CernunosError)) throw error;
        return { reply: request.id, ok: false, message: error.text(languageOf(store)) };
      }
    }
    const reply = local.answer(store, request);
    if (reply && reply.ok && request.type === "language" && course().length) {
      setState(withChanges(state(), { language: request.language })); // the panel speaks the board's
    }
    return reply && reply.ok && request.type === "play" && course().length ? judged(store, reply) : reply;
  }

  return { ...local, answer };
}
