"""What every job of the build shares: where it works (the repository, the site, the cache), its
log line, and the project's own metadata (pyproject.toml)."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def project() -> dict[str, object]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        data: dict[str, object] = tomllib.load(f)["project"]
    return data


def copy_if_changed(src: Path, dst: Path) -> None:
    """``src`` copied to ``dst`` unless it is there already (an unchanged file keeps its time)."""
    if dst.exists() and dst.stat().st_size == src.stat().st_size and dst.read_bytes() == src.read_bytes():
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def write_if_changed(path: Path, text: str) -> None:
    """``text`` written to ``path`` unless it holds it already."""
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
