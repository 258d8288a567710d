// The lessons panel (issue #22 item 2), shown once a lesson is open (w.lesson(name), or a
// static page of lessons): the lessons with their progress, the exercise's goal, a Hint,
// Retry and Next, and after a try its verdict: the explanation once solved, what is not met
// after a wrong try (the board is then back at the start). The course's texts come in both
// languages with the data (the `course` trait); the panel's own words are the catalogues'
// ("lesson.ui.*", cernunos_widget/i18n), all in the board's language: the panel's switch sets
// the board's language (a `language` request: the kernel's trait, or the page's own session).
// The verdict is the kernel's (session/lesson.py) or, with no kernel, course.js's.
// Hooks: [data-role="lesson"] (data-lesson, data-exercise, data-verdict, data-language),
// [data-lesson-action="hint|retry|next|language"], [data-role="lesson-pick"] (a select),
// [data-lesson-exercise="i"], [data-role="lesson-goal|lesson-verdict|lesson-hint|lesson-progress"].

import { esc, h, setAttr, setHtml } from "./dom.js";
import { t } from "./i18n.js";
import { languageOf } from "./derive.js";
import { storeOf } from "./store.js";
import { createCourseSession, exerciseOf } from "./course.js";

// The panel's own words: the catalogues' "lesson.ui.*", in the board's language.
function word(language, key, params = {}) {
  return t(`lesson.ui.${key}`, params, language);
}

export function createLesson(ctx) {
  const el = h("section", { class: "cw-lesson", "data-role": "lesson", "aria-label": "Lesson" });
  el.hidden = true;
  const pick = h("select", { "data-role": "lesson-pick", "aria-label": "Lesson" });
  const progress = h("span", { class: "cw-lesson-progress", "data-role": "lesson-progress" });
  const dots = h("span", { class: "cw-lesson-dots" });
  const language = h("button", { type: "button", class: "cw-lesson-language", "data-lesson-action": "language" });
  const head = h("div", { class: "cw-lesson-head" });
  head.append(pick, progress, dots, language);
  const intro = h("div", { class: "cw-lesson-intro", "data-role": "lesson-intro" });
  const goal = h("div", { class: "cw-lesson-goal", "data-role": "lesson-goal" });
  const verdict = h("div", { class: "cw-lesson-verdict", "data-role": "lesson-verdict", role: "status", "aria-live": "polite" });
  const hintText = h("div", { class: "cw-lesson-hint", "data-role": "lesson-hint" });
  hintText.hidden = true;
  const buttons = h("div", { class: "cw-lesson-buttons" });
  const hint = h("button", { type: "button", "data-lesson-action": "hint" });
  const retry = h("button", { type: "button", "data-lesson-action": "retry" });
  const next = h("button", { type: "button", "data-lesson-action": "next" });
  buttons.append(hint, retry, next);
  el.append(head, intro, goal, verdict, hintText, buttons);
  let hintShown = null; // the exercise ("name/index") whose hint is shown

  const stateOf = () => ctx.model.get("lesson_state") || {};
  const courseOf = () => ctx.model.get("course") || [];
  const key = (s) => `${s.name}/${s.exercise}`;
  const boardLanguage = () => languageOf(storeOf(ctx.model)); // one language per board

  function act(content) {
    ctx.request({ type: "lesson", ...content });
  }

  el.addEventListener("click", (event) => {
    const target = event.target.closest("[data-lesson-action],[data-lesson-exercise]");
    if (!target) return;
    const s = stateOf();
    const action = target.dataset.lessonAction;
    if (target.dataset.lessonExercise !== undefined) act({ action: "open", lesson: s.name, exercise: Number(target.dataset.lessonExercise) });
    else if (action === "hint") {
      hintShown = hintShown === key(s) ? null : key(s);
      update();
    } else if (action === "language") ctx.request({ type: "language", language: boardLanguage() === "fr" ? "en" : "fr" });
    else act({ action });
  });
  pick.addEventListener("change", () => act({ action: "open", lesson: pick.value, exercise: 0 }));

  function update() {
    const s = stateOf();
    const course = courseOf();
    const lesson = course.find((l) => l.name === s.name);
    const ex = exerciseOf(course, s);
    el.hidden = !ex;
    const root = el.closest(".cw-root");
    if (root) setAttr(root, "data-lesson-mode", ex ? "" : null); // widget.css hides the analysis
    if (!ex) return;
    const lang = boardLanguage();
    const solved = s.solved || {};
    setAttr(el, "data-lesson", s.name);
    setAttr(el, "data-exercise", s.exercise);
    setAttr(el, "data-language", lang);
    setAttr(el, "lang", lang);
    setAttr(el, "data-verdict", s.verdict ? s.verdict.status : null);
    setAttr(el, "aria-label", word(lang, "lesson"));
    setAttr(pick, "aria-label", word(lang, "lesson"));
    setHtml(pick, course.map((l) => {
      const done = (solved[l.name] || []).length;
      return `<option value="${esc(l.name)}"${l.name === s.name ? " selected" : ""}>${esc(l.title[lang])} · ${done}/${l.exercises.length}</option>`;
    }).join(""));
    if (pick.value !== s.name) pick.value = s.name;
    const done = (solved[s.name] || []);
    progress.textContent = word(lang, "progress", { done: done.length, count: lesson.exercises.length });
    setHtml(dots, lesson.exercises.map((_, i) => {
      const cls = `cw-lesson-dot${done.includes(i) ? " cw-done" : ""}${i === s.exercise ? " cw-here" : ""}`;
      const title = esc(word(lang, "open", { n: i + 1 }));
      return `<button type="button" class="${cls}" data-lesson-exercise="${i}" title="${title}" aria-label="${title}"${i === s.exercise ? ' aria-current="step"' : ""}>${i + 1}</button>`;
    }).join(""));
    language.textContent = word(lang, "switch");
    setAttr(language, "title", word(lang, "switch_tip"));
    setAttr(language, "lang", lang === "fr" ? "en" : "fr");
    intro.textContent = lesson.intro[lang];
    setHtml(goal, `<b>${esc(word(lang, "exercise", { n: s.exercise + 1, m: lesson.exercises.length }))}</b> ${esc(ex.goal.text[lang])}`);
    const v = s.verdict;
    if (v && v.status === "solved") {
      setHtml(verdict, `<b>${esc(word(lang, "solved"))}</b> ${esc(ex.explanation[lang])}`);
    } else if (v && v.status === "failed") {
      const reasons = v.reasons.map((r) => `<li>${esc(r[lang])}</li>`).join("");
      setHtml(verdict, `<b>${esc(word(lang, "not_yet"))}</b><ul>${reasons}</ul>${esc(word(lang, "back"))}`);
    } else setHtml(verdict, "");
    verdict.hidden = !v;
    const showHint = hintShown === key(s);
    hintText.hidden = !showHint;
    setHtml(hintText, showHint ? `${esc(ex.hint.text[lang])} <span class="cw-lesson-decisions">${esc(word(lang, "decisions"))} <code>${esc(ex.hint.decisions)}</code></span>` : "");
    hint.textContent = word(lang, "hint");
    setAttr(hint, "aria-pressed", String(showHint));
    retry.textContent = word(lang, "retry");
    next.textContent = word(lang, "next");
    setAttr(next, "class", v && v.status === "solved" ? "cw-primary" : null);
  }

  return { el, update: () => update() };
}

/** The lessons as a board's feature (features.js): the panel, and the page's own session
 * wrapped to answer `lesson` requests and judge each try (course.js). */
export const LESSONS = Object.freeze({
  panel: createLesson, session: createCourseSession, traits: Object.freeze(["lesson_state", "course"]),
});
