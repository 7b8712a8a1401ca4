"""The figures and the benchmark of docs/trajectory.md stay regenerable.

* ``bench/trajectory_plots.py`` writes every figure (one per Khalil ch. 8 profile, the overview,
  via points, pre-emption and stop) into a temporary folder. The script checks what it plots
  (limits kept, waypoints reached, q and q̇ continuous at a pre-emption) and fails otherwise.
* ``bench/trajectory.py --repeats 1`` runs its correctness checks: our samples equal Robotics
  Toolbox's ``jtraj`` / ``mtraj`` (when installed), scipy's B-spline and direct numpy evaluations
  to 1e-12 (1e-9 for the B-spline). Its timings are printed, never asserted.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from matplotlib.image import imread

ROOT = Path(__file__).resolve().parents[1]
KINDS = (
    "linear",
    "cubic",
    "quintic",
    "bang_bang",
    "trapezoid",
    "continuous_acceleration",
    "cycloidal",
)
FIGURES = [f"trajectory_{k}.png" for k in KINDS] + [
    "trajectory_profiles.png",
    "trajectory_via_points.png",
    "trajectory_preempt_stop.png",
]


def run(*args: str, timeout: float = 300.0) -> subprocess.CompletedProcess:
    env = dict(os.environ, MPLBACKEND="Agg")
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=timeout, check=False,
    )  # fmt: skip


@pytest.mark.scenario
def test_plot_script_writes_every_figure(tmp_path):
    result = run("bench/trajectory_plots.py", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    written = sorted(Path(line).name for line in result.stdout.split())
    assert written == sorted(FIGURES)
    for name in FIGURES:
        image = imread(tmp_path / name)
        height, width = image.shape[:2]
        assert height >= 400 and width >= 400, (name, image.shape)
        assert np.std(image[..., :3]) > 0.05, f"{name} is blank"


def test_figures_in_docs_are_the_ones_the_script_writes():
    docs = (ROOT / "docs" / "trajectory.md").read_text()
    for name in FIGURES:
        assert f"img/{name}" in docs, f"docs/trajectory.md does not show {name}"
        assert (ROOT / "docs" / "img" / name).is_file(), name


@pytest.mark.scenario
def test_bench_samples_equal_the_references():
    result = run("bench/trajectory.py", "--repeats", "1")
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    for row in ("numpy direct r(τ)", "numpy direct [8.19]", "scipy BSpline (same spline)",
                "numpy direct r(τ) per segment", "numpy direct [8.19] per segment"):  # fmt: skip
        assert row in out, row
    try:
        import roboticstoolbox  # noqa: F401
    except ImportError:
        return
    for row in ("rtb jtraj", "rtb mtraj(quintic)", "rtb mtraj(trapezoidal)"):
        assert row in out, row
