"""``python -m cernunos_widget`` runs the ``cernunos`` command line."""

import sys

from .cli import main

sys.exit(main())
