"""The peg solitaire family ("Resta Um"): boards, jumps, impossibility arguments that a
player can read, and a solver that finds a solution or proves there is none."""
