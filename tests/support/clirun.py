"""The command line in the tests: ``python -m pento_core ...`` as other tools run it, or its
``main`` in the test's own process.

:func:`pento` runs :func:`pento_core.cli.main` here, with its standard streams and working folder
those of a run of its own: the same parser, the same words, the same exit status, without the
0.25 s a new interpreter spends importing the core (the tests run the command line some 150 times).
:func:`pento_process` starts a real process: for what only a process shows (its pool of workers,
its memory, its hash seed, its interpreter's options), and for the tests of the entry point itself.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class _Kept(io.StringIO):
    """A captured stream that a command may close (the command line closes stderr when its reader
    has gone) and that still gives what was written."""

    def close(self) -> None:
        pass


def pento(*args: str, stdin: str | bytes | None = None) -> subprocess.CompletedProcess[str]:
    """Run the command line's ``main(ARGS)`` in this process (``stdin`` fed to it, the project's
    folder as the working one) and return what it did, as :func:`pento_process` would."""
    from pento_core import cli

    data = stdin.encode() if isinstance(stdin, str) else (stdin or b"")
    fed = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    out, err = _Kept(), _Kept()
    here = os.getcwd()
    try:
        os.chdir(ROOT)
        with (
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
            _stdin(fed),
        ):
            try:
                code = cli.main(list(args))
            except SystemExit as e:  # argparse's own refusals (exit 2) and --help (exit 0)
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        os.chdir(here)
    return subprocess.CompletedProcess(
        [sys.executable, "-m", "pento_core", *args], code, out.getvalue(), err.getvalue()
    )


@contextlib.contextmanager
def _stdin(stream: io.TextIOWrapper) -> Iterator[None]:
    kept = sys.stdin
    sys.stdin = stream
    try:
        yield
    finally:
        sys.stdin = kept


def pento_process(*args: str, stdin: str | None = None, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run ``python -m pento_core ARGS`` (``stdin`` fed to it) in a process of its own and return
    what it did."""
    return subprocess.run(
        [sys.executable, "-m", "pento_core", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        input=stdin,
        timeout=timeout,
    )
