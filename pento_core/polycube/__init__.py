"""Polycubes: pieces of cubes joined face to face, boxes to fill with them (the thesis's section 1.3,
the pentominoes in three dimensions).  The exact cover is the polyomino family's engine
(:class:`~pento_core.polyomino.cover.Cover`); this family lays out cells in three dimensions."""
