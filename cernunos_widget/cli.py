"""The ``cernunos`` command line; its output formats are a contract (see README.md).

Exit codes: 0 done; 2 bad input (malformed CPN or decision, illegal decision);
3 (``play`` only) a choice inside an effect is pending.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .engine import START_CPN, CernunosError, Position
from .engine.errors import DecisionSyntaxError, IllegalDecisionError, clip

EXIT_OK, EXIT_BAD_INPUT, EXIT_PENDING = 0, 2, 3


class _BadInput(Exception):
    """A message for stderr, then exit 2."""


def _replay(start: str, tokens: Sequence[str]) -> Position:
    try:
        position = Position.from_cpn(start)
    except CernunosError as e:
        raise _BadInput(str(e)) from None
    for token in (t for arg in tokens for t in arg.split()):
        try:
            position = position.play(token)
        except IllegalDecisionError as e:
            raise _BadInput(str(e)) from None
        except DecisionSyntaxError as e:
            legal = " ".join(position.legal_tokens()) or "none (the game is over)"
            raise _BadInput(f"{e}; legal here: {legal}") from None
    return position


def _pending_line(position: Position) -> str:
    return (
        f"pending: {position.decider.letter} chooses {position.choice}: "
        f"{' '.join(position.legal_tokens())}"
    )


def _cmd_play(args: argparse.Namespace) -> int:
    position = _replay(args.start, args.decisions)
    if not position.at_boundary:
        print(_pending_line(position), file=sys.stderr)
        return EXIT_PENDING
    print(position.cpn())
    return EXIT_OK


def _cmd_legal(args: argparse.Namespace) -> int:
    position = _replay(args.start, args.decisions)
    for token in position.legal_tokens():
        print(token)
    return EXIT_OK


def _read(cpn: str) -> Position:
    try:
        return Position.from_cpn(cpn)
    except CernunosError as e:
        raise _BadInput(str(e)) from None


def _cmd_result(args: argparse.Namespace) -> int:
    result = _read(args.cpn).result()
    print("ongoing" if result is None else str(result))
    return EXIT_OK


def _cmd_show(args: argparse.Namespace) -> int:
    print(_read(args.cpn))
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
    position = _read(args.start)
    if position.is_over:
        raise _BadInput(f"the game is over ({position.result()}): nothing to solve")
    from .solver import prepare_engine

    prepare_engine()  # before the clock starts; a notice on stderr if it compiles
    for info in analyse(
        position, limit, args.multipv, engine=args.engine, memory_mb=args.memory_mb
    ):
        print(info)
    return EXIT_OK


def _memory_mb(text: str) -> float:
    """``--memory-mb``: a finite number of MiB above 0 (bad values: argparse exits 2)."""
    from .solver.mcts import check_memory_mb

    try:
        value: object = float(text)
    except ValueError:
        value = text  # refused below, with what is accepted
    try:
        return check_memory_mb(value)
    except CernunosError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


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
            help="decision tokens such as B@b2 b3 a1~c3 grow:a1,c2 pass",
        )
        p.set_defaults(run=_cmd_play if name == "play" else _cmd_legal)
    p = sub.add_parser("result", help="ongoing, or the winner and the score")
    p.add_argument("cpn", metavar="CPN")
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
        "on the learned evaluation), alpha-beta (proves endgames) or MCTS (default auto)",
    )
    p.add_argument(
        "--memory-mb",
        type=_memory_mb,
        default=512,
        metavar="N",
        help="the MCTS tree's memory, in MiB (default 512; full, it searches on without growing)",
    )
    p.set_defaults(run=_cmd_solve)
    p = sub.add_parser("show", help="a readable picture of a position")
    p.add_argument("cpn", metavar="CPN")
    p.set_defaults(run=_cmd_show)
    return parser


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
