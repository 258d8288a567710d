// engine/rules.py: the rule variants of D-10 (wolf-1, power-all, counts=...), their text
// and their checks, with the engine's RulesError messages.

import { t } from "../i18n.js";
import { RulesError } from "./errors.js";
import { WOLF_ZONES } from "./geometry.js";
import { clip, pySlice, pyStrip, pyLen } from "./pytext.js";
import { KIND_COUNTS, KIND_LETTERS, TOKENS_PER_PLAYER } from "./tokens.js";

export const MAX_KIND_COUNT = TOKENS_PER_PLAYER;
export const MAX_TOTAL = 32;
export const MAX_RULES_LENGTH = 200;
export const STANDARD = "standard";

const EXPECTED =
  "rules are 'standard' or parts joined by '+' from: 'wolf-1' (the Wolf reaches one " +
  "diagonal step), 'power-all' (base power counts every own token below), " +
  `'counts=T10,B3,...' (tokens per kind, letters ${KIND_LETTERS}, each 0-${MAX_KIND_COUNT}, ` +
  `a player's total 1-${MAX_TOTAL})`;

function countsText(counts) {
  return counts.map((n, k) => `${KIND_LETTERS[k]}${n}`).join(",");
}

/** A rule set (immutable): RULES.md with the D-10 variants chosen. */
export class Rules {
  constructor(wolfSteps = 2, powerAll = false, counts = KIND_COUNTS) {
    if (wolfSteps !== 1 && wolfSteps !== 2) {
      throw new RulesError(`the Wolf reaches 1 or 2 diagonal steps, not ${clip(wolfSteps)}`);
    }
    if (typeof powerAll !== "boolean") throw new RulesError(`power_all is True or False, not ${clip(powerAll)}`);
    if (!Array.isArray(counts) || counts.length !== KIND_COUNTS.length || !counts.every(Number.isInteger)) {
      throw new RulesError(`counts are a tuple of 8 ints (T B D W S X C F), not ${clip(counts)}`);
    }
    counts.forEach((n, k) => {
      if (!(n >= 0 && n <= MAX_KIND_COUNT)) {
        throw new RulesError(
          `a player owns 0 to ${MAX_KIND_COUNT} tokens of a kind, not ${KIND_LETTERS[k]}${n}`,
        );
      }
    });
    const total = counts.reduce((a, b) => a + b, 0);
    if (!(total >= 1 && total <= MAX_TOTAL)) {
      throw new RulesError(
        `a player owns 1 to ${MAX_TOTAL} tokens in all, not ${total} (${countsText(counts)})`,
      );
    }
    this.wolfSteps = wolfSteps; // R-6, D-1
    this.powerAll = powerAll;
    this.counts = Object.freeze([...counts]);
    this.wolfZone = WOLF_ZONES[wolfSteps];
    Object.freeze(this);
  }

  /** The rules a text names (``standard``, ``wolf-1+counts=T10``); RulesError if none. */
  static parse(text) {
    if (text instanceof Rules) return text;
    if (typeof text !== "string") throw new RulesError(`rules are text, not ${clip(text)}; ${EXPECTED}`);
    if (pyLen(text) > MAX_RULES_LENGTH) {
      throw new RulesError(`rules text ${clip(text)} is too long; ${EXPECTED}`);
    }
    const stripped = pyStrip(text);
    if (stripped === STANDARD) return STANDARD_RULES;
    let wolfSteps = 2;
    let powerAll = false;
    let counts = KIND_COUNTS;
    const seen = new Set();
    for (const part of stripped.split("+")) {
      const eq = part.indexOf("=");
      const name = eq < 0 ? part : part.slice(0, eq);
      if (seen.has(name)) throw new RulesError(`rules ${clip(text)} name ${clip(name)} twice; ${EXPECTED}`);
      seen.add(name);
      if (part === "wolf-1") wolfSteps = 1;
      else if (part === "power-all") powerAll = true;
      else if (name === "counts" && eq >= 0) counts = parseCounts(part.slice(eq + 1), text);
      else throw new RulesError(`unknown rules part ${clip(part)} in ${clip(text)}; ${EXPECTED}`);
    }
    const rules = new Rules(wolfSteps, powerAll, counts);
    return rules.isStandard ? STANDARD_RULES : rules;
  }

  get isStandard() {
    return (
      this.wolfSteps === 2 && !this.powerAll && this.counts.every((n, k) => n === KIND_COUNTS[k])
    );
  }

  toString() {
    const parts = [];
    if (this.wolfSteps === 1) parts.push("wolf-1");
    if (this.powerAll) parts.push("power-all");
    const changed = this.counts
      .map((n, k) => (n === KIND_COUNTS[k] ? "" : `${KIND_LETTERS[k]}${n}`))
      .filter(Boolean);
    if (changed.length) parts.push("counts=" + changed.join(","));
    return parts.join("+") || STANDARD;
  }

  /** In words, for people, in ``lang`` (a variant badge's tooltip). */
  describe(lang = "en") {
    if (this.isStandard) return t("rules.standard", {}, lang);
    const parts = [];
    if (this.wolfSteps === 1) parts.push(t("rules.wolf_1", {}, lang));
    if (this.powerAll) parts.push(t("rules.power_all", {}, lang));
    if (this.counts.some((n, k) => n !== KIND_COUNTS[k])) parts.push(t("rules.counts", { counts: countsText(this.counts) }, lang));
    return t("rules.variant", { parts: parts.join("; ") }, lang);
  }
}

function parseCounts(body, text) {
  const counts = [...KIND_COUNTS];
  const seen = new Set();
  for (const item of body.split(",")) {
    const letter = pySlice(item, 0, 1);
    const digits = pySlice(item, 1);
    if (!letter || !KIND_LETTERS.includes(letter) || !/^[0-9]{1,2}$/.test(digits)) {
      throw new RulesError(
        `bad count ${clip(item)} in ${clip(text)}: a count is a kind letter ` +
          `(${KIND_LETTERS}) and a number, like T10; ${EXPECTED}`,
      );
    }
    if (seen.has(letter)) throw new RulesError(`counts in ${clip(text)} give ${letter} twice; ${EXPECTED}`);
    seen.add(letter);
    counts[KIND_LETTERS.indexOf(letter)] = Number(digits);
  }
  return counts;
}

export const STANDARD_RULES = new Rules();

/** The rules meant: a Rules, its text, or null/undefined for the standard ones. */
export function rulesOf(rules) {
  return rules === null || rules === undefined ? STANDARD_RULES : Rules.parse(rules);
}
