// The rules in the page: a mirror of the Python engine (cernunos_widget/engine) at the
// decision level, pure functions on positions and no DOM. The engine is the one source of
// truth: tests/js/make_rules_vectors.py writes its decisions and rules.test.mjs checks these.

import { codeToText, textToCode } from "./decisions.js";
import {
  CernunosError, CpnSyntaxError, DecisionSyntaxError, IllegalDecisionError, InvalidPositionError,
  NotAtBoundaryError, NotationError, RulesError,
} from "./errors.js";
import { CELL_NAMES } from "./geometry.js";
import { START_CPN } from "./notation.js";
import { Position } from "./position.js";
import { LineState, moveRecord, nextEntry } from "./movetext.js";
import { cgnText, exportGame } from "./gametext.js";
import { pyLen, pyRepr, pySplit, pyStrip } from "./pytext.js";
import { Rules, STANDARD_RULES, rulesOf } from "./rules.js";
import { buildView, pendingTag } from "./view.js";
import { zoneOf, zoneTable } from "./zones.js";

export {
  CELL_NAMES, CernunosError, CpnSyntaxError, DecisionSyntaxError, IllegalDecisionError, InvalidPositionError,
  NotAtBoundaryError, NotationError, Position, LineState, moveRecord, nextEntry, cgnText, exportGame, Rules, pyLen, pyRepr, pySplit, pyStrip, RulesError, START_CPN, STANDARD_RULES, buildView,
  codeToText, pendingTag, rulesOf, textToCode, zoneOf, zoneTable,
};
