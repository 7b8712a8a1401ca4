"""The acceptance evidence of issue 13: a mechanism from a user's package, no node changed.

``tests/packages/modyn_toy_mechanism`` is a package outside modyn that registers the kind
``planar_absolute_2r`` in the entry-point group ``modyn.mechanisms``: a planar 2-link arm whose
coordinates are the ABSOLUTE link angles θ = (θ1, θ2) (each from the horizontal) and whose
actuators are the motors of the two relative joints, τ = Sᵀ u with S = [[1, 0], [−1, 1]]. Its
dynamics are written by hand from the Lagrangian (its module docstring) against the mechanism
contract only.

1. **Model level**: the toy equals the same arm in RELATIVE angles q = S θ (the URDF below:
   modyn's RobotModel, and Pinocchio, which nobody here wrote): the same kinetic and potential
   energy at every state; A_abs = Sᵀ A_rel S; Γ_abs(θ, θ̇, θ̈) = Sᵀ Γ_rel(Sθ, Sθ̇, Sθ̈) (the
   virtual work of the same forces in the two coordinates); the toy's actuator forces u equal
   the relative model's joint torques (its motors are those joints) and Sᵀu = Γ_abs; forward
   dynamics v̇_rel = S v̇_abs; frames: same poses, J_abs = J_rel S, same J̇v. Tolerance 1e-10
   relative (double-precision arithmetic of two different formulas, measured ~1e-15).
2. **System level**: the four nodes (trajectory_generator, inverse_dynamics_feedforward,
   feedback_controller with computed torque, hardware_interface with the built-in simulated
   plant, lockstep) over DDS track a goal on the toy arm, loaded by every node from its mechanism
   file through ``robot_description``: the RMS tracking error is small. Nothing in a node names
   the toy.

The toy package is made importable without touching the shared venv: its metadata
(``setup.py egg_info``, which writes the entry points) goes into a temporary directory put on
``sys.path`` and on the nodes' ``PYTHONPATH`` together with its source.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import yaml

from modyn_model import DescriptionError, RobotModel, algorithms, is_mechanism_model, load_model
from modyn_model.contract import MechanismModel

ROOT = Path(__file__).resolve().parents[1]
TOY_DIR = ROOT / "tests/packages/modyn_toy_mechanism"
TOY_YAML = TOY_DIR / "modyn_toy_mechanism/toy_2r.yaml"
S = np.array([[1.0, 0.0], [-1.0, 1.0]])
RTOL = 1e-10


def _toy_metadata(target: Path) -> list[str]:
    """Write the toy package's metadata (entry points) into ``target``; the sys.path entries
    that make it importable and discoverable."""
    subprocess.run(
        [sys.executable, "setup.py", "-q", "egg_info", "--egg-base", str(target)],
        cwd=TOY_DIR,
        check=True,
        capture_output=True,
    )
    return [str(target), str(TOY_DIR)]


@pytest.fixture(scope="module")
def toy_path(tmp_path_factory):
    """The toy package discoverable through ``modyn.mechanisms`` for this process."""
    entries = _toy_metadata(tmp_path_factory.mktemp("toy_metadata"))
    sys.path[:0] = entries
    try:
        yield entries
    finally:
        for entry in entries:
            sys.path.remove(entry)


@pytest.fixture(scope="module")
def toy(toy_path):
    return load_model(TOY_YAML)


def reference_urdf(d: dict) -> str:
    """The same arm in relative angles q = (θ1, θ2 − θ1): joints about −y (so that a positive
    angle turns the link up from +x toward +z), links along x, gravity along −z (the URDF
    default of modyn and Pinocchio)."""
    (l1, l2), (m1, m2) = ([lk[k] for lk in d["links"]] for k in ("length", "mass"))
    links = []
    for i, lk in enumerate(d["links"], start=1):
        links.append(
            f"""<link name="link{i}"><inertial><origin xyz="{lk["com"]} 0 0"/>
  <mass value="{lk["mass"]}"/><inertia ixx="{lk["mass"] * 0.0025 / 6}" ixy="0" ixz="0"
  iyy="{lk["inertia"]}" iyz="0" izz="{lk["inertia"]}"/></inertial></link>"""
        )
    return f"""<?xml version="1.0"?>
<robot name="relative_2r">
  <link name="base"/>{"".join(links)}<link name="tool0"/>
  <joint name="joint1" type="revolute"><parent link="base"/><child link="link1"/>
    <origin xyz="0 0 0"/><axis xyz="0 -1 0"/><limit lower="-6" upper="6" effort="150" velocity="9"/>
  </joint>
  <joint name="joint2" type="revolute"><parent link="link1"/><child link="link2"/>
    <origin xyz="{l1} 0 0"/><axis xyz="0 -1 0"/><limit lower="-6" upper="6" effort="80" velocity="9"/>
  </joint>
  <joint name="tool0_joint" type="fixed"><parent link="link2"/><child link="tool0"/>
    <origin xyz="{l2} 0 0"/></joint>
</robot>"""


@pytest.fixture(scope="module")
def relative():
    """(URDF XML, RobotModel) of the toy's arm in relative angles."""
    xml = reference_urdf(yaml.safe_load(TOY_YAML.read_text()))
    model = load_model(xml)
    assert isinstance(model, RobotModel)  # modyn's tree code (generated fast path and all)
    return xml, model


def _states(n: int = 200, seed: int = 13):
    rng = np.random.default_rng(seed)
    return (
        rng.uniform(-np.pi, np.pi, (n, 2)),
        rng.uniform(-4.0, 4.0, (n, 2)),
        rng.uniform(-20.0, 20.0, (n, 2)),
    )


def _rel_err(a, b) -> float:
    a, b = np.asarray(a), np.asarray(b)
    return float(np.max(np.abs(a - b)) / max(1.0, float(np.max(np.abs(b)))))


# ---------------------------------------------------------------------------- model level
def test_toy_is_found_through_the_entry_point_and_satisfies_the_contract(toy):
    from importlib import metadata

    eps = {ep.name: ep.value for ep in metadata.entry_points(group="modyn.mechanisms")}
    assert eps["planar_absolute_2r"] == (
        "modyn_toy_mechanism.planar_absolute:PlanarAbsolute2R.from_description"
    )
    assert type(toy).__module__ == "modyn_toy_mechanism.planar_absolute"
    assert is_mechanism_model(toy) and isinstance(toy, MechanismModel)
    assert (toy.nq, toy.nv, toy.nu) == (2, 2, 2)
    assert toy.coordinate_names == toy.velocity_names == ("theta1", "theta2")
    assert toy.actuator_names == ("shoulder", "elbow")
    assert toy.source == str(TOY_YAML)
    np.testing.assert_array_equal(toy.actuation_matrix(toy.neutral()), S)
    np.testing.assert_array_equal(toy.effort_limit, [150.0, 80.0])


def test_toy_energy_equals_the_relative_model_and_pinocchio(toy, relative):
    xml, rel = relative
    th, dth, _ = _states()
    q, v = th @ S.T, dth @ S.T  # q_rel = S θ
    t_abs, u_abs = toy.kinetic_energy(th, dth), toy.potential_energy(th)
    assert _rel_err(t_abs, rel.kinetic_energy(q, v)) < RTOL
    assert _rel_err(u_abs, rel.potential_energy(q)) < RTOL
    pin = pytest.importorskip("pinocchio")
    pm = pin.buildModelFromXML(xml)
    pd = pm.createData()
    t_pin = [pin.computeKineticEnergy(pm, pd, qi, vi) for qi, vi in zip(q, v, strict=True)]
    u_pin = [pin.computePotentialEnergy(pm, pd, qi) for qi in q]
    err_t, err_u = _rel_err(t_abs, t_pin), _rel_err(u_abs, u_pin)
    print(f"toy vs Pinocchio: kinetic energy {err_t:.1e}, potential energy {err_u:.1e} (relative)")
    assert err_t < RTOL and err_u < RTOL


def test_toy_dynamics_map_through_the_coordinate_change(toy, relative):
    xml, rel = relative
    th, dth, ddth = _states()
    q, v, a = th @ S.T, dth @ S.T, ddth @ S.T
    # A_abs = Sᵀ A_rel S; Γ_abs = Sᵀ Γ_rel: the same virtual work in the two coordinates
    a_rel = rel.mass_matrix(q)
    assert _rel_err(toy.mass_matrix(th), S.T @ a_rel @ S) < RTOL
    gamma_rel = rel.inverse_dynamics(q, v, a)
    gamma_abs = toy.inverse_dynamics(th, dth, ddth)
    err_id = _rel_err(gamma_abs, gamma_rel @ S)
    assert err_id < RTOL
    assert _rel_err(toy.gravity(th), rel.gravity(q) @ S) < RTOL
    assert _rel_err(toy.bias_forces(th, dth), rel.bias_forces(q, v) @ S) < RTOL
    # the toy's motors are the relative model's joints: u = Γ_rel, and Sᵀ u = Γ_abs
    u = toy.actuator_forces(th, dth, ddth)
    err_u = _rel_err(u, gamma_rel)
    assert err_u < RTOL
    assert _rel_err(toy.generalized_forces(th, u), gamma_abs) < RTOL
    # forward dynamics under the same motor torques: v̇_rel = S v̇_abs
    tau_motor = np.random.default_rng(7).uniform(-30, 30, th.shape)
    acc_abs = toy.forward_dynamics(th, dth, toy.generalized_forces(th, tau_motor))
    err_fd = _rel_err(acc_abs @ S.T, rel.forward_dynamics(q, v, tau_motor))
    assert err_fd < RTOL
    # C: C θ̇ = H − Q and Ȧ − 2C skew-symmetric (Ȧ by the chain rule, exact for this A)
    cm = toy.coriolis_matrix(th, dth)
    assert (
        _rel_err(np.einsum("nij,nj->ni", cm, dth), toy.bias_forces(th, dth) - toy.gravity(th))
        < RTOL
    )
    h = 1e-6
    a_dot = (toy.mass_matrix(th + h * dth) - toy.mass_matrix(th - h * dth)) / (2 * h)
    n = a_dot - 2 * cm
    assert np.max(np.abs(n + np.swapaxes(n, 1, 2))) < 1e-8
    # against Pinocchio's RNEA and ABA directly
    pin = pytest.importorskip("pinocchio")
    pm = pin.buildModelFromXML(xml)
    pd = pm.createData()
    rnea = np.array([pin.rnea(pm, pd, *x) for x in zip(q, v, a, strict=True)])
    aba = np.array([pin.aba(pm, pd, *x) for x in zip(q, v, tau_motor, strict=True)])
    err_pin_id, err_pin_fd = _rel_err(gamma_abs, rnea @ S), _rel_err(acc_abs @ S.T, aba)
    err_pin_u = _rel_err(u, rnea)
    print(
        f"toy vs RobotModel(relative): Γ {err_id:.1e}, u {err_u:.1e}, v̇ {err_fd:.1e}; "
        f"vs Pinocchio: Γ {err_pin_id:.1e}, u {err_pin_u:.1e}, v̇ {err_pin_fd:.1e} (relative)"
    )
    assert err_pin_id < RTOL and err_pin_fd < RTOL and err_pin_u < RTOL


def test_toy_frames_equal_the_relative_model(toy, relative):
    _, rel = relative
    th, dth, _ = _states(50)
    q, v = th @ S.T, dth @ S.T
    for frame in ("link1", "link2", "tool0"):
        assert _rel_err(toy.frame_placement(th, frame), rel.frame_placement(q, frame)) < RTOL
        # v = J_abs θ̇ = J_rel q̇ = J_rel S θ̇
        assert _rel_err(toy.frame_jacobian(th, frame), rel.frame_jacobian(q, frame) @ S) < RTOL
        assert (
            _rel_err(
                toy.frame_jacobian_dot_v(th, dth, frame), rel.frame_jacobian_dot_v(q, v, frame)
            )
            < RTOL
        )
    with pytest.raises(Exception, match="no frame named 'hand'"):
        toy.frame_placement(th[0], "hand")


def test_toy_through_the_generic_algorithms(toy):
    th, dth, ddth = _states(5)
    data = toy.make_data()
    for x, dx, ddx in zip(th, dth, ddth, strict=True):
        u = algorithms.actuator_forces(toy, data, x, dx, ddx)
        assert u is data.u
        np.testing.assert_allclose(data.tau, toy.inverse_dynamics(x, dx, ddx), rtol=1e-12)
        np.testing.assert_allclose(u, toy.actuator_forces(x, dx, ddx), rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(
            algorithms.forward_dynamics(toy, data, x, dx, data.tau), ddx, rtol=1e-9, atol=1e-9
        )


def test_toy_file_errors_name_the_field(toy_path, tmp_path):
    d = yaml.safe_load(TOY_YAML.read_text())
    d["links"][1]["mass"] = -1.0
    bad = tmp_path / "bad_toy.yaml"
    bad.write_text(yaml.safe_dump(d))
    with pytest.raises(DescriptionError, match=r"bad_toy.yaml.*'links\[1\]\.mass' must be > 0"):
        load_model(bad)
    with pytest.raises(DescriptionError, match="options .*extras.* apply to URDF/xacro"):
        load_model(TOY_YAML, extras={"joint1": {}})


def test_no_node_package_names_the_toy():
    """The nodes, laws, plants and their plumbing know the toy only through the contract."""
    words = ("planar_absolute", "PlanarAbsolute2R", "modyn_toy_mechanism", "toy_2r")
    packages = ("modyn_trajectory", "modyn_control", "modyn_hardware", "modyn_ros")
    files = [f for pkg in packages for f in (ROOT / "src" / pkg / pkg).rglob("*.py")]
    assert len(files) > 20
    named = [(f.name, w) for f in files for w in words if w in f.read_text(encoding="utf-8")]
    assert named == []


# ---------------------------------------------------------------------------- system level
@pytest.mark.system
def test_four_nodes_track_a_goal_on_the_toy_arm(toy, toy_path, tmp_path, monkeypatch):
    """The four nodes over DDS with computed torque on the toy (needs the nodes of issue 13)."""
    from modyn_bringup.episode import Goal, run_episode, tracking_errors
    from modyn_bringup.system import load_system

    # the nodes' processes find the toy package as this process does
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([*toy_path, os.environ.get("PYTHONPATH", "")]))
    # computed torque on the exact model: Kp = ω², Kd = 2ζω per coordinate (θ space)
    system = {
        "description": "toy planar 2R in absolute angles, built-in plant, lockstep",
        "robot": {"model": str(TOY_YAML)},
        "use_sim_time": True,
        "nodes": [
            {
                "name": "hardware_interface",
                "package": "modyn_hardware",
                "executable": "hardware_interface",
                "clock_source": True,
                "parameters": {
                    "plant": "simulated",
                    "mode": "lockstep",
                    "rate": 1000.0,
                    "integrator": "rk4",
                    "watchdog_timeout": 2.0,
                    "initial_positions": [0.0, 0.0],
                    # the soft position and velocity limits push back with the limited joint's
                    # own motor, which this arm (motors on relative joints) does not have: fault
                    # instead (the motion stays far inside both)
                    "position_limit_mode": "fault",
                    "velocity_limit_mode": "fault",
                },
            },
            {
                "name": "trajectory_generator",
                "package": "modyn_trajectory",
                "executable": "trajectory_generator",
                "parameters": {
                    "sample_period": 0.01,
                    "max_velocity": [2.0, 2.0],
                    "max_acceleration": [6.0, 6.0],
                },
            },
            {
                "name": "inverse_dynamics_feedforward",
                "package": "modyn_control",
                "executable": "inverse_dynamics_feedforward",
            },
            {
                "name": "feedback_controller",
                "package": "modyn_control",
                "executable": "feedback_controller",
                "parameters": {"law": "computed_torque", "omega": [10.0], "zeta": [1.0]},
            },
        ],
    }
    path = tmp_path / "toy_2r_sim.yaml"
    path.write_text(yaml.safe_dump(system))
    spec = load_system(path)
    assert load_model(spec.robot_description).coordinate_names == ("theta1", "theta2")
    # both links swing up by 0.6 and 1.1 rad (the elbow motor works against the shoulder's
    # reaction): a motion where S ≠ I matters
    goal = Goal(waypoints=[[0.6, 1.1]])
    episode = run_episode(spec, [goal], log_dir=tmp_path / "logs", timeout=180.0)
    assert episode.joint_names == ["theta1", "theta2"]
    err = tracking_errors(episode)
    print(
        f"toy arm, computed torque over DDS: RMS error {err['rms']} rad, max {err['max']} rad, "
        f"{err['samples']} samples, final q {episode.q[-1]}"
    )
    assert err["samples"] > 500
    # computed torque on the exact model: the error is the 1 kHz zero-order hold's. The same
    # law simulated alone (the toy's own dynamics, RK4 at 1 ms, a 1 s quintic to the same goal,
    # ω = 10 rad/s) gives an RMS error of 0.04 and 0.20 mrad (0.12 and 0.61 mrad if the command
    # lagged one step); over DDS, on a trial merge of the issue-13 branches, 0.035 and 0.19 mrad
    assert np.all(err["rms"] < 1e-3), err
    np.testing.assert_allclose(episode.q[-1], [0.6, 1.1], atol=1e-3)  # trial merge: 5e-7
