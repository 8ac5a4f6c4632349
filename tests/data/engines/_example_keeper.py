"""The example score keeper (`examples/score-keeper/score_keeper.py`), loaded from its file as a
module, for the test engines here that change one of its functions and then run its loop."""

import importlib.util
from pathlib import Path
from types import ModuleType

_EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "score-keeper" / "score_keeper.py"


def example_keeper() -> ModuleType:
    """A fresh copy of the example keeper's module."""
    spec = importlib.util.spec_from_file_location("score_keeper", _EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
