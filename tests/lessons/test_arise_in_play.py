"""The lessons' positions against play (issue #35 item 8): most exercises are teaching
positions, a few tokens on an empty board that no game reaches (the counts of tokens each
player has put out of the reserve do not match the turns played). docs/lessons.md says so,
exercise by exercise, and why; this test keeps that list true (a new exercise that no game
reaches fails here until the page says why)."""

from __future__ import annotations

import re
from pathlib import Path

from cernunos_widget.lessons import load

DOCS = Path(__file__).resolve().parents[2] / "docs" / "lessons.md"


def out_of_reserve(cpn: str) -> dict[str, tuple[int, int]]:
    """Per player (g, p): (Trees, other tokens) out of the reserve: on the board or burned."""
    rows, _side, _phase, burned = cpn.split(" ")
    counts = {"g": [0, 0], "p": [0, 0]}
    for letter in rows:
        if letter.isalpha():
            counts["g" if letter.isupper() else "p"][letter.upper() != "T"] += 1
    for player, count in zip("gp", burned.split("-"), strict=True):
        counts[player][0] += int(count)  # only Trees burn
    return {player: (trees, others) for player, (trees, others) in counts.items()}


def placements(side: str, phase: str, turns: int) -> dict[str, int]:
    """The placements each player has made when ``side`` is at ``phase`` after ``turns``
    full turns each (Green first, two placements a turn: R-1, R-13)."""
    done = 1 if phase == "1" else 0
    if side == "g":
        return {"g": 2 * turns + done, "p": 2 * turns}
    return {"g": 2 * turns + 2, "p": 2 * turns + done}


def could_arise(cpn: str) -> bool | None:
    """False when no game reaches ``cpn``'s counts; None when not checked (the final
    placement, a game over). Each placement takes one token out of the reserve; only growth
    (R-14, R-19: a Tree on top activating) takes more, and only Trees; nothing puts a token
    back (R-7). So each player's non-Trees <= its placements <= its tokens out, and no token
    is out before its first placement."""
    _rows, side, phase, _burned = cpn.split(" ")
    if phase not in "s21":
        return None
    out = out_of_reserve(cpn)
    for turns in range(13):
        made = placements(side, phase, turns)
        if all(
            out[x][1] <= made[x] <= sum(out[x]) and (made[x] > 0 or sum(out[x]) == 0)
            for x in "gp"
        ):
            return True
    return False


def test_the_check_tells_a_played_position_from_a_teaching_one():
    assert could_arise(".,.,.,./.,.,.,./.,.,.,. g 2 0-0")  # the start
    assert could_arise("B,.,.,./.,.,.,./.,.,.,. g 1 0-0")  # Green's first placement made
    assert could_arise(".,.,.,./.,.,.,./.,.,.,. g 1 0-0") is False  # made, with no token
    assert could_arise("TT,.,.,./.,t,t,./.,.,.,. g 2 0-0")  # a turn each
    assert could_arise("TT,.,.,./.,t,.,./.,.,.,. g 2 0-0") is False  # Purple placed one
    assert could_arise("TTT,.,.,./.,t,t,./.,.,.,. g 2 0-0")  # and a Tree grew
    assert could_arise("B,B,B,./.,t,t,./.,.,.,. g 2 0-0") is False  # 3 Boars, 2 placements
    assert could_arise("TT,.,.,./.,t,t,./.,.,.,. g L 0-0") is None  # not checked


def documented() -> set[str]:
    """The exercises docs/lessons.md lists as teaching positions (``name`` exercise ``n``)."""
    section = DOCS.read_text(encoding="utf-8").split("## Positions and play", 1)[1]
    section = section.split("\n## ", 1)[0]
    return {f"{name} {n}" for name, n in re.findall(r"^\| `([\w-]+)` \| (\d+) \|", section, re.M)}


def test_the_exercises_no_game_reaches_are_the_ones_the_docs_explain():
    unreachable = {
        f"{lesson.name} {n}"
        for lesson in load()
        for n, exercise in enumerate(lesson.exercises, start=1)
        if could_arise(exercise.cpn) is False
    }
    assert unreachable == documented()
