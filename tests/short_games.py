"""Short finished games for the batch tests: the ends of seeded self-play games."""

from __future__ import annotations

from cernunos_widget.record.files import fill_result
from cernunos_widget.record.tree import Game, GameNode
from cernunos_widget.tools.selfplay import play_games


def mainline(game: Game) -> list[GameNode]:
    """The main line's nodes, the root first."""
    return [game.root, *game.mainline()]


def ending(game: Game, plies: int = 14) -> Game:
    """The last ``plies`` or so decisions of ``game``, from a position with a CPN."""
    nodes = mainline(game)
    first = next(n for n in nodes[-plies:] if n.position.at_boundary)
    short = Game(first.position, {"Round": game.headers["Round"]})
    node = short.root
    for later in nodes[nodes.index(first) + 1 :]:
        node = node.play(later.decision)
    return fill_result(short)


def short_games(n: int, seed: int) -> list[Game]:
    """``n`` short finished games (greedy against random)."""
    return [ending(g) for g in play_games(n, "greedy", "random", seed=seed, workers=1)]
