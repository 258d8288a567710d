"""Vectors for the rules mirror (js/rules/, issue #21 items 1-2), written by the engine.

``write_vectors(folder)`` plays random games, effect-rich games and games from dense random
boards under the standard rules and every variant, and writes ``games.jsonl``: per game its
rules, start CPN and start view, then at each decision the options in order, the decider,
the choice, the decision taken and what ``session.view.build_view`` sends for the child
(its CPN or pending choice, prompt, events, every cell's power and breakdown, the placement
map, the result) and why a random placement would be refused (``placement_refusal``).
``variants.json`` holds each variant's description and hover zones (``zones.zone_table``).
``hostile.json`` holds hostile CPN, rules and decision text with the engine's answer (the
canonical CPN and options, or the error's class and message).

Run alone: ``python tests/js/make_rules_vectors.py FOLDER`` prints the counts.
"""

from __future__ import annotations

import json
import random
import sys
import unicodedata
from pathlib import Path

from cernunos_widget.engine import CernunosError, Position, Rules
from cernunos_widget.engine.geometry import CELL_NAMES
from cernunos_widget.engine.zones import zone_table
from cernunos_widget.record.movetext import LineState, move_record, move_text, next_entry
from cernunos_widget.session.view import build_view, view_words

# D-10: every variant alone, together, and token counts that make effects frequent.
VARIANTS = (
    "standard",
    "wolf-1",
    "power-all",
    "wolf-1+power-all",
    "counts=T6,B4,D2,W3,S2,X3,C3,F2",
    "wolf-1+counts=T4,B3,D1,W2,S2,X4,C4,F3",
    "power-all+counts=T3,B2,D2,W2,S1,X2,C2,F1",
)
EFFECT_KINDS = "BXCF"
# every cell Green's with power 1, Green placing (Purple then forfeits) or Purple to place.
FORFEITS = (
    ("FB,TB,TB,TD/TD,TD,TW,TW/TS,TX,TC,TT g 1 0-0", "counts=T16"),
    ("FB,TB,TB,TD/TD,TD,TW,TW/TS,TX,TC,TT p 2 0-0", "wolf-1+counts=T16"),
)
LETTERS = "TBDWSXCF"
MOVES_SHARE = 4  # every 4th game's decisions carry their move records (js/rules/movetext.js)


def _decisions_of(rng: random.Random, position: Position, effect_rich: bool) -> str:
    tokens = position.legal_texts()
    if effect_rich and position.choice in ("placement", "final-placement"):
        rich = [t for t in tokens if t[0] in EFFECT_KINDS]
        if rich and rng.random() < 0.7:
            return rng.choice(rich)
    return rng.choice(tokens)


def play_game(
    position: Position, rng: random.Random, effect_rich: bool, moves: bool = False
) -> tuple[list[dict], str | None]:
    """One game to its end: every decision with what the engine says of it; with ``moves``,
    its move record (``m``: ``move_record``, what ``TreeMoves.record`` gives the page),
    kind letter (``k``) and narration (``n``), and the line's ``move_text``."""
    steps, entries, state = [], [], LineState()
    while not position.is_over:
        token = _decisions_of(rng, position, effect_rich)
        child, events = position.play_with_events(token)
        kind, cell = rng.choice(LETTERS), rng.choice(CELL_NAMES)
        step = {
            "o": " ".join(position.legal_texts()),
            "d": position.decider.letter,
            "c": position.choice,
            "x": token,
            "v": build_view(child, events),
            "f": french_words(child, events),
            "r": [kind, cell, position.placement_refusal(kind, cell)],
            "rf": position.placement_refusal(kind, cell, "fr"),
        }
        if moves:
            entry, state = next_entry(state, position, token, events)
            step.update(m=move_record(entry, state), k=entry.kind, n=entry.narration)
            entries.append(entry)
        steps.append(step)
        position = child
    return steps, move_text(entries) if moves else None


def french_words(position: Position, events) -> dict:
    """What the view says in French (the prompt, the narration, the result): the rest of a
    view does not depend on the language (``view_words``, which build_view uses)."""
    return view_words(position, events, "fr")


def dense_board(rng: random.Random, rules: Rules) -> str:
    """A random CPN with most tokens on the board (it may be refused: then it is hostile)."""
    bag = [
        letter if owner == 0 else letter.lower()
        for owner in (0, 1)
        for letter, n in zip(LETTERS, rules.counts, strict=True)
        for _ in range(n)
    ]
    rng.shuffle(bag)
    keep = rng.randint(len(bag) // 3, len(bag) - 2)
    stacks = [""] * 12
    for letter in bag[:keep]:
        stacks[rng.randrange(12)] += letter
    rows = [",".join(stacks[r * 4 + c] or "." for c in range(4)) for r in (2, 1, 0)]
    return f"{'/'.join(rows)} {rng.choice('gp')} {rng.choice('s21')} 0-0"


def _answer(call) -> dict:
    try:
        return {"ok": call()}
    except CernunosError as e:
        return {"error": [type(e).__name__, str(e)]}


def write_games(folder: Path, rng: random.Random, games: int, decisions: int) -> dict:
    """Play until both goals are met; write games.jsonl; return the counts, the boards
    refused and some boundary CPNs of the games (seeds for the hostile text)."""
    counts = {"games": 0, "decisions": 0, "moves": 0, "refused_boards": [], "seeds": []}
    with (folder / "games.jsonl").open("w", encoding="utf-8") as out:
        while counts["games"] < games or counts["decisions"] < decisions:
            n = counts["games"]
            rules = Rules.parse(VARIANTS[n % len(VARIANTS)])
            family = ("random", "effects", "dense")[n % 3 if n % 7 else 0]
            start = Position.start(rules)
            cpn = start.cpn()
            if n < 2 * len(FORFEITS):
                family = "forfeit"
                cpn, rules = FORFEITS[n % len(FORFEITS)]
                rules = Rules.parse(rules)
                start = Position.from_cpn(cpn, rules)
            elif family == "dense":
                cpn = dense_board(rng, rules)
                try:
                    start = Position.from_cpn(cpn, rules)
                except CernunosError:
                    counts["refused_boards"].append([cpn, str(rules)])
                    continue
            name = f"{family}-{n}"
            steps, text = play_game(start, rng, family == "effects", moves=n % MOVES_SHARE == 0)
            game = {
                "name": name,
                "rules": str(rules),
                "cpn": cpn,
                "start": build_view(start),
                "steps": steps,
            }
            if text is not None:
                game["t"] = text
                counts["moves"] += len(steps)
            out.write(json.dumps(game, separators=(",", ":")) + "\n")
            counts["seeds"] += [s["v"]["cpn"] for s in steps[::17] + steps[-1:] if s["v"]["cpn"]]
            counts["games"] += 1
            counts["decisions"] += len(steps)
    return counts


def any_char(rng: random.Random, top: int = 0x110000) -> str:
    """A random character this Python's Unicode knows, or a noncharacter (unassigned in every
    version): the engine escapes unassigned characters in messages (repr), and Node's newer
    Unicode tables know some that Python's do not; no surrogates, which a JavaScript string
    holding two of them reads as one character (see docs/widget.md)."""
    while True:
        ch = chr(rng.randrange(top))
        if unicodedata.category(ch) not in ("Cn", "Cs") or ch in NONCHARACTERS:
            return ch


NONCHARACTERS = "\ufdd0\ufdef\ufffe\uffff\U0010ffff"


def hostile_text(rng: random.Random) -> str:
    """Like test_fuzz_hostile.HOSTILE_TEXT: any text, notation-like text, long repeats."""
    pick = rng.randrange(4)
    if pick == 0:
        return "".join(
            rng.choice([chr(rng.randrange(32, 127)), any_char(rng), rng.choice(NONCHARACTERS)])
            for _ in range(rng.randrange(12))
        )
    if pick == 1:
        alphabet = 'TBDWSXCFtbabcd1234@~:,grow pas\\{}()[]"<>&\n\t \u2028\u00a0\x85'
        return "".join(rng.choice(alphabet) for _ in range(rng.randrange(40)))
    if pick == 2:
        return "".join(any_char(rng, 0x3000) for _ in range(rng.randint(1, 8))) * rng.randint(
            1, 2000
        )
    return rng.choice(
        [
            "",
            " ",
            "pass ",
            " pass",
            "B@b2",
            "b@b2",
            "ſ@b2",
            "grow:",
            "grow:b2,a1",
            "grow:a1,a1",
            "a1~a1",
            "c3~a1",
            "a1~b1~c1",
            "x@d3",
            "T@e5",
            "d4",
            "T@",
            "@",
        ]
    )


def cpn_like(rng: random.Random) -> str:
    """Like test_notation.cpn_like: CPN-shaped text with wrong pieces."""

    def cell() -> str:
        pick = rng.randrange(3)
        if pick == 0:
            return "."
        if pick == 1:
            return "".join(rng.choice("TBDWSXCFtbdwsxcf") for _ in range(rng.randint(1, 4)))
        return "".join(rng.choice("TtQ.,") for _ in range(rng.randrange(4)))

    rows = "/".join(
        ",".join(cell() for _ in range(rng.choice([3, 4, 4, 4, 5])))
        for _ in range(rng.choice([2, 3, 3, 3]))
    )
    side = rng.choice(["g", "p", "G", "x"])
    phase = rng.choice(["s", "2", "1", "L", "#", "x", "3", ""])
    burned = rng.choice(
        ["0-0", "1-2", "12-0", "0-13", "-1", "a-b", "3", "007-0", "0-\u0663", "0-\u00b2"]
    )
    return f"{rows} {side} {phase} {burned}"


# Where Python's str.strip and JavaScript's trim disagree, and characters both strip.
EDGES = "\x1c\x1d\x1e\x1f\x85\ufeff\u200b\u00a0\u3000\u2028 \t\n"


def padded(rng: random.Random, text: str) -> str:
    """``text`` with odd whitespace (or not-quite whitespace) around it."""
    return rng.choice(EDGES) * rng.randint(0, 2) + text + rng.choice(EDGES) * rng.randint(0, 2)


def mutate(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(chars) + 1)
        op = rng.randrange(3)
        if op == 0 and chars[i:]:
            del chars[i]
        elif op == 1:
            chars.insert(i, rng.choice("TBDWSXCFtbdwsxcf.,/ -0123gpsL#x\t\u3000"))
        elif chars[i:]:
            chars[i] = rng.choice("TBDWSXCFtbdwsxcf.,")
    return "".join(chars)


RULES_PARTS = (
    "wolf-1", "power-all", "counts=T10", "counts=T1,B99", "counts=t3", "counts=T", "counts=T3,T4",
    "wolf-2", "", "standard", "counts=Z1", "counts=", "counts=T\u0663", "counts=\u017f1",
)  # fmt: skip


# ints beyond 2**53 that a JavaScript number holds exactly, or of more than 64 bits (the
# engine names those by their size, so the nearest number reads the same)
BIG_NUMBERS = (2**53, 2**60, -(2**63), 2**64, -(10**20), 10**30)
# ints a JavaScript number cannot hold: the page's rules get them as bigints
BIG_INTS = (10, -1, 2**53 + 1, -(2**63) + 1, 2**64 + 3, 10**30 + 7)


def number(rng: random.Random, position: Position) -> int | float | bool:
    """A decision given as a number (issue #36 item 12): a legal or illegal int code, a
    float (never integer-valued: JavaScript has one number type, so ``1.0`` reaches the
    page as the int code 1; ``-0.0`` stays a float there), or a bool."""
    legal = [position.parse_decision(text).code for text in position.legal_texts()]
    return rng.choice(
        [
            rng.choice(legal or [0]),
            rng.randint(-50, 5000),
            rng.choice(BIG_NUMBERS),
            rng.randint(-4000, 4000) + rng.choice([0.5, 0.25, -0.75]),
            -0.0,
            rng.choice([True, False]),
        ]
    )


def bigint_cases() -> list[dict]:
    """Int codes as bigints (their digits in ``text``, ``bigint`` true), a legal one too,
    with the engine's answers (issue #36 item 12)."""
    position = Position.start()
    legal = [position.parse_decision(text).code for text in position.legal_texts()]
    return [
        {
            "legal": position.is_legal(code),
            "what": "decision",
            "cpn": position.cpn(),
            "rules": str(position.rules),
            "text": str(code),
            "bigint": True,
            **_answer(lambda code=code: str(position.parse_decision(code))),
        }
        for code in [*BIG_INTS, *legal[:1]]
    ]


def write_hostile(folder: Path, rng: random.Random, seeds: list[str], count: int) -> int:
    """Hostile CPN, rules and decision text with the engine's answers; return how many."""
    cases = []
    variants = list(VARIANTS) + ["counts=T25", "counts=T0,B0,D0,W0,S0,X0,C0,F0", "wolf-2"]
    for i in range(count):
        rules_text = rng.choice(variants)
        pick = i % 5
        if pick == 0:
            text = hostile_text(rng)
        elif pick == 1:
            text = cpn_like(rng)
        elif pick == 2:
            text = mutate(rng, rng.choice(seeds))
        elif pick == 3 and rng.random() < 0.5:
            text = padded(rng, rng.choice(seeds))
        elif pick == 3:
            digits = rng.choice(["1", "0", "9", "\u0663", "\u00b2"]) * rng.randint(1, 6000)
            text = f".,.,.,./.,.,.,./.,.,.,. g 2 0-{digits}"
        else:
            text = rng.choice(seeds)

        def read(text=text, rules_text=rules_text):
            p = Position.from_cpn(text, rules_text)
            return p.cpn() + " | " + " ".join(p.legal_texts())

        cases.append({"what": "cpn", "text": text, "rules": rules_text, **_answer(read)})
    for _ in range(count // 5):
        parts = "+".join(rng.choice(RULES_PARTS) for _ in range(rng.randint(1, 3)))
        text = rng.choice([hostile_text(rng), parts, padded(rng, parts)])
        cases.append({"what": "rules", "text": text, **_answer(lambda t=text: str(Rules.parse(t)))})
    for _ in range(count):
        cpn, rules_text = rng.choice(seeds), rng.choice(VARIANTS)
        try:
            position = Position.from_cpn(cpn, rules_text)
        except CernunosError:
            continue
        text = rng.choice(
            [
                hostile_text(rng),
                rng.choice(position.legal_texts() or ["pass"]),
                rng.choice(CELL_NAMES),
                padded(rng, rng.choice(position.legal_texts() or ["pass"])),
                mutate(rng, "B@b2"),
                f"{rng.choice(LETTERS)}@{rng.choice(CELL_NAMES)}",
                number(rng, position),
            ]
        )
        cases.append(
            {
                "legal": position.is_legal(text),
                "what": "decision",
                "cpn": cpn,
                "rules": rules_text,
                "text": text,
                **_answer(lambda p=position, t=text: str(p.parse_decision(t))),
            }
        )
    cases += bigint_cases()
    (folder / "hostile.json").write_text(json.dumps(cases), encoding="utf-8")
    return len(cases)


def write_vectors(
    folder: Path, seed: int = 21, games: int = 1000, decisions: int = 100_000, hostile: int = 3000
) -> dict:
    """Write games.jsonl and hostile.json into ``folder``; return the counts."""
    rng = random.Random(seed)
    counts = write_games(folder, rng, games, decisions)
    seeds = [cpn for cpn, _ in counts.pop("refused_boards")] + counts.pop("seeds")
    counts["hostile"] = write_hostile(folder, rng, seeds, hostile)
    variants = {
        str(rules): {
            "describe": rules.describe(), "describe_fr": rules.describe("fr"),
            "zones": zone_table(rules),
        }
        for rules in map(Rules.parse, VARIANTS)
    }
    (folder / "variants.json").write_text(json.dumps(variants), encoding="utf-8")
    return counts


if __name__ == "__main__":
    print(write_vectors(Path(sys.argv[1])))
