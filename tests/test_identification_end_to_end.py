"""Issue 19 end to end: identify the RX-90 from a recorded run on the MuJoCo plant.

The plant (``hardware_interface`` with ``plant: mujoco``) runs the "true" robot: the RX-90 URDF
with a 3 kg payload and Coulomb + viscous friction on every joint, its published
``joint_states`` corrupted by seeded white noise (σ = 1e-4 rad, 1e-3 rad/s, 0.2 N·m). The
nominal model (what the user has: no payload, the URDF's own friction) computes the base
parameters, the exciting trajectory and the feed-forward. The real nodes run over DDS
(hardware_interface writing the MCAP itself, feedback_controller), then the recording is
identified offline:

* every base parameter whose relative std is below 5 % lies within 3 std of its true value
  (K χ_true of the plant's model), and enough of them are so well identified to matter;
* on a different (validation) trajectory of the same run, the identified model's torque
  prediction error equals the noise floor: the true model's own prediction error on the same
  data (the measurement noise plus what MuJoCo's soft dry friction differs from Fc sign(q̇)),
  within 10 %, while the nominal model is off by a multiple of it;
* ``modyn identify`` on that recording writes the report, the plots and a model (URDF + joint
  extras) that loads back and has the identified base parameters.
"""

from __future__ import annotations

import numpy as np
import pytest
import yaml

pytest.importorskip("rclpy")
pytest.importorskip("mujoco")
pytest.importorskip("mcap_ros2")

from modyn_bringup.identify import (  # noqa: E402
    IdentifyOptions,
    excite_and_record,
    identify_recording,
    main,
)
from modyn_bringup.recorder import read_joint_states, recorded_topics  # noqa: E402
from modyn_bringup.system import load_system  # noqa: E402
from modyn_model import RobotModel  # noqa: E402
from modyn_model.identification import (  # noqa: E402
    base_parameters,
    optimize_excitation,
    regressor,
    standard_parameters,
)

pytestmark = pytest.mark.system

Q_START = [0.0, -0.5, 1.0, 0.0, 0.5, 0.0]
TRUE_EXTRAS = {
    "joint1": {"rotor_inertia": 1.0, "coulomb": 3.0, "viscous": 6.0},
    "joint2": {"rotor_inertia": 1.0, "coulomb": 4.0, "viscous": 5.0},
    "joint3": {"rotor_inertia": 0.5, "coulomb": 2.0, "viscous": 3.0},
    "joint4": {"rotor_inertia": 0.1, "coulomb": 0.5, "viscous": 0.6},
    "joint5": {"rotor_inertia": 0.1, "coulomb": 0.5, "viscous": 0.5},
    "joint6": {"rotor_inertia": 0.05, "coulomb": 0.3, "viscous": 0.2},
}


def _system(tmp_path):
    extras = tmp_path / "true_extras.yaml"
    extras.write_text(yaml.safe_dump({"joints": TRUE_EXTRAS}), encoding="utf-8")
    system = {
        "description": "RX-90 identification: nominal model vs a MuJoCo plant with payload, "
        "friction and sensor noise",
        "robot": {
            "xacro": "urdf/rx90.urdf.xacro",
            "args": {"payload": "0.0"},
            "extras": "urdf/rx90_extras.yaml",
        },
        "use_sim_time": True,
        "record": ["/joint_states", "/effort_command"],
        "nodes": [
            {
                "name": "hardware_interface",
                "package": "modyn_hardware",
                "executable": "hardware_interface",
                "clock_source": True,
                "robot": {
                    "xacro": "urdf/rx90.urdf.xacro",
                    "args": {"payload": "3.0"},
                    "extras": str(extras),
                },
                "parameters": {
                    "plant": "mujoco",
                    "mode": "lockstep",
                    "rate": 500.0,
                    "integrator": "rk4",
                    "watchdog_timeout": 2.0,
                    "initial_positions": Q_START,
                    "hold_kp": [2200.0, 2400.0, 920.0, 48.0, 44.0, 20.0],
                    "hold_kd": [220.0, 240.0, 92.0, 4.8, 4.4, 2.0],
                    "measurement_noise": [1.0e-4, 1.0e-3, 0.2],
                    "measurement_noise_seed": 7,
                },
            },
            {
                "name": "feedback_controller",
                "package": "modyn_control",
                "executable": "feedback_controller",
                "parameters": {
                    "law": "pd_feedforward",
                    "feedforward": True,
                    "kp": [550.0, 600.0, 230.0, 12.0, 11.0, 5.0],
                    "kd": [110.0, 120.0, 46.0, 2.4, 2.2, 1.0],
                },
            },
        ],
    }
    path = tmp_path / "rx90_ident.yaml"
    path.write_text(yaml.safe_dump(system, sort_keys=False), encoding="utf-8")
    return path


def test_identify_rx90_on_mujoco(tmp_path):
    path = _system(tmp_path)
    spec = load_system(path)
    nominal = RobotModel.from_urdf(spec.robot_description, extras=spec.model_extras)
    plant = spec.node("hardware_interface").parameters
    true = RobotModel.from_urdf(plant["robot_description"], extras=plant["model_extras"])
    base = base_parameters(nominal)
    assert base.rank == 58  # 40 inertial (Khalil's RX-90 count, URDF frames) + Fc, Fv, offset
    limits = dict(q_start=Q_START, velocity_limit=1.5, acceleration_limit=4.0, margin=0.2)
    ident, cond = optimize_excitation(nominal, base, period=8.0, evaluations=0, starts=8, **limits)
    check, _ = optimize_excitation(nominal, base, period=4.0, evaluations=0, seed=1, **limits)
    assert cond < 1000.0
    mcap = tmp_path / "run.mcap"
    info = excite_and_record(spec, nominal, [ident, check], mcap, log_dir=tmp_path / "logs")
    topics = recorded_topics(mcap)
    assert topics["/joint_states"][0] == "sensor_msgs/msg/JointState"
    # the plant writes the recording itself (its topic_log): every step of the motion, however
    # loaded the machine (a recorder node beside it lost 85 to 1542 of them with a second test
    # suite running, and the fit of what remained moved Fv4 by 3.4 std)
    rec = read_joint_states(mcap)
    t0, t_end = info["splits"][0], info["splits"][-1]
    assert rec.t[0] < t0
    motion = rec.t[(rec.t >= t0) & (rec.t <= t_end)]
    steps = round((t_end - t0) * 500) + 1
    print(f"\nrecorded {motion.size} of the {steps} steps of the motion")
    assert motion.size == steps

    # the equations of a joint slower than 0.3 rad/s left out: MuJoCo's frictionloss is a
    # regularised constraint whose force ramps up from zero speed (docs/identification_workflow.md:
    # 0.58 Fc at 0.1 rad/s, the full Fc from about 0.17 rad/s at a 2 ms step), so Coulomb + viscous
    # is not the plant's friction below that; with 0.1 rad/s the Coulomb and viscous estimates
    # sat 2-3 std off (a bias, not noise: Fc high and Fv low on every joint, run after run)
    options = IdentifyOptions(min_speed=0.3)
    result = identify_recording(nominal, base, mcap, info["splits"], options)
    est = result["estimate"]
    truth = base.base_values(standard_parameters(true))
    nominal_b = base.base_values(standard_parameters(nominal))
    good = est.relative_std < 5.0
    deviation = (est.values - truth) / est.std
    table = "\n".join(
        f"{nm}: {x:.5g} true {t:.5g} %std {r:.2f} dev {d:+.2f} std"
        for nm, x, t, r, d in zip(
            est.names, est.values, truth, est.relative_std, deviation, strict=True
        )
    )
    print(
        f"\n{int(good.sum())} of {base.rank} base parameters with %std < 5 %, largest deviation "
        f"among them {np.abs(deviation[good]).max():.2f} std; sigma_j {est.joint_sigma}\n{table}"
    )
    assert good.sum() >= 20, table
    assert np.all(np.abs(deviation[good]) <= 3.0), table
    # the payload was found: the parameters it changes moved from nominal to true
    moved = good & (np.abs(truth - nominal_b) > 10 * est.std)
    assert moved.sum() >= 5, table
    assert np.all(np.abs(est.values[moved] - truth[moved]) < 0.2 * np.abs(truth - nominal_b)[moved])

    # validation on the other trajectory: identified = true model's error (the noise floor)
    val = result["validation"]
    d_err = {}
    w_val = base.project(regressor(nominal, val["q"], val["v"], val["a"]))
    for label, chi_b in (("true", truth), ("nominal", nominal_b), ("identified", est.values)):
        err = val["measured"] - w_val @ chi_b
        m = val["moving"]
        d_err[label] = np.sqrt((np.where(m, err, 0.0) ** 2).sum(0) / m.sum(0))
    np.testing.assert_allclose(d_err["identified"], val["rms"], rtol=1e-9)
    # the identified model's extra error over the true model's is what the uncertainty of χ̂
    # explains: E[RMS²_ident] ≈ RMS²_true + mean_k w_k C w_kᵀ (C the estimate's covariance);
    # asserted within 3 standard deviations' worth (9 ×) of that expected increase
    m = val["moving"]
    pred_var = np.einsum("kjp,pq,kjq->kj", w_val, est.covariance, w_val)
    extra = (np.where(m, pred_var, 0.0)).sum(0) / m.sum(0)
    print(f"validation RMS (N·m): {d_err}, expected extra variance from C: {extra}")
    assert np.all(d_err["identified"] ** 2 <= d_err["true"] ** 2 + 9.0 * extra), d_err
    assert np.all(d_err["nominal"] >= 5.0 * d_err["identified"]), d_err

    # the command line on that recording: report, plots, a model that loads back
    out = tmp_path / "report"
    splits = ",".join(repr(s) for s in info["splits"])
    argv = ["identify", str(path), "--out", str(out), "--recording", str(mcap)]
    assert main([*argv, "--splits", splits, "--min-speed", str(options.min_speed)]) == 0
    for name in (
        "report.md",
        "fit.png",
        "residuals.png",
        "parameters.yaml",
        "run.csv",
        "identified.urdf",
        "identified_extras.yaml",
    ):
        assert (out / name).is_file(), name
    loaded = RobotModel.from_urdf(out / "identified.urdf", extras=out / "identified_extras.yaml")
    params = yaml.safe_load((out / "parameters.yaml").read_text())
    chi_b = np.array([params["base_parameters"][nm]["value"] for nm in est.names])
    np.testing.assert_allclose(chi_b, est.values, rtol=1e-9)
    # the written model is physically consistent (it loaded) and its base parameters are the
    # identified ones within their uncertainty (a consistent set need not match them exactly:
    # docs/identification.md), the offsets aside (a model has none)
    offset = np.array(["offset" in nm for nm in est.names])
    written = base.base_values(standard_parameters(loaded))
    far = (np.abs(written - chi_b) > 3.0 * est.std) & ~offset
    assert not far.any(), [
        (nm, float(w), float(c), float(sd))
        for nm, w, c, sd, f in zip(est.names, written, chi_b, est.std, far, strict=True)
        if f
    ]


def test_modyn_system_records_to_mcap(tmp_path):
    """``modyn_system planar_2r_sim --record run.mcap`` (the runner's command line, a real
    process): the recorder node joins, and at SIGINT the file is finished with the system's
    ``/joint_states`` in order, readable as arrays and as CSV."""
    import signal
    import subprocess
    import sys
    import time

    from modyn_bringup.recorder import export_csv

    mcap = tmp_path / "run.mcap"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "modyn_bringup.runner",
            "planar_2r_sim",
            "--record",
            str(mcap),
            "--skip",
            "trajectory_generator",
            "--log-dir",
            str(tmp_path / "logs"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60.0
        line = ""
        while "running" not in line and time.monotonic() < deadline:
            line = proc.stdout.readline()
            assert line or proc.poll() is None, "the runner exited during start"
        assert "recorder (pid" in line, line
        # the recorder had the plant's first state before the others started (the runner); the
        # run goes on until the plant has stepped 0.3 s (the controller holds the arm: lockstep
        # advances), seen by this test's own subscriber, however slow the machine (a fixed 2 s
        # sleep gave 68 states in CI)
        import rclpy
        from rclpy.executors import SingleThreadedExecutor
        from sensor_msgs.msg import JointState

        from modyn_ros.qos import STATE_QOS

        context = rclpy.Context()
        rclpy.init(context=context)
        node = rclpy.create_node("mcap_test_probe", context=context)
        latest = [0.0]
        node.create_subscription(
            JointState,
            "/joint_states",
            lambda m: latest.__setitem__(0, m.header.stamp.sec + m.header.stamp.nanosec * 1e-9),
            STATE_QOS,
        )
        executor = SingleThreadedExecutor(context=context)
        executor.add_node(node)
        try:
            while latest[0] < 0.3 and time.monotonic() < deadline:
                executor.spin_once(timeout_sec=0.1)
                assert proc.poll() is None, "the runner exited"
        finally:
            executor.shutdown()
            node.destroy_node()
            rclpy.shutdown(context=context)
        assert latest[0] >= 0.3, f"the plant reached t = {latest[0]} s in 60 s"
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0, out
    topics = recorded_topics(mcap)
    assert topics["/joint_states"][0] == "sensor_msgs/msg/JointState"
    assert topics["/joint_states"][1] > 100
    rec = read_joint_states(mcap)
    assert rec.names == ("joint1", "joint2")
    # t_0 once per publication (the lockstep plant republishes it every 50 ms while it waits
    # for its first command), then every 1 ms step once, in order
    first = int(np.flatnonzero(rec.t > 0)[0])
    assert first >= 1 and np.all(rec.t[:first] == 0.0)
    assert np.all(np.diff(rec.t[first - 1 :]) > 0)
    np.testing.assert_allclose(np.diff(rec.t[first - 1 :]), 0.001, atol=1e-9)
    rows = export_csv(mcap, tmp_path / "run.csv").read_text().splitlines()
    assert len(rows) == rec.t.size + 1
    # the states are the plant's own record (its topic log in the log directory, merged at the
    # stop): every state it published, whatever the recorder process missed on a busy machine
    plant = read_joint_states(tmp_path / "logs" / "hardware_interface.topics.mcap")
    np.testing.assert_array_equal(rec.t, plant.t)
    np.testing.assert_array_equal(rec.position, plant.position)
    assert f"recorded {mcap}: /joint_states {rec.t.size} (the plant)" in out, out
