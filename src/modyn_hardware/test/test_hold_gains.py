"""Safe-hold gains (issue 11, item 2): the discrete stability conditions, the checks that apply
them, the default hold from the model, and the load-time report of stiff damping.

* The stability boundaries of :mod:`modyn_hardware.hold_gains` against the plant itself: a
  single inertia under the held PD, computed once per step as the node does, converges just
  inside each boundary and diverges just outside it: b = h·Kd/I < 2 (both integrators),
  a = h²·Kp/I < 2b (RK4, the exact zero-order hold), a + 2b < 4 (semi-implicit Euler).
* :func:`check_hold_gains`: xarm7's light wrist with the former default gains (Kp 100, Kd 20:
  h·Kd/I = 149) is adjusted into the region, with a sentence naming the joint and the values;
  the RX-90 systems' explicit gains pass unchanged; a spring without damping gets damping.
* ``validate_config``: no gains given → the mass-matrix hold; a bandwidth too high for the
  rate is lowered with a warning.
* The node on xarm7 (URDF unmodified, damping kept), commands stopped mid-motion: with the
  default hold, and with the former default gains configured (now adjusted), every joint stays
  below its velocity limit and the arm settles within 0.05 rad of where the hold began.
* ``python -m modyn_hardware.robot_report`` on xarm7: joints, limits, friction, inertias, the
  stiff damping, the hold and suggested controller gains (docs/running.md's walk-through).
"""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

import numpy as np
import pytest

from modyn_hardware.hardware_interface_node import validate_config
from modyn_hardware.hold_gains import (
    check_hold_gains,
    damping_stiffness,
    default_hold_gains,
    hold_spectral_radius,
    sample_poses,
)
from modyn_hardware.simulated import SimulatedPlant
from modyn_model import RobotModel
from modyn_ros.testing import DISC_INERTIA, disc_urdf

INERTIA = DISC_INERTIA
DT = 1e-3
MS = 1_000_000
XARM7 = "xarm_description/urdf/xarm7.urdf"
RX90_KP = [2200.0, 2400.0, 920.0, 48.0, 44.0, 20.0]  # config/systems/rx90_sim.yaml
RX90_KD = [220.0, 240.0, 92.0, 4.8, 4.4, 2.0]


@pytest.fixture(scope="module")
def xarm7_xml() -> str:
    try:
        base = importlib.metadata.distribution("example-robot-data").locate_file(
            "cmeel.prefix/share/example-robot-data/robots"
        )
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("example-robot-data is not installed")
    path = Path(base) / XARM7
    if not path.is_file():
        pytest.skip(f"example-robot-data has no {XARM7}")
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def xarm7(xarm7_xml) -> RobotModel:
    return RobotModel.from_urdf(xarm7_xml)


@pytest.fixture(scope="module")
def rx90(rx90_xml, rx90_extras) -> RobotModel:
    """The RX-90 as its systems run it: with the rotor inertias of urdf/rx90_extras.yaml."""
    return RobotModel.from_urdf(rx90_xml, extras=rx90_extras)


def held_pd_growth(integrator: str, a: float, b: float, steps: int = 3000) -> float:
    """|e| at the end over |e| at the start: a frictionless inertia about the vertical under
    τ_k = Kp (q_h − q_k) − Kd q̇_k held over each step, Kp = a I/h², Kd = b I/h."""
    plant = SimulatedPlant(RobotModel.from_urdf(disc_urdf()), integrator, friction=False)
    kp, kd = a * INERTIA / DT**2, b * INERTIA / DT
    q_hold, e0 = 0.0, 0.1
    plant.reset([e0])
    for _ in range(steps):
        s = plant.read()
        plant.write([kp * (q_hold - s.position[0]) - kd * s.velocity[0]])
        plant.step(DT)
    s = plant.read()
    return float(np.hypot(s.position[0], DT * s.velocity[0]) / e0)


@pytest.mark.parametrize(
    "integrator, a, b, scale, boundary",
    [
        ("rk4", 0.01, 2.0, (0, 1), "b < 2"),
        ("semi_implicit_euler", 0.01, 1.995, (1, 1), "a + 2b < 4 (b < 2 for a small)"),
        ("rk4", 1.0, 0.5, (1, 0), "a < 2b"),
        ("semi_implicit_euler", 2.0, 1.0, (1, 1), "a + 2b < 4"),
    ],
)
def test_stability_boundaries_are_the_plants(integrator, a, b, scale, boundary):
    # 5 % inside and outside the boundary, moving a and/or b as ``scale`` says
    inside = held_pd_growth(integrator, a * 0.95 ** scale[0], b * 0.95 ** scale[1])
    outside = held_pd_growth(integrator, a * 1.05 ** scale[0], b * 1.05 ** scale[1])
    assert inside < 0.5, f"{integrator}, {boundary}: inside, |e| grew x{inside:.3g}"
    assert outside > 2.0, f"{integrator}, {boundary}: outside, |e| only x{outside:.3g}"


def test_euler_is_stable_where_the_zoh_is_not_and_back():
    # a = 1, b = 0.45: a > 2b (unstable under the exact zero-order hold, RK4) but a + 2b < 4
    # (stable under Euler); the check must use both regions
    assert held_pd_growth("rk4", 1.0, 0.45) > 2.0
    assert held_pd_growth("semi_implicit_euler", 1.0, 0.45) < 0.5


def test_former_default_gains_are_adjusted_on_xarm7(xarm7):
    poses = sample_poses(xarm7, np.zeros(7))
    hold = check_hold_gains(xarm7, np.full(7, 100.0), np.full(7, 20.0), DT, poses)
    wrist = [note for note in hold.notes if "joint 'joint7'" in note]
    assert len(wrist) == 1, hold.notes
    # the sentence names the joint, the values given, the inertia, dt and the values used
    assert "given Kp = 100, Kd = 20 on an effective inertia I = 0.0001347" in wrist[0]
    assert "at dt = 0.001 s" in wrist[0] and "h·Kd/I = 149" in wrist[0]
    assert "using Kp = 0.671" in wrist[0]
    # inside the region with margin at the smallest effective inertia, per joint ...
    a = DT**2 * hold.kp / hold.inertia
    b = DT * hold.kd / hold.inertia
    assert np.all(a <= b * (1 + 1e-12)) and np.all(a + 2 * b <= 2.0 * (1 + 1e-12))
    # ... and the coupled maps converge at every pose checked
    rho, _ = hold_spectral_radius(xarm7, poses, hold.kp, hold.kd, DT)
    assert rho < 1.0


def test_safe_gains_pass_unchanged(rx90, xarm7):
    poses = sample_poses(rx90, np.array([0.0, -0.5, 1.0, 0.0, 0.5, 0.0]))
    hold = check_hold_gains(rx90, RX90_KP, RX90_KD, DT, poses)
    assert hold.notes == ()
    assert hold.kp.tolist() == RX90_KP and hold.kd.tolist() == RX90_KD
    # the per-joint defaults (the soft limits' spring and damper): ω² A_jj max, capped where
    # the effective inertia requires it (xarm7's joints 1 and 3), then stable coupled
    poses = sample_poses(xarm7, np.zeros(7))
    kp, kd = default_hold_gains(xarm7, poses, 20.0, 1.0)
    capped = check_hold_gains(xarm7, kp, kd, DT, poses)
    assert capped.adjusted == ("joint1", "joint3")
    assert hold_spectral_radius(xarm7, poses, capped.kp, capped.kd, DT)[0] < 1.0


def test_a_spring_without_damping_gets_damping(rx90):
    poses = sample_poses(rx90, np.zeros(6))
    hold = check_hold_gains(rx90, np.full(6, 1e4), np.zeros(6), DT, poses)
    assert len(hold.notes) == 6 and "(needs Kd > Kp·h/2)" in hold.notes[0]
    np.testing.assert_allclose(hold.kd, 1e4 * DT)  # Kd = Kp h: a = b
    assert hold_spectral_radius(rx90, poses, hold.kp, hold.kd, DT)[0] < 1.0


def test_validate_config_chooses_the_mass_matrix_hold(planar_model, xarm7):
    config = validate_config({}, xarm7)
    assert config.hold_matrix and config.hold_notes == ()  # the defaults' cap is no warning
    assert config.hold_capped == ("joint1", "joint3")
    assert config.hold_bandwidth == 20.0 and config.hold_damping_ratio == 1.0
    assert not validate_config({"hold_kd": [1.0]}, planar_model).hold_matrix
    # ωh = 1.5: outside (ωh ≤ 2ζ, (ωh)² + 4ζωh ≤ 2); lowered to ωh = √6 − 2
    config = validate_config({"hold_bandwidth": 1500.0}, xarm7)
    assert config.hold_bandwidth == pytest.approx((6**0.5 - 2.0) / DT)
    assert "hold_bandwidth 1500 rad/s" in config.hold_notes[0]


def test_stiff_damping_is_reported_naming_the_joint(xarm7, rx90):
    notes = damping_stiffness(xarm7, DT, sample_poses(xarm7, np.zeros(7)))
    assert notes == [
        "joint 'joint7': viscous damping Fv = 2 N·m·s/rad on an effective inertia of "
        "0.0001347 kg·m² at dt = 0.001 s gives dt·Fv/I = 14.9 >= 2"
    ]
    assert damping_stiffness(rx90, DT, sample_poses(rx90, np.zeros(6))) == []


@pytest.mark.parametrize(
    "gains", [{}, {"hold_kp": [100.0], "hold_kd": [20.0]}], ids=["model", "former"]
)
def test_xarm7_holds_when_commands_stop_mid_motion(make_loop, xarm7_xml, xarm7, gains, capfd):
    # the watchdog must not fire during the push on a loaded machine (one step's wall time);
    # after the last command it latches the hold 1 s (wall) later, plant time standing still
    loop = make_loop(robot_description=xarm7_xml, watchdog_timeout=1.0, integrator="rk4", **gains)
    loop.connect()
    log = capfd.readouterr().err
    assert "joint 'joint7': viscous damping Fv = 2" in log  # reported at start (info)
    if gains:  # the former defaults are adjusted with a warning naming the wrist
        assert "safe hold of joint 'joint7': configured Kp = 100, Kd = 20" in log
    # gravity compensation plus a push: the arm moves at ~1 rad/s, then the commands stop
    push = np.array([12.0, 12.0, 7.0, 7.0, 7.0, 4.0, 4.0])  # Fc + Fv·(1 rad/s)
    for _ in range(300):
        q = np.array(loop.states[-1].position) if loop.states else np.zeros(7)
        js = loop.step(xarm7.gravity(q) + push)
    v_stop = np.abs(js.velocity).max()
    assert v_stop > 0.5, f"the arm was not moving: {js.velocity}"
    t_stop = loop.hw.plant_time_ns
    assert loop.spin_until(lambda: loop.hw.plant_time_ns >= t_stop + 1500 * MS, timeout=60.0)
    assert loop.hw.counters["misses"] == 1 and loop.hw.state == "faulted"
    after = [m for m in loop.states if m.header.stamp.sec * 1e9 + m.header.stamp.nanosec > t_stop]
    q = np.array([m.position for m in after])
    v = np.array([m.velocity for m in after])
    drift = np.abs(q - q[0]).max(axis=0)
    print(
        f"\nxarm7 hold ({'former gains' if gains else 'model'}): stopped at {v_stop:.2f} rad/s, "
        f"peak {np.abs(v).max():.3f} rad/s, drift {np.round(drift, 4).tolist()} rad"
    )
    assert np.all(np.abs(v).max(axis=0) < xarm7.velocity_limit), np.abs(v).max(axis=0)
    assert drift.max() < 0.05, drift
    assert np.abs(v[-1]).max() < 1e-3, v[-1]  # settled (the dry friction holds it still)


def test_robot_report_prints_what_a_system_file_needs(xarm7_xml, tmp_path, capsys):
    from modyn_hardware.robot_report import main

    path = tmp_path / "xarm7.urdf"
    path.write_text(xarm7_xml, encoding="utf-8")
    assert main([str(path), "--q0", "0", "-0.3", "0", "0.8", "0", "1.1", "0"]) == 0
    out = capsys.readouterr().out
    names = "['joint1', 'joint2', 'joint3', 'joint4', 'joint5', 'joint6', 'joint7']"
    assert f"7 moving joints, model order (the order of every per-joint parameter): {names}" in out
    assert "joint7         -6.283    6.283   3.14      20      2     1  0.0001398  0.0001347" in out
    assert "stiff damping, joint 'joint7': viscous damping Fv = 2" in out
    assert "w = 20 rad/s" in out
    # the suggested PD: ω² A_jj(q0) except joint3, adjusted to the stability region
    assert "adjusted: safe hold of joint 'joint3': suggested Kp = 46.8949" in out
    assert "  kp: [35.86, 78.58, 25.38, 45.54, 0.3889, 1.163, 0.01398]" in out
    with pytest.raises(SystemExit):
        main([str(path), "--q0", "0.1"])  # 1 value for 7 joints: refused, naming the joints
    assert "--q0: 1 values for 7 joints" in capsys.readouterr().err


def test_poses_of_a_model_with_a_workspace_are_inside_it():
    """A model with ``check_workspace`` (the Stewart platform: coordinates without limits, legs
    with strokes): the sampled poses are around the initial pose and every one inside the
    workspace, not uniform in [−π, π] about zero (a platform at z = 0 or yawed by 3 rad)."""
    from pathlib import Path

    from modyn_model import load_model

    path = Path(__file__).resolve().parents[3] / "config" / "mechanisms" / "stewart_lopes.yaml"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    model = load_model(path.read_text())
    q0 = np.array([0.0, 0.0, 2.0, 0.0, 0.0, 0.0])
    poses = sample_poses(model, q0)
    # the workspace is a small part of q0 ± π per coordinate: the sampling box shrinks about q0
    # until poses are found (64 here); fewer may be found, never a pose outside it
    assert 16 <= poses.shape[0] <= 64 and poses.shape[1] == 6, poses.shape
    np.testing.assert_array_equal(poses[0], q0)
    model.check_workspace(poses)  # batched: raises if any is outside
    assert np.ptp(poses, axis=0).min() > 0.1  # spread over the workspace, not one pose
    # the same poses every start (fixed seed)
    np.testing.assert_array_equal(sample_poses(model, q0), poses)
