"""pento_core: the rules, generators, hints and solvers of the Pento puzzles.

Pure Python, standard library only.  One subpackage per puzzle family, one
backend module per game:

* :mod:`~pento_core.polyomino`: cells and shapes, pieces, boards, the
  exact-cover engine, impossibility arguments, the thesis's generators.
* :mod:`~pento_core.games`: one module per game, all implementing
  :class:`~pento_core.games.base.Game`; :mod:`~pento_core.registry` lists them.
* :mod:`~pento_core.budget`: budgets and progress for every long computation.
* :mod:`~pento_core.resources`: the data files, some of which the page ships apart.
* :mod:`~pento_core.api`: the JSON command table the browser worker calls;
  :mod:`~pento_core.protocol` declares its replies, error codes and version once.
* :mod:`~pento_core.cli`: the command line.

Arrows point down only: a family (polyomino, polycube, pegs, gandagalo, tangram) imports no game; a game
imports its family and the games' shared helpers (base, words, pieces_view), never another game;
nothing imports :mod:`~pento_core.api` or :mod:`~pento_core.cli`, the two edges.
``tests/test_layers.py`` walks the imports and holds the package to it.
"""

__version__ = "0.2.0"
