"""Self-play at scale: seeded games between bots, on any executor.

>>> from cernunos_widget.tools.selfplay import parse_bot, play_games
>>> games = play_games(100, green="alphabeta:nodes=200", purple="greedy", seed=0)
>>> games[0].headers["Result"]                      # '1-0', '0-1' or '1/2-1/2'
>>> run = SelfPlay.checked(10_000, "random", "random")   # every refusal before any work
>>> for game in run.games(workers=2): ...               # in order, as they finish

A game is played to the end: its length is bounded by the rules (:mod:`.engine.gamelength`,
R-16 and R-28), so a variant with long games (``counts=X24``: about 5,000 decisions) is
played like any other.

``opening=K`` plays each game's first K decisions at random (among the options the bots'
habits allow), then the bots: node-limited searches are deterministic, so without it two
such bots would play the same game every time.

Game ``i`` of a run depends only on ``(seed, i)``, the bot specs, the rules and the
opening: each game
has its own random generators, and every search starts from a fresh table, so with
node-limited bots (see :mod:`.botspec`) the games are the same whatever the executor and
the number of workers.  Every decision is made by the bot of the player who decides it
(R-27), so a choice inside an effect goes to the owner of the token.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass

from ..engine import START_CPN, CernunosError, Kind, Player, Position, Rules
from ..engine.decisions import decision_of
from ..engine.errors import clip
from ..engine.gamelength import MAX_GAME_DECISIONS, max_decisions
from ..record.files import fill_result
from ..record.tree import Game
from ..solver import Budget, Limit, Mcts, analyse, final_score, heuristic_score, seen_by
from .botspec import BotSpec, parse_bot
from .executors import executor_for

__all__ = ["BotSpec", "SelfPlay", "SelfPlayError", "parse_bot", "play_game", "play_games"]

MAX_GAMES = 10_000_000
EARLY_TURNS = 2  # early=K: within its player's first two turns
MCTS_MEMORY_MB = 64  # node-limited trees stay far smaller
PLACEMENT_CHOICES = ("placement", "final-placement")


class SelfPlayError(CernunosError):
    """Bad input to :func:`play_games` (number of games, seed, rules)."""


def start_position(rules: object = "standard", cpn: str | None = None) -> Position:
    """The position ``cpn`` (default: the initial one) under ``rules`` (a :class:`Rules` or
    its text, D-10; bad text raises :class:`RulesError`)."""
    return Position.from_cpn(cpn or START_CPN, rules=Rules.parse(rules))


class Chooser:
    """One player's bot in one game: its spec, its random generator, its habits."""

    def __init__(self, spec: BotSpec, rng: random.Random) -> None:
        self.spec = spec
        self.rng = rng
        self.turns = 0  # turns this player has started
        self.placed: set[Kind] = set()

    def allowed(self, position: Position) -> list[int]:
        """The options this bot's habits leave it (withhold=K, early=K), never none."""
        codes = list(position.option_codes)
        spec = self.spec
        if position.choice not in PLACEMENT_CHOICES:
            return codes
        if spec.early is not None and spec.early not in self.placed and self.turns <= EARLY_TURNS:
            early = [c for c in codes if decision_of(c).kind == spec.early]
            if early:
                return early
        if spec.withhold is not None:
            others = [c for c in codes if decision_of(c).kind != spec.withhold]
            if others:
                return others
        return codes

    def choose(self, position: Position, at_random: bool = False) -> int:
        """The bot's decision (``at_random``: a random allowed option, in the opening)."""
        codes = self.allowed(position)
        if len(codes) == 1:
            return codes[0]
        engine = self.spec.engine
        if engine == "random" or at_random:
            return self.rng.choice(codes)
        if engine == "greedy":
            return self._greedy(position, codes)
        if engine == "alphabeta":
            return self._alphabeta(position, codes)
        return self._mcts(position, codes)

    def _greedy(self, position: Position, codes: list[int]) -> int:
        """The option whose result looks best at once, ties broken at random."""
        decider = position.decider
        scored = []
        for code in codes:
            child = position.child(code)
            score = final_score(child) if child.is_over else heuristic_score(child)  # Green's
            scored.append((seen_by(decider, score), self.rng.random(), code))
        return max(scored)[2]

    def _alphabeta(self, position: Position, codes: list[int]) -> int:
        """The analysis's best allowed option (each analysis starts with a fresh table)."""
        limit = Limit(time=self.spec.time, nodes=self.spec.nodes)
        every = len(codes) < len(position.option_codes)
        multipv = len(position.option_codes) if every else 1
        infos = analyse(position, limit, multipv, threads=1)  # the workers are the parallelism
        for info in infos:
            if info.decision.code in codes:
                return info.decision.code
        return codes[0]

    def _mcts(self, position: Position, codes: list[int]) -> int:
        budget = Budget(seconds=self.spec.time, nodes=self.spec.nodes)
        tree = Mcts(
            position, seed=self.rng.getrandbits(64), budget=budget, memory_mb=MCTS_MEMORY_MB
        )
        tree.run()
        for result in tree.results():
            if result.decision.code in codes:
                return result.decision.code
        return codes[0]


@dataclass(frozen=True)
class PlayedGame:
    """What a worker sends back: the decisions of game ``index`` (small to pickle)."""

    index: int
    decisions: tuple[str, ...]


def game_rng(seed: int, index: int) -> random.Random:
    """The generator of game ``index`` of a run: a function of ``(seed, index)`` only."""
    return random.Random(f"cernunos-selfplay/{seed}/{index}")


def play_game(
    green: BotSpec,
    purple: BotSpec,
    seed: int,
    index: int,
    rules: str = "standard",
    opening: int = 0,
) -> PlayedGame:
    """Game ``index`` of the run ``seed``: the decisions, each by its decider's bot (R-27),
    the first ``opening`` of them at random."""
    rng = game_rng(seed, index)
    choosers = {
        Player.GREEN: Chooser(green, random.Random(rng.getrandbits(64))),
        Player.PURPLE: Chooser(purple, random.Random(rng.getrandbits(64))),
    }
    position = start_position(rules)
    cap = max_decisions(position.rules)  # no game under these rules is longer
    side = None
    decisions: list[str] = []
    while not position.is_over:
        if len(decisions) >= cap:  # only an engine bug could bring us here
            raise RuntimeError(f"game {index} did not end within {cap} decisions")
        if position.side != side:  # a new turn starts (or the final placement, R-16)
            side = position.side
            choosers[side].turns += 1
        chooser = choosers[position.decider]
        code = chooser.choose(position, at_random=len(decisions) < opening)
        decision = decision_of(code)
        if decision.family == "place":
            chooser.placed.add(decision.kind)
        decisions.append(str(decision))
        position = position.child(code)
    return PlayedGame(index, tuple(decisions))


def _play_chunk(
    green: BotSpec, purple: BotSpec, seed: int, indices: Sequence[int], rules: str, opening: int
) -> list[PlayedGame]:
    return [play_game(green, purple, seed, i, rules, opening) for i in indices]


def _spec(spec: str | BotSpec) -> BotSpec:
    return spec if isinstance(spec, BotSpec) else parse_bot(spec)


def _int_within(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _check(n: object, seed: object, opening: object) -> None:
    if not _int_within(n, 0, MAX_GAMES):
        raise SelfPlayError(f"the number of games is an int from 0 to {MAX_GAMES}, not {clip(n)}")
    if not _int_within(seed, 0, 2**63 - 1):
        raise SelfPlayError(f"the seed is an int from 0 to 2**63 - 1, not {clip(seed)}")
    if not _int_within(opening, 0, MAX_GAME_DECISIONS):
        raise SelfPlayError(
            f"the opening is an int from 0 to {MAX_GAME_DECISIONS} decisions, not {clip(opening)}"
        )


@dataclass(frozen=True)
class SelfPlay:
    """A checked self-play run: ``n`` games between two bots under some rules.

    :meth:`checked` refuses bad input (:class:`SelfPlayError`, ``BotSpecError``,
    ``RulesError``) before any game is played; :meth:`played` and :meth:`games` then
    stream the games in index order as they finish, with at most :data:`WINDOW` chunks of
    games in flight, so memory does not grow with ``n``.
    """

    n: int
    green: BotSpec
    purple: BotSpec
    seed: int = 0
    rules: str = "standard"
    opening: int = 0

    @classmethod
    def checked(
        cls,
        n: int,
        green: str | BotSpec = "greedy",
        purple: str | BotSpec = "greedy",
        seed: int = 0,
        rules: object = "standard",
        opening: int = 0,
    ) -> SelfPlay:
        """The run, or the error naming what is wrong with its input."""
        _check(n, seed, opening)
        rules = str(Rules.parse(rules))  # unknown rules fail here, not in a worker
        return cls(n, _spec(green), _spec(purple), seed, rules, opening)

    def tags(self) -> dict[str, str]:
        """The tags every game of the run has (Round and the result are per game)."""
        tags = {"Green": str(self.green), "Purple": str(self.purple), "Rules": self.rules}
        if self.opening:
            tags["Opening"] = str(self.opening)
        return {**tags, "Seed": str(self.seed)}

    def played(
        self,
        executor: Executor | object | None = None,
        *,
        workers: int | None = None,
        scheduler: str | None = None,
        progress: bool = False,
        start: int = 0,
    ) -> Iterator[PlayedGame]:
        """The games' decisions in index order, each as soon as it and those before it
        are done, from game ``start`` on (a resumed run).  Work goes to ``executor``, else
        a Dask ``scheduler``, else ``workers`` local processes (``None``: one per core; 1:
        this process)."""
        args = (self.green, self.purple, self.seed)
        with executor_for(executor, workers, scheduler) as pool:
            bar = _bar(self.n, progress, start)
            try:
                if pool is None:
                    for chunk in _chunks(self.n, start):
                        yield from _play_chunk(*args, chunk, self.rules, self.opening)
                        bar.update(len(chunk))
                    return
                chunks = _chunks(self.n, start)
                for result in _in_order(pool, args, chunks, self.rules, self.opening):
                    yield from result
                    bar.update(len(result))
            finally:
                bar.close()

    def games(self, executor: Executor | object | None = None, **where) -> Iterator[Game]:
        """The games (:class:`Game` with the run's tags), in index order, as they finish;
        ``where`` as in :meth:`played`."""
        tags = self.tags()
        for played in self.played(executor, **where):
            yield to_game(played, tags, self.rules)


WINDOW = 64  # chunks in flight at most: the finished games wait in order, memory bounded


def _in_order(
    pool: Executor, args: tuple, chunks: Iterator[range], rules: str, opening: int
) -> Iterator[list[PlayedGame]]:
    """The chunks' results in submission order, keeping at most :data:`WINDOW` in flight."""
    in_flight: deque[Future] = deque()
    try:
        for chunk in chunks:
            in_flight.append(pool.submit(_play_chunk, *args, chunk, rules, opening))
            if len(in_flight) >= WINDOW:
                yield in_flight.popleft().result()
        while in_flight:
            yield in_flight.popleft().result()
    finally:
        for future in in_flight:
            future.cancel()


def play_games(
    n: int,
    green: str | BotSpec = "greedy",
    purple: str | BotSpec = "greedy",
    seed: int = 0,
    rules: str = "standard",
    executor: Executor | object | None = None,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool = False,
    opening: int = 0,
) -> list[Game]:
    """``n`` games between the bots ``green`` and ``purple`` (specs, see :mod:`.botspec`),
    each game's first ``opening`` decisions at random.

    Each game has the tags Green, Purple (the canonical specs), Rules, Seed, Round (``i + 1``
    for game ``i``), Result, Score, for a forfeit Termination, and Opening if not 0.  Work goes to
    ``executor`` (an Executor or a Dask Client), else a Dask ``scheduler`` address, else
    ``workers`` local processes (``None``: one per core; 1: this process).  For many games,
    :meth:`SelfPlay.games` streams them instead of keeping them all.
    """
    run = SelfPlay.checked(n, green, purple, seed, rules, opening)
    return list(
        run.games(executor, workers=workers, scheduler=scheduler, progress=progress)
    )


CHUNK = 16  # games per task: enough to hide a task's overhead, small enough to balance


def _chunks(n: int, start: int = 0) -> Iterator[range]:
    """Games ``start`` to ``n - 1`` in chunks (a game does not depend on its chunk)."""
    size = max(1, min(CHUNK, math.ceil((n - start) / 64)))
    return (range(i, min(n, i + size)) for i in range(start, n, size))


def _bar(total: int, progress: bool, done: int = 0):
    from tqdm import tqdm

    return tqdm(
        total=total, initial=done, desc="self-play", unit=" games", disable=not progress,
        leave=False,
    )


def to_game(played: PlayedGame, tags: dict[str, str], rules: str = "standard") -> Game:
    """The :class:`Game` of ``played`` with ``tags``, Round, Result, Score, Termination."""
    game = Game(start_position(rules))
    game.headers.update({**tags, "Round": str(played.index + 1)})
    node = game.root
    for decision in played.decisions:
        node = node.play(decision)
    return fill_result(game)
