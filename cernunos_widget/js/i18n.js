// The words the page shows, in the board's language (cernunos_widget/i18n: one catalogue per
// language, the same keys and placeholders in each; catalogues.js is generated from them).
//
// Several boards of one page share this module, each in its own language: a board sets its
// language (setLanguage) where it starts to handle anything (a click, a key, a reply, a
// redraw), and t() speaks that language until the next board does (the page's code runs one
// handler at a time). A parameter that is itself a message ({key, params}) is put in the
// same language: engine/events.py's token phrases, for one.

import { CATALOGUES } from "./catalogues.js";

export const LANGUAGES = Object.freeze(Object.keys(CATALOGUES).sort());
export const DEFAULT_LANGUAGE = "en";
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

let current = DEFAULT_LANGUAGE;

/** A language the catalogues have, else English. */
export function knownLanguage(language) {
  return Object.hasOwn(CATALOGUES, language) ? language : DEFAULT_LANGUAGE;
}

/** Speak ``language`` from now on (an unknown one: English); returns the language set. */
export function setLanguage(language) {
  current = knownLanguage(language);
  return current;
}

/** The language t() speaks now. */
export function language() {
  return current;
}

/** The message ``key`` in ``lang`` (default: the current language), placeholders filled. */
export function t(key, params = {}, lang = current) {
  const catalogue = CATALOGUES[knownLanguage(lang)];
  const template = Object.hasOwn(catalogue, key) ? catalogue[key] : null;
  if (template === null) throw new Error(`no message ${JSON.stringify(key)} in the catalogues`);
  return template.replace(PLACEHOLDER, (_, name) => {
    if (!Object.hasOwn(params, name)) throw new Error(`message ${JSON.stringify(key)} needs the parameter ${name}`);
    return said(params[name], lang);
  });
}

// A parameter in ``lang``: a message put in it, a list's items joined by commas (as Python's).
function said(value, lang) {
  if (Array.isArray(value)) return value.map((item) => said(item, lang)).join(", ");
  return value !== null && typeof value === "object" ? t(value.key, value.params || {}, lang) : String(value);
}

/** The text of the message under ``prefix`` whose English is ``english`` (the engine's
 * English words, a zone's label say), in the current language; ``english`` if none is. */
export function fromEnglish(prefix, english) {
  const en = CATALOGUES[DEFAULT_LANGUAGE];
  const key = Object.keys(en).find((k) => k.startsWith(prefix) && en[k] === english);
  return key === undefined ? english : t(key);
}

/** A value as the solver writes it (session/jobs.py's green_text: "+0.31", or proven "Green
 * wins", "draw", "Purple wins") in the current language. */
export function valueText(text) {
  return fromEnglish("value.", String(text ?? ""));
}

/** A message as data ({key, params}), put in a language later by t(). */
export function phrase(key, params = {}) {
  return Object.freeze({ key, params });
}
