"""Seeded procedures behind the committed position sets (issue #11), shared by the scripts.

Every set is made from *games between strong bots*: a few seeded random decisions from the
start (so no two games are alike), then both sides played by :class:`NodeBot`, a
node-limited search (deterministic: a node limit, unlike a time limit, does not depend on
the machine).  Node counts, not seconds, make every set reproducible byte for byte.

- ``make_sets.py midgames``: 100 midgame positions (one per game, between placements, 20
  to 36 tokens left in the two reserves);
- ``make_sets.py openings``: 50 short random openings (4 random decisions from the start,
  distinct, between placements);
- ``make_critical.py``: critical endgames (7 to 10 tokens left, proven by the exact
  solver, some decision changes the outcome);
- ``calibrate.py``: the calibration positions (5 per game, more than 8 tokens left).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from cernunos_widget.engine import Position
from cernunos_widget.engine.decisions import decision_of
from cernunos_widget.solver import Limit, analyse, solve
from cernunos_widget.solver.compiled.evaluation import HANDWRITTEN

OPENING_DECISIONS = 4  # random decisions before the bots take over
BOT_NODES = 10_000  # decisions a NodeBot's depth search may apply per choice
BOT_PROOF_NODES = 50_000  # ... and its proof, with at most 8 tokens left in both reserves
GAMES = Path(__file__).parent / "data" / "strong_games.txt"  # seed TAB decision codes


def reserves(position: Position) -> int:
    """Tokens left in the two reserves together."""
    return position.reserve_size("g") + position.reserve_size("p")


class NodeBot:
    """Alpha-beta within a node limit: a proof when at most 8 tokens are left (if it fits
    in :data:`BOT_PROOF_NODES`), else iterative deepening within :data:`BOT_NODES`."""

    def choose(self, position: Position) -> int:
        codes = position.option_codes
        if len(codes) == 1:
            return codes[0]
        if reserves(position) <= 8:
            solution = solve(  # the handwritten order: the stored games replay as played
                position, Limit(nodes=BOT_PROOF_NODES), strong=False, evaluator=HANDWRITTEN
            )
            if solution.proven and solution.pv:
                return solution.pv[0].code
        infos = analyse(position, Limit(nodes=BOT_NODES), engine="alphabeta-handwritten")
        return infos[0].decision.code


def opening_codes(rng: random.Random, decisions: int = OPENING_DECISIONS) -> list[int]:
    """From the start, ``decisions`` random decisions, then on to the next placement."""
    position, codes = Position.start(), []
    while not position.is_over and (len(codes) < decisions or not position.at_boundary):
        codes.append(rng.choice(position.option_codes))
        position = position.child(codes[-1])
    return codes


def replay(codes: list[int]) -> list[Position]:
    """The positions after each of ``codes``, from the start."""
    position, positions = Position.start(), []
    for code in codes:
        position = position.child(code)
        positions.append(position)
    return positions


@dataclass
class StrongGame:
    """A game between strong bots: every position reached, in order (the first is the
    end of the random opening), and the final result for Green (+1 / 0 / -1)."""

    positions: list[Position]
    green_result: int


def play_strong_game(seed: int) -> list[int]:
    """The decisions of the game of ``seed``: a random opening, then :class:`NodeBot` on
    both sides, to the end."""
    codes = opening_codes(random.Random(seed))
    position = replay(codes)[-1]
    bot = NodeBot()
    while not position.is_over:
        codes.append(bot.choose(position))
        position = position.child(codes[-1])
    return codes


def _cached() -> dict[int, list[int]]:
    """The stored games, by seed."""
    if not GAMES.exists():
        return {}
    games = {}
    for line in GAMES.read_text().splitlines():
        if line and not line.startswith("#"):
            seed, codes = line.split("\t")
            games[int(seed)] = [int(c) for c in codes.split()]
    return games


def strong_game(seed: int) -> StrongGame:
    """The game of ``seed`` (:func:`play_strong_game`), replayed from
    ``benchmarks/data/strong_games.txt`` when it is there, else played and stored there
    (the games are deterministic: ``tests/test_trust_sets.py`` replays one and compares)."""
    codes = _cached().get(seed)
    if codes is None:
        codes = play_strong_game(seed)
        with GAMES.open("a") as out:
            out.write(f"{seed}\t{' '.join(map(str, codes))}\n")
    opening = len(opening_codes(random.Random(seed)))
    positions = replay(codes)[opening - 1 :]
    winner = positions[-1].result().winner
    green = 0 if winner is None else (1 if winner.letter == "g" else -1)
    return StrongGame(positions, green)


def for_decider(position: Position, green_result: int) -> int:
    """A result for Green, seen by the player who decides at ``position``."""
    return green_result if position.decider.letter == "g" else -green_result


def midgames(seed: int, count: int) -> Iterator[Position]:
    """One midgame position per strong game (games ``seed``, ``seed + 1``, ...): a random
    placement position with 20 to 36 tokens left in the two reserves."""
    game = 0
    made = 0
    while made < count:
        rng = random.Random(f"midgame {seed + game}")
        played = strong_game(seed + game)
        game += 1
        candidates = [
            p
            for p in played.positions
            if not p.is_over and p.at_boundary and 20 <= reserves(p) <= 36
        ]
        if candidates:
            made += 1
            yield rng.choice(candidates)


def openings(seed: int, count: int) -> Iterator[Position]:
    """``count`` distinct random openings (:data:`OPENING_DECISIONS` random decisions)."""
    rng = random.Random(seed)
    seen: set[str] = set()
    while len(seen) < count:
        position = replay(opening_codes(rng))[-1]
        if not position.is_over and position.cpn() not in seen:
            seen.add(position.cpn())
            yield position


def line_of(codes: list[int]) -> str:
    return " ".join(str(decision_of(c)) for c in codes)
