import fcntl
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


import pytest  # noqa: E402

# Under pytest-xdist (pyproject: ``-n auto --dist loadgroup``) the tests that use one of these
# session fixtures run in one worker, so it is set up once: one Notebook 7 server, one site
# build. The JupyterLab tests are not grouped: each worker starts its own JupyterLab (they
# were the suite's longest run in one worker, issue #35 item 4).
SHARED_FIXTURE_GROUPS = {
    "notebook7_server": "notebook7",
    "built_site": "site",
}



def xdist_group(item: pytest.Item) -> str | None:
    """The worker group of a test: its shared session fixture's, else its module's if it uses
    a module- or class-scoped fixture (computed once, as without xdist), else none."""
    for fixture, group in SHARED_FIXTURE_GROUPS.items():
        if fixture in item.fixturenames:
            return group
    fixtures = item._fixtureinfo.name2fixturedefs.values()
    if any(f.scope in ("module", "class") for defs in fixtures for f in defs):
        return item.path.stem  # test module basenames are unique across tests/
    return None


# Each test's seconds (setup, call and teardown), those of 0.5 s or more, as measured by
# ``python -m pytest --store-durations`` (the tests it runs updated, the others kept).
DURATIONS = Path(__file__).with_name("durations.json")
UNMEASURED = 0.1  # seconds assumed for a test not in DURATIONS


def pytest_addoption(parser):
    parser.addoption(
        "--store-durations",
        action="store_true",
        help=f"write each test's duration in this run to {DURATIONS.name} (the xdist order)",
    )


def longest_first(items: list[pytest.Item], groups: list[str | None]) -> list[pytest.Item]:
    """``items`` module by module, those holding the longest work units first (a group's
    tests are one unit, a test without a group its own), each module's tests in their
    order: xdist hands units out in this order (``--no-loadscope-reorder``), so the last
    ones, which decide when the run ends, are short, instead of whichever long tests come
    last in the folders; and a module's tests still run in the order they are written."""
    known = json.loads(DURATIONS.read_text()) if DURATIONS.exists() else {}
    units: dict[str, float] = {}
    for item, group in zip(items, groups, strict=True):
        unit = item.nodeid if group is None else f"@{group}"
        units[unit] = units.get(unit, 0.0) + known.get(item.nodeid, UNMEASURED)
    longest: dict[str, float] = {}  # module -> its longest unit
    for item, group in zip(items, groups, strict=True):
        seconds = units[item.nodeid if group is None else f"@{group}"]
        longest[item.path.name] = max(longest.get(item.path.name, 0.0), seconds)
    return sorted(items, key=lambda item: -longest[item.path.name])  # stable: file order


@pytest.hookimpl(tryfirst=True)  # before xdist's, which reads the groups
def pytest_collection_modifyitems(items):
    groups = [xdist_group(item) for item in items]
    for item, group in zip(items, groups, strict=True):
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
    if "PYTEST_XDIST_WORKER" in os.environ:  # one process (-n 0): the folders' order
        items[:] = longest_first(items, groups)


class StoredDurations:
    """``--store-durations``: sums each test's phases as their reports come (from every
    xdist worker) and updates :data:`DURATIONS` at the end of the run."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        nodeid = report.nodeid
        if nodeid.rfind("@") > nodeid.rfind("]"):  # xdist's group suffix (xdist/remote.py)
            nodeid = nodeid.rpartition("@")[0]
        self.seconds[nodeid] = self.seconds.get(nodeid, 0.0) + report.duration

    def pytest_sessionfinish(self) -> None:
        from cernunos_widget.record.destination import destination, replacing

        known = json.loads(DURATIONS.read_text()) if DURATIONS.exists() else {}
        known.update((n, round(s, 1)) for n, s in self.seconds.items())  # those run now
        kept = {n: s for n, s in sorted(known.items()) if s >= 0.5}
        where = destination(DURATIONS, "durations")
        with replacing(where) as (out, _separator):
            out.write((json.dumps(kept, indent=0) + "\n").encode())


def pytest_configure(config):
    if config.getoption("store_durations") and "PYTEST_XDIST_WORKER" not in os.environ:
        config.pluginmanager.register(StoredDurations(), "stored-durations")


@pytest.fixture(scope="session", autouse=True)
def compiled_core(tmp_path_factory):
    """numba compiles the compiled core once per checkout (its cache serves every later
    process, the browser tests' kernels included) before any test is timed by a browser.
    xdist's workers take turns (a lock in the run's temporary folder): the first compiles
    a cold checkout, the others load its cache instead of compiling it again alongside."""
    from cernunos_widget.solver import prepare_engine

    if "PYTEST_XDIST_WORKER" not in os.environ:
        prepare_engine()
        return
    with open(tmp_path_factory.getbasetemp().parent / "compiled_core.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
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


@pytest.fixture
def small_disk(tmp_path):
    """A 256 KB file system of its own (tmpfs), to fill; skipped where it cannot be mounted
    (not root): each test using it has a fault-injecting twin that runs everywhere."""
    mount = tmp_path / "disk"
    mount.mkdir()
    made = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)], capture_output=True
    )
    if made.returncode:
        pytest.skip(f"no tmpfs here: {made.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=True)
