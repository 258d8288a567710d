"""The record of play: the game tree, its text, game files and readable move text.

>>> from cernunos_widget.record import Game
>>> Game.parse("B@b2 B@b3 (D@a1) T@a1").export()
'B@b2 B@b3 (D@a1) T@a1'
"""

from .files import GameFileError, fill_result, format_game, read_game, read_games, write_games
from .text import GameTextError
from .tree import Game, GameNode

__all__ = [
    "Game",
    "GameFileError",
    "GameNode",
    "GameTextError",
    "fill_result",
    "format_game",
    "read_game",
    "read_games",
    "write_games",
]
