"""A widget whose page messages are answered in this process, for the vector generators
that check a page's own session against the kernel's (course, study, practice)."""

from __future__ import annotations

from cernunos_widget import CernunosWidget


class Kernel:
    """``widget`` (a mode already open in it) answering page requests; each answer with the
    widget's ``trait`` (where the mode stands)."""

    def __init__(self, widget: CernunosWidget, trait: str) -> None:
        self.widget, self.trait = widget, trait
        self.replies: list[dict] = []
        self.widget.send = lambda content, buffers=None: self.replies.append(content)

    def ask(self, request: dict) -> dict:
        w = self.widget
        request = {**request, "id": len(self.replies), "gen": w.session.generation}
        w._on_page_message(w, request, [])  # noqa: SLF001 - the handler under test
        reply = self.replies[-1]
        return {
            "ok": reply["ok"], "message": reply["message"], self.trait: getattr(w, self.trait),
            "current": w.current, "cpn": w.cpn, "language": w.language,
        }  # fmt: skip


def lesson_kernel(lesson: str) -> Kernel:
    """A widget playing ``lesson``."""
    widget = CernunosWidget()
    widget.lesson(lesson)
    return Kernel(widget, "lesson_state")


def study_kernel(study) -> Kernel:
    """A widget with ``study`` open."""
    widget = CernunosWidget()
    widget.study(study)
    return Kernel(widget, "study_state")
