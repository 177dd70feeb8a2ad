"""Races for the tests: a racing game's puzzle solved by its own solver, the puzzle each racing game
races on, and the codes an older version wrote that every later one must read the same."""

from __future__ import annotations

from pento_core import registry
from pento_core.budget import Budget

# A 6x10 tiling written out by hand from the thesis's figure style: 12 pieces, 60 cells.
SIXBYTEN = "F3@0,0;L0@2,0;I1@0,1;P5@3,1;N7@1,2;W3@3,2;Y7@2,4;T2@3,4;Z3@0,6;X0@3,6;V2@0,7;U3@3,8"


def solved(game_id: str, params: str) -> tuple[str, str]:
    """A puzzle of ``game_id`` and a solution found by its own solver."""
    game = registry.get(game_id)
    desc = game.new(params, 5)
    state = game.start(desc)
    solution = game.solve(state, Budget(max_seconds=30).started(), None)
    assert solution.found
    if solution.from_empty:
        state = game.start(desc)
    for move in solution.moves:
        state = game.apply(state, move)
    return desc, game.write_state(state)


# the puzzle each racing game of the registry races on in the tests: its first preset, or this
RACE_PARAMS = {"cover": "5x12", "twenty": "twenty", "pegs": "english", "gandagalo": "8x8:easy", "tangram": "swan"}
RACING = [
    (g, RACE_PARAMS.get(g, registry.get(g).presets()[0].params))
    for g in registry.GAMES
    if "race" in registry.get(g).features
]


# Codes written by 0.2 (when the dictionaries were a table in race.py) for each other racing game,
# race "ABC123", pupil "Ana", 123.4 s: the dictionaries each game now declares must read them the same
# and write them the same.
FROZEN = {
    "cover": (
        "5x12",
        "F3@0,0;P4@2,0;I1@0,1;X0@1,2;U0@3,2;T0@1,4;Z2@2,5;N1@0,6;W1@2,7;V2@0,8;Y5@3,8;L6@0,10",
        "0790J-0T1DS-GQ70R-R3SG0-4DGND-83N02-Y8Y18-07C01-44G1W-M5725-88KAD-NKWGX-H03G8-CGCY7-32JP2-QA968-34BDC-"
        "FK643-PGC00-BC1ZT",
    ),
    "twenty": (
        "#.###/#..../...../...../.....~20",
        "F2@0,0;Y1@2,0;I1@4,0;P6@1,3|N0@0,0;W3@2,0;T0@1,2;V3@2,2|U1@2,0;Z3@0,1;X0@2,1;L6@1,3",
        "0790J-0T1DS-GQ6CW-210D8-5DBV3-81EA3-5C0F6-80DGR-TZW42-D443D-1RR1J-SDC23-5MT8R-YM2C5-52475-1GSHM-S0Z1Z-C1Y00-4HQ29",
    ),
    "pegs": (
        "english",
        "1,3-3,3;2,1-2,3;4,1-2,1;2,0-2,2;4,0-2,0;2,3-2,1;2,0-2,2;2,5-2,3;0,4-2,4;0,2-0,4;3,4-1,4;0,4-2,4;5,4-3,4;"
        "4,6-4,4;2,3-2,5;3,4-5,4;3,6-3,4;2,6-2,4;2,4-4,4;5,4-3,4;4,2-4,4;3,4-5,4;6,2-4,2;6,3-4,3;6,4-4,4;3,2-5,2;"
        "1,2-3,2;4,4-4,2;3,3-3,1;5,2-3,2;3,1-3,3",
        "0790J-0T1DS-GSB3Y-12402-2203D-CS0NZ-CQES5-HHXBS-WCNH4-C5GWC-WVZZD-Z7QDG-Y54FK-KTBXK-G9SY2-YFMVX-M6SFC-"
        "QFQKX-EEZYB-MBQVM-YX0Y1-TCEG2-WYWSD-ZD1AZ-FKHQ1-WSEVR-7GPVX-MX",
    ),
    "gandagalo": (
        ".....X/X.X..#/.X...#/.....O/..#.O./....#O",
        "XOXOXOOOOOXXOXOXOXOOXXOXX",
        "0790J-0T1DS-GG74A-0V8FW-X10A8-R0008-3YQY",
    ),
    "tangram": (
        "cat",
        "S2'@3,1;S0@4,0;M5'@1,3;L0@0,2;L0@1,0;Q0@3,0;P0'@3,1",
        "0790J-0T1DS-GGPDG-2HBNH-GPG73-CW9HT-0RB3X-SNAHV-33N1G-PZV30-W1HT0-RG4MA-06QB8-01T06-G3XC0-07C2T-00T82-ZP",
    ),
}
