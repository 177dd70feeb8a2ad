"""``python -m pento_core``: see :mod:`pento_core.cli`."""

import sys

from .cli import main

sys.exit(main())
