"""A user's first goal, sent at once after start-up, runs once or is refused; it never vanishes
(issue 12, item 4; issue 29: through the PlanAndExecute action).

Every system of config/systems is started as a user starts it (all nodes at once, the runner of
``modyn_system``); a client sends a goal (stamp zero: "as soon as possible") to
``/trajectory_generator/plan_and_execute`` as soon as the action server is ready, the earliest
moment a goal can reach it. What must happen, read on the action, ``goal_status`` (the nodes'
monitoring reports) and ``joint_states``:

* the goal is accepted and its result is SUCCESSFUL, or it is refused with the reason (not
  planned: the generator's reason; or every plan reached the controller too late);
* a plan is executed by the controller once, completely (its reports: pending, executing, done,
  for that plan and no other), and the arm ends at the goal (to 0.02 rad, or at rest where its
  friction holds it: rx90_realtime's PD with feed-forward has no integral action, and when its
  plant steps late on a loaded machine the arm arrives behind the plan and stops where the
  feedback torque, minus gravity, falls below Coulomb friction; measured 0.0108 rad on joint 1
  = 6 N·m / 550 N·m/rad, up to 0.052 rad on the wrist, and 0.2 rad on joint 6 = 1 N·m / 5 N·m/rad
  in Q40); a plan that reached the controller too late (before DDS had matched the controller
  with the feed-forward) is refused by it and planned again by the action, further ahead, and
  only that plan moves the arm;
* no fault is latched at start-up (issue 12, item 5: rx90_realtime latched its watchdog 1 run in
  5; the first command now opens a grace period, and hardware_interface's own stalls no longer
  count as a silent controller).

Before issue 12's fix the issue saw, on planar_2r_sim, twice in three runs a 55-point plan
"accepted" that never reached the controller (a re-sent goal on the former ``goal`` topic replaced
it with a zero-duration plan from its end point), and once three refusals "no joint_states
received yet"; the topic, its re-sends and its status-text protocol are gone (issue 29).
"""

from __future__ import annotations

import os
import re
import time

import numpy as np
import pytest

pytest.importorskip("rclpy")

import rclpy  # noqa: E402
from diagnostic_msgs.msg import DiagnosticStatus  # noqa: E402
from rclpy.action import ActionClient  # noqa: E402
from rclpy.executors import SingleThreadedExecutor  # noqa: E402
from rclpy.node import Node  # noqa: E402
from rclpy.parameter import Parameter  # noqa: E402
from rclpy.serialization import deserialize_message  # noqa: E402
from sensor_msgs.msg import JointState  # noqa: E402
from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint  # noqa: E402

from modyn_bringup.goal_client import ANSWER_TIMEOUT, PLAN_AND_EXECUTE, GoalSender
from modyn_bringup.runner import SystemRunner  # noqa: E402
from modyn_bringup.system import load_system, share_directory  # noqa: E402
from modyn_interfaces.action import PlanAndExecute  # noqa: E402
from modyn_model import load_model  # noqa: E402
from modyn_ros.qos import STATE_QOS, STATUS_QOS  # noqa: E402

pytestmark = pytest.mark.system

ALL_SYSTEMS = sorted(p.stem for p in (share_directory() / "config" / "systems").glob("*.yaml"))


def _joint_space(system: str) -> bool:
    """A system whose goals are joint positions (nq = nv). A floating-base robot's goals are
    refused by the trajectory generator (nq != nv, tested in modyn_trajectory); its systems
    (solo12_standing_*) are run by tests/test_standing_quadruped.py."""
    model = load_model(load_system(system).robot_description)
    return model.nq == model.nv


#: the real-time systems (a plant on the wall clock, watchdogs of 0.25-0.5 s) have the machine to
#: themselves (the ``realtime`` mark, conftest.py): a busy scheduler cannot promise their timing
SYSTEMS = [
    pytest.param(system, marks=() if load_system(system).use_sim_time else pytest.mark.realtime)
    for system in ALL_SYSTEMS
    if _joint_space(system)
]
#: goal displacement from the start pose (rad), per model size
STEP = {
    2: [0.4, -0.3],
    3: [0.4, -0.3, 0.3],  # geared3_sim, geared3_sim_diagonal
    6: [0.25, -0.2, 0.25, 0.3, -0.3, 0.4],
    7: [0.25, -0.2, 0.25, 0.3, -0.3, 0.4, 0.3],  # xarm7_sim
    # quadruped_tail_sim: the torso 2 cm along x, y, z (m), 0.05/0.05/0.1 rad in φ, the tail
    # 0.3 rad on both joints (rad); every leg inside its workspace (reach margin > 0.1 m)
    8: [0.02, -0.02, 0.02, 0.05, -0.05, 0.1, 0.3, 0.3],
    # rx90_elastic_sim(_rigid): the six links, then their six motors by as much
    12: [0.25, -0.2, 0.25, 0.3, -0.3, 0.4] * 2,
}
#: PlanAndExecute results that refuse the goal with a reason: not planned (the generator's
#: reason), or its plans reached the controller too late every time (LATE_REPLANS re-plans)
REFUSALS = {
    PlanAndExecute.Result.INVALID_GOAL,
    PlanAndExecute.Result.INVALID_JOINTS,
    PlanAndExecute.Result.OLD_HEADER_TIMESTAMP,
    PlanAndExecute.Result.START_TOLERANCE_VIOLATED,
}
TIMEOUT = 90.0  # s of wall time for start-up, the motion and its reports on a loaded machine


class Client:
    """The user: sends the goal to the PlanAndExecute action, listens to goal_status (the
    nodes' monitoring reports) and joint_states."""

    def __init__(self, spec):
        self.context = rclpy.Context()
        rclpy.init(context=self.context)
        self.node = Node(
            "first_goal_client",
            context=self.context,
            parameter_overrides=[Parameter("use_sim_time", value=spec.use_sim_time)],
        )
        self.executor = SingleThreadedExecutor(context=self.context)
        self.executor.add_node(self.node)
        self.statuses: list = []
        self.resent = 0  # goals sent again after an acceptance that did not come
        self.action = ActionClient(self.node, PlanAndExecute, PLAN_AND_EXECUTE)
        self.sender = GoalSender(self.node, self.action, PLAN_AND_EXECUTE, PlanAndExecute)
        self.node.create_subscription(
            DiagnosticStatus, "goal_status", self.statuses.append, STATUS_QOS
        )

    def _answer(self, ask, what: str, runner, deadline: float):
        """The result of the future ``ask()`` returns, asked again every ANSWER_TIMEOUT s (an
        answer that left before DDS matched this reply reader is lost)."""
        while True:
            future = ask()
            until = min(deadline, time.monotonic() + ANSWER_TIMEOUT)
            self.spin_until(
                lambda f=future, u=until: f.done() or time.monotonic() > u, what, runner, deadline
            )
            if future.done():
                return future.result()

    def send(self, request, runner, deadline: float):
        """The goal's handle, accepted; sent again with the same id when no answer came in
        ANSWER_TIMEOUT s (modyn goal's GoalSender: the goal runs once; counted in
        :attr:`resent`)."""

        def wait(condition, seconds: float) -> bool:
            until = min(deadline, time.monotonic() + seconds)
            self.spin_until(
                lambda: condition() or time.monotonic() > until, "the acceptance", runner, deadline
            )
            return bool(condition())

        def again(_text: str) -> None:
            self.resent += 1

        handle = self.sender.send(request, wait, progress=again)
        assert handle is not None, "the action server refused the goal"
        return handle

    def result(self, handle, runner, deadline: float):
        """The goal's result, asked again every ANSWER_TIMEOUT s (a lost answer)."""
        return self._answer(handle.get_result_async, "the result", runner, deadline).result

    def spin_until(self, condition, what: str, runner, deadline: float, batch: int = 1) -> None:
        """Spin until ``condition()``, checked every ``batch`` callbacks (a costly one)."""
        while not condition():
            for _ in range(batch):
                self.executor.spin_once(timeout_sec=0.01)
            dead = runner.dead()
            assert not dead, f"{dead} died while waiting for {what}: {runner.log_dir}"
            if time.monotonic() >= deadline:
                # the nodes' own last words: on a CI machine the log directory is gone
                tails = "\n".join(
                    f"--- {n.name}:\n{runner.log_tail(n.name, 15)}" for n in runner.spec.nodes
                )
                raise AssertionError(
                    f"timed out waiting for {what}: {runner.log_dir}; goal_status: "
                    f"{[(s.name, s.message) for s in self.statuses]}\n{tails}"
                )

    def close(self) -> None:
        self.executor.shutdown()
        self.node.destroy_node()
        rclpy.shutdown(context=self.context)

    def generator_answers(self) -> list:
        return [s for s in self.statuses if s.name.rsplit("/", 1)[-1] == "goal"]

    def controller_reports(self) -> list[dict]:
        return [
            {"message": s.message, **{kv.key: kv.value for kv in s.values}}
            for s in self.statuses
            if s.name.endswith("/trajectory")
        ]


#: s: how far behind its states a real-time controller may answer before the run says nothing of
#: the code (ten periods of the bridge's 100 Hz loop; measured quiet: 1-10 ms)
LOOP_LAG_LIMIT = 0.1


def _skip_when_the_loop_fell_behind(log_dir) -> None:
    """Real time: skip, with the figures, when the controller answered the motion's first state
    more than :data:`LOOP_LAG_LIMIT` after its stamp.

    The controller's log line ``trajectory executing: from t = <stamp>`` carries the stamp of the
    state it answered and, in its own header, the wall time it did so. Seen twice in fresh-clone
    runs on this shared 2-core machine, the test holding the modyn tests' machine lock: 0.50 and
    0.58 s behind (1-10 ms in quiet runs). The loop then ran half a second late: commands too
    old were rejected, the others acted on states half a second old, and the wrist, with its
    small gains, came to rest 0.1-0.2 rad off the goal, held by friction. Not a verdict on the
    code: the machine, loaded from outside, could not run the loop in real time
    (docs/testing.md, "Real-time tests").
    """
    line = re.search(
        r"\[(\d+\.\d+)\] \[feedback_controller\]: trajectory executing: from t = (\d+\.\d+) s",
        (log_dir / "feedback_controller.log").read_text(),
    )
    assert line, "the controller logged no 'trajectory executing'"
    late = float(line[1]) - float(line[2])
    print(f"  the controller answered the motion's first state {late:.3f} s after its stamp")
    if late > LOOP_LAG_LIMIT:
        one, five, _ = os.getloadavg()
        pytest.skip(
            f"the controller answered the motion's first state {late:.3f} s after its stamp "
            f"(limit {LOOP_LAG_LIMIT} s); load average {one:.2f} (1 min), {five:.2f} (5 min) on "
            f"{os.cpu_count()} cores: this machine could not run the real-time loop"
        )


#: rad: a joint this close to the goal has arrived
AT_GOAL = 0.02
#: rad/s: a joint slower than this is at rest
AT_REST = 1e-4


def held_by_friction(model, q, v, tau, target) -> tuple[bool, np.ndarray, np.ndarray, np.ndarray]:
    """Whether the arm is at rest off the goal where its joint friction holds it.

    Every joint further than :data:`AT_GOAL` from ``target`` must be slower than
    :data:`AT_REST` with a residual |τ − g(q)| (N·m: the drive's torque less gravity) that the
    friction can hold: max(static, Coulomb) plus the viscous torque at :data:`AT_REST`. The
    viscous term is why a bound of the static friction alone is wrong: a controller without
    integral action whose stiffness kp_j meets a Coulomb friction Fc_j = Fs_j (rx90's wrist:
    5 N·m/rad and 1 N·m) brings the joint to rest at e_j = Fc_j / kp_j from above, creeping ever
    slower (τ − g = Fc + Fv v, v → 0⁺: the friction's sign never changes, so it never sticks),
    and the residual then exceeds Fc by Fv·v, never below it (Q40: joint 6 0.2 rad off for 89 s;
    reproduced in process by :func:`test_a_wrist_creeping_onto_its_coulomb_friction_is_at_rest`).

    Returns
    -------
    (held, residual, bound, far)
        ``held`` the verdict; ``residual`` |τ − g(q)| and ``bound`` its limit (nv,), N·m;
        ``far`` the joints further than :data:`AT_GOAL` (nv,) bool.
    """
    residual = np.abs(np.asarray(tau) - np.asarray(model.gravity(q)))
    far = np.abs(np.asarray(q) - target) > AT_GOAL
    dry = np.maximum(np.asarray(model.static_friction), np.asarray(model.coulomb))
    bound = dry + np.asarray(model.viscous) * AT_REST
    held = bool(np.all(np.abs(v) < AT_REST) and np.all(residual[far] <= bound[far]))
    return held, residual, bound, far


@pytest.mark.loop
def test_a_wrist_creeping_onto_its_coulomb_friction_is_at_rest():
    """In process, rx90_realtime's plant and law (PD on the goal, gravity at the goal): joint 6
    starts at rest 0.4 rad off, slides back and comes to rest at Fc/kp = 0.2 rad, where the
    criterion must see the arm held by friction (Q40: the bound of the static friction alone
    never did; the residual stays above it, by 7e-15 N·m here)."""
    from modyn_hardware.simulated import SimulatedPlant

    spec = load_system("rx90_realtime")
    model = load_model(spec.robot_description)
    law = spec.node("feedback_controller").parameters
    kp, kd = np.array(law["kp"]), np.array(law["kd"])
    target = np.array([0.25, -0.7, 1.25, 0.3, 0.2, 0.4])
    start = target - [0.0, 0.0, 0.0, 0.0, 0.0, 0.4]
    plant = SimulatedPlant(model, "semi_implicit_euler", q0=start)
    g_goal = np.asarray(model.gravity(target))
    fc, kp6 = float(np.asarray(model.coulomb)[5]), kp[5]
    for _ in range(12_000):  # 12 s at 1 kHz, the hardware node's period
        state = plant.read()
        tau = g_goal + kp * (target - state.position) - kd * state.velocity
        plant.write(tau)
        plant.step(1e-3)
    state = plant.read()
    tau = g_goal + kp * (target - state.position) - kd * state.velocity
    e6 = target[5] - state.position[5]
    assert e6 == pytest.approx(fc / kp6, abs=1e-9)  # at the boundary, from above
    residual = abs(tau[5] - float(np.asarray(model.gravity(state.position))[5]))
    assert residual > fc  # the bound of the dry friction alone is never met
    held, _, bound, far = held_by_friction(model, state.position, state.velocity, tau, target)
    assert far.tolist() == [False] * 5 + [True]
    assert held, (residual, bound[5])


@pytest.mark.parametrize("system", SYSTEMS)
def test_first_goal_runs_once_or_is_refused(system, tmp_path):
    spec = load_system(system)
    model = load_model(spec.robot_description)
    hardware = spec.node("hardware_interface").parameters
    if hardware.get("plant") == "ros2_control":
        fake = spec.node("fake_ros2_control").parameters
        order = list(fake["joints"])
        q0 = np.array([fake["initial_positions"][order.index(j)] for j in model.coordinate_names])
    else:
        q0 = np.array(hardware.get("initial_positions") or [0.0] * model.nv, dtype=float)
    target = q0 + STEP[model.nv]
    goal = JointTrajectory(joint_names=list(model.coordinate_names))
    goal.points = [JointTrajectoryPoint(positions=target.tolist())]

    client = Client(spec)  # before the processes: discovered together with them
    runner = SystemRunner(spec, tmp_path)
    try:
        started = time.monotonic()
        deadline = started + TIMEOUT
        runner.start()
        client.spin_until(client.action.server_is_ready, "the action server", runner, deadline)
        ready = time.monotonic()
        request = PlanAndExecute.Goal(waypoints=goal)  # stamp zero: as soon as possible
        handle = client.send(request, runner, deadline)
        print(
            f"\n{system}: action server ready {ready - started:.2f} s after start, goal "
            f"accepted {time.monotonic() - ready:.2f} s later"
        )
        result = client.result(handle, runner, deadline)
        for s in client.generator_answers():
            print(f"  generator: {s.message}")
        if result.error_code != PlanAndExecute.Result.SUCCESSFUL:  # refused, with the reason
            print(f"  result: {result.error_code} {result.error_string}")
            assert result.error_string, result.error_code
            assert result.error_code in REFUSALS, (result.error_code, result.error_string)
            return

        def plans():
            """(stamp, points) of every plan the generator published for the goal (a plan
            that reached the controller too late is planned again by the action)."""
            out = []
            for s in client.generator_answers():
                if s.message.startswith("goal accepted"):
                    points = {kv.key: kv.value for kv in s.values}["points"]
                    out.append((s.message.split("starts at ")[1].split(" s")[0], points))
            return out

        def events(plan):
            return [
                r["event"] for r in client.controller_reports() if (r["stamp"], r["points"]) == plan
            ]

        # the controller's reports are monitoring, on their own topic: read until the last
        # plan's "done" is in (the result came from the same reports in the server's process)
        client.spin_until(
            lambda: plans() and "done" in events(plans()[-1]),
            "the controller's reports",
            runner,
            deadline,
        )
        reports = client.controller_reports()
        for r in reports:
            print(f"  controller: {r['message']}")
        *earlier, last = plans()
        for plan in earlier:  # a plan that came too late was refused, never followed
            assert events(plan) == ["pending", "refused"] or events(plan) == ["refused"], plan
        assert events(last) == ["pending", "executing", "done"], reports
        moving = set(plans())
        executed = sum(
            r["event"] == "executing" and (r["stamp"], r["points"]) in moving for r in reports
        )
        # once, sent again or not (a goal sent again keeps its id: the server runs it once)
        assert executed == 1, f"the motion ran {executed} times"
        if client.resent:
            print(f"  the goal was sent again {client.resent} time(s): no acceptance in 5 s")
        if not spec.use_sim_time:
            _skip_when_the_loop_fell_behind(tmp_path)
        # the arm reaches the goal; joint_states are read only now, the latest one decoded
        # (a 1 kHz subscription decoding in this process would load the loop it checks). In real
        # time on a loaded machine the plant steps late and the arm arrives later than the
        # reference: wait for it rather than for a time
        latest: list = [None]
        client.node.create_subscription(
            JointState, "joint_states", lambda raw: latest.__setitem__(0, raw), STATE_QOS, raw=True
        )

        rests: list = []

        def reading() -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
            """(q, v, τ) of the latest joint_states in the model's order, None before one."""
            if latest[0] is None:
                return None
            msg = deserialize_message(latest[0], JointState)
            names = list(msg.name)
            order = [names.index(j) for j in model.coordinate_names]
            unknown = np.full(len(order), np.inf)
            q = np.array([msg.position[i] for i in order])
            v = np.array([msg.velocity[i] for i in order]) if msg.velocity else unknown
            tau = np.array([msg.effort[i] for i in order]) if msg.effort else unknown
            return q, v, tau

        def error() -> float:
            state = reading()
            return np.inf if state is None else float(np.abs(state[0] - target).max())

        def arrived() -> bool:
            """At the goal to :data:`AT_GOAL`, or at rest held by friction
            (:func:`held_by_friction`) at two readings 0.5 s apart with the same positions."""
            state = reading()
            if state is None:
                return False
            q, v, tau = state
            if np.abs(q - target).max() <= AT_GOAL:
                return True
            held, residual, bound, far = held_by_friction(model, q, v, tau, target)
            now = time.monotonic()
            if not held:
                rests.clear()
                return False
            if rests and np.array_equal(rests[0][1], q) and now - rests[0][0] >= 0.5:
                print(
                    f"  at rest {error():.3e} rad off the goal, held by friction: "
                    f"|τ − g| {np.round(residual, 3).tolist()} N·m <= {bound.tolist()} N·m "
                    f"where off by more than 0.02 rad ({far.tolist()})"
                )
                return True
            if not rests or not np.array_equal(rests[0][1], q):
                rests[:] = [(now, q)]
            return False

        try:
            client.spin_until(arrived, "the arm at the goal", runner, deadline, batch=50)
        except AssertionError as exc:  # say how far the arm was, and whether it was heard
            state = reading()
            if state is None:
                detail = "no joint_states received"
            else:  # per joint: where the arm is, how fast, and what holds it there
                q, v, tau = state
                stamp = deserialize_message(latest[0], JointState).header.stamp
                detail = (
                    f"last error {error():.3e} rad; latest joint_states stamped "
                    f"{stamp.sec + stamp.nanosec * 1e-9:.3f} s; q - goal "
                    f"{np.round(q - target, 4).tolist()} rad, v {np.round(v, 5).tolist()} rad/s, "
                    f"|τ − g(q)| {np.round(np.abs(tau - np.asarray(model.gravity(q))), 3).tolist()}"
                    f" N·m, held below {held_by_friction(model, q, v, tau, target)[2].tolist()} N·m"
                )
            raise AssertionError(f"{exc}\n{detail}") from None
        print(f"  error at the goal {error():.2e} rad")
    finally:
        client.close()
        runner.stop()
    log = (tmp_path / "hardware_interface.log").read_text()
    assert "fault latched" not in log, log
