"""Links made by earlier versions keep working: each line of ``golden_links.txt`` was written by
Pento 0.2 and must open to the same position, drawn the same, in every later version.

Links carry the puzzle itself (a generated board is written out in full, never as a seed), so a
changed generator cannot change an old link; what could is a changed format or a library figure
redrawn under the same name, which this test catches."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

import pytest

from pento_core import registry

LINKS = [
    line.split("\t")
    for line in (Path(__file__).parent / "golden_links.txt").read_text(encoding="utf-8").splitlines()
    if line and not line.startswith("# ")
]


def test_every_game_has_an_old_link() -> None:
    games = {unquote(link[1:].split(":")[0]) for link, _ in LINKS}
    assert games == set(registry.GAMES)


@pytest.mark.parametrize(
    ("link", "picture"), LINKS, ids=[link.split(":")[0][1:] + str(i) for i, (link, _) in enumerate(LINKS)]
)
def test_an_old_link_opens_the_same_position(link: str, picture: str) -> None:
    game_id, desc, state = (unquote(part) for part in link[1:].split(":"))
    game = registry.get(game_id)
    game.validate(desc)
    position = game.start(desc, state)
    assert game.write_state(position) == state
    assert "/".join(game.picture(position)) == picture
