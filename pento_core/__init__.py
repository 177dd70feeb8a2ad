"""pento_core: rules, generators and one exact-cover engine for polyomino puzzles.

Pure Python, standard library only.  Modules:

* :mod:`~pento_core.geometry`: cells, shapes, rotations and mirrors.
* :mod:`~pento_core.pieces`: polyomino families, the 12 pentominoes, piece sets.
* :mod:`~pento_core.board`: boards of any shape, positions, their text format.
* :mod:`~pento_core.cover`: the exact-cover engine.
* :mod:`~pento_core.games`: one module per game; :mod:`~pento_core.registry` lists them.
* :mod:`~pento_core.api`: the JSON command table the browser worker calls.
* :mod:`~pento_core.cli`: the command line.
"""

__version__ = "0.1.0"
