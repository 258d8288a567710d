"""Studies (issue #33): a teacher's or an author's own material, a ``.cgn`` file whose games
are chapters, each played in a mode (normal analysis, hidden moves, an interactive lesson,
practice against the engine).

>>> from cernunos_widget.study import Study
>>> study = Study.load('[Chapter "First steps"] [Mode "interactive"] B@b2 B@b3')
>>> study.chapters[0].title, study.chapters[0].mode
('First steps', 'interactive')
"""

from .model import MODES, Chapter, Study, StudyError

__all__ = ["MODES", "Chapter", "Study", "StudyError"]
