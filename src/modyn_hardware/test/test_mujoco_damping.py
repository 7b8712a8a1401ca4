"""MujocoPlant with stiff viscous damping (issue 11, item 3, MuJoCo side).

* Semi-implicit Euler treats the damping implicitly (MuJoCo's ``eulerdamp``): on a single damped
  inertia I q̈ = τ − Fv q̇ the plant's velocity is the backward-Euler closed form
  v_k = τ/Fv + (v_0 − τ/Fv) (I / (I + dt Fv))^k and q_k = q_0 + dt Σ v_i, to 1e-12, at
  dt·Fv/I = 20 (no overshoot, where explicit Euler would multiply the error by −19 per step) and
  at 0.004, where it converges to the continuous exponential at first order.
* RK4 is explicit: at dt·Fv/I = 20 the plant warns at its first step, naming the joint and the
  number (dt·λ_max, checked against RK4's stability limit 2.785), and the step then diverges.
* The xarm7 of example-robot-data, loaded unmodified (``<dynamics damping>`` 2 N·m·s/rad on a
  wrist of 1.4e-4 kg·m²): the stiffness number of joint7 is MuJoCo's own mass matrix's
  (14.66 at 1 kHz); under a PD + gravity hold started at 2 rad/s on every joint the plant
  stays finite and below the joints' velocity limits and settles; with MuJoCo's explicit damping
  (the plant before this change) the same hold diverges within 10 steps. (Under a motion:
  tests/test_xarm7_mujoco.py, which needs the control laws.)
"""

from __future__ import annotations

import importlib.metadata
import logging
from pathlib import Path

import numpy as np
import pytest

from modyn_hardware.mujoco_plant import RK4_STABILITY_LIMIT, MujocoPlant, damping_stability
from modyn_hardware.plant import PlantError
from modyn_model import RobotModel
from modyn_ros.testing import DISC_INERTIA, disc_urdf

mujoco = pytest.importorskip("mujoco")

DT = 1e-3
LOGGER = "modyn_hardware.mujoco_plant"
XARM7 = "robots/xarm_description/urdf/xarm7.urdf"


def _damped_disc(fv: float) -> tuple[RobotModel, str]:
    """A disc (I = DISC_INERTIA about the vertical: no gravity torque) with damping ``fv``."""
    xml = disc_urdf()
    return RobotModel.from_urdf(xml, extras={"joints": {"spin": {"viscous": fv}}}), xml


def _run_disc(fv: float, dt: float, t_end: float, tau: float = 1.0, v0: float = 3.0):
    model, xml = _damped_disc(fv)
    plant = MujocoPlant(model, xml, "semi_implicit_euler")
    plant.reset([0.0], [v0])
    plant.write([tau])
    q, v = [], []
    for _ in range(int(round(t_end / dt))):
        plant.step(dt)
        state = plant.read()
        q.append(state.position[0])
        v.append(state.velocity[0])
    return np.array(q), np.array(v)


@pytest.mark.parametrize("fv", [1e4, 2.0])  # dt·Fv/I = 20 (stiff) and 0.004
def test_implicit_damping_is_backward_euler_on_a_damped_inertia(fv):
    tau, v0, inertia = 1.0, 3.0, DISC_INERTIA
    q, v = _run_disc(fv, DT, 0.5, tau, v0)
    k = np.arange(1, len(v) + 1)
    v_inf = tau / fv
    # (I + dt Fv) v_{k+1} = I v_k + dt τ: the damping at the end of the step
    v_closed = v_inf + (v0 - v_inf) * (inertia / (inertia + DT * fv)) ** k
    np.testing.assert_allclose(v, v_closed, rtol=0, atol=1e-12)
    np.testing.assert_allclose(q, DT * np.cumsum(v_closed), rtol=0, atol=1e-12)
    # a decay towards τ/Fv that never crosses it (explicit Euler: factor 1 − dt Fv/I = −19)
    assert np.all(np.diff(v) <= 0.0) and np.all(v - v_inf >= -1e-15)


def test_implicit_damping_converges_to_the_exponential_at_first_order():
    fv, tau, v0, t_end = 2.0, 1.0, 3.0, 0.5
    errors = []
    for dt in (2e-3, 1e-3, 5e-4):
        _, v = _run_disc(fv, dt, t_end, tau, v0)
        exact = tau / fv + (v0 - tau / fv) * np.exp(-fv * t_end / DISC_INERTIA)
        errors.append(abs(v[-1] - exact))
    ratios = [errors[0] / errors[1], errors[1] / errors[2]]
    assert errors[-1] < 1e-3 and all(1.8 < r < 2.2 for r in ratios), (errors, ratios)


def test_rk4_warns_naming_the_stiff_joint_and_diverges(caplog, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # MuJoCo appends its instability warning to ./MUJOCO_LOG.TXT
    model, xml = _damped_disc(1e4)
    rate, joints = damping_stability(model, np.zeros(1), DT)
    assert rate == pytest.approx(DT * 1e4 / DISC_INERTIA, rel=1e-12)  # 20
    assert joints[0][0] == "spin" and joints[0][2] == pytest.approx(DISC_INERTIA, rel=1e-12)
    quiet = MujocoPlant(model, xml, "semi_implicit_euler")
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        quiet.step(DT)  # damping implicit: nothing to say
    assert "unstable" not in caplog.text
    plant = MujocoPlant(model, xml, "rk4")
    plant.reset([0.0], [3.0])
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        plant.step(DT)
    assert "joint(s) 'spin'" in caplog.text and "dt·Fv/I = 20" in caplog.text, caplog.text
    assert f"limit {RK4_STABILITY_LIMIT:.3f}" in caplog.text
    assert any("'spin'" in note for note in plant.notes)
    with pytest.raises(PlantError, match="diverged"):
        for _ in range(200):
            plant.step(DT)


# ---------------------------------------------------------------------- xarm7, unmodified
@pytest.fixture(scope="module")
def xarm7() -> tuple[RobotModel, str]:
    try:
        prefix = Path(
            importlib.metadata.distribution("example-robot-data").locate_file("cmeel.prefix")
        )
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("example-robot-data is not installed (pip install example-robot-data)")
    path = prefix / "share/example-robot-data" / XARM7
    if not path.is_file():
        pytest.skip(f"example-robot-data in {prefix} has no {XARM7}")
    model = RobotModel.from_urdf(path)
    assert model.viscous.tolist() == [10.0, 10.0, 5.0, 5.0, 5.0, 2.0, 2.0]  # kept, as shipped
    return model, str(path)


Q0 = np.array([0.0, 0.3, 0.0, 0.6, 0.0, 0.3, 0.0])


def test_xarm7_stiffness_number_is_mujocos(xarm7):
    model, path = xarm7
    plant = MujocoPlant(model, path, "semi_implicit_euler", Q0)
    m, d = plant.mj_model, plant.mj_data
    mujoco.mj_forward(m, d)
    full = np.zeros((m.nv, m.nv))
    mujoco.mj_fullM(m, d, full)
    dof = plant.dof_index
    a_inv = np.linalg.inv(full[np.ix_(dof, dof)])
    _, joints = damping_stability(model, Q0, DT)
    name, number, inertia = joints[0]
    j = model.joint_names.index(name)
    assert name == "joint7"
    assert number == pytest.approx(DT * m.dof_damping[dof[j]] * a_inv[j, j], rel=1e-9)
    assert number > 14.0 and inertia < 2e-4  # explicit-unstable by a factor of 5 for RK4


def _hold(plant, model, steps: int) -> np.ndarray:
    """The safe hold's law at gains the hold itself can run at 1 kHz (Kd dt / A_jj = 0.04):
    Kp = A_jj ω², Kd = 2 A_jj ω, ω = 20 rad/s; the largest |q̇_j| / limit_j seen."""
    inertia = np.diag(model.mass_matrix(Q0))
    kp, kd = inertia * 20.0**2, 2.0 * inertia * 20.0
    worst = 0.0
    for _ in range(steps):
        state = plant.read()
        q, v = state.position, state.velocity
        worst = max(worst, float(np.max(np.abs(v) / model.velocity_limit)))
        tau = model.gravity(q) + kp * (Q0 - q) - kd * v
        plant.write(np.clip(tau, -model.effort_limit, model.effort_limit))
        plant.step(DT)
    return worst


def test_xarm7_holds_on_mujoco_with_its_damping(xarm7, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # for MuJoCo's MUJOCO_LOG.TXT (the control below diverges)
    model, path = xarm7
    plant = MujocoPlant(model, path, "semi_implicit_euler", Q0)
    plant.reset(Q0, np.full(model.n, 2.0))  # a hold that starts at 2 rad/s on every joint
    worst = _hold(plant, model, 2000)
    state = plant.read()
    print(
        f"\nxarm7 hold: max |v|/limit {worst:.2f}, after 2 s |v| {np.abs(state.velocity).max():.1e}"
    )
    assert worst <= 1.0
    assert np.all(np.isfinite(state.position)) and np.abs(state.velocity).max() < 1e-2
    assert np.abs(state.position - Q0).max() < 0.1
    # the control: MuJoCo's explicit damping (what the plant did before) diverges at once
    explicit = MujocoPlant(model, path, "semi_implicit_euler", Q0)
    explicit.mj_model.opt.disableflags |= int(mujoco.mjtDisableBit.mjDSBL_EULERDAMP)
    explicit.reset(Q0, np.full(model.n, 2.0))
    with pytest.raises(PlantError, match="diverged"):
        _hold(explicit, model, 2000)
