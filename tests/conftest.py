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


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The documentation site built once with the README's command and -W (site_builder)."""
    from site_builder import build_site

    dest = tmp_path_factory.mktemp("site")
    done = build_site(dest)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "WARNING" not in done.stderr and "ERROR" not in done.stderr, done.stderr
    return dest
