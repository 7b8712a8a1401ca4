"""run_episode's one restart when the plant's command reader never matched the controller's
writer (docs/testing.md "A reader that never matches a writer"): what the plant's log must say,
and that the episode is started exactly once more, with a warning and the reason kept."""

from __future__ import annotations

import pytest

from modyn_bringup import episode as ep
from modyn_bringup.system import BringupError

WAITING = (
    "[INFO] [1.0] [hardware_interface]: lockstep: waiting for the first effort_command (stamped "
    "t = 0.000 s); the state was republished 40 times, {n} effort_command publisher(s) matched, "
    "{g} in the ROS graph"
)


def test_the_plants_last_waiting_line_decides():
    unmatched = WAITING.format(n=0, g=0)
    assert ep._unmatched_line(f"start\n{unmatched}\n") == unmatched
    # matched later (the last line counts), never said, or 10 publishers: not unmatched
    assert ep._unmatched_line(f"{unmatched}\n{WAITING.format(n=1, g=1)}") is None
    assert ep._unmatched_line("[INFO] hardware_interface: up\n") is None
    assert ep._unmatched_line(WAITING.format(n=10, g=10)) is None


class _Once:
    """A stand-in for one attempt: raises _LoopNeverClosed ``stalls`` times, then returns."""

    def __init__(self, stalls: int) -> None:
        self.stalls = stalls
        self.calls: list[dict] = []

    def __call__(self, spec, goals, **kwargs):
        self.calls.append(kwargs)
        if len(self.calls) <= self.stalls:
            raise ep._LoopNeverClosed(f"'hardware_interface' still at t_0: call {len(self.calls)}")
        return ep.Episode(joint_names=[], t=None, q=None, v=None, effort=None)


class _Spec:
    name = "stand_in"


def test_a_loop_that_never_closed_is_started_once_more(monkeypatch, tmp_path):
    once = _Once(stalls=1)
    monkeypatch.setattr(ep, "_run_episode_once", once)
    with pytest.warns(RuntimeWarning, match="stand_in: 'hardware_interface' still at t_0: call 1"):
        episode = ep.run_episode(_Spec(), [], log_dir=tmp_path, timeout=7.0)
    assert len(once.calls) == 2
    assert once.calls[0]["log_dir"] == tmp_path  # the second run's logs beside the first's
    assert once.calls[1]["log_dir"] == tmp_path / "restart"
    assert once.calls[1]["timeout"] == 7.0
    assert episode.restarted == "'hardware_interface' still at t_0: call 1"


def test_a_second_loop_that_never_closed_is_an_error(monkeypatch):
    once = _Once(stalls=2)
    monkeypatch.setattr(ep, "_run_episode_once", once)
    with pytest.warns(RuntimeWarning), pytest.raises(BringupError, match="twice, .*call 2"):
        ep.run_episode(_Spec(), [])
    assert len(once.calls) == 2


def test_an_episode_that_ran_is_not_restarted(monkeypatch):
    once = _Once(stalls=0)
    monkeypatch.setattr(ep, "_run_episode_once", once)
    assert ep.run_episode(_Spec(), []).restarted == ""
    assert len(once.calls) == 1


def _with_controller(monkeypatch, code: str, stall_after: float | None = 3.0):
    """planar_2r_sim whose feedback controller is ``python -c code`` (its parameter file still
    written, as for every node); ``stall_after``: run_episode's START_RESTART_AFTER (s)."""
    import sys

    from modyn_bringup.runner import SystemRunner
    from modyn_bringup.system import load_system

    original = SystemRunner.command

    def command(self, node):
        line = original(self, node)
        if node.executable == "feedback_controller":
            return [sys.executable, "-c", code]
        return line

    monkeypatch.setattr(SystemRunner, "command", command)
    if stall_after is not None:
        monkeypatch.setattr(ep, "START_RESTART_AFTER", stall_after)
    return load_system("planar_2r_sim")


def _restarted_then_named(spec, tmp_path, warning: str, **kwargs) -> str:
    """Run one episode that must start once more (a RuntimeWarning matching ``warning``), then
    fail: the error's message, the second start's logs checked."""
    with pytest.warns(RuntimeWarning, match=warning):
        with pytest.raises(BringupError) as error:
            ep.run_episode(spec, [ep.Goal([[0.1, 0.2]])], log_dir=tmp_path, timeout=60.0, **kwargs)
    assert (tmp_path / "restart").is_dir()  # the second start's logs
    return str(error.value)


@pytest.mark.system
def test_a_start_this_process_never_sees_is_started_once_more_then_named(monkeypatch, tmp_path):
    """Every node running but one thing this process waits for never there (here: no
    trajectory generator, so its ~/plan server is never ready; in L10 a reader that never
    matched its writer): after START_RESTART_AFTER the system is started once more, and a
    second stall is an error naming what was missing."""
    from modyn_bringup.system import load_system

    spec = load_system("planar_2r_sim")
    spec.nodes = [n for n in spec.nodes if n.executable != "trajectory_generator"]
    monkeypatch.setattr(ep, "START_RESTART_AFTER", 3.0)
    message = _restarted_then_named(spec, tmp_path, r"every node running, but after 3 s still no")
    assert message.startswith("planar_2r_sim: twice, every node running, but after 3 s"), message
    assert "/trajectory_generator/plan server (the trajectory generator) ready" in message
    assert "joint_states from the plant" not in message  # the plant was seen


def test_a_controller_that_never_comes_up_is_started_once_more_then_named(monkeypatch, tmp_path):
    """Q30: the feedback controller's process ran but never made its node (its log empty for
    60 s, the plant at t_0 with no effort_command writer in the graph); the episode waited for
    the motion's end until its timeout. Now the start is not complete without the controller's
    command writer: after START_RESTART_AFTER the system is started once more, and a second
    stall is an error naming it. The controller here is a process that sleeps."""
    spec = _with_controller(monkeypatch, "import time; time.sleep(300)")
    message = _restarted_then_named(spec, tmp_path, r"every node running, but after 3 s still no")
    assert message.startswith("planar_2r_sim: twice, every node running, but after 3 s"), message
    assert "effort_command writer (the feedback controller) in the graph" in message
    assert "/plan server" not in message and "joint_states from the plant" not in message


def test_a_node_gone_during_the_start_of_a_killing_test_is_started_once_more(monkeypatch, tmp_path):
    """With ``on_running`` (a test that kills nodes mid-motion) run_episode left every dead node
    to the callback, also during the start: a controller gone before the first motion made the
    episode wait for the motion's end until its timeout. Now a node gone during the start
    starts the system once more, and a second time is an error naming the node and its exit
    code. The controller here is a process that exits with status 3."""
    seen = []
    spec = _with_controller(monkeypatch, "import sys; sys.exit(3)", stall_after=None)
    message = _restarted_then_named(
        spec,
        tmp_path,
        r"node 'feedback_controller' exited \(code 3\)",
        on_running=lambda runner, node, records: seen.append(len(records)),
    )
    assert message.startswith(
        "planar_2r_sim: twice, node 'feedback_controller' exited (code 3) during the start"
    ), message
    assert seen  # the callback ran meanwhile, as in a test that kills nodes
