"""The command line's contract (issue: output formats other tools rely on)."""

import shutil
import subprocess
import sys

import pytest
from cpn_builder import cpn

START = ".,.,.,./.,.,.,./.,.,.,. g 2 0-0"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cernunos_widget", *args], capture_output=True, text=True, timeout=60
    )


def test_the_cernunos_script_is_installed():
    exe = shutil.which("cernunos")
    assert exe is not None
    out = subprocess.run([exe, "play", "B@b2"], capture_output=True, text=True, timeout=60)
    assert (out.returncode, out.stdout) == (0, cpn({"b2": "B"}, "g", "1") + "\n")


def test_play_prints_the_resulting_cpn():
    out = run("play", "B@b2", "B@b3")
    assert (out.returncode, out.stdout, out.stderr) == (0, ".,B,.,./.,.,.,./.,B,.,. p 2 0-0\n", "")


def test_play_without_decisions_prints_the_start():
    assert run("play").stdout == START + "\n"


def test_play_from_a_cpn_and_decisions_in_one_argument():
    out = run("play", "--from", cpn({"a1": "t", "b2": "T"}), "B@b1 a1")
    assert out.stdout == cpn({"b1": "B", "b2": "T", "d1": "t"}, "g", "1") + "\n"


def test_play_stops_at_a_growth_choice_with_its_cpn():
    start = cpn({"a1": "T", "d3": "T"}, "p", "1", "9-0")
    out = run("play", "--from", start, "D@c2")
    assert (out.returncode, out.stdout) == (
        0,
        cpn({"a1": "T", "d3": "T", "c2": "d"}, "g", "s", "9-0") + "\n",
    )


def test_play_with_a_pending_effect_choice_exits_3():
    out = run("play", "--from", cpn({"a1": "bT", "a2": "D"}), "C@b1")
    assert out.returncode == 3 and out.stdout == ""
    assert out.stderr == "pending: p chooses boar-target: b1 a2\n"


@pytest.mark.parametrize("token", ["B@b9", "Z@a1", "c3~a1"])
def test_play_with_a_malformed_decision_exits_2_naming_it_and_the_options(token):
    out = run("play", token)
    assert out.returncode == 2 and out.stdout == ""
    assert repr(token) in out.stderr and "T@a1 T@b1" in out.stderr


def test_play_with_an_illegal_decision_exits_2_listing_the_options():
    out = run("play", "--from", cpn({"a1": "t", "b2": "T"}), "B@b1", "c1")
    assert out.returncode == 2
    assert "illegal decision 'c1'" in out.stderr and out.stderr.rstrip().endswith("legal: a1 b2")


def test_play_with_a_malformed_cpn_exits_2():
    out = run("play", "--from", "nonsense")
    assert out.returncode == 2 and "bad CPN 'nonsense'" in out.stderr


def test_play_with_an_r8_breaking_cpn_exits_2():
    out = run("play", "--from", cpn({"a1": "BBBB"}))
    assert out.returncode == 2 and "R-8" in out.stderr


def test_legal_lists_options_one_per_line_in_listing_order():
    out = run("legal", "--from", cpn({"b1": "t", "a2": "D", "b2": "B"}), "X@a1")
    assert (out.returncode, out.stdout) == (0, "b1~a2\nb1~b2\na2~b2\n")
    lines = run("legal").stdout.splitlines()
    assert len(lines) == 96 and lines[0] == "T@a1" and lines[-1] == "F@d3"


def test_legal_is_empty_when_the_game_is_over():
    out = run("legal", "--from", cpn({"a1": "T"}, "g", "#"))
    assert (out.returncode, out.stdout) == (0, "")


def test_result_formats():
    assert run("result", START).stdout == "ongoing\n"
    assert (
        run("result", cpn({"a1": "T", "c1": "t"}, "g", "#", "1-3")).stdout == "green 1-1 1-1 1-3\n"
    )
    assert (
        run("result", cpn({"a1": "T", "c1": "t"}, "g", "#", "2-2")).stdout == "draw 1-1 1-1 2-2\n"
    )
    assert run("result", cpn({"a1": "T"}, "g", "x")).stdout == "purple forfeit\n"


def test_result_of_a_bad_cpn_exits_2():
    out = run("result", "x y z")
    assert out.returncode == 2 and "bad CPN" in out.stderr


def test_show_draws_the_position():
    out = run("show", cpn({"b2": "Tt"}, "p", "1", "1-0"))
    assert out.returncode == 0
    assert "T[t]" in out.stdout and "Purple places a token" in out.stdout
    assert "Burned Trees: Green 1, Purple 0" in out.stdout
