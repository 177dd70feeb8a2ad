"""GandaGalo: fill a grid with X and O, never three equal marks in a line (LI2 report, 2018)."""
