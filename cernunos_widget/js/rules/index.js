// The rules in the page: a mirror of the Python engine (cernunos_widget/engine) at the
// decision level, pure functions on positions and no DOM. The engine is the one source of
// truth: tests/js/make_rules_vectors.py writes its decisions and rules.test.mjs checks these.

export { Position } from "./position.js";
export { Rules, STANDARD_RULES, rulesOf } from "./rules.js";
export { buildView, pendingTag } from "./view.js";
export { zoneOf, zoneTable } from "./zones.js";
export { codeToText, textToCode } from "./decisions.js";
export { START_CPN } from "./notation.js";
export { CELL_NAMES } from "./geometry.js";
export {
  CernunosError, CpnSyntaxError, DecisionSyntaxError, IllegalDecisionError, InvalidPositionError,
  NotAtBoundaryError, NotationError, RulesError,
} from "./errors.js";
