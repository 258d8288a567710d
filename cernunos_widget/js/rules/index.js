// The rules in the page: a mirror of the Python engine (cernunos_widget/engine) at the
// decision level, pure functions on positions and no DOM. The engine is the one source of
// truth: tests/js/make_rules_vectors.py writes its decisions and rules.test.mjs checks these;
// solve.js (the hint's exact endgame search) is checked against the Python solver likewise.

import { codeToText, textToCode } from "./decisions.js";
import {
  CernunosError, CpnSyntaxError, DecisionSyntaxError, IllegalDecisionError, InvalidLimitError, InvalidPositionError,
  NotAtBoundaryError, NotationError, RulesError,
} from "./errors.js";
import { CELL_NAMES } from "./geometry.js";
import { START_CPN } from "./notation.js";
import { Position } from "./position.js";
import { Rules, STANDARD_RULES, rulesOf } from "./rules.js";
import { HINT_TOKEN_LIMIT, createSearch, eligible, marginText, tokensLeft } from "./solve.js";
import { buildView, pendingTag } from "./view.js";
import { zoneOf, zoneTable } from "./zones.js";

export {
  CELL_NAMES, CernunosError, CpnSyntaxError, DecisionSyntaxError, HINT_TOKEN_LIMIT, IllegalDecisionError,
  InvalidLimitError, InvalidPositionError, NotAtBoundaryError, NotationError, Position, Rules, RulesError,
  START_CPN, STANDARD_RULES, buildView, codeToText, createSearch, eligible, marginText, pendingTag, rulesOf,
  textToCode, tokensLeft, zoneOf, zoneTable,
};
