"""The project's own environment: .venv/ with the pinned requirements (never the caller's Python),
Debian's packages where one is missing (apt, one at a time), a Chromium for the browser tests, and
the page's checkers from package-lock.json."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

from .base import ROOT, log

VENV = ROOT / ".venv"


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def _create_venv() -> None:
    """Make .venv/ with the Python running this script; on Debian, install python3-venv when it is missing."""
    log(f"creating {VENV.name}/ with {sys.executable} (Python {sys.version.split()[0]})")
    if subprocess.run([sys.executable, "-m", "venv", str(VENV)]).returncode == 0:
        return
    shutil.rmtree(VENV, ignore_errors=True)
    package = f"python3.{sys.version_info.minor}-venv"
    if shutil.which("apt-get") is None:
        sys.exit(f"build: could not create {VENV} (is Python's venv module installed?)")
    log(f"installing Debian's {package}, which Python's venv module needs")
    apt_install(package)
    subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)


# One apt at a time: Chromium's install may run beside pip's and npm's (see main), and dpkg's lock
# would refuse a second apt-get started meanwhile (python3-venv's, say).
_APT = threading.Lock()
_APT_UPDATED = False


def apt_install(*packages: str) -> None:
    """Install Debian's ``packages`` with apt-get (as root, or through sudo), its lists updated first."""
    global _APT_UPDATED
    apt = shutil.which("apt-get")
    assert apt is not None
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    with _APT:
        if not _APT_UPDATED:
            subprocess.run([*sudo, apt, "update", "-qq"], check=True, env=env)
            _APT_UPDATED = True
        subprocess.run([*sudo, apt, "install", "-y", "-qq", *packages], check=True, env=env, stdout=subprocess.DEVNULL)


def ensure_env(lock: str) -> Path:
    """.venv/ with every package of ``requirements/<lock>.txt`` installed; its Python.

    Never touches the Python that runs this script: PEP 668 systems (Debian's
    own python3) refuse that, and elsewhere it would change the caller's tools.
    """
    lock_file = ROOT / "requirements" / f"{lock}.txt"
    # every lock file counts: one includes another (-r), test.txt class.txt and class.txt build.txt
    text = lock + "".join(p.read_text() for p in sorted((ROOT / "requirements").glob("*.txt")))
    digest = hashlib.sha256(text.encode()).hexdigest()
    stamp = VENV / f".pento-{lock}"
    if not venv_python().exists():
        _create_venv()
    if not stamp.exists() or stamp.read_text() != digest:
        log(f"installing requirements/{lock}.txt into {VENV.name}/")
        cmd = [
            str(venv_python()),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            # no bytecode for every module of every package (a third of pip's time): what is imported
            # is compiled as it is first imported, once (build.py test keeps it in .cache/)
            "--no-compile",
            "-r",
            str(lock_file),
        ]
        subprocess.run(cmd, check=True)
        stamp.write_text(digest)
    return venv_python()


def find_chromium() -> str | None:
    """Chromium itself (the browser players have): $PENTO_CHROMIUM, the system's, or None."""
    env = os.environ.get("PENTO_CHROMIUM")
    if env:
        return env
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


HEADLESS_SHELL = "chromium-headless-shell"


def find_test_browser() -> str | None:
    """The browser most browser tests drive: Chromium's headless shell (Debian's
    ``chromium-headless-shell``, the same Chromium without the browser's own window layer, which
    Playwright itself prefers for headless runs: some 30% less CPU for the same pages, measured in
    docs/development.md), else :func:`find_chromium`.  $PENTO_CHROMIUM, when set, is used for every test."""
    if os.environ.get("PENTO_CHROMIUM"):
        return os.environ["PENTO_CHROMIUM"]
    return shutil.which(HEADLESS_SHELL) or find_chromium()


def _may_use_apt() -> bool:
    """Whether apt-get can run without asking anyone: as root, or through a sudo that needs no password."""
    if shutil.which("apt-get") is None:
        return False
    if os.geteuid() == 0:
        return True
    return (
        shutil.which("sudo") is not None and subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode == 0
    )


def ensure_chromium() -> None:
    """Install Debian's chromium when no browser is found (Playwright's own, where a user has one,
    counts), and Debian's chromium-headless-shell beside a system Chromium where apt may run without a
    password (without it the tests drive Chromium itself, only slower)."""
    if os.environ.get("PENTO_CHROMIUM"):
        return
    system = find_chromium()
    if system is None and not _playwright_has_chromium():
        if shutil.which("apt-get") is None:
            sys.exit("test: no Chromium found; install one and set PENTO_CHROMIUM to its path")
        log(f"installing Debian's chromium and {HEADLESS_SHELL}")
        apt_install("chromium", HEADLESS_SHELL)
        return
    if system is not None and shutil.which(HEADLESS_SHELL) is None and _may_use_apt():
        log(f"installing Debian's {HEADLESS_SHELL} (most browser tests drive it)")
        apt_install(HEADLESS_SHELL)


def _playwright_has_chromium() -> bool:
    """Whether Playwright's own Chromium is downloaded (found before .venv/ has Playwright, too)."""
    if any((Path.home() / ".cache" / "ms-playwright").glob("chromium*")):
        return True
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            return Path(p.chromium.executable_path).exists()
    except Exception:
        return False


def postgres_bin() -> Path | None:
    """The folder of PostgreSQL's server programs (initdb, pg_ctl), newest version first; None."""
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name), reverse=True
    )
    if found:
        return found[0].parent
    for name in ("initdb", "pg_ctl"):
        if shutil.which(name) is None:
            return None
    return Path(str(shutil.which("initdb"))).parent


def ensure_postgres() -> None:
    """Install Debian's postgresql when its programs are missing: the class server's tests start a
    PostgreSQL of their own (tests/support/postgres.py)."""
    if postgres_bin() is not None:
        return
    if shutil.which("apt-get") is None:
        sys.exit("test: no PostgreSQL found (initdb, pg_ctl); install PostgreSQL's server")
    log("installing Debian's postgresql")
    apt_install("postgresql")


NODE_MODULES = ROOT / "node_modules"


def ensure_node_tools() -> Path:
    """The page's checkers (TypeScript, eslint), installed from package-lock.json with ``npm ci``
    into node_modules/ whenever the lock changed; their bin/ folder."""
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("build: npm is needed for the page's static checks (Debian: apt-get install npm)")
    lock = (ROOT / "package-lock.json").read_bytes()
    stamp = NODE_MODULES / ".pento-lock"
    digest = hashlib.sha256(lock).hexdigest()
    if not stamp.exists() or stamp.read_text() != digest:
        log("installing package-lock.json into node_modules/ (npm ci)")
        subprocess.run([npm, "ci", "--silent", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
        stamp.write_text(digest)
    return NODE_MODULES / ".bin"
