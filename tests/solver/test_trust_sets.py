"""The committed position sets of issue #11 come from their seeded scripts."""

import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import make_critical  # noqa: E402
import make_sets  # noqa: E402
import sets  # noqa: E402

from cernunos_widget.engine import Position  # noqa: E402


def test_the_openings_are_the_first_of_their_seeded_procedure():
    made = [p.cpn() for p in sets.openings(make_sets.OPENING_SEED, 6)]
    assert made == make_sets.read_set("openings")[:6]
    assert len(make_sets.read_set("openings")) == 50 == len(set(make_sets.read_set("openings")))


def test_a_stored_strong_game_is_what_its_seed_plays():
    stored = sets._cached()
    seed = make_sets.MIDGAME_SEED
    assert sets.play_strong_game(seed) == stored[seed]


def test_the_midgames_are_the_first_of_their_seeded_procedure():
    made = [p.cpn() for _, p in zip(range(3), sets.midgames(make_sets.MIDGAME_SEED, 3),
                                    strict=False)]
    committed = make_sets.read_set("midgames")
    assert made == committed[:3] and len(committed) == 100
    assert all(20 <= sets.reserves(Position.from_cpn(c)) <= 36 for c in committed)


def test_the_first_critical_positions_are_proven_as_committed():
    rows = [line.split("\t") for line in make_critical.OUT.read_text().splitlines()
            if not line.startswith("#")]
    assert len(rows) >= 100
    first_game = int(rows[0][3])
    found = []
    for game in range(first_game + 1):
        for p in make_critical.candidates(game):
            answer = make_critical.critical(p)
            if answer:
                found.append([p.cpn(), answer[0], " ".join(answer[1]), str(game)])
    assert found[:1] == rows[:1]
    for cpn, outcome, keeping, _game in rows:
        p = Position.from_cpn(cpn)
        assert 7 <= sets.reserves(p) <= 10 and outcome in ("win", "draw", "loss")
        assert 0 < len(keeping.split()) < len(p.option_codes)
