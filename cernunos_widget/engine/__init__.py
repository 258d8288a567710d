"""The Cernunos rules engine (RULES.md): positions, decisions, notation, events.

>>> from cernunos_widget.engine import Position
>>> p = Position.start().play("B@b2")
>>> p.cpn()
'.,.,.,./.,B,.,./.,.,.,. g 1 0-0'
"""

from .decisions import Decision, parse_decisions
from .errors import (
    CernunosError,
    CpnSyntaxError,
    DecisionSyntaxError,
    IllegalDecisionError,
    InvalidPositionError,
    NotAtBoundaryError,
    NotationError,
    RulesError,
)
from .events import Event
from .geometry import ADJACENT, AROUND, BOAR_PUSH, CELL_NAMES, WOLF_ZONE
from .notation import START_CPN
from .position import Position, PowerInfo, Result, Step, Token
from .rules import Rules
from .tokens import Kind, Player

__all__ = [
    "ADJACENT",
    "AROUND",
    "BOAR_PUSH",
    "CELL_NAMES",
    "WOLF_ZONE",
    "START_CPN",
    "CernunosError",
    "CpnSyntaxError",
    "Decision",
    "DecisionSyntaxError",
    "Event",
    "IllegalDecisionError",
    "InvalidPositionError",
    "Kind",
    "NotAtBoundaryError",
    "NotationError",
    "Player",
    "Position",
    "PowerInfo",
    "Result",
    "Rules",
    "RulesError",
    "Step",
    "Token",
    "parse_decisions",
]
