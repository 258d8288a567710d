import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


import pytest  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def compiled_core():
    """numba compiles the compiled core once per checkout (its cache serves every later
    process, the browser tests' kernels included) before any test is timed by a browser."""
    from cernunos_widget.solver import prepare_engine

    prepare_engine()
