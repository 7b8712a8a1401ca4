"""The rviz views of the systems (issue 20, "Seeing a run"): config/rviz/<system>.rviz.

rviz2 is not installable on this machine, so what a view needs is checked instead of loading it:

* every system under config/systems has its view, and the file is what
  ``modyn_bringup.rviz_config`` generates from the system and its model (no drift);
* STATIC, every system: each topic a view names is documented in docs/nodes.md as published
  (``pub``) by a node of that system, and each frame it names is a frame of the model, a link of
  its URDF (what robot_state_publisher broadcasts) or the parent frame of what hardware_interface
  publishes (``base_state``, the markers: the model's ``base_frame``);
* DDS, two families (real processes): rx90_sim (URDF arm: RobotModel on /robot_description;
  a goal's ``planned_path`` is the forward kinematics of its plan's points) and
  solo12_standing_sim (floating base on pinned feet: /base_state, /constraint_markers) run, and
  every topic their views name has a publisher; on solo12 each contact arrow starts at its foot
  frame (the model's frame_placement at the published state) and is
  CONTACT_ARROW_M_PER_N × the force of ``constraint_forces/<foot>`` of the same stamp, and the
  feet carry the robot (Σ f_z = the weight m·g, m from Pinocchio's total mass of the URDF).
  The other systems' topics are those of the same hardware_interface code paths, decided by the
  same model attributes, and are checked statically only.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import numpy as np
import pytest
import yaml

from modyn_bringup.rviz_config import marker_constraints, render
from modyn_bringup.system import load_system
from modyn_model import load_model

ROOT = Path(__file__).resolve().parents[1]
SYSTEMS = sorted(p.stem for p in (ROOT / "config" / "systems").glob("*.yaml"))


def _walk(node, key):
    """Every value of ``key`` (nested mappings and lists)."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k == key:
                yield v
            yield from _walk(v, key)
    elif isinstance(node, list):
        for item in node:
            yield from _walk(item, key)


def topics_of(config: dict) -> set[str]:
    return {
        t["Value"]
        for key in ("Topic", "Description Topic")
        for t in _walk(config, key)
        if isinstance(t, dict)
    }


def frames_of(config: dict) -> set[str]:
    out = {config["Visualization Manager"]["Global Options"]["Fixed Frame"]}
    for key in ("Reference Frame", "Target Frame"):
        out |= {f for f in _walk(config, key) if f != "<Fixed Frame>"}
    return out


def documented_publishers() -> dict[str, set[str]]:
    """docs/nodes.md: node executable → topics its table marks ``pub``."""
    out: dict[str, set[str]] = {}
    node = None
    for line in (ROOT / "docs" / "nodes.md").read_text(encoding="utf-8").splitlines():
        head = re.match(r"^## (\w+) \(", line)
        if head:
            node = head.group(1)
            continue
        row = re.match(r"^\| `([^`]+)` \| [^|]+ \| (pub[^|]*)\|", line)
        if node and row:
            out.setdefault(node, set()).add("/" + row.group(1).lstrip("/"))
    return out


@pytest.fixture(scope="module")
def systems():
    out = {}
    for name in SYSTEMS:
        spec = load_system(name)
        out[name] = (spec, load_model(spec.robot_description))
    return out


def _urdf_links(xml: str) -> set[str]:
    return set(re.findall(r"<link\s+name\s*=\s*\"([^\"]+)\"", xml))


@pytest.mark.parametrize("name", SYSTEMS)
def test_each_system_has_its_generated_view(systems, name):
    spec, model = systems[name]
    path = ROOT / "config" / "rviz" / f"{name}.rviz"
    assert path.is_file(), f"{path} missing: python -m modyn_bringup.rviz_config --write"
    assert path.read_text(encoding="utf-8") == render(spec, model), (
        f"{path} differs from its generation: python -m modyn_bringup.rviz_config --write"
    )


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_topic_and_frame_is_published_static(systems, name):
    spec, model = systems[name]
    config = yaml.safe_load((ROOT / "config" / "rviz" / f"{name}.rviz").read_text())
    docs = documented_publishers()
    published = set().union(*(docs.get(n.executable, set()) for n in spec.nodes))
    topics = topics_of(config)
    # a URDF system's view draws the robot from /robot_description; a mechanism file's (YAML)
    # only what hardware_interface publishes for it (the geared arm: nothing but the grid,
    # docs/report.md says so)
    assert ("/robot_description" in topics) == spec.robot_description.lstrip().startswith("<")
    assert topics <= published, f"{sorted(topics - published)} not published by {name}'s nodes"
    frames = set(model.frame_names) | {model.base_frame}
    if spec.robot_description.lstrip().startswith("<"):
        frames |= _urdf_links(spec.robot_description)
    assert frames_of(config) <= frames, f"unknown frames {sorted(frames_of(config) - frames)}"
    # the displays follow the model: markers and the base exactly where it has them
    assert ("/actuator_markers" in topics) == callable(getattr(model, "actuator_segments", None))
    assert ("/base_state" in topics) == bool(getattr(model, "floating_base", False))
    assert ("/constraint_markers" in topics) == bool(marker_constraints(model))


# ------------------------------------------------------------------------------------ DDS
def _run_and_watch(name: str, collect=None, until=None, timeout: float = 45.0):
    rclpy = pytest.importorskip("rclpy")
    from rclpy.executors import SingleThreadedExecutor

    from modyn_bringup.runner import SystemRunner

    spec = load_system(name)
    config = yaml.safe_load((ROOT / "config" / "rviz" / f"{name}.rviz").read_text())
    topics = topics_of(config)
    context = rclpy.Context()
    rclpy.init(context=context)
    node = rclpy.create_node("rviz_view_check", context=context)
    executor = SingleThreadedExecutor(context=context)
    executor.add_node(node)
    if collect is not None:
        collect(node)
    runner = SystemRunner(spec)
    missing = set(topics)
    try:
        runner.start()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            executor.spin_once(timeout_sec=0.05)
            missing = {t for t in topics if node.count_publishers(t) == 0}
            if not missing and (until is None or until()):
                break
            assert not runner.dead(), (
                f"{runner.dead()}: {runner.log_tail(next(iter(runner.dead())))}"
            )
    finally:
        executor.shutdown()
        node.destroy_node()
        rclpy.shutdown(context=context)
        runner.stop()
    return topics, missing, spec


@pytest.mark.system
def test_rx90_view_topics_are_published_and_the_path_is_the_plans_tool():
    """Every topic of the view has a publisher; a goal's planned_path is the forward
    kinematics of its planned_trajectory's points (the model's tool0, 1e-12 m)."""
    from nav_msgs.msg import Path as PathMsg
    from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

    from modyn_interfaces.srv import PlanMotion
    from modyn_ros.qos import TRAJECTORY_QOS

    got: dict = {"plans": [], "paths": [], "client": None, "call": None, "sent": 0.0, "tf": []}
    tf_message = _tf_message()

    def collect(node):
        node.create_subscription(
            JointTrajectory, "planned_trajectory", got["plans"].append, TRAJECTORY_QOS
        )
        node.create_subscription(tf_message, "/tf", got["tf"].append, 100)
        node.create_subscription(PathMsg, "planned_path", got["paths"].append, TRAJECTORY_QOS)
        got["client"] = node.create_client(PlanMotion, "trajectory_generator/plan")

    def until() -> bool:
        # ~/plan answers "waiting" until the generator has the plant's first state: asked
        # again every 2 s (with the same request_id: an answer lost is the plan published)
        # until a plan comes
        call = got["call"]
        if call is not None and call.done() and not call.result().waiting:
            assert call.result().accepted, call.result().message
        elif not got["plans"] and got["client"].service_is_ready():
            if time.monotonic() - got["sent"] > 2.0:
                goal = JointTrajectory(joint_names=[f"joint{i}" for i in range(1, 7)])
                goal.points = [JointTrajectoryPoint(positions=[0.3, -0.7, 1.2, 0.2, 0.3, 0.4])]
                request = PlanMotion.Request(waypoints=goal, request_id="rviz-view")
                got["call"] = got["client"].call_async(request)
                got["sent"] = time.monotonic()
        return bool(got["paths"]) and bool(got["tf"])

    topics, missing, spec = _run_and_watch("rx90_sim", collect, until)
    assert {"/robot_description", "/planned_path"} <= topics
    assert not missing, f"no publisher of {sorted(missing)}"
    assert got["paths"], "no planned_path after the goal"
    plan, path = got["plans"][-1], got["paths"][-1]
    model = load_model(spec.robot_description)
    q = np.array([p.positions for p in plan.points])
    expected = model.frame_placement(q, "tool0")[:, :3, 3]
    measured = np.array(
        [[p.pose.position.x, p.pose.position.y, p.pose.position.z] for p in path.poses]
    )
    assert len(path.poses) == len(plan.points) > 10
    np.testing.assert_allclose(measured, expected, rtol=0, atol=1e-12)
    assert path.header.frame_id == model.base_frame
    # the tool moved: a real path (measured 0.085 m from the start pose to the goal)
    assert np.linalg.norm(measured[-1] - measured[0]) > 0.05
    # /tf: the view's fixed frame is the parent of every link the RobotModel display draws
    config = yaml.safe_load((ROOT / "config" / "rviz" / "rx90_sim.rviz").read_text())
    fixed = config["Visualization Manager"]["Global Options"]["Fixed Frame"]
    tf = got["tf"][-1].transforms
    assert {t.header.frame_id for t in tf} == {fixed}
    assert {t.child_frame_id for t in tf} == _urdf_links(spec.robot_description) - {fixed}


@pytest.mark.system
def test_solo12_view_topics_and_contact_arrows():
    from geometry_msgs.msg import WrenchStamped
    from nav_msgs.msg import Odometry
    from sensor_msgs.msg import JointState
    from visualization_msgs.msg import MarkerArray

    from modyn_hardware.hardware_interface_node import CONTACT_ARROW_M_PER_N
    from modyn_ros.qos import STATE_QOS

    got: dict = {"markers": [], "forces": {}, "joints": {}, "base": {}, "tf": {}}
    tf_message = _tf_message()

    def stamp(msg) -> int:
        return msg.header.stamp.sec * 10**9 + msg.header.stamp.nanosec

    def collect(node):
        node.create_subscription(MarkerArray, "constraint_markers", got["markers"].append, 10)
        node.create_subscription(
            tf_message,
            "/tf",
            lambda m: got["tf"].__setitem__(stamp(m.transforms[0]), m) if m.transforms else None,
            100,
        )
        node.create_subscription(
            JointState, "joint_states", lambda m: got["joints"].__setitem__(stamp(m), m), STATE_QOS
        )
        node.create_subscription(
            Odometry, "base_state", lambda m: got["base"].__setitem__(stamp(m), m), STATE_QOS
        )
        for foot in ("FL_FOOT", "FR_FOOT", "HL_FOOT", "HR_FOOT"):
            node.create_subscription(
                WrenchStamped,
                f"constraint_forces/{foot}",
                lambda m, f=foot: got["forces"].__setitem__((f, stamp(m)), m),
                STATE_QOS,
            )

    def _tf_stamp() -> int | None:
        """The last /tf stamp with the joint_states and base_state of that stamp."""
        return next(
            (t for t in reversed(got["tf"]) if t in got["joints"] and t in got["base"]), None
        )

    def matched() -> dict | None:
        for ma in reversed(got["markers"]):
            s = stamp(ma.markers[0])
            if (
                s > 0
                and s in got["joints"]
                and s in got["base"]
                and all((m.text, s) in got["forces"] for m in ma.markers)
                and _tf_stamp()
            ):
                return ma
        return None

    topics, missing, spec = _run_and_watch("solo12_standing_sim", collect, lambda: matched())
    assert not missing, f"no publisher of {sorted(missing)}"
    assert {"/base_state", "/constraint_markers"} <= topics
    markers = matched()
    assert markers is not None, "no constraint_markers with the same-stamp state and forces"
    model = load_model(spec.robot_description)
    s = stamp(markers.markers[0])
    js, odom = got["joints"][s], got["base"][s]
    p, o = odom.pose.pose.position, odom.pose.pose.orientation
    q = np.array(
        [p.x, p.y, p.z, o.w, o.x, o.y, o.z, *js.position]
    )  # (x, y, z, qw, qx, qy, qz, joints)
    total_fz = 0.0
    for m in markers.markers:
        start = np.array([m.points[0].x, m.points[0].y, m.points[0].z])
        end = np.array([m.points[1].x, m.points[1].y, m.points[1].z])
        np.testing.assert_allclose(start, model.frame_placement(q, m.text)[:3, 3], atol=1e-9)
        f = got["forces"][(m.text, s)].wrench.force
        np.testing.assert_allclose(
            (end - start) / CONTACT_ARROW_M_PER_N, [f.x, f.y, f.z], atol=1e-9
        )
        total_fz += f.z
    # /tf: every frame of the model under the view's fixed frame (the world), the base link
    # where base_state of the same stamp puts it, each foot at its anchor of the system file
    # (the feet are pinned there)
    s = _tf_stamp()
    tf = {t.child_frame_id: t for t in got["tf"][s].transforms}
    assert {t.header.frame_id for t in tf.values()} == {model.base_frame} == {"world"}
    assert set(tf) == set(model.frame_names) - {model.base_frame}
    tr, rot = tf["base_link"].transform.translation, tf["base_link"].transform.rotation
    p, o = got["base"][s].pose.pose.position, got["base"][s].pose.pose.orientation
    # both quaternions from modyn_model.so3.matrix_to_quaternion (w >= 0): the same sign
    np.testing.assert_allclose(
        [tr.x, tr.y, tr.z, rot.w, rot.x, rot.y, rot.z],
        [p.x, p.y, p.z, o.w, o.x, o.y, o.z],
        atol=1e-12,
    )
    anchors = {
        c["frame"]: c["anchor"] for c in yaml.safe_load(spec.robot_description)["constraints"]
    }
    assert len(anchors) == 4
    for foot, anchor in anchors.items():
        t = tf[foot].transform.translation
        np.testing.assert_allclose([t.x, t.y, t.z], anchor, atol=1e-6, err_msg=foot)
    import pinocchio as pin

    # a free-flyer root, so that the base link's own mass counts (a fixed root puts it on the
    # universe, which computeTotalMass leaves out)
    urdf_model = pin.buildModelFromXML(_urdf_of(spec), pin.JointModelFreeFlyer())
    weight = pin.computeTotalMass(urdf_model) * 9.81
    # standing still under its controller's hold (static equilibrium: measured 24.525027 N
    # against m·g = 24.525027 N, 1e-13 apart): the feet carry the weight
    assert abs(total_fz - weight) < 1e-3 * weight, (total_fz, weight)


def _tf_message():
    """tf2_msgs' TFMessage (generated by make build where it is not installed), or skip."""
    return pytest.importorskip(
        "tf2_msgs.msg", reason="tf2_msgs is generated by make build (fallback/tf2_msgs)"
    ).TFMessage


def _urdf_of(spec) -> str:
    data = yaml.safe_load(spec.robot_description)
    path = Path(data["file"]) if "file" in data else None
    return path.read_text() if path is not None else data["xml"]
