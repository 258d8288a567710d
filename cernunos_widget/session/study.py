"""A study being read on a session (issue #33): the chapter on the board and how it plays.

:class:`StudyRun` opens a chapter of a :class:`.study.Study` on a :class:`.Session` and
answers what the reader does there, by the chapter's mode (``docs/studies.md``):

- **normal**: the plain analysis board on the chapter's tree. The session's game *is* the
  chapter's game: a teacher writes a chapter by playing and commenting on the board.
- **interactive** (the gamebook): the main line is what the student must find. The board
  stands on a main-line node (:attr:`StudyRun.node`); every decision whose decider (R-27)
  is the student's side (:attr:`.Chapter.side`) is theirs, the other side's decisions (its
  placements and the effect choices it makes, R-27) are the board's: ``waiting`` in the
  state, the page plays them after a short pause (an ``advance``, one decision at a time,
  each animated). The comment on the node before a student decision is the *question*; a
  ``[%hint text]`` at its start is taken out of it and shown on request (without one, a
  :func:`clue` from the main line's decision is). A try:

  - the main line's decision: accepted (``right``), its node's comment shown, the board's
    replies follow;
  - the first decision of a variation whose first node has the glyph ``!`` ("also good"):
    accepted (``good``), the variation's comment shown, and the board goes back to the main
    line: the main line's decision is played;
  - the first decision of another variation: ``answer``, the author's explanation shown
    (the variation's first comment along its line) with the variation's further moves
    (``line``), one wrong try more, the board stays at the question;
  - any other legal decision: ``wrong`` ("not the move here: try again"), one wrong try
    more, the board stays at the question; an illegal one is refused with the engine's
    reason.

  Nothing a reader tries changes the author's tree: the session plays on a copy of the
  chapter's game (:func:`copy_of`, the same node ids as the chapter read from its text), and
  a try is only ever a walk along it. The end of the main line: solved (``done``), with the
  count of wrong tries; the chapter is counted solved.
- **practice**: the reader plays the student's side from the chapter's start against the
  engine (:mod:`.practice`: perfect play in a small endgame, the engine's search elsewhere),
  on a game of the chapter's start alone (the author's moves are not shown). A try is a
  decision at the practice's node (:attr:`StudyRun.node`, the end of the line played); the
  engine's decisions are the board's (``waiting``, an ``advance`` each, as in the
  gamebook). After each decision the chapter's ``[Goal]`` is judged for the student
  (``verdict``: solved, the chapter is counted solved; failed, with the reasons in both
  languages); a chapter without a goal is won by winning the game. Retry starts again.
- **conceal**: a copy of the tree; the moves after the main line's ``revealed`` ply are
  hidden until the reader reaches the next main-line node (playing it or walking to it) or
  asks (``reveal``).

Plain Python: the widget calls it, and so may a script. ``js/studyplay.js`` does the same in a
page with no kernel, checked against this module by ``tests/js/make_study_vectors.py``.
"""

from __future__ import annotations

import hashlib
import os
import re

from ..i18n import refusal
from ..record.tree import Game, GameNode
from ..study import Chapter, Study, StudyError
from . import practice
from .core import Session
from .page import full_state

MAX_LINE = 12  # a refuting variation's further moves shown at most
ALSO_GOOD = ("!", "!!")  # a variation starting with this glyph is another good answer
HINT = re.compile(r"\A\s*\[%hint\s+([^\]]*)\]\s*")
CELL = re.compile(r"[a-d][1-3]")
STUDY_TAGS = ("Chapter", "Mode", "Student", "Goal")  # a chapter's settings (record/tags.py)
ACTIONS = ("open", "next", "previous", "retry", "try", "advance", "reveal")


def split_hint(comment: str) -> tuple[str, str]:
    """A question's comment as (the question, the hint): a ``[%hint text]`` at its start is
    the hint ("" without one)."""
    found = HINT.match(comment)
    if found is None:
        return comment.strip(), ""
    return comment[found.end() :].strip(), found[1].strip()


def clue(decision: str) -> dict:
    """A question's hint when the author wrote none (``[%hint]``), from the main line's
    decision, as the lessons' hints point at a decision without giving it: the kind it
    places, else the first cell it names, else that it passes (the page words it)."""
    if "@" in decision:
        return {"token": decision.split("@", 1)[0]}
    found = CELL.search(decision)
    return {"cell": found[0]} if found else {"pass": True}


def copy_of(game: Game) -> Game:
    """The chapter's game as read from its text: a copy the reader's tries cannot change,
    its node ids those of the text (the page's copy has the same)."""
    return Game.parse(game.export())


def explanation(start: GameNode) -> str:
    """A variation's answer: its first node's comment, else the first comment along it."""
    node: GameNode | None = start
    while node is not None:
        if node.comment:
            return node.comment
        node = node.main_child()
    return ""


def further(start: GameNode) -> list[str]:
    """A refuting variation's moves after its first, along it (at most :data:`MAX_LINE`):
    how the author shows the try goes wrong, shown with the answer."""
    line: list[str] = []
    node = start.main_child()
    while node is not None and len(line) < MAX_LINE:
        line.append(node.decision_text)
        node = node.main_child()
    return line


class StudyRun:
    """Which chapter is on the board, where its gamebook stands, what is solved."""

    def __init__(self, study: Study) -> None:
        if not isinstance(study, Study):
            raise StudyError(f"a study is a Study (cernunos_widget.study), not {study!r:.60}")
        if not study.chapters:
            raise StudyError("this study has no chapter: a study file holds at least one game")
        self.study = study
        self.chapter = 0
        self.solved: list[int] = []
        self.node = 0  # the gamebook's node (interactive, practice), an id of the session's game
        self.feedback: dict | None = None  # the last try: kind, decision, text
        self.verdict: dict | None = None  # practice: the goal's verdict once not pending
        self.replied: dict | None = None  # practice: the engine's last decision, and how
        self.wrong = 0  # wrong tries in this chapter
        self.revealed = 0  # conceal: the main line is shown up to this ply
        self.authored = 0  # conceal: the copy's ids below this are the author's nodes
        self._opened = False  # a chapter is on the board (before: the board's game is not one)

    @property
    def current(self) -> Chapter:
        return self.study.chapters[self.chapter]

    # ------------------------------------------------------------------ chapters

    def open(self, session: Session, index: int) -> None:
        """Set chapter ``index`` (0-based) up on the board, from its start."""
        self.sync(session)
        chapter = self.study.chapters[self._index(index)]
        self.chapter, self.feedback, self.wrong, self.revealed = index, None, 0, 0
        self.verdict = self.replied = None
        self._opened = True
        if chapter.mode == "normal":
            session.replace_game(chapter.game)  # the board's edits are the chapter's
            return
        game = board_game(chapter)
        self.authored = game.next_id
        session.replace_game(game)
        session.goto(game.root)
        self.node = game.root.id
        self.revealed = 0  # nothing after the start shown (the board went to the end first)
        self._settle(session)

    def _index(self, index: object) -> int:
        """``index`` if it names a chapter, else a :class:`StudyError` saying which do."""
        count = len(self.study.chapters)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
            raise refusal(StudyError, "study.error.chapter", last=count - 1, asked=f"{index!r:.40}")
        return index

    def step(self, session: Session, by: int) -> None:
        """The chapter ``by`` places on (wrapping around): next (1) or previous (-1)."""
        self.open(session, (self.chapter + by) % len(self.study.chapters))

    def retry(self, session: Session) -> None:
        """The chapter again from its start, its wrong tries forgotten."""
        self.open(session, self.chapter)

    # ------------------------------------------------------------------ the gamebook

    def _gamebook(self, session: Session) -> GameNode:
        if self.current.mode not in ("interactive", "practice"):
            raise refusal(
                StudyError, "study.error.not_interactive", chapter=self.chapter,
                mode=self.current.mode,
            )  # fmt: skip
        return session.resolve(self.node)

    def done(self, session: Session) -> bool:
        """The interactive chapter's main line is played to its end; the practice judged."""
        if self.current.mode == "practice":
            return self.verdict is not None
        return self.current.mode == "interactive" and not session.resolve(self.node).children

    def waiting(self, session: Session) -> bool:
        """The board is to play the next decision (the other side's): the main line's, or
        the engine's in practice."""
        mode = self.current.mode
        if mode == "practice":
            position = session.resolve(self.node).position
            over = self.verdict is not None or position.is_over
            return not over and position.decider != self.current.side
        if mode != "interactive":
            return False
        node = session.resolve(self.node)
        return bool(node.children) and node.position.decider != self.current.side

    def try_decision(self, session: Session, decision: str) -> str:
        """Judge the student's ``decision`` at the gamebook's node; the feedback's kind
        (``right``, ``good``, ``answer``, ``wrong``). An illegal decision raises the engine's
        error; a try while the board is to play, or once solved, a :class:`StudyError`."""
        node = self._gamebook(session)
        if self.current.mode == "practice":
            return self._practice_try(session, node, decision)
        if not node.children:
            raise refusal(StudyError, "study.error.solved")
        if self.waiting(session):
            raise refusal(StudyError, "study.error.waiting")
        parsed = node.position.parse_decision(decision)  # IllegalDecisionError if illegal
        child = node.child_for(parsed.code)
        main = node.children[0]
        if child is main:
            self._accept(session, "right", child.decision_text, main.comment)
        elif child is not None and child.glyph in ALSO_GOOD:
            self._accept(session, "good", child.decision_text, explanation(child))
        elif child is not None:
            self._refuse(session, "answer", child.decision_text, explanation(child))
            self.feedback["line"] = further(child)
        else:
            self._refuse(session, "wrong", str(parsed), "")
        return self.feedback["kind"]

    def _practice_try(self, session: Session, node: GameNode, decision: str) -> str:
        """The student's decision in practice, played at the practice's node and judged;
        the verdict's status (``pending`` while the goal is not decided)."""
        if self.verdict is not None:
            raise refusal(StudyError, "study.error.practice_over")
        if node.position.is_over or self.waiting(session):
            raise refusal(StudyError, "study.error.waiting")
        parsed = node.position.parse_decision(decision)  # IllegalDecisionError if illegal
        self.node = session.play(str(parsed), node=node).id
        self._judge(session)
        return "pending" if self.verdict is None else self.verdict["status"]

    def _judge(self, session: Session) -> None:
        """Practice: the goal's verdict on the line played, once it is not pending."""
        found = practice.verdict(self.current, session.resolve(self.node))
        if found.status != "pending":
            self.verdict = found.to_data()
            if found.status == "solved" and self.chapter not in self.solved:
                self.solved = sorted([*self.solved, self.chapter])

    def _accept(self, session: Session, kind: str, decision: str, text: str) -> None:
        node = session.resolve(self.node)
        self.feedback = {"kind": kind, "decision": decision, "text": text}
        self.node = session.play(node.children[0].decision_text, node=node).id
        self._settle(session)

    def _refuse(self, session: Session, kind: str, decision: str, text: str) -> None:
        self.feedback = {"kind": kind, "decision": decision, "text": text}
        self.wrong += 1
        session.goto(self.node)  # back at the question

    def advance(self, session: Session, node: int | None = None) -> bool:
        """Play the board's next decision (the other side's) if the gamebook waits for it at
        ``node`` (default: wherever it stands); False (nothing done) otherwise: a page's
        second view asking for the same reply."""
        here = self._gamebook(session)
        if (node is not None and node != here.id) or not self.waiting(session):
            return False
        if self.current.mode == "practice":
            decision, how = practice.reply(here.position)
            self.replied = {"decision": decision, "by": how}
            self.node = session.play(decision, node=here).id
            self._judge(session)
            return True
        self.node = session.play(here.children[0].decision_text, node=here).id
        self._settle(session)
        return True

    def play_replies(self, session: Session) -> None:
        """Every decision the board is to play now (a script's try needs no page's pause)."""
        while self.advance(session):
            pass

    def _settle(self, session: Session) -> None:
        """Count the chapter solved once its gamebook is at the main line's end."""
        if self.done(session) and self.chapter not in self.solved:
            self.solved = sorted([*self.solved, self.chapter])

    # ------------------------------------------------------------------ conceal

    def reveal(self, session: Session) -> None:
        """Show the main line's next decision (conceal)."""
        if self.current.mode != "conceal":
            raise refusal(
                StudyError, "study.error.nothing_hidden", chapter=self.chapter,
                mode=self.current.mode,
            )  # fmt: skip
        self.revealed = min(self.revealed + 1, len(session.game.mainline()))

    def follow(self, session: Session) -> bool:
        """After any move of the board: a main-line node of the author's reached (conceal)
        is revealed. True if that shows more."""
        if self.current.mode != "conceal":
            return False
        node = session.node
        if node.id >= self.authored or not node.is_mainline() or node.ply <= self.revealed:
            return False
        self.revealed = node.ply
        return True

    # ------------------------------------------------------------------ author

    def edit(self, session: Session, index: int | None = None, **settings: object) -> None:
        """Set chapter ``index``'s (default: the current one) ``title``, ``mode`` or
        ``student`` (each checked, :class:`StudyError`); the current chapter is opened
        again in its new mode."""
        index = self._index(self.chapter if index is None else index)
        unknown = set(settings) - {"title", "mode", "student"}
        if unknown:
            named = ", ".join(sorted(unknown))
            raise StudyError(f"a chapter's settings are title, mode and student, not {named}")
        self.sync(session)
        chapter = self.study.chapters[index]
        before = chapter.mode
        for name, value in settings.items():
            setattr(chapter, name, value)
        if index == self.chapter and (chapter.mode != before or "student" in settings):
            self.open(session, index)

    def sync(self, session: Session) -> None:
        """In a normal chapter, the board's game is the chapter's: a game the board started
        meanwhile (a new position, a file opened) becomes the chapter's, with its tags."""
        chapter = self.current
        if not self._opened or chapter.mode != "normal" or session.game is chapter.game:
            return
        for tag in STUDY_TAGS:
            session.game.headers.pop(tag, None)
            if tag in chapter.game.headers:
                session.game.headers[tag] = chapter.game.headers[tag]
        chapter.game = session.game

    # ------------------------------------------------------------------ the page

    def state(self, session: Session) -> dict:
        """What the page shows (the widget's ``study_state``)."""
        chapter = self.current
        out: dict = {
            "chapter": self.chapter,
            "mode": chapter.mode,
            "side": chapter.side.title,
            "solved": list(self.solved),
            "wrong": self.wrong,
            "feedback": self.feedback,
        }
        if chapter.mode == "interactive":
            node = session.resolve(self.node)
            question, hint, hinted = ("", "", None)
            waiting = self.waiting(session)
            if node.children and not waiting:
                question, hint = split_hint(node.comment)
                hinted = None if hint else clue(node.children[0].decision_text)
            out.update(
                node=self.node, question=question, hint=hint, clue=hinted, waiting=waiting,
                done=not node.children,
            )  # fmt: skip
        elif chapter.mode == "practice":
            out.update(
                node=self.node, waiting=self.waiting(session), done=self.verdict is not None,
                verdict=self.verdict, reply=self.replied,
            )  # fmt: skip
        elif chapter.mode == "conceal":
            out.update(revealed=self.revealed, authored=self.authored)
        return out

    def chapters(self) -> list[dict]:
        """Each chapter's title, mode, student, side and goal (the page's chapter list)."""
        return [
            {
                "title": c.title,
                "mode": c.mode,
                "student": None if c.student is None else c.student.title,
                "side": c.side.title,
                "goal": None if c.goal is None else {**c.goal.to_data(), "text": dict(c.goal.text)},
            }
            for c in self.study.chapters
        ]


def board_game(chapter: Chapter) -> Game:
    """The game a chapter opens on the board (not a normal one: that is the chapter's own):
    a practice's start alone (:func:`.practice.practice_game`), else a copy of the tree."""
    return practice.practice_game(chapter) if chapter.mode == "practice" else copy_of(chapter.game)


def load_study(source: Study | str | os.PathLike) -> Study:
    """``source`` as a :class:`Study`: itself, or one read by :meth:`Study.load` (a path or
    a study's text)."""
    return source if isinstance(source, Study) else Study.load(source)


def study_data(run: StudyRun, trees: bool = False) -> dict:
    """The study as the page lists it (the widget's ``study_data``): each chapter's title,
    mode, student and side, and the key its reader's progress is kept under in a page.
    ``trees``: each chapter's tree too, as the board opens it (a page with no kernel plays
    them: :func:`.page.full_state` of the chapter's game, or of its copy, and its next id)."""
    digest = hashlib.sha256(run.study.text().encode("utf-8")).hexdigest()[:16]
    chapters = run.chapters()
    if trees:
        for entry, chapter in zip(chapters, run.study.chapters, strict=True):
            game = chapter.game if chapter.mode == "normal" else board_game(chapter)
            tree = full_state(Session(game))
            entry["tree"] = {k: tree[k] for k in ("nodes", "views", "start", "headers")}
            entry["next"] = game.next_id
    return {"key": digest, "chapters": chapters}
