"""The page in layers, as the core is (tests/test_layers.py): a walk over every import of web/.

The page's modules live in folders, lowest first (docs/architecture.md's file map says what each holds):

* ``engine/``  the worker and the client that talks to it: no DOM, nothing of the page;
* ``model/``   what is kept and computed without a screen (saves, progress records, CSV, SCORM's
  report): no DOM, no words;
* ``ui/``      the page's means: elements, words (i18n), colours, painting, print, QR codes;
* ``views/``   one per game (and their helpers): draw a position, take input;
* ``play/``    the game in play: the mid-end, the page's chrome, long work, races, dailies;
* ``screens/`` the screens around play (start, assignment, progress): none imports another;
* the shell and the router (``web/*.js``) on top; nothing imports them.

A module imports only from its own folder or a lower one; there is no import circle at all; the
generated modules (``config.js``, ``catalog.js``, the ``locale/`` catalogues), the type
declarations (``*.d.ts``) and the vendored libraries may be imported from anywhere.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"
LAYERS = ("engine", "model", "ui", "views", "play", "screens", "")  # "" is web/ itself, the top
SCREENS = "screens"
# what any module may import: written by the build (config, catalog, locale/, vendor/) or declared
# for the type checker (web/*.d.ts, named without ".d.ts" in a JSDoc import: "../protocol")
ANYWHERE = re.compile(r"^(config\.js|catalog\.js|locale(/.*)?|vendor/.*|[^/]*\.d\.ts|[^/.]+)$")
# import ... from "X", export ... from "X", import "X", import("X") (JSDoc types included),
# new URL("X", import.meta.url): every way a module names another
SPECIFIER = re.compile(r"""(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|new URL\(\s*)(["'`])(\.{1,2}/[^"'`$?]*)""")
PAGE_MODULES = sorted(p for p in WEB.rglob("*.js") if "about" not in p.parts and p.name != "sw.js")


def name_of(path: Path) -> str:
    return path.relative_to(WEB).as_posix()


def imports(path: Path, source: str | None = None) -> set[str]:
    """The web/ modules that ``path`` names, relative to web/ (``ui/dom.js``); outside web/, none."""
    text = path.read_text(encoding="utf-8") if source is None else source
    found = set()
    for _, spec in SPECIFIER.findall(text):
        target = (path.parent / spec).resolve()
        if target.is_relative_to(WEB.resolve()):
            found.add(target.relative_to(WEB.resolve()).as_posix())
    return found


def layer(name: str) -> str:
    return name.split("/")[0] if "/" in name else ""


GRAPH = {name_of(p): imports(p) for p in PAGE_MODULES}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle of ``graph``, each as the modules on it (Tarjan's strongly connected
    components of more than one module, or a module importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph.get(v, ()):
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def upward(graph: dict[str, set[str]]) -> list[str]:
    """Every import that points up a layer, or from one screen to another, in words."""
    rank = {name: i for i, name in enumerate(LAYERS)}
    wrong = []
    for module, targets in sorted(graph.items()):
        for target in sorted(targets):
            if ANYWHERE.match(target):
                continue
            if rank[layer(target)] > rank[layer(module)]:
                wrong.append(f"{module} imports {target}, a layer above it")
            elif layer(module) == SCREENS == layer(target) and module != target:
                wrong.append(f"{module} imports {target}: a screen imports no other screen")
    return wrong


def test_the_walk_sees_the_page() -> None:
    assert {"shell.js", "router.js", "play/midend.js", "engine/core.js", "ui/dom.js", "views/cover.js"} <= set(GRAPH)
    assert "ui/dom.js" in GRAPH["play/midend.js"] and "engine/spread.js" in GRAPH["engine/core.js"]
    assert imports(WEB / "ui" / "x.js", 'const v = () => import("../views/cover.js");') == {"views/cover.js"}
    assert "engine/worker.js" in GRAPH["engine/core.js"]  # so do a worker's URL
    assert "protocol" in GRAPH["play/app.js"]  # and JSDoc's type imports


@pytest.mark.parametrize("path", PAGE_MODULES, ids=name_of)
def test_every_module_is_in_a_layer(path: Path) -> None:
    assert layer(name_of(path)) in LAYERS, f"{name_of(path)} is in no layer: put it in one of {LAYERS[:-1]}"


def test_the_page_has_no_import_circle() -> None:
    assert cycles(GRAPH) == [], "import circles: " + "; ".join(" <-> ".join(c) for c in cycles(GRAPH))


def test_arrows_point_down() -> None:
    assert upward(GRAPH) == []


def test_nothing_imports_the_top() -> None:
    below = {m: targets for m, targets in GRAPH.items() if layer(m)}
    top = sorted(m for m, targets in below.items() for t in targets if layer(t) == "" and not ANYWHERE.match(t))
    assert top == [], f"{top} import the shell or the router, which nothing calls up to"


def test_the_page_itself_loads_the_shell() -> None:
    assert '<script type="module" src="web/shell.js">' in (WEB.parent / "index.html").read_text(encoding="utf-8")


def test_the_engine_starts_before_the_page_is_parsed_with_what_it_needs_asked_for_at_once() -> None:
    """index.html runs early.js async (as soon as it has loaded), and preloads every module it
    imports, directly or not, and nothing else in its list: otherwise the engine's start waits for a
    chain of requests, one module's arrival asking for the next (some 0.1 s on a return visit)."""
    head = (WEB.parent / "index.html").read_text(encoding="utf-8").split("</head>")[0]
    early = '<script type="module" async src="web/early.js"></script>'
    assert early in head and head.index(early) < head.index('rel="stylesheet"')
    preloaded = set(re.findall(r'<link rel="modulepreload" href="web/([^"]+)">', head))
    static = re.compile(
        r"""^(?:import|export)\b[^;]*?\bfrom\s+["'](\.{1,2}/[^"']+)["']|^import\s+["'](\.{1,2}/[^"']+)["']""", re.M
    )
    needed: set[str] = set()
    todo = ["early.js"]
    while todo:
        module = WEB / todo.pop()
        if not module.exists():
            continue  # config.js: the build's, importing nothing
        found = {
            (module.parent / (a or b)).resolve().relative_to(WEB.resolve()).as_posix()
            for a, b in static.findall(module.read_text(encoding="utf-8"))
        }
        for target in found - needed:
            needed.add(target)
            todo.append(target)
    assert {"config.js", "engine/core.js", "ui/i18n.js"} <= needed
    shell = {"shell.js", "catalog.js"}  # the shell's own head start
    assert preloaded - shell == needed


def test_the_walk_would_catch_a_circle_and_an_arrow_up() -> None:
    """The checks above can fail: probes read as the page's own modules would be."""
    storage = WEB / "model" / "storage.js"
    probe = imports(storage, 'import { t } from "../ui/i18n.js";\nconst v = () => import("../screens/start.js");\n')
    assert probe == {"ui/i18n.js", "screens/start.js"}
    graph = {**GRAPH, "model/storage.js": probe}
    assert "model/storage.js imports ui/i18n.js, a layer above it" in upward(graph)
    assert "model/storage.js imports screens/start.js, a layer above it" in upward(graph)
    circle = {**GRAPH, "model/storage.js": {"ui/i18n.js"}, "ui/i18n.js": {*GRAPH["ui/i18n.js"], "model/storage.js"}}
    assert cycles(circle) == [["model/storage.js", "ui/i18n.js"]]
    screens = {**GRAPH, "screens/start.js": {"screens/assign.js"}}
    assert "screens/start.js imports screens/assign.js: a screen imports no other screen" in upward(screens)
