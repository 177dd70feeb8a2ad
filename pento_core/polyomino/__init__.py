"""The polyomino family: cells and shapes, pieces, boards, the one exact-cover
engine, the impossibility arguments applied before any search, and the
thesis's generators (free-form boards, Game of 20/30 boards, triplication and
the other problems).  The games built on it live in :mod:`pento_core.games`."""
