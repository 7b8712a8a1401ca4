"""The composed mode (issue 21): the four nodes of rx90_sim in one process and one executor.

* The lockstep episode run composed with rclpy's EventsExecutor (and the intra-process delivery of
  joint_states and effort_command, modyn_ros.intra_process) gives the same joint trajectory
  (to 1e-12 rad) and efforts as the four separate processes with the SingleThreadedExecutor:
  sim time, not the process layout or the executor, decides every step; hence the same
  tracking errors.
* ``composed:`` as a list of nodes (the loop: hardware_interface and feedback_controller)
  runs those in one process and the others in their own, on the normal scheduling policy: a
  lockstep episode reaches its goal with the loop's topics delivered by reference.
* A node that cannot be composed, an unknown executor and a bad ``composed:`` (not a boolean or
  node list, an unknown or repeated node, a single one) are refused with a message naming them.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("rclpy")

from modyn_bringup.episode import Goal, desired_motion, run_episode, tracking_errors  # noqa: E402
from modyn_bringup.recorder import read_joint_states  # noqa: E402
from modyn_bringup.runner import SystemRunner, add_recorder  # noqa: E402
from modyn_bringup.system import BringupError, NodeSpec, load_system  # noqa: E402
from modyn_ros.node_main import ExecutorChoiceError, make_executor  # noqa: E402

GOAL = [Goal([[0.8, -0.9, 1.6, 0.6, -0.5, 1.0]])]
# as tests/test_closed_loop.py: a late command must not latch the hold on a loaded machine
PATIENT = ["hardware_interface.watchdog_timeout=10.0"]


@pytest.mark.system
def test_composed_episode_tracks_exactly_as_separate_processes(monkeypatch):
    monkeypatch.setenv("MODYN_EXECUTOR", "single")
    separate = run_episode(load_system("rx90_sim", PATIENT), GOAL)
    spec = load_system("rx90_sim", PATIENT)
    spec.composed = True
    monkeypatch.setenv("MODYN_EXECUTOR", "events")
    composed = run_episode(spec, GOAL)
    common, i, j = np.intersect1d(
        np.round(separate.t, 9), np.round(composed.t, 9), return_indices=True
    )
    # the recorder (one more process, on a loaded machine) drops states when the loop outruns
    # it (a reliable KEEP_LAST writer overwrites what a slow reader has not taken; seen: 363 of
    # about 1900 motion samples kept in the composed run at load 10): the runs are compared on
    # the stamps both recorded, which must cover the whole motion (checked below)
    assert len(common) > 200, (
        f"only {len(common)} common samples ({len(separate.t)} separate, {len(composed.t)} "
        "composed)"
    )
    # composed, the loop's two topics went from node to node by reference (intra-process)
    assert composed.diagnostics["hardware_interface"]["state_intra_process"] == "True"
    assert composed.diagnostics["feedback_controller"]["command_intra_process"] == "True"
    assert separate.diagnostics["hardware_interface"]["state_intra_process"] == "False"
    np.testing.assert_allclose(composed.q[j], separate.q[i], rtol=0, atol=1e-12)
    np.testing.assert_allclose(composed.effort[j], separate.effort[i], rtol=0, atol=1e-9)
    # the tracking errors on the common samples inside the motion: the same to 1e-12
    q_d, moving = desired_motion(separate)
    inside = moving[i]
    assert np.count_nonzero(inside) > 200, f"{np.count_nonzero(inside)} common motion samples"
    t_motion = separate.t[moving]
    t_common = common[inside]
    quarters = np.linspace(t_motion[0], t_motion[-1], 5)
    per_quarter = np.histogram(t_common, quarters)[0]
    assert np.all(per_quarter > 20), f"common samples per quarter of the motion: {per_quarter}"
    error_separate = q_d[i][inside] - separate.q[i][inside]
    error_composed = q_d[i][inside] - composed.q[j][inside]
    np.testing.assert_allclose(error_composed, error_separate, rtol=0, atol=1e-12)
    assert np.max(np.abs(error_separate)) > 1e-4  # the arm moved and the error is not trivial
    rms = np.sqrt(np.mean(error_separate**2, axis=0))
    np.testing.assert_allclose(np.sqrt(np.mean(error_composed**2, axis=0)), rms, rtol=1e-9)
    assert tracking_errors(composed)["samples"] > 0
    np.testing.assert_allclose(composed.q[-1], GOAL[0].waypoints[-1], atol=5e-3)


@pytest.mark.system
def test_record_beside_a_composed_system(monkeypatch, tmp_path):
    """``--record`` with ``--composed``: the recorder runs in its own process beside the composed
    one and gets joint_states over DDS (the intra-process delivery sends outside subscribers
    their copy), in order, to the end of the motion."""
    spec = load_system("rx90_sim", PATIENT)
    spec.composed = True
    mcap = tmp_path / "composed.mcap"
    add_recorder(spec, mcap)
    monkeypatch.setenv("MODYN_EXECUTOR", "events")
    goal = [Goal([[0.3, -0.2, 0.4, 0.2, -0.1, 0.3]])]
    episode = run_episode(spec, goal, record_states=False)
    assert episode.diagnostics["hardware_interface"]["state_intra_process"] == "True"
    recorded = read_joint_states(mcap)
    assert len(recorded.t) > 100, f"{len(recorded.t)} joint_states recorded"
    # in order; a stamp recorded more than once only for t_0, which the lockstep plant
    # republishes every 50 ms while it waits for its first command
    steps = np.diff(recorded.t)
    assert np.all(steps >= 0)
    assert np.all(recorded.t[1:][steps == 0] == 0.0)
    # the arm reached the goal in the recording
    np.testing.assert_allclose(recorded.position[-1], goal[0].waypoints[-1], atol=5e-3)


def test_a_node_that_cannot_be_composed_is_named(tmp_path):
    spec = load_system("rx90_sim")
    spec.composed = True
    spec.nodes.append(NodeSpec("peer", "modyn_hardware", "fake_ros2_control", {}, False))
    runner = SystemRunner(spec, tmp_path)
    with pytest.raises(BringupError, match="'peer'.*fake_ros2_control.*cannot run composed"):
        runner.start()
    assert runner.processes == {}  # nothing was started
    runner.stop()


def test_bad_executor_and_composed_field_are_named(tmp_path):
    with pytest.raises(ExecutorChoiceError, match="'threads'.*single"):
        make_executor("threads")
    system = tmp_path / "bad.yaml"
    system.write_text(
        "composed: 'yes please'\nnodes:\n  - {name: a, package: modyn_control, "
        "executable: feedback_controller}\n"
    )
    with pytest.raises(
        BringupError, match="composed: expected true, false or a list of node names, got 'yes"
    ):
        load_system(system)
    rx90 = load_system("rx90_sim").source.read_text(encoding="utf-8")
    for field, message in (
        ("[hardware_interface, planner]", r"no node named \['planner'\] \(nodes: \['hardware_"),
        ("[hardware_interface]", r"\['hardware_interface'\] names fewer than two nodes"),
        ("[feedback_controller, feedback_controller]", "named twice"),
    ):
        system.write_text(f"composed: {field}\n" + rx90)
        with pytest.raises(BringupError, match=message):
            load_system(system)


@pytest.mark.system
def test_realtime_priority_field_reaches_every_node_process(tmp_path):
    rx90 = load_system("rx90_sim")
    text = rx90.source.read_text(encoding="utf-8")
    system = tmp_path / "rt.yaml"
    for bad in ("'high'", "0", "100", "true"):
        system.write_text(f"realtime_priority: {bad}\n" + text)
        with pytest.raises(BringupError, match="realtime_priority: expected an integer in 1..99"):
            load_system(system)
    system.write_text("realtime_priority: 50\n" + text)
    spec = load_system(system)
    assert spec.realtime_priority == 50
    runner = SystemRunner(spec, tmp_path / "logs", env={"PATH": "/usr/bin"})
    assert runner.env["MODYN_REALTIME_PRIORITY"] == "50"  # node_main applies it in each process
    plain = SystemRunner(rx90, tmp_path / "plain", env={"PATH": "/usr/bin"})
    assert rx90.realtime_priority is None and "MODYN_REALTIME_PRIORITY" not in plain.env


LOOP = ("hardware_interface", "feedback_controller")


def _environ(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(item.decode().split("=", 1) for item in raw if b"=" in item)


@pytest.mark.system
def test_the_loop_composed_and_the_planning_beside(monkeypatch, tmp_path):
    """``composed: [hardware_interface, feedback_controller]``: those two share one process,
    the trajectory generator and the feed-forward have their own; only the composed process
    gets the real-time priority (the planning stays on the normal policy); a lockstep episode
    runs to the goal with joint_states and effort_command passed by reference."""
    spec = load_system("rx90_sim", PATIENT)
    spec.composed = LOOP
    spec.realtime_priority = 10
    # the nodes from their scripts: /proc/<pid>/environ of a forked node is the fork server's
    runner = SystemRunner(spec, tmp_path / "logs", fork=False)
    try:
        runner.start()
        pids = runner.pids()
        assert pids["hardware_interface"] == pids["feedback_controller"]
        others = {pids["trajectory_generator"], pids["inverse_dynamics_feedforward"]}
        assert len(others) == 2 and pids["hardware_interface"] not in others
        assert _environ(pids["hardware_interface"])["MODYN_REALTIME_PRIORITY"] == "10"
        for pid in others:
            assert "MODYN_REALTIME_PRIORITY" not in _environ(pid)
    finally:
        runner.stop()
    spec = load_system("rx90_sim", PATIENT)
    spec.composed = LOOP
    monkeypatch.setenv("MODYN_EXECUTOR", "events")
    episode = run_episode(spec, GOAL)
    assert episode.diagnostics["hardware_interface"]["state_intra_process"] == "True"
    assert episode.diagnostics["feedback_controller"]["command_intra_process"] == "True"
    assert tracking_errors(episode)["samples"] > 0
    np.testing.assert_allclose(episode.q[-1], GOAL[0].waypoints[-1], atol=5e-3)


def test_composed_option_names_an_unknown_node(capsys):
    """``modyn_system rx90_sim --composed hardware_interface,bogus``: refused before anything
    starts, naming the node and listing the system's."""
    from modyn_bringup.runner import main

    assert main(["rx90_sim", "--composed", "hardware_interface,bogus"]) != 0
    err = capsys.readouterr().err
    assert "(--composed): composed: no node named ['bogus']" in err
    assert "'feedback_controller'" in err
