"""Build a JupyterLite site (the Pyodide kernel) that runs the board with no network at all.

    pip install -e ".[lite]"      # jupyterlite-core, jupyterlite-pyodide-kernel, jupyter_server
    python examples/lite/build_site.py /tmp/lite-site [--apps lab notebooks repl]
    python -m http.server -d /tmp/lite-site/_output 8000   # then open localhost:8000/lab/

It needs ``npm`` (the Pyodide runtime is an npm package) and reaches PyPI and the npm
registry while it builds; the site it writes asks nothing of the network.

Everything comes from the package registries (PyPI and npm), nothing from a CDN:

- the Pyodide runtime (``pyodide.mjs``, ``pyodide.asm.wasm``, the standard library) is the npm
  package ``pyodide`` of the version the kernel was built for; its ``pyodide-lock.json`` names
  the distribution's packages, which the npm package does not hold: the pure-Python ones the
  kernel needs (micropip, IPython and theirs) are PyPI's wheels, and the lock file is cut down
  to them (their sha256 those of PyPI's files); compiled ones (numpy, ...) have no source here;
- the piplite wheels: this package's own wheel and the pure-Python wheels of its widget
  dependencies (anywidget, ipywidgets, ...). numba and numpy are not among them (the
  package asks for them only outside Emscripten): the board plays, analysis says it is
  unavailable (docs/widget.md, "JupyterLite").

In a notebook of the site: ``%pip install cernunos-widget`` then
``from cernunos_widget import CernunosWidget; CernunosWidget()``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

from jupyter_core.paths import jupyter_path
from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION, PYODIDE_VERSION

REPO = Path(__file__).resolve().parents[2]
# what the Pyodide kernel loads from the distribution (its worker: micropip, then ipykernel,
# comm, pyodide-kernel, jedi, ipython through piplite), and what the widget needs from it
KERNEL_PACKAGES = ["micropip", "packaging", "ipython", "jedi", "traitlets", "tqdm"]
# the widget's dependencies as piplite wheels (pure Python; the kernel ships its own
# ipykernel and widgetsnbextension stand-ins)
WIDGET_PACKAGES = ["anywidget", "ipywidgets", "comm", "prompt_toolkit", "tqdm"]
# the front ends: the widget manager, anywidget's, the kernel's
EXTENSIONS = [
    "@jupyter-widgets/jupyterlab-manager", "anywidget", "@jupyterlite/pyodide-kernel-extension"
]
NOTEBOOK = Path(__file__).with_name("board.ipynb")  # the site's notebook


def run(*args: str, cwd: Path | None = None) -> None:
    print("$", " ".join(args), flush=True)
    subprocess.run(args, check=True, cwd=cwd)


def pip_download(dest: Path, *specs: str, deps: bool) -> None:
    """Pure-Python wheels for Pyodide's Python, from PyPI."""
    dest.mkdir(parents=True, exist_ok=True)
    tag = ["--platform", "any", "--python-version", PYODIDE_PYTHON_VERSION, "--only-binary=:all:"]
    run(sys.executable, "-m", "pip", "download", "-q", "-d", str(dest), *tag,
        *([] if deps else ["--no-deps"]), *specs)


def pyodide_runtime(cache: Path) -> Path:
    """The npm package ``pyodide`` of the kernel's version, unpacked under ``cache``."""
    unpacked = cache / f"pyodide-{PYODIDE_VERSION}"
    if not (unpacked / "pyodide.mjs").exists():
        cache.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}", cwd=cache)
        with tarfile.open(cache / f"pyodide-{PYODIDE_VERSION}.tgz") as tar:
            tar.extractall(cache, filter="data")
        shutil.rmtree(unpacked, ignore_errors=True)
        (cache / "package").rename(unpacked)
    return unpacked


def closure(packages: dict, names: list[str]) -> list[str]:
    """``names`` and every package of the lock they depend on."""
    seen: list[str] = []
    todo = list(names)
    while todo:
        name = todo.pop().lower().replace("_", "-")
        if name in seen or name not in packages:
            continue
        seen.append(name)
        todo.extend(packages[name]["depends"])
    return sorted(seen)


def local_pyodide(lite_dir: Path, cache: Path) -> None:
    """``lite_dir/static/pyodide``: the runtime and the kernel's packages, all local."""
    target = lite_dir / "static" / "pyodide"
    shutil.rmtree(target, ignore_errors=True)
    runtime = pyodide_runtime(cache)
    shutil.copytree(runtime, target, ignore=shutil.ignore_patterns("*.map", "*.d.ts", "*.html"))
    lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    kept = {name: lock["packages"][name] for name in closure(lock["packages"], KERNEL_PACKAGES)}
    compiled = [s["file_name"] for s in kept.values() if "none-any" not in s["file_name"]]
    if compiled:
        raise SystemExit(f"compiled packages, which PyPI does not have for Pyodide: {compiled}")
    pip_download(target, *(f"{s['name']}=={s['version']}" for s in kept.values()), deps=False)
    for spec in kept.values():
        wheel = target / spec["file_name"]
        if not wheel.exists():
            raise SystemExit(f"{spec['name']}: PyPI's wheel is not named {spec['file_name']}")
        spec["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lock["packages"] = kept
    (target / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")


def piplite_wheels(wheels: Path) -> None:
    """This package's wheel and its widget dependencies' wheels."""
    shutil.rmtree(wheels, ignore_errors=True)
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(REPO))
    pip_download(wheels, *WIDGET_PACKAGES, deps=True)


def extensions(lite_dir: Path) -> None:
    """``lite_dir/labextensions``: the front ends the site needs, from this environment (the
    site is built with ``--ignore-sys-prefix``: other hosts' extensions stay out of it)."""
    target = lite_dir / "labextensions"
    shutil.rmtree(target, ignore_errors=True)
    for name in EXTENSIONS:
        found = [p / name for p in map(Path, jupyter_path("labextensions")) if (p / name).is_dir()]
        if not found:
            raise SystemExit(f"the JupyterLab extension {name} is not installed here")
        shutil.copytree(found[0], target / name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lite_dir", type=Path, help="where to build (the site: LITE_DIR/_output)")
    parser.add_argument("--apps", nargs="*", default=[],
                        help="only these JupyterLite apps (lab, notebooks, repl, ...; default all)")
    args = parser.parse_args(argv)
    lite_dir = args.lite_dir.resolve()
    lite_dir.mkdir(parents=True, exist_ok=True)
    local_pyodide(lite_dir, lite_dir / ".npm")
    piplite_wheels(lite_dir / "wheels")
    extensions(lite_dir)
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
            "disablePyPIFallback": True}}}}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    run(sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir),
        "--output-dir", str(lite_dir / "_output"), "--ignore-sys-prefix",
        f"--FederatedExtensionAddon.extra_labextensions_path={lite_dir / 'labextensions'}",
        "--contents", str(NOTEBOOK), "--piplite-wheels", str(lite_dir / "wheels"),
        "--no-sourcemaps", *(f"--apps={app}" for app in args.apps), cwd=lite_dir)
    print(f"built {lite_dir / '_output'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
