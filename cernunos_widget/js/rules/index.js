// The rules in the page: a mirror of the Python engine (cernunos_widget/engine) at the
// decision level, pure functions on positions and no DOM. The engine is the one source of
// truth: tests/js/make_rules_vectors.py writes its decisions and rules.test.mjs checks these.
// movetext.js and gametext.js mirror the record's move list text and game text (text.test.mjs);
// solve.js (the hint's exact endgame search) is checked against the Python solver likewise.

import { codeToText, textToCode } from "./decisions.js";
import {
  CernunosError, CpnSyntaxError, DecisionSyntaxError, GameFileError, GameTextError, IllegalDecisionError,
  InvalidLimitError, InvalidPositionError, MoveTextError, NotAtBoundaryError, NotationError, RulesError, refusal,
} from "./errors.js";
import {
  GLYPHS, MAX_GAME_TEXT, RESULTS, WRAP, cgnText, checkComment, exportGame, fillResult, formatGame, gameTags, movetextWords,
  outcomeProblem, outcomeTags, writeComment, writeTag,
} from "./gametext.js";
import { CELL_NAMES } from "./geometry.js";
import { EFFECT_CHOICES, LineState, decisionLabel, moveRecord, moveText, nextEntry } from "./movetext.js";
import { START_CPN } from "./notation.js";
import { KIND_LETTERS, KIND_TITLES } from "./tokens.js";
import { Position } from "./position.js";
import { pyLen, pyRepr, pySplit, pyStrip } from "./pytext.js";
import { Rules, STANDARD_RULES, rulesOf } from "./rules.js";
import { HINT_TOKEN_LIMIT, createSearch, eligible, marginText, tokensLeft } from "./solve.js";
import { buildView, pendingTag } from "./view.js";
import { zoneOf, zoneTable } from "./zones.js";

export {
  CELL_NAMES, CernunosError, CpnSyntaxError, DecisionSyntaxError, EFFECT_CHOICES, GLYPHS, GameFileError, GameTextError,
  HINT_TOKEN_LIMIT, IllegalDecisionError, InvalidLimitError, InvalidPositionError, KIND_LETTERS, KIND_TITLES, LineState, MAX_GAME_TEXT,
  MoveTextError, NotAtBoundaryError, NotationError, Position, RESULTS, Rules, RulesError, START_CPN,
  STANDARD_RULES, WRAP, buildView, cgnText, checkComment, codeToText, createSearch, decisionLabel, eligible,
  exportGame, fillResult, formatGame, gameTags, marginText, moveRecord, moveText, movetextWords, nextEntry,
  outcomeProblem, outcomeTags, pendingTag, pyLen, pyRepr, pySplit, pyStrip, refusal, rulesOf, textToCode, tokensLeft,
  writeComment, writeTag, zoneOf, zoneTable,
};
