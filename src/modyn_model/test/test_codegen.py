"""The customized (generated) models against the reference recursions and Khalil's Example 7.4.

* Generated Γ, A(q) and q̈ (scalar and numpy forms) equal the readable numpy recursions
  (:func:`rnea`, :func:`crba`, :func:`aba`) on random trees, to rounding.
* Tracing the angular-velocity recursion of the RX-90 reproduces Example 7.4 of the seed:
  14 intermediate variables, 18 multiplications and 12 additions, S1 and C1 eliminated (the
  seed's listing, with the ``-S4*WI12`` typo corrected to ``WI13`` as the research note says).
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_model import RobotModel
from modyn_model.codegen import Tracer, Var, generate_rnea
from modyn_model.codegen.algorithms import FloatOps, joint_rotation_scalar, rnea_scalar
from modyn_model.codegen.generate import _TraceOps
from modyn_model.codegen.runtime import fast_forward_dynamics, fast_mass_matrix, fast_rnea
from modyn_model.dynamics import aba, crba, rnea
from modyn_model.random_robot import random_urdf

SEEDS = range(12)


def _robot(seed: int) -> RobotModel:
    n = 1 + seed % 9
    extras = {"joints": {}}
    model = RobotModel.from_urdf(random_urdf(seed, n, tree=seed % 2 == 0))
    rng = np.random.default_rng(seed)
    for name in model.joint_names:
        extras["joints"][name] = {
            "rotor_inertia": float(rng.uniform(0, 0.5)),
            "viscous": float(rng.uniform(0, 2)),
            "coulomb": float(rng.uniform(0, 2)),
            "static": float(rng.uniform(2, 3)),
            "stribeck_velocity": float(rng.uniform(0.01, 0.2)),
        }
    return RobotModel.from_urdf(random_urdf(seed, n, tree=seed % 2 == 0), extras=extras)


def _close(a, b, tol=1e-10):
    scale = max(1.0, float(np.max(np.abs(b))))
    assert np.max(np.abs(a - b)) <= tol * scale, f"max diff {np.max(np.abs(a - b))}"


@pytest.mark.parametrize("seed", SEEDS)
def test_generated_matches_reference(seed):
    model = _robot(seed)
    rng = np.random.default_rng(100 + seed)
    q, v, a = rng.uniform(-2.0, 2.0, size=(3, model.n))
    _close(fast_rnea(model, q, v, a), rnea(model, q, v, a))
    _close(
        fast_rnea(model, q, None, None, friction=False), rnea(model, q, None, None, friction=False)
    )
    _close(
        fast_rnea(model, q, v, None, gravity=False, friction=False),
        rnea(model, q, v, None, gravity=np.zeros(3), friction=False),
    )
    _close(fast_mass_matrix(model, q), crba(model, q))
    tau = rng.uniform(-5, 5, model.n)
    _close(fast_forward_dynamics(model, q, v, tau), aba(model, q, v, tau), 1e-9)
    # the pure-Python float evaluation of the traced algorithm is the same function
    _close(
        np.array(rnea_scalar(model, q.tolist(), v.tolist(), a.tolist(), FloatOps)),
        rnea(model, q, v, a),
    )


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_generated_batched_matches_single(seed):
    model = _robot(seed)
    rng = np.random.default_rng(seed)
    q, v, a = rng.uniform(-2.0, 2.0, size=(3, 7, 5, model.n))
    batch = fast_rnea(model, q, v, a)
    assert batch.shape == (7, 5, model.n)
    _close(batch[3, 2], fast_rnea(model, q[3, 2], v[3, 2], a[3, 2]))
    _close(fast_mass_matrix(model, q)[6, 4], fast_mass_matrix(model, q[6, 4]))
    _close(
        fast_forward_dynamics(model, q, v, a)[1, 1],
        fast_forward_dynamics(model, q[1, 1], v[1, 1], a[1, 1]),
    )


def test_output_buffer_is_filled_in_place():
    model = RobotModel.from_mdh("rx90")
    out = np.empty(model.n)
    q = np.linspace(-1, 1, model.n)
    got = fast_rnea(model, q, q, q, out=out)
    assert got is out
    _close(out, rnea(model, q, q, q))


def test_example_7_4_angular_velocities_of_rx90():
    model = RobotModel.from_mdh("rx90")
    tracer = Tracer()
    ops = _TraceOps(tracer)
    q = [tracer.input(f"q{j}") for j in range(6)]
    qp = [tracer.input(f"QP{j}") for j in range(6)]
    w = [0.0, 0.0, 0.0]
    outputs = []
    for j in range(6):
        rot = joint_rotation_scalar(model, j, q[j], ops)
        w = [rot[0][i] * w[0] + rot[1][i] * w[1] + rot[2][i] * w[2] for i in range(3)]  # [7.51]
        w = [w[0], w[1], w[2] + qp[j]]  # [7.52]
        outputs += w
    program = tracer.program(outputs)
    # Khalil's intermediate variables are the vector elements that hold an operation
    # (WI12, WI22, WI13, WI23, W33, ..., W36); the tracer emits one line per binary operation.
    named = {o.name for o in outputs if isinstance(o, Var) and not o.name.startswith("QP")}
    calls = sorted(line[1] for line in program.lines if line[3] == "call")
    assert len(named) == 14
    assert program.counts["mul"] == 18 and program.counts["add"] == 12
    assert calls == sorted(
        [f"cos(q{j})" for j in range(1, 6)] + [f"sin(q{j})" for j in range(1, 6)]
    )
    assert "q0" not in " ".join(line[1] for line in program.lines), "S1 and C1 must be eliminated"


def test_generated_source_is_straight_line_and_documented():
    model = RobotModel.from_mdh("rx90")
    fn = generate_rnea(model, friction=False)
    assert "for " not in fn.source and "while " not in fn.source
    assert f"{fn.counts['mul']} mult" in fn.source
    # gravity-only model is far cheaper than the full one (terms in q̇, q̈ folded away)
    gravity = generate_rnea(model, velocity=False, acceleration=False, friction=False)
    assert gravity.counts["mul"] < fn.counts["mul"] / 2


def test_the_generated_source_is_the_same_in_every_process():
    """The Python source of a generated model does not depend on ``PYTHONHASHSEED``: its cached
    C object is keyed by that source, and a run's processes each hashed it differently (L26:
    four seeds, four texts for the RX-90, only the register names differing)."""
    import hashlib
    import os
    import subprocess
    import sys

    script = (
        "import hashlib\n"
        "from modyn_model.codegen.runtime import generated\n"
        "from modyn_model.random_robot import random_urdf\n"
        "from modyn_model import RobotModel\n"
        "model = RobotModel.from_urdf(random_urdf(4, 6, tree=False))\n"
        "texts = [generated(model, 'forward_dynamics', False).source,\n"
        "         generated(model, 'rnea', True, True, True, False).source,\n"
        "         generated(model, 'mass_matrix').source]\n"
        "print(hashlib.sha256('\\0'.join(texts).encode()).hexdigest())\n"
    )
    digests = set()
    for seed in ("0", "1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed, MODYN_CODEGEN="python")
        run = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=300
        )
        assert run.returncode == 0, run.stderr
        digests.add(run.stdout.strip())
    assert len(digests) == 1, digests
    assert len(next(iter(digests))) == len(hashlib.sha256().hexdigest())
