// engine/errors.py: every bad input raises one of these; `name` is the engine's class name.
// `message` is English; an error given its words as a message (said) speaks other languages.

import { t } from "../i18n.js";

export class CernunosError extends Error {
  constructor(message) {
    super(message);
    this.name = new.target.name;
    this.words = null;
  }

  /** This error, its words being ``words`` ({key, params}); returns it, to be thrown. */
  said(words) {
    this.words = words;
    return this;
  }

  /** The reason in ``lang`` (English when the error has no message). */
  text(lang = "en") {
    return this.words ? t(this.words.key, this.words.params, lang) : this.message;
  }
}
export class NotationError extends CernunosError {}
export class CpnSyntaxError extends NotationError {}
export class DecisionSyntaxError extends NotationError {}
export class InvalidPositionError extends CernunosError {}
export class NotAtBoundaryError extends CernunosError {}
export class RulesError extends CernunosError {}

export class IllegalDecisionError extends CernunosError {
  constructor(message, decision, legal) {
    super(message);
    this.decision = decision;
    this.legal = legal;
  }
}
export class InvalidLimitError extends CernunosError {}

// record/: the game record's errors (movetext.py, text.py, errors.py).
export class MoveTextError extends CernunosError {}

export class GameTextError extends NotationError {
  constructor(message, at = null) {
    super(message);
    this.at = at;
  }
}

/** Writing only: no line and no game index, so the message is the reason. */
export class GameFileError extends GameTextError {
  constructor(message) {
    super(message);
    this.reason = message;
    this.line = null;
    this.index = null;
  }
}
