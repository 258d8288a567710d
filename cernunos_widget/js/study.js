// The study panel (issue #33), shown once a study is open (w.study(path), or a study_html
// page): the chapters (title, mode, solved), previous / next, the mode's controls (Hint and
// Retry in an interactive chapter, Reveal in a hidden-moves one), the gamebook's question and
// answers, the EN/FR switch (the board's language, as the lessons' panel) and, with a kernel,
// the author's settings of the chapter (title, mode, the side the reader plays). The chapters
// come in the `study_data` trait, where the reader stands in `study_state`: the kernel's
// (session/study.py) or, with no kernel, studyplay.js's. In an interactive chapter a decision
// on the board is the student's try (a `study` request); when the board is to play the other
// side's decision, the panel asks for it after a short pause (an `advance`), one at a time,
// so each is animated. The author's comments are shown as written.
// In a practice chapter a decision on the board is the student's move, the other side's are
// the engine's (asked the same way: the kernel's, or the page's own search, practice.js); the
// panel shows the goal, who played what and how (perfect play, or a search), and the verdict.
// Hooks (stable): [data-study] (data-current-chapter, data-mode, data-language, data-verdict
// in practice: solved|failed), each chapter entry
// [data-chapter="N"] with data-mode (and data-solved once solved), [data-feedback] (the
// question, the answers, the result), [data-study-action="previous|next|hint|retry|reveal|
// language"], [data-study-field="title|mode|student"].

import { esc, h, scopeOf, setAttr, setHtml } from "./dom.js";
import { t } from "./i18n.js";
import { languageOf } from "./derive.js";
import { nodeOf, rootId, storeOf } from "./store.js";
import { createStudySession } from "./studyplay.js";

const MODES = ["normal", "conceal", "interactive", "practice"];
const PAUSE_MS = 700; // before the board plays the other side's decision
const LETTER = { Green: "g", Purple: "p" };

function word(language, key, params = {}) {
  return t(`study.${key}`, params, language);
}

// A question's clue (the author wrote no [%hint]: session/study.py's clue) in words.
function clueWords(clue, language) {
  if (!clue) return "";
  if (clue.token) return word(language, "clue.token", { token: t(`lesson.the_kind.${clue.token}`, {}, language) });
  if (clue.cell) return word(language, "clue.cell", { cell: clue.cell });
  return word(language, "clue.pass");
}

// The nodes a hidden-moves chapter hides (session/study.py's conceal): the author's main-line
// nodes beyond the ply revealed, and the variations that replace them.
function concealed(store, s) {
  const out = new Set();
  let node = nodeOf(store, rootId(store));
  while (node && node.children.length) {
    const [main, ...others] = node.children.map((id) => nodeOf(store, id));
    if (main.ply > s.revealed) for (const n of [main, ...others]) if (n.id < s.authored) out.add(n.id);
    node = main;
  }
  return out;
}

export function createStudy(ctx) {
  const el = h("section", { class: "cw-study", "data-study": "", "aria-label": "Study" });
  el.hidden = true;
  const head = h("div", { class: "cw-study-head" });
  const previous = h("button", { type: "button", "data-study-action": "previous" }, "‹");
  const next = h("button", { type: "button", "data-study-action": "next" }, "›");
  const list = h("ol", { class: "cw-study-chapters" });
  const language = h("button", { type: "button", class: "cw-study-language", "data-study-action": "language" });
  head.append(previous, list, next, language);
  const feedback = h("div", { class: "cw-study-feedback", "data-feedback": "", role: "status", "aria-live": "polite" });
  const hintText = h("div", { class: "cw-study-hint", "data-role": "study-hint" });
  hintText.hidden = true;
  const buttons = h("div", { class: "cw-study-buttons" });
  const hint = h("button", { type: "button", "data-study-action": "hint" });
  const retry = h("button", { type: "button", "data-study-action": "retry" });
  const reveal = h("button", { type: "button", "data-study-action": "reveal" });
  buttons.append(hint, retry, reveal);
  const edit = h("details", { class: "cw-study-edit" });
  const summary = h("summary");
  const title = h("input", { type: "text", "data-study-field": "title", maxlength: "200" });
  const mode = h("select", { "data-study-field": "mode" });
  const student = h("select", { "data-study-field": "student" });
  const labels = [title, mode, student].map((field) => {
    const label = h("label");
    label.append(h("span"), field);
    return label;
  });
  edit.append(summary, ...labels);
  el.append(head, feedback, hintText, buttons, edit);
  let hintShown = null; // the node whose hint is shown
  let scheduled = null; // the node the board's reply is asked from, after the pause
  let timer = null;

  const state = () => ctx.model.get("study_state") || {};
  const chapters = () => (ctx.model.get("study_data") || {}).chapters || [];
  const boardLanguage = () => languageOf(storeOf(ctx.model));
  const act = (content) => ctx.request({ type: "study", ...content });

  el.addEventListener("click", (event) => {
    const target = event.target.closest("[data-study-action],[data-chapter]");
    if (!target) return;
    const action = target.dataset.studyAction;
    if (target.dataset.chapter !== undefined) act({ action: "open", chapter: Number(target.dataset.chapter) });
    else if (action === "hint") {
      hintShown = hintShown === state().node ? null : state().node;
      update();
    } else if (action === "language") ctx.request({ type: "language", language: boardLanguage() === "fr" ? "en" : "fr" });
    else act({ action });
  });
  title.addEventListener("change", () => act({ action: "edit", chapter: state().chapter, title: title.value }));
  mode.addEventListener("change", () => act({ action: "edit", chapter: state().chapter, mode: mode.value }));
  student.addEventListener("change", () => act({ action: "edit", chapter: state().chapter, student: student.value || null }));

  // The board's reply, asked once per node after the pause (a second view's ask is a no-op).
  function schedule(s) {
    if (!s.waiting) {
      scheduled = null;
      return;
    }
    if (scheduled === s.node) return;
    scheduled = s.node;
    clearTimeout(timer);
    timer = setTimeout(() => act({ action: "advance", node: s.node }), PAUSE_MS);
  }

  // A practice chapter: the goal, the engine's last decision and how it was chosen, the
  // verdict (session/practice.py).
  function practiceHtml(s, lang, goal) {
    const mine = LETTER[s.side];
    const player = t(`player.${mine}`, {}, lang);
    const opponent = t(`player.${mine === "g" ? "p" : "g"}`, {}, lang);
    const parts = [`<p class="cw-study-goal">${esc(goal ? word(lang, "practice.goal", { goal: goal.text[lang] }) : word(lang, "practice.win"))}</p>`];
    if (s.reply) {
      const how = word(lang, `practice.by.${s.reply.by}`);
      parts.push(`<p class="cw-study-reply" data-reply-by="${esc(s.reply.by)}">${esc(word(lang, "practice.replied", { player: opponent, decision: s.reply.decision, how }))}</p>`);
    }
    const v = s.verdict;
    if (v) {
      const reasons = v.reasons.map((r) => r[lang]).join(" ");
      const good = v.status === "solved";
      parts.push(`<p class="cw-study-result ${good ? "cw-good" : "cw-bad"}" data-verdict="${esc(v.status)}"><b>${esc(word(lang, `practice.${v.status}`))}</b>`
        + `${reasons ? ` ${esc(reasons)}` : ""}${good ? "" : ` ${esc(word(lang, "practice.again"))}`}</p>`);
    } else if (s.waiting) parts.push(`<p class="cw-study-waiting">${esc(word(lang, "waiting", { player: opponent }))}</p>`);
    else parts.push(`<p class="cw-study-task">${esc(word(lang, "practice.task", { player }))}</p>`);
    return parts.join("");
  }

  function feedbackHtml(s, lang) {
    if (s.mode === "practice") return practiceHtml(s, lang, (chapters()[s.chapter] || {}).goal);
    const parts = [];
    const f = s.feedback;
    if (f) {
      const said = { right: "right", good: "good", answer: "answer", wrong: "wrong" }[f.kind];
      const cls = f.kind === "right" || f.kind === "good" ? "cw-good" : "cw-bad";
      parts.push(`<p class="cw-study-said ${cls}" data-feedback-kind="${esc(f.kind)}"><b>${esc(word(lang, said, { decision: f.decision }))}</b>${f.text ? ` <span class="cw-study-comment">${esc(f.text)}</span>` : ""}${f.line && f.line.length ? ` <span class="cw-study-line" data-role="study-line">${esc(word(lang, "then", { line: f.line.join(" ") }))}</span>` : ""}${f.kind === "answer" ? ` ${esc(word(lang, "back"))}` : ""}</p>`);
    }
    if (s.mode === "interactive") {
      const player = t(`player.${LETTER[s.side]}`, {}, lang);
      if (s.done) parts.push(`<p class="cw-study-result"><b>${esc(word(lang, "solved", { count: s.wrong }))}</b></p>`);
      else if (s.waiting) parts.push(`<p class="cw-study-waiting">${esc(word(lang, "waiting", { player: t(`player.${LETTER[s.side] === "g" ? "p" : "g"}`, {}, lang) }))}</p>`);
      else {
        if (s.question && !(f && f.text === s.question)) parts.push(`<p class="cw-study-question">${esc(s.question)}</p>`);
        parts.push(`<p class="cw-study-task">${esc(word(lang, "to_play", { player }))}</p>`);
      }
    } else if (s.mode === "conceal") parts.push(`<p>${esc(word(lang, "hidden"))}</p>`);
    return parts.join("");
  }

  function update() {
    const s = state();
    const all = chapters();
    const open = all.length > 0 && s.chapter !== undefined;
    el.hidden = !open;
    const root = el.closest(".cw-root");
    if (root) setAttr(root, "data-study-mode", open ? s.mode : null); // widget.css: what each mode hides
    if (!open) return;
    const lang = boardLanguage();
    const solved = s.solved || [];
    setAttr(el, "data-current-chapter", s.chapter);
    setAttr(el, "data-mode", s.mode);
    setAttr(el, "data-language", lang);
    setAttr(el, "lang", lang);
    setAttr(el, "aria-label", word(lang, "label"));
    setAttr(list, "aria-label", word(lang, "chapters"));
    setHtml(list, all.map((c, i) => {
      const name = c.title || word(lang, "chapter", { n: i + 1 });
      const done = solved.includes(i);
      const tip = esc(word(lang, "open", { n: i + 1, title: name }));
      return `<li data-chapter="${i}" data-mode="${esc(c.mode)}"${done ? " data-solved" : ""}${i === s.chapter ? ' class="cw-here"' : ""}>`
        + `<button type="button" title="${tip}"${i === s.chapter ? ' aria-current="true"' : ""}>`
        + `<span class="cw-study-title">${esc(name)}</span> <span class="cw-study-mode">${esc(word(lang, `mode.${c.mode}`))}</span>`
        + `${done ? ` <span class="cw-study-done" title="${esc(word(lang, "solved_mark"))}">✓</span>` : ""}</button></li>`;
    }).join(""));
    setAttr(previous, "title", word(lang, "previous"));
    setAttr(previous, "aria-label", word(lang, "previous"));
    setAttr(next, "title", word(lang, "next"));
    setAttr(next, "aria-label", word(lang, "next"));
    previous.hidden = next.hidden = all.length < 2;
    language.textContent = word(lang, "switch");
    setAttr(language, "title", word(lang, "switch_tip"));
    setAttr(language, "lang", lang === "fr" ? "en" : "fr");
    setHtml(feedback, feedbackHtml(s, lang));
    feedback.hidden = !feedback.innerHTML;
    setAttr(el, "data-feedback-kind", s.feedback ? s.feedback.kind : null);
    setAttr(el, "data-done", s.done ? "" : null);
    setAttr(el, "data-verdict", s.mode === "practice" && s.verdict ? s.verdict.status : null);
    const interactive = s.mode === "interactive";
    const practice = s.mode === "practice";
    const hintWords = s.hint || clueWords(s.clue, lang);
    const showHint = interactive && Boolean(hintWords) && hintShown === s.node;
    hint.hidden = !interactive || !hintWords;
    hint.textContent = word(lang, "hint");
    setAttr(hint, "aria-pressed", String(showHint));
    hintText.hidden = !showHint;
    hintText.textContent = showHint ? hintWords : "";
    retry.hidden = !interactive && !practice;
    retry.textContent = word(lang, "retry");
    setAttr(retry, "class", s.done ? "cw-primary" : null);
    reveal.hidden = s.mode !== "conceal";
    reveal.textContent = word(lang, "reveal");
    buttons.hidden = hint.hidden && retry.hidden && reveal.hidden;
    // the author's settings: with a kernel only (a page's reader does not write the study)
    edit.hidden = ctx.local.kernel === "static";
    const chapter = all[s.chapter];
    summary.textContent = word(lang, "edit");
    labels[0].firstChild.textContent = word(lang, "edit.title");
    labels[1].firstChild.textContent = word(lang, "edit.mode");
    labels[2].firstChild.textContent = word(lang, "edit.student");
    if (scopeOf(title).activeElement !== title) title.value = chapter.title;
    setHtml(mode, MODES.map((m) => `<option value="${m}"${m === chapter.mode ? " selected" : ""}>${esc(word(lang, `mode.${m}`))}</option>`).join(""));
    const sides = [["", word(lang, "edit.side_to_move")], ["Green", t("player.g", {}, lang)], ["Purple", t("player.p", {}, lang)]];
    setHtml(student, sides.map(([v, text]) => `<option value="${v}"${v === (chapter.student || "") ? " selected" : ""}>${esc(text)}</option>`).join(""));
    if (s.mode === "conceal") hideConcealed(root, s);
    if (interactive || practice) schedule(s);
  }

  function hideConcealed(root, s) {
    if (!root) return;
    const hidden = concealed(storeOf(ctx.model), s);
    for (const e of root.querySelectorAll("[data-movelist] [data-node]")) {
      const variation = e.closest(".cw-variation");
      const box = variation ? (variation.querySelector("[data-node]") === e ? variation : null) : e.closest(".cw-ply");
      if (box) setAttr(box, "data-concealed", hidden.has(Number(e.dataset.node)) ? "" : null);
    }
  }

  /** In an interactive or practice chapter a decision on the board is the student's try. */
  function intercept(store, text) {
    const s = state();
    if (!chapters().length || (s.mode !== "interactive" && s.mode !== "practice")) return false;
    act({ action: "try", decision: text });
    return true;
  }

  return { el, update: () => update(), intercept, destroy: () => clearTimeout(timer) };
}

/** The studies as a board's feature (features.js): the panel, the page's own session wrapped
 * to play them (studyplay.js), and the traits the panel follows. */
export const STUDIES = Object.freeze({
  panel: createStudy, session: createStudySession, traits: Object.freeze(["study_data", "study_state"]),
});
