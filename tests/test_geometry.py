from hypothesis import given
from hypothesis import strategies as st

from pento_core.polyomino.geometry import (
    canonical,
    components,
    is_connected,
    mirror_h,
    mirror_v,
    normalize,
    orientations,
    rotate,
    transformed,
)
from pento_core.polyomino.pieces import PENTOMINOES, family, fixed_count, free_polyominoes, parse_drawing

cells = st.frozensets(st.tuples(st.integers(-5, 5), st.integers(-5, 5)), min_size=1, max_size=12)


def test_rotate_is_clockwise_as_in_algorithm_1():
    # An L lying down: rotating clockwise stands its foot on the left.
    s = parse_drawing("###\n#..")
    assert rotate(s) == parse_drawing("##\n.#\n.#")


def test_mirrors_follow_the_thesis():
    s = parse_drawing("##.\n.##\n..#")
    # Algorithm 2 (Espelhar_V): the mirror is the vertical axis, left and right swap.
    assert mirror_v(s) == parse_drawing(".##\n##.\n#..")
    # Algorithm 3 (Espelhar_H): the mirror is the horizontal axis, top and bottom swap.
    assert mirror_h(s) == parse_drawing("..#\n.##\n##.")


@given(cells)
def test_four_rotations_are_the_identity(s):
    s = normalize(s)
    assert rotate(rotate(rotate(rotate(s)))) == s


@given(cells)
def test_mirrors_are_involutions_and_compose_to_half_turn(s):
    s = normalize(s)
    assert mirror_h(mirror_h(s)) == s
    assert mirror_v(mirror_v(s)) == s
    assert mirror_h(mirror_v(s)) == rotate(rotate(s))


@given(cells)
def test_orientations_are_distinct_closed_and_agree_with_canonical(s):
    s = normalize(s)
    os_ = orientations(s)
    assert len(os_) == len(set(os_)) and len(os_) in (1, 2, 4, 8)
    for o in os_:
        assert rotate(o) in os_ and mirror_h(o) in os_ and mirror_v(o) in os_
        assert canonical(o) == canonical(s)
    assert set(orientations(s, reflections=False)) <= set(os_)
    assert {transformed(k, s) for k in range(8)} == set(os_)


def test_table_1_1_orientation_counts():
    expected = {"F": 8, "I": 2, "L": 8, "P": 8, "N": 8, "T": 4, "U": 4, "V": 4, "W": 4, "X": 1, "Y": 8, "Z": 4}
    assert {k: len(p.orientations()) for k, p in PENTOMINOES.items()} == expected
    assert sum(expected.values()) == 63


def test_table_1_2_sequences_reach_every_orientation():
    # Table 1.2: F's seven transformations R R R H R R R give all its 8 orientations.
    f = PENTOMINOES["F"].shape
    seen = [f]
    cur = f
    for step in "RRRHRRR":
        cur = rotate(cur) if step == "R" else mirror_h(cur)
        seen.append(cur)
    assert set(seen) == set(orientations(f)) and len(set(seen)) == 8
    # Z: R H R gives its 4.
    z = PENTOMINOES["Z"].shape
    zs = [z, rotate(z), mirror_h(rotate(z)), rotate(mirror_h(rotate(z)))]
    assert set(zs) == set(orientations(z))


def test_free_and_fixed_polyomino_counts():
    assert [len(free_polyominoes(n)) for n in range(1, 7)] == [1, 1, 2, 5, 12, 35]
    assert [fixed_count(n) for n in range(1, 7)] == [1, 2, 6, 19, 63, 216]


def test_family_names():
    assert list(family(4)) == ["I4", "O4", "T4", "S4", "L4"]
    assert sorted(family(5)) == sorted("FILNPTUVWXYZ")
    assert len(family(6)) == 35 and "H35" in family(6)
    # every name's shape is a distinct free polyomino of the family
    for n in range(1, 7):
        keys = {canonical(p.shape) for p in family(n).values()}
        assert keys == {canonical(s) for s in free_polyominoes(n)}


@given(cells)
def test_components_partition(s):
    parts = components(s)
    assert frozenset().union(*parts) == s
    assert sum(len(p) for p in parts) == len(s)
    assert all(is_connected(p) for p in parts)
