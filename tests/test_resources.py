"""The core's data files shipped apart in the page (pento_core.resources, issue 47): read from the
package where it has them (the command line, the tests), else from where the host put them, else
an error of their own, which the page's engine answers by fetching them and asking again."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.moves import PEGS_ISSUE_25

from pento_core import api, resources
from pento_core.pegs import solver, table

# Issue 25's position on the English board: the table decides it (tests/e2e/test_browser_pegs.py)
HINT = {"cmd": "hint", "args": {"game": "pegs", "desc": "english", "state": PEGS_ISSUE_25}}


def hide_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """The core as the page has it: the files of APART missing from its package, none provided."""

    def missing(path: str) -> bytes:
        if path in resources.APART:
            raise FileNotFoundError(path)
        raise AssertionError(f"{path} is no file shipped apart")

    monkeypatch.setattr(resources, "_from_package", missing)
    monkeypatch.setattr(resources, "_provided", None)
    table.levels.cache_clear()  # read afresh, and nothing proved yet, as in a new engine
    solver._failed.cache_clear()


@pytest.fixture(autouse=True)
def _table_read_afresh() -> Iterator[None]:
    yield
    table.levels.cache_clear()  # the other tests' from the package again
    solver._failed.cache_clear()


def test_every_file_shipped_apart_is_in_the_package() -> None:
    root = Path(resources.__file__).parent
    for path in resources.APART:
        assert resources.read(path) == (root / path).read_bytes()


def test_a_file_not_here_yet_is_its_own_error_and_read_once_provided(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = api.handle(HINT)  # as the command line answers, the table in its package
    hide_apart(monkeypatch)
    with pytest.raises(resources.ResourceMissing):
        resources.read("pegs/english.table")
    reply = api.handle(HINT)
    assert reply["ok"] is False and reply["error"]["code"] == "resource"
    assert "Connect to the internet" in reply["error"]["message"]
    # where the page's engine puts what it fetched
    for path in resources.APART:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes((Path(resources.__file__).parent / path).read_bytes())
    resources.provide_in(str(tmp_path))
    assert api.handle(HINT) == expected
    assert expected["ok"] and expected["result"]["move"] is None  # the table's verdict: lost
