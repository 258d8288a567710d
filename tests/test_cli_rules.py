"""``--rules`` on every command (RULES.md D-10): the variant in play, bad rules exit 2."""

import pytest
from cpn_builder import cpn

from cernunos_widget.cli import main

# Green's Wolf on a1 and Purple's two Trees on c3, two diagonal steps away (R-6, D-1).
WOLF_CPN = cpn({"a1": "W", "c3": "tt"}, "g", "2")
ELEVEN_TREES = cpn({"a1": "TTTTTTTTTTT"}, "p", "2")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as e:  # argparse refuses its arguments this way
        code = e.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_legal_follows_the_variant(capsys):
    code, standard, _ = run(capsys, "legal", "--from", WOLF_CPN)
    assert code == 0 and "B@c3" in standard.split()  # power 1 - 1 = 0
    code, variant, _ = run(capsys, "legal", "--from", WOLF_CPN, "--rules", "wolf-1")
    assert code == 0 and "B@c3" not in variant.split()  # the Wolf no longer reaches c3


def test_play_under_counts_and_the_default_is_standard(capsys):
    assert run(capsys, "play", "--rules", "standard", "B@b2")[:2] == (
        0,
        cpn({"b2": "B"}, "g", "1") + "\n",
    )
    code, out, _ = run(capsys, "play", "--rules", "counts=T1,B0,D0,W0,S0,X0,C0,F0", "T@a1")
    assert (code, out) == (0, cpn({"a1": "T"}, "p", "L") + "\n")  # Green is out


def test_result_and_show_check_r8_against_the_variant_counts(capsys):
    assert run(capsys, "result", ELEVEN_TREES)[:2] == (0, "ongoing\n")
    code, out, err = run(capsys, "result", ELEVEN_TREES, "--rules", "counts=T10")
    assert code == 2 and out == ""
    assert "owns only 10 under the rules 'counts=T10'" in err
    code, out, _ = run(capsys, "show", ELEVEN_TREES, "--rules", "counts=T11+power-all")
    assert code == 0
    assert "Rules: power-all+counts=T11" in out and "Green   reserve: Bx3" in out


def test_solve_takes_the_rules(capsys):
    code, out, err = run(capsys, "solve", "--rules", "wolf-1", "--time", "0.3")
    assert code == 0 and out.strip(), err


@pytest.mark.parametrize("command", ["play", "legal", "result", "show", "solve"])
def test_bad_rules_exit_2_naming_what_is_accepted(capsys, command):
    args = [command, "--rules", "wolf-3"]
    if command in ("result", "show"):
        args.append(cpn({}, "g", "2"))
    code, out, err = run(capsys, *args)
    assert (code, out) == (2, "")
    assert "unknown rules part 'wolf-3'" in err and "'power-all'" in err
