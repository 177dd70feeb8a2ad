"""The command line, run as other tools run it: ``python -m pento_core ...`` in a subprocess."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def pento(*args: str, stdin: str | None = None, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run ``python -m pento_core ARGS`` (``stdin`` fed to it) and return what it did."""
    return subprocess.run(
        [sys.executable, "-m", "pento_core", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        input=stdin,
        timeout=timeout,
    )
