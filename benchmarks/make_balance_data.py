"""Generate examples/data/balance.json (a script, not a test): self-play configurations and
their balance report. python benchmarks/make_balance_data.py [--games 400] [--workers 1]
[--strengths greedy alphabeta:nodes=100] [--kinds TBDWSXCF WXF]
[--comparisons standard variant withhold early] [--out examples/data/balance.json]
[--games-dir DIR]

For each bot strength S (a bot spec of cernunos_widget.tools.selfplay), the configurations are:
the standard rules (S vs S); each rule variant of RULES.md D-10 (``wolf-1``,
``power-all``); Green withholding each kind (``S,withhold=K``: never places K while it can
avoid it) and Green playing each kind early (``S,early=K``: within its first two turns)
against S. ``--kinds`` narrows the kinds for the stronger bots (the comparisons cost one
configuration each). Every configuration plays ``--games`` seeded games (the same seeds in
every configuration), so with node-limited bots the file is reproducible. The JSON is the
report of ``cernunos balance --json`` (docs/balance.md) plus ``setup``: per configuration,
the bots, the rules, what it compares and the seconds it took.

``--opening K`` plays each game's first K decisions at random (``selfplay``'s
``opening``): node-limited alpha-beta is deterministic, so without it every game of
``alphabeta:nodes=N`` against itself would be the same game. Configurations already in
``--out`` with the same games and seed are kept, not played again, so the file can be made
in several runs (``--comparisons`` and ``--strengths`` choose what a run plays), and
``--merge A.json B.json`` adds the configurations of runs made elsewhere (in parallel, or
in a checkout with the rule variants) to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from cernunos_widget.engine import Kind
from cernunos_widget.record.files import write_games
from cernunos_widget.tools.balance import Accumulator
from cernunos_widget.tools.selfplay import play_games

VARIANTS = ("wolf-1", "power-all")
KIND_LETTERS = "TBDWSXCF"


def with_option(spec: str, option: str) -> str:
    return f"{spec},{option}" if ":" in spec else f"{spec}:{option}"


def configurations(strength: str, kinds: str) -> list[dict]:
    out = [dict(comparison="standard", green=strength, purple=strength, rules="standard")]
    out += [
        dict(comparison="variant", green=strength, purple=strength, rules=v) for v in VARIANTS
    ]
    for letter in kinds:
        name = Kind.from_letter(letter).title
        out.append(dict(comparison="withhold", kind=name, rules="standard", purple=strength,
                        green=with_option(strength, f"withhold={letter}")))
        out.append(dict(comparison="early", kind=name, rules="standard", purple=strength,
                        green=with_option(strength, f"early={letter}")))
    for c in out:
        c["strength"] = strength
        what = {"standard": "standard rules", "variant": f"rules {c['rules']}",
                "withhold": f"Green withholds {c.get('kind')}",
                "early": f"Green plays {c.get('kind')} early"}[c["comparison"]]
        c["name"] = f"{strength}: {what}"
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--strengths", nargs="+", default=["greedy", "alphabeta:nodes=100"])
    parser.add_argument(
        "--kinds", nargs="+", default=[KIND_LETTERS, "WXF"],
        help="per strength, the kinds withheld / played early (default: all for the first)",
    )
    parser.add_argument(
        "--comparisons", nargs="+", default=["standard", "variant", "withhold", "early"],
        choices=["standard", "variant", "withhold", "early"],
    )
    parser.add_argument(
        "--opening", type=int, default=0, help="random first decisions of every game (0)",
    )
    parser.add_argument("--out", default="examples/data/balance.json")
    parser.add_argument("--merge", nargs="+", default=[], metavar="JSON",
                        help="add these runs' configurations (same games and seed)")
    parser.add_argument("--games-dir", default=None, help="also write each configuration's .cgn")
    args = parser.parse_args()

    out = Path(args.out)
    old = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    same = old.get("generated", {}).get("games_per_configuration") == args.games and old.get(
        "generated", {}
    ).get("seed") == args.seed
    reports = {c["name"]: c for c in old.get("configurations", [])} if same else {}
    setup = old.get("setup", {}) if same else {}
    spent = old.get("generated", {}).get("seconds", 0.0) if same else 0.0
    for other in args.merge:
        data = json.loads(Path(other).read_text(encoding="utf-8"))
        if data["generated"]["games_per_configuration"] != args.games or (
            data["generated"]["seed"] != args.seed
        ):
            raise SystemExit(f"{other}: another number of games or seed")
        for c in data["configurations"]:
            reports[c["name"]] = c
        setup.update(data["setup"])
        spent += data["generated"]["seconds"]
    if args.merge:
        args.comparisons = []
    for i, strength in enumerate(args.strengths):
        kinds = args.kinds[min(i, len(args.kinds) - 1)]
        for c in configurations(strength, kinds):
            name = c.pop("name")
            if c["comparison"] not in args.comparisons or name in reports:
                continue
            t = time.perf_counter()
            c["opening"] = args.opening
            games = play_games(args.games, green=c["green"], purple=c["purple"], seed=args.seed,
                               rules=c["rules"], workers=args.workers, opening=args.opening)
            if args.games_dir:
                folder = Path(args.games_dir)
                folder.mkdir(parents=True, exist_ok=True)
                safe = "".join(ch if ch.isalnum() else "-" for ch in name)
                write_games(games, folder / f"balance-{safe}.cgn")
            acc = Accumulator()
            for game in games:
                acc.add(game, name)
            reports[name] = acc.report().to_dict()["configurations"][0]
            c["seconds"] = round(time.perf_counter() - t, 1)
            spent += c["seconds"]
            setup[name] = c
            print(f"{c['seconds']:7.1f} s  {name}", flush=True)
            write(out, reports, setup, args, spent)
    write(out, reports, setup, args, spent)
    print(f"{len(setup)} configurations, {spent:.0f} s of self-play in all: {out}")


def write(out: Path, reports: dict, setup: dict, args, spent: float) -> None:
    """The report's JSON with ``setup`` and ``generated`` (written whole, then renamed)."""
    data = Accumulator().report().to_dict()
    data["configurations"] = [reports[n] for n in setup]
    data["setup"] = setup
    data["generated"] = {
        "games_per_configuration": args.games, "seed": args.seed, "workers": args.workers,
        "seconds": round(spent, 1), "script": "benchmarks/make_balance_data.py",
    }
    tmp = out.with_name(out.name + ".part")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    tmp.replace(out)


if __name__ == "__main__":
    main()
