// engine/errors.py: every bad input raises one of these; `name` is the engine's class name.

export class CernunosError extends Error {
  constructor(message) {
    super(message);
    this.name = new.target.name;
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
