"""Build, serve and test Pento.

    python build.py                  build the static site into dist/
    python build.py serve [--port N] build, then serve dist/ at http://localhost:N (default 8000)
    python build.py test [PYTEST ARGS] install what the tests need, build, lint, type-check, run all tests

The site in dist/ is static and uses relative URLs only, so it works from any
static host under any sub-path.  Everything it loads is in dist/: the page,
its ES modules, the pento_core wheel and a pinned Pyodide runtime.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"

# The one place the Pyodide version is written.  The integrity is npm's
# (sha512 of the package tarball), checked after every download.
PYODIDE_VERSION = "314.0.7"
PYODIDE_INTEGRITY = "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")

# A zip entry's date; fixed so that the same sources give the same wheel.
_ZIP_DATE = (2024, 1, 1, 0, 0, 0)


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def project() -> dict[str, object]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        data: dict[str, object] = tomllib.load(f)["project"]
    return data


# -- the wheel -------------------------------------------------------------------------------


def build_wheel(out_dir: Path) -> Path:
    """Write the pure-Python wheel of pento_core into ``out_dir`` (a few ms, no network).

    A wheel is a zip with a dist-info folder (PEP 427); pento_core has no
    compiled parts and no dependencies, so no build backend is needed here.
    """
    meta = project()
    name, version = str(meta["name"]), str(meta["version"])
    dist_info = f"{name}-{version}.dist-info"
    files: list[tuple[str, bytes]] = []
    for path in sorted((ROOT / "pento_core").rglob("*")):
        if path.is_file() and (path.suffix == ".py" or path.name == "py.typed") and "__pycache__" not in path.parts:
            files.append((path.relative_to(ROOT).as_posix(), path.read_bytes()))
    metadata = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {meta['description']}\n"
        f"Requires-Python: {meta['requires-python']}\n"
    )
    files.append((f"{dist_info}/METADATA", metadata.encode()))
    files.append(
        (
            f"{dist_info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: pento build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        )
    )
    files.append((f"{dist_info}/top_level.txt", b"pento_core\n"))
    record = []
    for arc, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{arc},sha256={digest},{len(data)}")
    record.append(f"{dist_info}/RECORD,,")
    files.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    wheel = out_dir / f"{name}-{version}-py3-none-any.whl"
    tmp = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for arc, data in files:
            info = zipfile.ZipInfo(arc, _ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    tmp.replace(wheel)
    return wheel


# -- Pyodide ------------------------------------------------------------------------------------


def _integrity(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def fetch_pyodide() -> Path:
    """The pinned Pyodide npm tarball, downloaded once into .cache/ with npm and verified."""
    tarball = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if tarball.exists() and _integrity(tarball) == PYODIDE_INTEGRITY:
        return tarball
    CACHE.mkdir(exist_ok=True)
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("build: npm is needed to fetch the Pyodide runtime (Debian: apt-get install npm)")
    log(f"fetching pyodide@{PYODIDE_VERSION} with npm")
    subprocess.run(
        [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(CACHE), "--silent"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    got = _integrity(tarball)
    if got != PYODIDE_INTEGRITY:
        tarball.unlink()
        sys.exit(f"build: pyodide tarball integrity mismatch: {got}")
    return tarball


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


# -- the site ------------------------------------------------------------------------------------


def _copy_if_changed(src: Path, dst: Path) -> None:
    if dst.exists() and dst.stat().st_size == src.stat().st_size and dst.read_bytes() == src.read_bytes():
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def _write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def build() -> Path:
    """Assemble dist/.  A second run with nothing changed rewrites almost nothing."""
    DIST.mkdir(exist_ok=True)
    install_pyodide(DIST / "pyodide")
    wheel = build_wheel(CACHE / "wheel")
    _copy_if_changed(wheel, DIST / wheel.name)
    for old in DIST.glob("*.whl"):
        if old.name != wheel.name:
            old.unlink()
    _copy_if_changed(ROOT / "index.html", DIST / "index.html")
    # sw.js is a template: its filled-in copy goes to the site's root (below), not to web/
    web_files = sorted(p for p in (ROOT / "web").rglob("*") if p.is_file() and p.name != "sw.js")
    wanted = {DIST / "web" / p.relative_to(ROOT / "web") for p in web_files}
    for p in web_files:
        _copy_if_changed(p, DIST / "web" / p.relative_to(ROOT / "web"))
    for p in (DIST / "web").rglob("*") if (DIST / "web").exists() else ():
        if p.is_file() and p not in wanted and p.name not in ("config.js",):
            p.unlink()
    # The build's identity: it names the offline cache, so a new build replaces the old one.
    h = hashlib.sha256()
    for p in [DIST / wheel.name, DIST / "index.html", *sorted(wanted)]:
        h.update(p.name.encode())
        h.update(p.read_bytes())
    h.update(PYODIDE_VERSION.encode())
    build_id = h.hexdigest()[:12]
    assets = ["./", "index.html", wheel.name, *[f"pyodide/{f}" for f in (*PYODIDE_FILES, "pyodide-lock.json")]]
    assets += [p.relative_to(DIST).as_posix() for p in sorted(wanted)] + ["web/config.js"]
    config = (
        "// Written by build.py: what this build of the site is made of.\n"
        f"export const BUILD = {json.dumps(build_id)};\n"
        f"export const WHEEL = {json.dumps(wheel.name)};\n"
        f"export const PYODIDE_VERSION = {json.dumps(PYODIDE_VERSION)};\n"
        f"export const ASSETS = {json.dumps(assets)};\n"
    )
    _write_if_changed(DIST / "web" / "config.js", config)
    sw = (ROOT / "web" / "sw.js").read_text()
    sw = sw.replace('"__BUILD__"', json.dumps(build_id)).replace("__ASSETS__", json.dumps(assets))
    _write_if_changed(DIST / "sw.js", sw)
    log(f"built dist/ (build {build_id})")
    return DIST


# -- serving --------------------------------------------------------------------------------------


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 - the base class declares it this way
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
        ".json": "application/json",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("PENTO_SERVE_LOG"):
            super().log_message(format, *args)


def make_server(port: int, host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    """An HTTP server for dist/ (port 0: any free port)."""
    handler = functools.partial(_Handler, directory=str(DIST))
    return http.server.ThreadingHTTPServer((host, port), handler)


def serve(port: int) -> None:
    build()
    server = make_server(port, "0.0.0.0")
    log(f"serving dist/ at http://localhost:{server.server_address[1]}/  (Ctrl+C to stop)")
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


# -- testing ----------------------------------------------------------------------------------------


def _requirement_missing(req: str) -> bool:
    from importlib import metadata

    name, _, version = req.partition("==")
    try:
        return metadata.version(name) != version
    except metadata.PackageNotFoundError:
        return True


def ensure_test_tools() -> None:
    """pip-install the pinned test requirements from pyproject.toml when missing."""
    extras = project()["optional-dependencies"]
    assert isinstance(extras, dict)
    missing = [r for r in extras["test"] if _requirement_missing(r)]
    if missing:
        log("installing " + " ".join(missing))
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", *missing], check=True)


def find_chromium() -> str | None:
    """A Chromium for the browser tests: $PENTO_CHROMIUM, the system's, or None."""
    env = os.environ.get("PENTO_CHROMIUM")
    if env:
        return env
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def ensure_chromium() -> None:
    """Install Debian's chromium when no browser is found (Playwright's own, where a user has one, counts)."""
    if find_chromium():
        return
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            if Path(p.chromium.executable_path).exists():
                return
    except Exception:
        pass
    apt = shutil.which("apt-get")
    if apt is None:
        sys.exit("test: no Chromium found; install one and set PENTO_CHROMIUM to its path")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    log("installing Debian's chromium")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run([*sudo, apt, "update", "-qq"], check=True, env=env)
    subprocess.run([*sudo, apt, "install", "-y", "-qq", "chromium"], check=True, env=env, stdout=subprocess.DEVNULL)


def test(pytest_args: list[str]) -> int:
    ensure_test_tools()
    ensure_chromium()
    build()
    steps = [
        ("ruff", [sys.executable, "-m", "ruff", "check", "pento_core", "tests", "bench", "build.py"]),
        (
            "ruff format",
            [sys.executable, "-m", "ruff", "format", "--check", "pento_core", "tests", "bench", "build.py"],
        ),
        ("mypy", [sys.executable, "-m", "mypy"]),
        ("pytest", [sys.executable, "-m", "pytest", *pytest_args]),
    ]
    for name, cmd in steps:
        log(f"{name}: {' '.join(cmd[2:])}")
        code = subprocess.run(cmd, cwd=ROOT).returncode
        if code:
            log(f"{name} failed (exit {code})")
            return code
    return 0


def main(argv: list[str]) -> int:
    if not argv:
        build()
        return 0
    if argv[0] == "serve":
        port = 8000
        if "--port" in argv:
            port = int(argv[argv.index("--port") + 1])
        serve(port)
        return 0
    if argv[0] == "test":
        return test(argv[1:])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
