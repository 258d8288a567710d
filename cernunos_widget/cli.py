"""The ``cernunos`` command line; its output formats are a contract (see README.md).

Exit codes: 0 done; 1 (``puzzles check`` only) a puzzle failed its check; 2 bad input
(malformed CPN or decision, illegal decision); 3 (``play`` only) a choice inside an
effect is pending.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .engine import START_CPN, CernunosError, Position, Rules
from .engine.errors import DecisionSyntaxError, IllegalDecisionError, clip

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT, EXIT_PENDING = 0, 1, 2, 3


class _BadInput(Exception):
    """A message for stderr, then exit 2."""


def _replay(start: str, texts: Sequence[str], rules: Rules) -> Position:
    try:
        position = Position.from_cpn(start, rules=rules)
    except CernunosError as e:
        raise _BadInput(str(e)) from None
    for text in (t for arg in texts for t in arg.split()):
        try:
            position = position.play(text)
        except IllegalDecisionError as e:
            raise _BadInput(str(e)) from None
        except DecisionSyntaxError as e:
            legal = " ".join(position.legal_texts()) or "none (the game is over)"
            raise _BadInput(f"{e}; legal here: {legal}") from None
    return position


def _pending_line(position: Position) -> str:
    return (
        f"pending: {position.decider.letter} chooses {position.choice}: "
        f"{' '.join(position.legal_texts())}"
    )


def _cmd_play(args: argparse.Namespace) -> int:
    position = _replay(args.start, args.decisions, args.rules)
    if not position.at_boundary:
        print(_pending_line(position), file=sys.stderr)
        return EXIT_PENDING
    print(position.cpn())
    return EXIT_OK


def _cmd_legal(args: argparse.Namespace) -> int:
    position = _replay(args.start, args.decisions, args.rules)
    for text in position.legal_texts():
        print(text)
    return EXIT_OK


def _read(cpn: str, rules: Rules) -> Position:
    try:
        return Position.from_cpn(cpn, rules=rules)
    except CernunosError as e:
        raise _BadInput(str(e)) from None


def _cmd_result(args: argparse.Namespace) -> int:
    result = _read(args.cpn, args.rules).result()
    print("ongoing" if result is None else str(result))
    return EXIT_OK


def _cmd_show(args: argparse.Namespace) -> int:
    print(_read(args.cpn, args.rules))
    return EXIT_OK


def _cmd_solve(args: argparse.Namespace) -> int:
    from .solver import InvalidLimitError, Limit, analyse

    try:
        limit = Limit(time=args.time)
    except InvalidLimitError:
        raise _BadInput(
            f"--time is seconds, finite and above 0 (at most 1e18), not {args.time!r}"
        ) from None
    if args.multipv < 1:
        raise _BadInput(
            f"--multipv is how many first decisions to show, at least 1, not {clip(args.multipv)}"
        )
    position = _read(args.start, args.rules)
    if position.is_over:
        raise _BadInput(f"the game is over ({position.result()}): nothing to solve")
    for info in analyse(  # prepares its search first: a notice on stderr if it compiles
        position,
        limit,
        args.multipv,
        engine=args.engine,
        memory_mb=args.memory_mb,
        threads=args.threads,
    ):
        print(info)
    return EXIT_OK


def _cmd_balance(args: argparse.Namespace) -> int:
    """Balance statistics of game files, per configuration (docs/balance.md)."""
    import json
    from pathlib import Path

    from .record.files import read_games
    from .tools.balance import Accumulator

    if not args.files and args.play is None:
        raise _BadInput("give game files (FILE...) or --play N to play self-play games")
    if args.play is not None and args.play < 1:
        raise _BadInput(f"--play is how many games per rule set, at least 1, not {args.play}")
    for name in args.files:  # an unreadable file is refused before any game is played
        try:
            open(name, "rb").close()
        except OSError as e:
            raise _BadInput(f"cannot read {name}: {e.strerror or e}") from None
    acc = Accumulator()
    if args.play is not None:
        from .tools.executors import check_workers
        from .tools.selfplay import SelfPlay

        # every rule set and bot checked before the first game (exit 2)
        runs = [
            SelfPlay.checked(args.play, args.green, args.purple, args.seed, rules)
            for rules in args.rules or ["standard"]
        ]
        check_workers(args.workers)
        for run in runs:  # streamed: one game at a time reaches the report
            for game in run.games(workers=args.workers, progress=not args.json):
                acc.add(game)
    for name in args.files:
        try:
            for game in read_games(name):
                acc.add(game, default=Path(name).name)
        except OSError as e:
            raise _BadInput(f"cannot read {name}: {e.strerror or e}") from None
        except CernunosError as e:
            raise _BadInput(f"{name}: {e}") from None
    report = acc.report()
    print(json.dumps(report.to_dict(), indent=1) if args.json else report.text())
    return EXIT_OK


def _threads(text: str) -> int:
    """``--threads``: an int from 1 (checked by the solver), else a usage error."""
    from .solver import InvalidThreadsError, check_threads

    try:
        return check_threads(int(text))
    except (ValueError, InvalidThreadsError):
        raise argparse.ArgumentTypeError(
            f"--threads is how many threads search, an int from 1, not {clip(text)}"
        ) from None


def _memory_mb(text: str) -> float:
    """``--memory-mb``: a finite number of MiB above 0 (bad values: argparse exits 2)."""
    from .solver import check_memory_mb

    try:
        value: object = float(text)
    except ValueError:
        value = text  # refused below, with what is accepted
    try:
        return check_memory_mb(value)
    except CernunosError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _rules(text: str) -> Rules:
    """``--rules``: a rule set (RULES.md D-10); bad text exits 2 naming what is accepted."""
    try:
        return Rules.parse(text)
    except CernunosError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _add_rules(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--rules",
        type=_rules,
        default=Rules(),
        metavar="R",
        help="the rules: 'standard' (default) or variants joined by '+': wolf-1, power-all, "
        "counts=T10,B3,...",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cernunos", description="Cernunos rules engine: play, list, score and show positions."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for name, helptext in (
        ("play", "apply decisions and print the resulting CPN"),
        ("legal", "list the options of the next decision, one per line"),
    ):
        p = sub.add_parser(name, help=helptext)
        p.add_argument(
            "--from",
            dest="start",
            default=START_CPN,
            metavar="CPN",
            help="the position to start from (default: the initial position)",
        )
        p.add_argument(
            "decisions",
            nargs="*",
            metavar="DECISION",
            help="decision texts such as B@b2 b3 a1~c3 grow:a1,c2 pass",
        )
        _add_rules(p)
        p.set_defaults(run=_cmd_play if name == "play" else _cmd_legal)
    p = sub.add_parser("result", help="ongoing, or the winner and the score")
    p.add_argument("cpn", metavar="CPN")
    _add_rules(p)
    p.set_defaults(run=_cmd_result)
    p = sub.add_parser("solve", help="the value and best line of the first decisions")
    p.add_argument(
        "--from",
        dest="start",
        default=START_CPN,
        metavar="CPN",
        help="the position (default: the initial position)",
    )
    p.add_argument(
        "--time", type=float, default=5.0, metavar="S", help="seconds to think (default 5)"
    )
    p.add_argument(
        "--multipv",
        type=int,
        default=1,
        metavar="K",
        help="how many first decisions to show, best first (default 1)",
    )
    p.add_argument(
        "--engine",
        choices=("auto", "alphabeta", "mcts"),
        default="auto",
        help="the search: auto (the strongest measured: proofs of small endgames, then MCTS "
        "on the learned evaluation), alpha-beta (proves endgames) or MCTS, both on the "
        "learned evaluation under the standard rules (default auto)",
    )
    p.add_argument(
        "--memory-mb",
        type=_memory_mb,
        default=512,
        metavar="N",
        help="the MCTS tree's memory, in MiB (default 512; full, it searches on without growing)",
    )
    p.add_argument(
        "--threads",
        type=_threads,
        default=None,
        metavar="N",
        help="how many threads search (default: every core this process may use)",
    )
    _add_rules(p)
    p.set_defaults(run=_cmd_solve)
    p = sub.add_parser(
        "balance",
        help="balance statistics of game files (.cgn), per configuration",
        description="Green's score (draws 1/2) with a 95%% interval, draw and forfeit rates, "
        "game lengths, 64-activation cap hits and end-of-game heatmaps, per configuration "
        "(the games' Green, Purple and Rules tags; else the file's name). docs/balance.md.",
    )
    p.add_argument("files", nargs="*", metavar="FILE", help="game files (.cgn)")
    p.add_argument("--json", action="store_true", help="JSON (keys in docs/balance.md)")
    p.add_argument(
        "--play", type=int, metavar="N", help="also play N self-play games per --rules"
    )
    p.add_argument("--green", default="greedy", metavar="BOT", help="--play: Green's bot")
    p.add_argument("--purple", default="greedy", metavar="BOT", help="--play: Purple's bot")
    p.add_argument(
        "--rules", nargs="+", metavar="R", help="--play: rule sets, side by side (standard)"
    )
    p.add_argument("--seed", type=int, default=0, metavar="S", help="--play: the seed (0)")
    p.add_argument("--workers", type=int, default=1, metavar="K", help="--play: processes (1)")
    p.set_defaults(run=_cmd_balance)
    p = sub.add_parser("show", help="a readable picture of a position")
    p.add_argument("cpn", metavar="CPN")
    _add_rules(p)
    p.set_defaults(run=_cmd_show)
    _add_batch_commands(sub)
    _add_puzzle_commands(sub)
    return parser


def _cmd_selfplay(args: argparse.Namespace) -> int:
    from .tools.executors import check_workers
    from .tools.selfplay import SelfPlay
    from .tools.selfplay_file import STDOUT, write_run

    green = args.green or args.bot or "greedy"
    purple = args.purple or args.bot or "greedy"
    # every refusal before the first game (exit 2; write_run checks --out first), then
    # the games stream to the file
    run = SelfPlay.checked(args.games, green, purple, args.seed, args.rules, args.opening)
    if args.scheduler is None:
        check_workers(args.workers)
    results = write_run(
        run,
        args.out,
        resume=not args.replace,
        workers=args.workers,
        scheduler=args.scheduler,
        progress=True,
    )
    resumed = f" ({results.resumed} resumed)" if results.resumed else ""
    print(
        f"{sum(results.values())} games written to {args.out}{resumed}: Green won "
        f"{results['1-0']}, Purple won {results['0-1']}, {results['1/2-1/2']} draws",
        file=sys.stderr if args.out == STDOUT else sys.stdout,  # the games hold stdout
    )
    return EXIT_OK


def _cmd_analyse_games(args: argparse.Namespace) -> int:
    from .solver import InvalidLimitError, Limit
    from .tools.batch import analyse_games

    try:
        limit = Limit(time=args.time) if args.time is not None else Limit(nodes=args.nodes)
    except InvalidLimitError as e:
        raise _BadInput(str(e)) from None
    if not os.path.isfile(args.file):
        raise _BadInput(f"no game file {clip(args.file)}")
    try:
        report = analyse_games(
            args.file,
            limit,
            out=args.out,
            workers=args.workers,
            scheduler=args.scheduler,
            engine=args.engine,
            progress=True,
        )
    except OSError as e:
        raise _BadInput(f"cannot write the results to {clip(args.out)}: {e}") from None
    print(f"{report}; results in {args.out}")
    return EXIT_OK


def _add_where(p: argparse.ArgumentParser) -> None:
    """``--workers`` and ``--scheduler``: where batch work runs."""
    p.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="K",
        help="local worker processes (default: one per core; 1: this process)",
    )
    p.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="a Dask scheduler (tcp://host:8786) to run on instead of local processes",
    )


def _add_batch_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("selfplay", help="play seeded games between bots into a .cgn file")
    p.add_argument("--games", type=int, required=True, metavar="N", help="how many games")
    bots = "random, greedy, alphabeta:nodes=N, mcts:nodes=N, alphabeta:time=S, mcts:time=S"
    p.add_argument("--green", metavar="BOT", help=f"Green's bot ({bots}; default greedy)")
    p.add_argument("--purple", metavar="BOT", help="Purple's bot (default greedy)")
    p.add_argument("--bot", metavar="BOT", help="both players' bot (--green/--purple override)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="the run's seed (default 0)")
    p.add_argument(
        "--opening", type=int, default=0, metavar="K",
        help="each game's first K decisions at random, then the bots (default 0; node-limited "
        "searches are deterministic, so without it they repeat one game)",
    )
    p.add_argument(
        "--rules", default="standard", metavar="R", help="the rules (default standard; D-10)"
    )
    _add_where(p)
    p.add_argument(
        "--out",
        required=True,
        metavar="FILE.cgn",
        help="the game file to write (- for stdout); a file holding this run's first games "
        "is resumed, one holding anything else refused",
    )
    p.add_argument(
        "--replace", action="store_true", help="replace --out's games instead of resuming"
    )
    p.set_defaults(run=_cmd_selfplay)
    p = sub.add_parser("analyse-games", help="analyse every main-line position of a game file")
    p.add_argument("file", metavar="FILE", help="a .cgn game file")
    p.add_argument("--out", required=True, metavar="DIR", help="the Parquet results directory")
    _add_where(p)
    limit = p.add_mutually_exclusive_group()
    limit.add_argument(
        "--nodes",
        type=int,
        default=10_000,
        metavar="N",
        help="decisions searched per position (default 10000; reproducible)",
    )
    limit.add_argument("--time", type=float, default=None, metavar="S", help="seconds a position")
    p.add_argument(
        "--engine",
        choices=("auto", "alphabeta", "mcts"),
        default="auto",
        help="the search, as in solve (default auto: alpha-beta under --nodes)",
    )
    p.set_defaults(run=_cmd_analyse_games)


GENERATE_SECONDS = 20.0  # puzzles generate: seconds per proof unless --time or --nodes


def _cmd_puzzles_generate(args: argparse.Namespace) -> int:
    from .puzzles import candidates, mine
    from .puzzles.sources import built, file_games, parse_tokens, selfplay_games
    from .puzzles.store import check_destination, write
    from .solver import InvalidLimitError, Limit
    from .tools.executors import check_workers

    try:
        if args.nodes is not None:
            limit = Limit(nodes=args.nodes)
        else:
            limit = Limit(time=GENERATE_SECONDS if args.time is None else args.time)
    except InvalidLimitError as e:
        raise _BadInput(str(e)) from None
    if (args.file is None) == (args.selfplay is None):
        raise _BadInput("give the games: a .cgn FILE or --selfplay N (one of them)")
    tokens = parse_tokens(args.tokens)
    if args.scheduler is None:
        check_workers(args.workers)
    if args.out is not None:
        check_destination(args.out)  # before any proof
    if args.file is not None:
        games = file_games(args.file)
    else:
        games = selfplay_games(args.selfplay, args.bot, args.seed, args.opening)

    def found(puzzle, report) -> None:
        themes = ",".join(puzzle.themes)
        print(
            f"{puzzle.id} {puzzle.tokens} tokens rating {puzzle.rating} {themes}: "
            f"{puzzle.solution}",
            flush=True,
        )

    report = mine(
        candidates(games, tokens),
        args.log,
        limit,
        wanted=args.wanted,
        on_found=found,
        workers=args.workers,
        scheduler=args.scheduler,
        progress=True,
    )
    print(
        f"{report.found} puzzles in {report.tried} positions tried ({report.skipped} already "
        f"in {args.log}), {report.seconds:.0f} s"
    )
    if args.out is not None:
        puzzles = built([args.log])
        write(puzzles, args.out)
        print(f"{len(puzzles)} puzzles written to {args.out}")
    return EXIT_OK


def _cmd_puzzles_build(args: argparse.Namespace) -> int:
    from .puzzles import write
    from .puzzles.sources import built
    from .solver import InvalidLimitError, Limit

    try:
        limit = None if args.time is None else Limit(time=args.time)
    except InvalidLimitError as e:
        raise _BadInput(str(e)) from None
    puzzles = built(args.logs, limit)
    write(puzzles, args.out)
    print(f"{len(puzzles)} puzzles written to {args.out}")
    return EXIT_OK


def _cmd_puzzles_check(args: argparse.Namespace) -> int:
    from .puzzles import load, problems, proof_problems
    from .solver import InvalidLimitError, Limit

    try:
        limit = Limit(time=args.time)
    except InvalidLimitError as e:
        raise _BadInput(str(e)) from None
    if args.prove < 0:
        raise _BadInput(f"--prove is how many puzzles to re-prove, 0 or more, not {args.prove}")
    puzzles = load(args.file)
    bad = 0
    for puzzle in puzzles:
        for problem in problems(puzzle):
            print(f"{puzzle.id}: {problem}")
            bad += 1
    smallest = sorted(puzzles, key=lambda p: (p.tokens, p.id))[: args.prove]
    for puzzle in smallest:
        for problem in proof_problems(puzzle, limit):
            print(f"{puzzle.id}: {problem}")
            bad += 1
    print(f"{len(puzzles)} puzzles replayed, {len(smallest)} re-proven: {bad} problems")
    return EXIT_OK if bad == 0 else EXIT_FAILED


def _add_puzzle_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("puzzles", help="mine, build and check puzzles (docs/puzzles.md)")
    inner = p.add_subparsers(dest="action", required=True)
    p = inner.add_parser("generate", help="mine puzzles from a .cgn file or self-play")
    p.add_argument("file", nargs="?", metavar="FILE.cgn", help="the games to mine")
    p.add_argument("--selfplay", type=int, metavar="N", help="mine N self-play games instead")
    p.add_argument(
        "--bot",
        default="alphabeta:nodes=2000",
        metavar="BOT",
        help="--selfplay: both players' bot (default alphabeta:nodes=2000)",
    )
    p.add_argument("--seed", type=int, default=0, metavar="S", help="--selfplay: the seed (0)")
    p.add_argument(
        "--opening",
        type=int,
        default=4,
        metavar="K",
        help="--selfplay: each game's first K decisions at random (default 4)",
    )
    p.add_argument(
        "--log",
        required=True,
        metavar="LOG.jsonl",
        help="the mining log, appended to: a run resumes where the last stopped",
    )
    p.add_argument(
        "--tokens",
        default="6-14",
        metavar="LOW-HIGH",
        help="tokens left in both reserves (default 6-14)",
    )
    limit = p.add_mutually_exclusive_group()
    limit.add_argument(
        "--time",
        type=float,
        default=None,
        metavar="S",
        help="seconds per proof before a position is given up (default 20)",
    )
    limit.add_argument(
        "--nodes",
        type=int,
        default=None,
        metavar="N",
        help="decisions searched per proof instead (reproducible whatever the machine's load)",
    )
    p.add_argument("--wanted", type=int, default=None, metavar="N", help="stop after N puzzles")
    _add_where(p)
    p.add_argument(
        "--out",
        default=None,
        metavar="FILE.json",
        help="also write the log's puzzles as a puzzle file at the end (as build does)",
    )
    p.set_defaults(run=_cmd_puzzles_generate)
    p = inner.add_parser("build", help="write the puzzles of mining logs as a puzzle file")
    p.add_argument("logs", nargs="+", metavar="LOG.jsonl")
    p.add_argument("--out", required=True, metavar="FILE.json")
    p.add_argument(
        "--time",
        type=float,
        default=None,
        metavar="S",
        help="mine each puzzle again with S seconds a proof (longer puzzles than a short run's)",
    )
    p.set_defaults(run=_cmd_puzzles_build)
    p = inner.add_parser("check", help="replay a puzzle file by the rules; re-prove some")
    p.add_argument(
        "file",
        nargs="?",
        default=None,
        metavar="FILE.json",
        help="a puzzle file (default: the committed set)",
    )
    p.add_argument(
        "--prove",
        type=int,
        default=0,
        metavar="N",
        help="also re-prove the N smallest puzzles with the exact solver (default 0)",
    )
    p.add_argument(
        "--time", type=float, default=60.0, metavar="S", help="seconds per proof (default 60)"
    )
    p.set_defaults(run=_cmd_puzzles_check)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except (_BadInput, CernunosError) as e:
        print(f"cernunos {args.command}: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # the reader (e.g. `| head`) stopped early: not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
