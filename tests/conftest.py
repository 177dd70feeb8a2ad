import sys
from pathlib import Path

from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

# No test bounds wall-clock time (docs/development.md): Hypothesis's default 200 ms deadline per
# example is one, and under the full run's load an example of 0.3 ms once took 278 ms and failed
# test_workshop.py.  Work is bounded by step budgets and example counts instead.
settings.register_profile("pento", deadline=None)
settings.load_profile("pento")
