"""``python -m pento_core``: see :mod:`pento_core.cli`."""

import sys

# The guard matters: the process pool of ``count --jobs`` starts each worker afresh, and a fresh
# worker imports this module again (as ``__mp_main__``), where it must not run the command line.
if __name__ == "__main__":
    try:
        from .cli import main

        sys.exit(main())
    except KeyboardInterrupt:  # Ctrl-C before the command line took over (while Python imports it)
        print("stopped: interrupted", file=sys.stderr)
        sys.exit(130)
