"""``python -m pento_core``: see :mod:`pento_core.cli`."""

import sys

try:
    from .cli import main

    sys.exit(main())
except KeyboardInterrupt:  # Ctrl-C before the command line took over (while Python imports it)
    print("stopped: interrupted", file=sys.stderr)
    sys.exit(130)
