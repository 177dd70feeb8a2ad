"""``python3 -m pento_class serve --data DIR [--port P] [--host H] [--db URL] [--keep-days N]``.

Run with any Python 3.11+ from the project's folder: where the server's packages are missing (a
fresh machine's own python3), it installs them into the project's .venv/ (requirements/class.txt,
pinned) and runs itself there, never touching the caller's Python.  It builds the site (dist/), as
``build.py serve`` does, and serves it with the class API beside it.
"""

from __future__ import annotations

import os
import sys


def _in_project_env() -> None:
    """Re-run this command in .venv/ when the server's packages are not importable here."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        from pento_build.environment import ensure_env, in_venv

        python = ensure_env("class")
        if in_venv():
            return  # installed into this very Python: import on
        os.execv(python, [str(python), "-m", "pento_class", *sys.argv[1:]])


if __name__ == "__main__":
    _in_project_env()
    from .cli import main

    sys.exit(main(sys.argv[1:]))
