"""Arrows point down only: a walk over every import of pento_core (the rule is stated in
``pento_core/__init__.py`` and docs/architecture.md's file map).

* a family (polyomino, polycube, pegs, gandagalo, tangram) and the shared modules below the games (budget,
  errors, i18n, limits, resources) import no game, no registry, no classroom, no API;
* a game imports no other game (the games' shared helpers, base, words and pieces_view, are not games);
* nothing imports the two edges, ``api`` and ``cli`` (``__main__`` starts the command line).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pento_core import registry

PACKAGE = Path(__file__).resolve().parent.parent / "pento_core"
FAMILIES = ("polyomino", "polycube", "pegs", "gandagalo", "tangram")
BELOW_THE_GAMES = ("budget", "errors", "i18n", "limits", "resources")
ABOVE_THE_FAMILIES = ("games", "registry", "classroom", "catalog", "api", "cli")
EDGES = ("api", "cli")
GAME_MODULES = {type(g).__module__.removeprefix("pento_core.") for g in registry.GAMES.values()}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """The pento_core modules ``path`` imports, as dotted names below the package (``games.cover``)."""
    here = module_name(path).split(".") if path.name != "__init__.py" else [*module_name(path).split("."), "_"]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - node.level] if node.level <= len(here) else []
                target = [p for p in [*base, *(node.module or "").split(".")] if p]
            elif node.module and node.module.split(".")[0] == "pento_core":
                target = node.module.split(".")[1:]
            else:
                continue
            prefix = ".".join(target)
            for alias in node.names:  # `from . import words` names a module; `from .x import y` a name in x
                child = f"{prefix}.{alias.name}" if prefix else alias.name
                found.add(child if (PACKAGE / Path(*child.split("."))).with_suffix(".py").exists() else prefix)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "pento_core":
                    found.add(".".join(alias.name.split(".")[1:]))
    return {f for f in found if f}


MODULES = {module_name(p): imports(p) for p in sorted(PACKAGE.rglob("*.py"))}


def top(name: str) -> str:
    return name.split(".")[0]


def test_the_walk_sees_the_package() -> None:
    assert {"api", "cli", "registry", "games.cover", "polyomino.cover", "classroom.race"} <= set(MODULES)
    assert "polyomino.placement" in MODULES["games.cover"] and "games.base" in MODULES["registry"]
    assert len(GAME_MODULES) == len(registry.GAMES) >= 7


@pytest.mark.parametrize("name", sorted(n for n in MODULES if top(n) in FAMILIES + BELOW_THE_GAMES))
def test_families_import_nothing_above_them(name: str) -> None:
    up = sorted(i for i in MODULES[name] if top(i) in ABOVE_THE_FAMILIES)
    assert not up, f"{name} imports {up}: a family knows no game, registry, classroom or API"


@pytest.mark.parametrize("name", sorted(GAME_MODULES))
def test_a_game_imports_no_other_game(name: str) -> None:
    others = sorted(i for i in MODULES[name] if i in GAME_MODULES and i != name)
    assert not others, f"{name} imports the games {others}: move what they share below the games"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_nothing_imports_the_edges(name: str) -> None:
    allowed = {"__main__": {"cli"}}.get(name, set())
    edges = sorted(i for i in MODULES[name] if top(i) in EDGES and i not in allowed and i != name)
    assert not edges, f"{name} imports {edges}: the API and the command line are the edges, nothing calls up to them"


def test_the_walk_would_catch_an_arrow_pointing_up(tmp_path: Path) -> None:
    """The checks above can fail: the walk reads a family module that imports a game as such."""
    bad = PACKAGE / "polyomino" / "_probe_for_test_layers.py"
    bad.write_text("from ..games.cover import CoverGame\nfrom .. import api\n")
    try:
        found = imports(bad)
    finally:
        bad.unlink()
    assert {"games.cover", "api"} <= found
