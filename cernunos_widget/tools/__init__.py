"""Tools over many games: self-play and its bot specs, batch analysis and its executors,
balance reports and the opening explorer. Each module is imported by its own path
(``cernunos_widget.tools.explorer``); they stand on the record and the solver's public names."""
