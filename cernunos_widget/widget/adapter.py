"""The Jupyter widget: a thin adapter between a :class:`.Session` and the page.

The page sends one request per user action and gets one reply carrying what changed (see
:mod:`.protocol`); changes made from Python or by a background job arrive as patches.  The
whole tree reaches the ``tree`` trait only at the end of a cell's Python call (and when a
page asks for the full state), never on a click, so a saved or nbclient-executed notebook
keeps every board while a click costs only the new node.  ``docs/widget.md`` has the design.
"""

from __future__ import annotations

import logging
import os
import threading
import weakref
from pathlib import Path
from typing import IO, Any

import anywidget
import traitlets

from ..engine import CernunosError, Position, Rules
from ..engine.icons import COLORS, ICONS
from ..i18n import check_language, message, refusal
from ..record.tree import Game, GameNode
from ..session import gamefiles, page
from ..session.core import Change, Job, NoAnalysisLineError, NodeRef, Session
from ..session.lesson import LessonRun
from ..session.packed import pack_state
from ..session.solver_gate import require_solver
from ..session.study import StudyRun, load_study, study_data
from ..session.view import KIND_NAMES
from .assets import css, esm
from .protocol import Request, RequestError, acts_on_game, merge, parse_request, request_id

_log = logging.getLogger(__name__)


class CernunosWidget(anywidget.AnyWidget):
    """An analysis board for Cernunos.

    >>> w = CernunosWidget()                    # the start position
    >>> w = CernunosWidget(cpn="... g 2 0-0")   # or a position, or a Game
    >>> w.play("B@b2 B@b3"); w.back(); w.cpn
    """

    _esm = esm()
    _css = css()

    tree = traitlets.Dict().tag(sync=True)  # the full state; see the module docstring
    icons = traitlets.Dict(ICONS).tag(sync=True)
    colors = traitlets.Dict(COLORS).tag(sync=True)
    kind_names = traitlets.Dict(KIND_NAMES).tag(sync=True)
    zones = traitlets.Dict().tag(sync=True)  # kind -> cell -> zone, computed once
    overlay = traitlets.Bool(False)  # the power overlay (carried in the tree's settings)
    # the language the board speaks, "en" or "fr" (carried in the tree's settings too)
    language = traitlets.Unicode("en").tag(sync=True)
    engine = traitlets.Unicode("auto")  # the Analyse button's search
    memory_mb = traitlets.Float(512.0)  # the most an MCTS tree may take (MiB)
    # how many threads every analysis the widget starts searches with (None: every core);
    # the page's select asks for it with a ``threads`` request, the kernel decides
    threads = traitlets.Any(None).tag(sync=True)
    # moves animated on the board (js/motion.js); the system's reduced-motion wish wins
    motion = traitlets.Bool(True).tag(sync=True)
    # Small synced values that follow the board, whoever moved it (a click, Python, a job):
    # hosts that re-run code on a trait change (marimo's mo.ui.anywidget(w).value,
    # w.observe) see every move. Written by the kernel only; the page never sets them.
    node_id = traitlets.Int(0).tag(sync=True)  # the current node's id
    current_cpn = traitlets.Unicode("").tag(sync=True)  # its CPN ("" inside an effect)
    revision = traitlets.Int(0).tag(sync=True)  # counts changes of the tree or the node
    # The revision the page shows, which the page reports back: marimo re-runs the cells that
    # read the board only on a change coming from the page (not echoed to other views).
    shown_revision = traitlets.Int(0).tag(sync=True, echo_update=False)
    # The lessons (w.lesson(name); session/lesson.py): the course's data, sent once, and
    # where the course stands (lesson, exercise, verdict, progress). Empty: no lesson.
    course = traitlets.List().tag(sync=True)
    lesson_state = traitlets.Dict().tag(sync=True)
    # Puzzle mode (w.puzzle()): the set as the puzzle picker lists it (id, rating, themes),
    # sent once a set; where the run stands rides in the tree's ``puzzle`` key.
    puzzle_list = traitlets.List().tag(sync=True)
    # A study (w.study(path); session/study.py): its chapters as the panel lists them, sent
    # when they change, and where the reader stands (chapter, gamebook). Empty: no study.
    study_data = traitlets.Dict().tag(sync=True)
    study_state = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        position: Position | None = None,
        *,
        cpn: str | None = None,
        game: Game | str | None = None,
        rules: Rules | str | None = None,
        overlay: bool = False,
        language: str = "en",
        **kwargs: Any,
    ) -> None:
        check_language(language)
        if sum(x is not None for x in (position, cpn, game)) > 1:
            raise ValueError("give at most one of position, cpn and game")
        if isinstance(game, str):
            game = Game.parse(game, rules=rules)
        elif game is None:
            start = Position.from_cpn(cpn, rules=rules) if cpn is not None else position
            game = Game(start, rules=rules)
        self._session = Session(game, language)
        self._collect: dict | None = None  # a request's patch, while it is handled
        self._collect_thread: int | None = None
        self._dirty = False
        self._puzzle = None  # a PuzzleRun in puzzle mode (puzzles/play.py)
        self.message = ""  # the last refusal of a page request (the page shows it too)
        self._lesson: LessonRun | None = None  # the lesson open on the board
        self._course_run: LessonRun | None = None  # the course's progress, once a lesson opened
        self._puzzles_solved = 0  # puzzles solved on this board, kept across modes
        self._puzzles_solved_ids: list[str] = []
        self._study: StudyRun | None = None
        super().__init__(overlay=overlay, language=language, zones=page.zones(game.rules), **kwargs)
        self.tree = self._full_state()
        self._follow()
        self._session.subscribe(self._on_change)
        self.on_msg(self._on_page_message)
        _track(self)

    # ------------------------------------------------------------------ Python API

    @property
    def session(self) -> Session:
        """The session behind the board (the game, the current node, the jobs)."""
        return self._session

    @property
    def game(self) -> Game:
        """The variation tree (``w.game.export()`` gives its text)."""
        return self._session.game

    @game.setter
    def game(self, game: Game | str) -> None:
        self._session.replace_game(
            Game.parse(game, rules=self.rules) if isinstance(game, str) else game
        )

    @property
    def rules(self) -> Rules:
        """The rules of the game on the board (D-10); a new game or position keeps them."""
        return self._session.game.rules

    def load_games(self, source: str | os.PathLike | IO, index: int = 0) -> Game:
        """Replace the tree by game ``index`` of a ``.cgn`` file (a path, or an open stream:
        ``io.StringIO(text)`` for text); returns the previous tree. A bad file raises
        :class:`.GameFileError` (with its line) and changes nothing."""
        return gamefiles.load_games(self._session, source, index)

    def save_game(self, path: str | os.PathLike, *, append: bool = False) -> int:
        """Write the tree, with its headers, to the ``.cgn`` file ``path`` (atomically;
        ``append=True`` adds it after the games there). Tags the tree contradicts (a
        ``[Result]`` after its end was deleted) raise :class:`.GameFileError`:
        ``cernunos_widget.record.files.fill_result(w.game)`` sets them from the main line."""
        return gamefiles.save_game(self._session, path, append=append)

    def setup(self, cpn: str) -> Game:
        """Start a new game tree at the position ``cpn``; returns the previous tree."""
        return self._session.replace_game(Game(Position.from_cpn(cpn, rules=self.rules)))

    @property
    def node(self) -> GameNode:
        """The current node of the tree."""
        return self._session.node

    @property
    def current(self) -> int:
        """The current node's id."""
        return self._session.node.id

    @property
    def position(self) -> Position:
        """The position at the current node."""
        return self._session.position

    @property
    def cpn(self) -> str:
        """The CPN of the current position ("" in the middle of an effect)."""
        p = self.position
        return p.cpn() if p.at_boundary else ""

    @property
    def analysis(self) -> dict:
        """The latest analysis: node, status, engine and the best lines."""
        return self._session.analysis

    @property
    def review_status(self) -> dict:
        """The latest game review's progress."""
        return self._session.review_state

    def play(self, decisions: str) -> GameNode:
        """Play space-separated decisions (their texts) from the current node (branching if new).
        In a lesson the try is judged (:meth:`lesson`): a wrong one goes back to the start.
        In an interactive or practice chapter of a study (:meth:`study`) each decision is the
        student's try, judged as the page's, and the board's replies (the engine's in
        practice) are played at once."""
        if self._interactive():
            for decision in decisions.split():
                self._study.play_replies(self._session)
                self._study.try_decision(self._session, decision)
                self._study.play_replies(self._session)
                self._emit_study()
            return self._session.node
        node = self._session.play(decisions)
        self._judge_lesson()
        return node

    def lesson(self, name: str, exercise: int = 1, language: str | None = None) -> dict:
        """Play lesson ``name`` of the course (``cernunos_widget.lessons``) from exercise
        ``exercise`` (1-based): its position on the board, its goal, hint and explanation in
        a panel (``language``: "en" or "fr", sets the board's; default: the board's), each
        try judged by the
        engine; returns :attr:`lesson_state` (``solved``: each lesson's solved exercises,
        0-based). A puzzle in progress closes (one mode at a time)."""
        from ..lessons import LessonError

        if isinstance(exercise, bool) or not isinstance(exercise, int):
            raise LessonError(f"exercise is a number (1, 2 ...), not {exercise!r}")
        if language is not None:
            self.language = language  # one language per board: the panel speaks the board's
        if self._course_run is None:  # kept when another mode closes the lesson: its progress
            self._course_run = LessonRun(self.language)
        self._course_run.set_language(self.language)
        self._close_modes(keep_course=True)  # one mode at a time: the puzzle's bar goes
        if not self.course:
            self.course = self._course_run.course()
        self._course_run.open(self._session, name, exercise - 1)
        self._lesson = self._course_run
        self.lesson_state = self._lesson.state()
        return self.lesson_state

    def _close_modes(self, keep_course: bool = False) -> None:
        """Close the lesson's panel, the puzzle's bar and the study's panel (a mode opening
        replaces them, #35 item 7); the course's progress and the puzzles solved stay with
        the board (``keep_course``: the course's data stays on the page too)."""
        self._close_study()
        if self._puzzle is not None:
            self._puzzles_solved = self._puzzle.solved
            self._puzzles_solved_ids = list(self._puzzle.solved_ids)
        self._puzzle = None
        self._lesson = None
        self.lesson_state = {}
        if not keep_course:
            self.course = []

    def study(self, source, chapter: int = 0, language: str | None = None) -> dict:
        """Open a study (a :class:`.study.Study`, a ``.cgn`` path or a study's text) at
        ``chapter`` (0-based): a panel lists its chapters, and each plays by its mode
        (``docs/studies.md``): normal (the board's edits are the chapter's game), conceal,
        interactive (a gamebook judged here). ``language`` sets the board's. Closes a lesson
        or a puzzle. Returns :attr:`study_state`."""
        run = StudyRun(load_study(source))
        if language is not None:
            self.language = language
        self._close_modes()  # one mode at a time (#35 item 7)
        run.open(self._session, chapter)
        self._study = run
        self._emit_study(chapters=True)
        return self.study_state

    @property
    def current_study(self):
        """The study open on the board (a :class:`.study.Study`, its normal chapters' games
        as the board edited them), or None."""
        if self._study is None:
            return None
        self._study.sync(self._session)
        return self._study.study

    def edit_chapter(self, chapter: int | None = None, **settings) -> dict:
        """Set a chapter's ``title``, ``mode`` or ``student`` (default: the current
        chapter's; each checked, :class:`.StudyError`); the chapter on the board plays
        in its new mode at once. Returns :attr:`study_state`."""
        self._require_study().edit(self._session, chapter, **settings)
        self._emit_study(chapters=True)
        return self.study_state

    def save_study(self, path: str | os.PathLike) -> int:
        """Write the open study (with the board's edits) to the ``.cgn`` file ``path``,
        atomically; the number of chapters written."""
        self._require_study()
        return self.current_study.save(path)

    def _require_study(self) -> StudyRun:
        from ..study import StudyError

        if self._study is None:
            raise refusal(StudyError, "study.error.none")
        return self._study

    def _interactive(self) -> bool:
        """A study's chapter where a decision is the student's try (interactive, practice)."""
        return self._study is not None and self._study.current.mode in ("interactive", "practice")

    def _emit_study(self, chapters: bool = False) -> None:
        run = self._study
        with self.hold_sync():
            if chapters:
                self.study_data = study_data(run)
            self.study_state = run.state(self._session)

    def _close_study(self) -> None:
        if self._study is not None:
            self._study.sync(self._session)
            self._study = None
            self.study_data, self.study_state = {}, {}


    def _judge_lesson(self) -> None:
        if self._lesson is not None:
            self._lesson.judge(self._session)
            self.lesson_state = self._lesson.state()

    def back(self) -> GameNode:
        """Go back one decision (undo)."""
        return self._session.back()

    def forward(self) -> GameNode:
        """Go one decision forward along the main continuation."""
        return self._session.forward()

    def goto(self, node: GameNode | int) -> GameNode:
        """Go to a node (or a node id) of the tree."""
        return self._session.goto(node)

    def promote(self, node: NodeRef = None) -> None:
        """Make the variation holding ``node`` (default: current) the main line there."""
        self._session.promote(node)

    def delete(self, node: NodeRef = None) -> None:
        """Delete ``node`` (default: current) and all that follows; go to its parent if needed."""
        self._session.delete(node)

    def comment(self, text: str, node: NodeRef = None) -> None:
        """Set the comment of ``node`` (default: current)."""
        self._session.comment(str(text), node)

    def analyse(
        self,
        limit=None,
        multipv: int = 3,
        wait: bool = False,
        engine: str | None = None,
        threads: int | None = None,
        follow: bool = False,
    ) -> Job | None:
        """Analyse the current position in the background; returns the job (or None if over).

        Results stream to the page (an evaluation bar and the best lines) and to
        :attr:`analysis`; the notebook stays responsive, and :meth:`cancel_analysis` (or the
        page's Stop) ends it. ``wait=True`` blocks until it is done. ``engine`` is
        ``"auto"``, ``"alphabeta"`` or ``"mcts"`` (default: :attr:`engine`, which the page sets).
        ``threads``: how many threads search (default: :attr:`threads`, which the page
        sets; None there means every core).
        The analysis keeps its node (the page says which, with a way to go there);
        ``follow=True`` restarts it on each node the board goes to, as the page's
        Analyse "until stopped" does, until Stop.
        """
        engine = self.engine if engine is None else engine
        threads = self.threads if threads is None else threads
        job = self._session.analyse(
            limit, multipv, engine, memory_mb=self.memory_mb, threads=threads, follow=follow
        )
        if wait and job is not None:
            job.wait()
        return job

    def analyse_game(self, limit=None, wait: bool = False, threads: int | None = None) -> Job:
        """Review the main line in the background: every node evaluated from Green's side
        (an evaluation graph on the page), every decision marked ``?!`` / ``?`` / ``??`` by
        how much its decider lost (R-27), with the best decision and its line.

        A coarse pass (0.1 s a node) comes first, then finer ones: ``limit`` (default: 1 s
        then 5 s a node). Evaluations are cached by position, so a re-review is instant.
        ``threads``: each search's threads (default: :attr:`threads`).
        """
        threads = self.threads if threads is None else threads
        job = self._session.review(limit, self.engine, threads)
        if wait:
            job.wait()
        return job

    def annotate(self, glyph: str, node: NodeRef = None) -> GameNode:
        """Set the annotation glyph of ``node`` (default: current): "!", "?!", "?", "??",
        or "" to clear (a review's ``?``/``??`` stays in ``node.mark``)."""
        return self._session.annotate(glyph, node)

    def cancel_analysis(self) -> None:
        """Stop the running jobs (their results so far stay shown); waits up to 1 s."""
        self._session.stop_jobs()
        for job in self._session.jobs:
            job.wait(1.0)

    def play_analysis_line(self, index: int = 0, node: NodeRef = None) -> GameNode:
        """Play best line ``index`` of the analysis from its node, as a new variation (with
        ``node``: of the analysis that node remembers, :attr:`Session.analyses`)."""
        try:
            return self._session.play_analysis_line(index, node)
        except NoAnalysisLineError as error:  # the page's request names a line it showed
            raise RequestError(str(error)).said(error.words) from None

    @property
    def explorer(self):
        """The opening explorer whose entries the page lists for the current node (or None)."""
        return self._session.explorer

    @explorer.setter
    def explorer(self, explorer) -> None:
        self.set_explorer(explorer)

    def set_explorer(self, explorer) -> None:
        """Show ``explorer``'s decisions for the current node in a panel (None hides it);
        clicking one plays it. ``explorer`` is a
        :class:`~cernunos_widget.tools.explorer.Explorer`."""
        from ..tools.explorer import Explorer, ExplorerError

        if explorer is not None and not isinstance(explorer, Explorer):
            raise ExplorerError(
                f"the explorer is an Explorer (Explorer.build or Explorer.load) or None, "
                f"not a {type(explorer).__name__}"
            )
        self._session.set_explorer(explorer)

    def puzzle(self, which: object = 0, puzzles: list | None = None) -> dict:
        """Puzzle mode (docs/puzzles.md): set up puzzle ``which`` (a :class:`.Puzzle`, its
        index or its id) of ``puzzles`` (default the committed set); the page then judges
        each try through this kernel; a lesson open closes (one mode at a time).  Returns the
        puzzle state (:attr:`puzzle_state`)."""
        from ..puzzles import Puzzle, get, load
        from ..puzzles.play import PuzzleRun

        if puzzles is None:
            puzzles = load()
            if isinstance(which, Puzzle) and which not in puzzles:
                puzzles = [which]  # a puzzle of another set: alone
        puzzles = list(puzzles)
        chosen = get(which, puzzles)
        self._close_modes()  # one mode at a time: the lesson's panel goes (#35 item 7)
        run = PuzzleRun(
            puzzles, solved=self._puzzles_solved, solved_ids=list(self._puzzles_solved_ids)
        )
        run.go_to(puzzles.index(chosen))
        listed = run.catalogue()
        if self.puzzle_list != listed:
            self.puzzle_list = listed
        self._start_puzzle(run)
        return self.puzzle_state

    @property
    def puzzle_state(self) -> dict | None:
        """The puzzle being solved (its id, step, the count solved, the last wrong try), or
        None outside puzzle mode."""
        run = self._puzzle
        if run is None:
            return None
        state = run.state()
        return {"id": run.puzzle.id, **{k: v for k, v in state.items() if k != "puzzle"}}

    def _start_puzzle(self, run) -> None:
        self._puzzle = None
        self.setup(run.puzzle.cpn)
        run.node = self._session.node.id
        self._puzzle = run
        self._emit_puzzle()

    def _emit_puzzle(self) -> None:
        with self._session.lock:
            self._emit({"gen": self._session.generation, "puzzle": self._puzzle.state()})

    def to_html(
        self,
        path: str | Path | None = None,
        title: str = "Cernunos",
        *,
        analyse: bool | float | None = None,
        playable: bool = True,
    ) -> str:
        """A self-contained HTML page of the board and its tree that plays offline, with no
        kernel (the rules in the page; ``playable=False`` makes it walk-only), and what the
        session knows: the review's graph and marks, each analysed node's best lines.
        ``analyse``: first analyse every main-line node (True: 1 s a node, or seconds a
        node; a progress bar in the notebook) and review the line from it."""
        from ..session.mainline import analyse_main_line, check_analyse
        from .static import check_playable, save_page

        seconds = check_analyse(analyse)
        check_playable(playable)
        if seconds is not None:
            analyse_main_line(self._session, seconds, self.engine, progress=True)
        return save_page(self.state_for_export(), path, title, playable=playable)

    def state_for_export(self) -> dict:
        """Every synced value the page needs, with the tree up to date (for static pages)."""
        return {
            **page.export_state(self._session, self._settings()),
            "icons": self.icons,
            "colors": self.colors,
            "kind_names": self.kind_names,
            "zones": self.zones,
            "motion": self.motion,
            # a lesson's page: the course and where it stands (js/course.js plays it)
            **({"course": self.course, "lesson_state": self.lesson_state}
               if self._lesson is not None else {}),
            # a study's page: each chapter's tree too (js/studyplay.js plays them)
            **({"study_data": self._study_export(), "study_state": self.study_state}
               if self._study is not None else {}),
        }  # fmt: skip

    def _study_export(self) -> dict:
        self._study.sync(self._session)
        return study_data(self._study, trees=True)

    # ------------------------------------------------------------------ state and patches

    def _settings(self) -> dict:
        return page.settings(self.rules, self.overlay, self.engine, self.language, self.threads)

    def _full_state(self) -> dict:
        """The whole tree with every view: the ``tree`` trait and a reset patch."""
        state = page.full_state(self._session, self._settings())
        if self._puzzle is not None:
            state["puzzle"] = self._puzzle.state()
        return state

    def _on_change(self, change: Change) -> None:
        """A session change (under the session's lock): to the request's reply, or sent now."""
        if change.reset:
            self.zones = page.zones(self.rules)  # a new game may have other rules
        self._emit(page.patch_of(self._session, change, self._settings()))
        if change.reset or change.nodes or change.removed or change.current is not None:
            self._follow(bump=True)
        if self._study is not None and self._study.follow(self._session):
            self.study_state = self._study.state(self._session)  # conceal: more shown

    def _follow(self, bump: bool = False) -> None:
        """Set the traits that follow the board (``node_id``, ``current_cpn``, ``revision``)."""
        with self.hold_sync():  # one update message for the three
            self.node_id = self._session.node.id
            self.current_cpn = self.cpn
            if bump:
                self.revision += 1

    def _emit(self, patch: dict) -> None:
        self._dirty = True
        if self._collect is not None and self._collect_thread == threading.get_ident():
            merge(self._collect, patch)
        else:
            self.send({"patch": _wire(patch)})

    @traitlets.validate("engine")
    def _valid_engine(self, proposal) -> str:
        require_solver()  # SolverUnavailableError where numba is missing
        from ..solver import check_engine

        return check_engine(proposal["value"])

    @traitlets.validate("memory_mb")
    def _valid_memory(self, proposal) -> float:
        require_solver()  # SolverUnavailableError where numba is missing
        from ..solver import check_memory_mb

        return float(check_memory_mb(proposal["value"]))

    @traitlets.validate("threads")
    def _valid_threads(self, proposal) -> int | None:
        """None (every core) or an int from 1 to the solver's maximum, else
        :class:`.InvalidThreadsError` (the trait stays as it was)."""
        require_solver()  # SolverUnavailableError where numba is missing
        from ..solver import check_threads

        value = proposal["value"]
        check_threads(value)
        return value

    @traitlets.validate("language")
    def _valid_language(self, proposal) -> str:
        return check_language(proposal["value"])

    @traitlets.observe("language")
    def _language_changed(self, change) -> None:
        """Every word of the board in the new language: the page gets the whole state again."""
        if not hasattr(self, "_collect"):
            return
        with self._session.lock:
            if self._session.display.set_language(change["new"]):
                self._emit({**self._full_state(), "reset": True})
            if self._lesson is not None:  # the lessons panel speaks the board's language
                self._lesson.set_language(change["new"])
                self.lesson_state = self._lesson.state()

    @traitlets.observe("overlay", "engine", "threads")
    def _setting_changed(self, change) -> None:
        if change["name"] == "threads" and hasattr(self, "_session"):
            self._session.set_follow_threads(change["new"])  # from the next board change
        if hasattr(self, "_collect"):
            with self._session.lock:
                self._emit({"gen": self._session.generation, "settings": self._settings()})

    def flush(self) -> None:
        """Write the whole tree to the ``tree`` trait if it changed (end of a cell); the
        session is held while the state is taken, not while it is packed and sent."""
        if self._dirty:
            with self._session.lock:
                self._dirty = False
                state = self._full_state()
            self.tree = state

    def get_state(self, key=None, drop_defaults=False):  # noqa: D401 - ipywidgets' hook
        """The synced state; a page that asks for it gets the tree as it is now (the
        ``tree`` trait unless a change came since), its records packed."""
        state = super().get_state(key, drop_defaults)
        if "tree" in state:
            with self._session.lock:
                tree = self._full_state() if self._dirty else self.tree
            state["tree"] = pack_state(tree)
        return state

    # ------------------------------------------------------------------ the page's requests

    def _on_page_message(self, _widget, content: Any, _buffers) -> None:
        """Answer one page request with one reply; a refusal is a message, never a traceback."""
        rid = request_id(content)
        reply: dict = {"reply": rid, "ok": True, "message": ""}
        s = self._session
        with s.lock:
            self._collect, self._collect_thread = {}, threading.get_ident()
            try:
                request = parse_request(content)
                if request.gen != s.generation and acts_on_game(request):
                    raise refusal(RequestError, "refusal.replaced")
                value = _HANDLERS[request.type](self, request)
                if value is not None:
                    reply["value"] = value
            except CernunosError as error:
                reply.update(ok=False, message=error.text(self.language))
            except Exception as error:  # noqa: BLE001 - a bug: logged, the page gets a line
                _log.exception("cernunos widget: request failed")
                words = message("refusal.internal", error=type(error).__name__)
                reply.update(ok=False, message=words.text(self.language))
            patch, self._collect, self._collect_thread = self._collect, None, None
            if not reply["ok"]:
                self.message = reply["message"]
            if patch:
                reply["patch"] = _wire(patch)
            self.send(reply)

    def _do_play(self, r: Request) -> None:
        if self._interactive():  # the student's try, whatever sent it
            self._study.try_decision(self._session, r.fields["decision"])
            return self._emit_study()
        self._session.play(r.fields["decision"], node=r.fields["node"])
        self._judge_lesson()
        return None

    def _do_study(self, r: Request) -> None:
        """The study panel: chapters, the gamebook's tries and replies, the author's edits."""
        run, f = self._require_study(), r.fields
        action, s = f["action"], self._session
        if action == "open":
            run.open(s, f["chapter"])
        elif action in ("next", "previous"):
            run.step(s, 1 if action == "next" else -1)
        elif action == "retry":
            run.retry(s)
        elif action == "try":
            run.try_decision(s, f["decision"])
        elif action == "advance":
            run.advance(s, f["node"])
        elif action == "reveal":
            run.reveal(s)
        else:  # "edit": the panel's settings of a chapter
            settings = {k: f[k] for k in ("title", "mode", "student") if f[k] is not None}
            return self.edit_chapter(f["chapter"], **settings) and None
        return self._emit_study(chapters=action == "open")

    def _do_lesson(self, r: Request) -> None:
        """The lessons panel: open an exercise, the next one, retry."""
        from ..lessons import LessonError

        run, action = self._lesson, r.fields["action"]
        if run is None:
            raise refusal(RequestError, "lesson.error.none")
        if action == "open":
            run.open(self._session, r.fields["lesson"], r.fields["exercise"])
        elif action == "next":
            run.next(self._session)
        elif action == "retry":
            run.retry(self._session)
        else:
            raise refusal(LessonError, "lesson.error.action", action=repr(action)[:40])
        self.lesson_state = run.state()

    def _do_goto(self, r: Request) -> None:
        self._session.goto(r.fields["node"])

    def _do_promote(self, r: Request) -> None:
        self._session.promote(r.fields["node"])

    def _do_delete(self, r: Request) -> None:
        self._session.delete(r.fields["node"])

    def _do_comment(self, r: Request) -> None:
        self._session.comment(r.fields["text"], r.fields["node"])

    def _do_overlay(self, r: Request) -> None:
        self.overlay = r.fields["on"]

    def _do_language(self, r: Request) -> None:
        self.language = r.fields["language"]  # an unknown one: LanguageError, refused

    def _do_engine(self, r: Request) -> None:
        require_solver()  # SolverUnavailableError where numba is missing
        from ..solver import check_engine

        self.engine = check_engine(r.fields["engine"])

    def _do_analyse(self, r: Request) -> None:
        require_solver()  # SolverUnavailableError where numba is missing
        from ..solver import Limit

        limit = Limit(time=r.fields["seconds"], depth=r.fields["depth"])
        self._session.analyse(  # until stopped (no time): it follows the board, as on lichess
            limit, r.fields["multipv"], self.engine, node=r.fields["node"],
            memory_mb=self.memory_mb, threads=self.threads,
            follow=r.fields["seconds"] is None, goto=True,
        )

    def _do_threads(self, r: Request) -> None:
        self.threads = r.fields["threads"]  # the trait's check decides (InvalidThreadsError)

    def _do_stop(self, r: Request) -> None:
        self._session.stop_jobs()

    def _do_review(self, r: Request) -> None:
        require_solver()  # SolverUnavailableError where numba is missing
        from ..solver import Limit

        seconds = r.fields["seconds"]
        limit = None if seconds is None else Limit(time=seconds)
        self._session.review(limit, self.engine, self.threads)

    def _do_line(self, r: Request) -> None:
        self.play_analysis_line(r.fields["index"], r.fields["node"])

    def _do_setup(self, r: Request) -> None:
        self.setup(r.fields["cpn"])

    def _do_check_position(self, r: Request) -> str:
        """The position editor's live check: the canonical CPN, or the engine's reason."""
        return Position.from_cpn(r.fields["cpn"], rules=self.rules).cpn()

    def _do_export_game(self, r: Request) -> str:
        """The game's text, sent only when the page asks (never on a click)."""
        return self._session.game.export()

    def _do_load_game(self, r: Request) -> None:
        self._session.replace_game(Game.parse(r.fields["text"], rules=self.rules))

    def _do_export_cgn(self, r: Request) -> str:
        """The game as a ``.cgn`` file for the page's download (result tags filled)."""
        return gamefiles.cgn_text(self._session)

    def _do_load_cgn(self, r: Request) -> str:
        """Open game ``index`` of a ``.cgn`` file's text (read in the page); say which."""
        return gamefiles.open_cgn(self._session, r.fields["text"], r.fields["index"])

    def _do_puzzle(self, r: Request) -> None:
        """Puzzle mode: judge a try (the winning decision is played with the opponent's
        replies; a wrong one gets its proven refutation), or take the next puzzle."""
        run = self._puzzle
        if run is None:
            raise refusal(RequestError, "refusal.no_puzzle")
        if r.fields["action"] == "next":
            run.go_to(run.index + 1)
            return self._start_puzzle(run)
        if r.fields["action"] == "again":
            run.go_to(run.index)
            return self._start_puzzle(run)
        if r.fields["action"] == "open":  # the puzzle picker's choice
            index, count = r.fields["index"], len(run.puzzles)
            if index >= count:
                raise refusal(RequestError, "refusal.puzzle_index", index=index + 1, count=count)
            run.go_to(index)
            return self._start_puzzle(run)
        s = self._session
        start = s.resolve(run.node)
        plays = run.try_decision(r.fields["decision"], start.position)
        if plays is not None:
            s.play(" ".join(plays), node=run.node)
            run.node = s.node.id
        else:
            s.goto(run.node)
        self._emit_puzzle()

    def _do_ping(self, r: Request) -> None:
        """A live kernel answers; a static page learns it has none (see js/widget.js).
        The page is shown: the search engine starts preparing in the background."""
        self._session.warm_up(self.engine)

    def _do_annotate(self, r: Request) -> None:
        self._session.annotate(r.fields["glyph"], r.fields["node"])


def _wire(patch: dict) -> dict:
    """A patch as the page gets it: a full state's records packed (:mod:`..session.packed`)."""
    return pack_state(patch) if patch.get("reset") else patch


_HANDLERS = {
    name: getattr(CernunosWidget, f"_do_{name}")
    for name in (
        "play", "goto", "promote", "delete", "comment", "overlay", "language", "engine", "threads",
        "analyse", "stop", "review", "line", "setup", "annotate",
        "check_position", "export_game", "load_game", "export_cgn", "load_cgn", "ping",
        "puzzle",
        "lesson",
        "study",
    )
}

# ---------------------------------------------------------------------- end of a cell

_LIVE: weakref.WeakSet[CernunosWidget] = weakref.WeakSet()
_HOOKED = False


def _flush_all(*_args: Any) -> None:
    for widget in list(_LIVE):
        try:
            widget.flush()
        except Exception:  # noqa: BLE001 - a closed comm must not break the notebook
            _log.debug("cernunos widget: flush failed", exc_info=True)


def _track(widget: CernunosWidget) -> None:
    """Flush ``widget``'s tree after every cell, if in IPython.

    The hook is ``post_run_cell``: the kernel triggers ``post_execute`` around every comm
    message too (so a click would resend the whole tree), ``post_run_cell`` only after a cell.
    """
    global _HOOKED
    _LIVE.add(widget)
    if _HOOKED:
        return
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is not None:
        shell.events.register("post_run_cell", _flush_all)
        _HOOKED = True
