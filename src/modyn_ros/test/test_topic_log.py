"""modyn_ros.topic_log: a node's own MCAP record of its messages.

Written messages come back equal and in order; the file is readable by an independent reader
(mcap_ros2's, which decodes the CDR with the ros2msg schema the log wrote, not with rclpy); a
missing or truncated file is an error naming it."""

from __future__ import annotations

import pytest

pytest.importorskip("rclpy")
pytest.importorskip("mcap_ros2")

from geometry_msgs.msg import WrenchStamped  # noqa: E402
from sensor_msgs.msg import JointState  # noqa: E402

from modyn_ros.topic_log import TopicLog, TopicLogError, read_topic_log  # noqa: E402

pytestmark = pytest.mark.unit


class _Publisher:
    """What TopicLog.tap needs of an rclpy publisher: publish (and anything else passed on)."""

    def __init__(self):
        self.sent = []

    def publish(self, msg):
        self.sent.append(msg)

    def get_subscription_count(self):
        return 3


def _state(k: int) -> JointState:
    msg = JointState(name=["a", "b"], position=[0.1 * k, -0.2 * k], velocity=[k, 2.0 * k])
    msg.header.stamp.sec, msg.header.stamp.nanosec = k // 1000, (k % 1000) * 1_000_000
    msg.effort = [1e-3 * k, 5.0]
    return msg


def test_messages_come_back_equal_in_order_by_topic(tmp_path):
    log = TopicLog(tmp_path / "sub" / "run.mcap")  # the directory is created
    raw = _Publisher()
    pub = log.tap(raw, "joint_states", JointState)
    for k in range(2500):
        pub.publish(_state(k))
        command = _state(-k)
        log.write("/effort_command", command)
        if k % 10 == 0:
            w = WrenchStamped()
            w.header.frame_id = "foot1"
            w.wrench.force.z = float(k)
            log.write("constraint_forces/foot1", w)
    assert pub.get_subscription_count() == 3  # the publisher's own answer
    assert log.counts == {
        "/joint_states": 2500,
        "/effort_command": 2500,
        "/constraint_forces/foot1": 250,
    }
    log.close()
    log.close()  # idempotent
    log.write("joint_states", _state(0))  # after close: nothing (a late callback)
    assert len(raw.sent) == 2500
    got = read_topic_log(tmp_path / "sub" / "run.mcap")
    assert sorted(got) == ["/constraint_forces/foot1", "/effort_command", "/joint_states"]
    assert got["/joint_states"] == [_state(k) for k in range(2500)]
    assert got["/effort_command"] == [_state(-k) for k in range(2500)]
    assert [w.wrench.force.z for w in got["/constraint_forces/foot1"]] == [
        float(k) for k in range(0, 2500, 10)
    ]
    only = read_topic_log(tmp_path / "sub" / "run.mcap", topics=["effort_command"])
    assert list(only) == ["/effort_command"] and len(only["/effort_command"]) == 2500


def test_an_independent_reader_decodes_it(tmp_path):
    from mcap_ros2.reader import read_ros2_messages

    log = TopicLog(tmp_path / "run.mcap")
    for k in range(5):
        log.write("joint_states", _state(k))
    log.close()
    decoded = [m.ros_msg for m in read_ros2_messages(str(tmp_path / "run.mcap"))]
    assert [list(m.position) for m in decoded] == [list(_state(k).position) for k in range(5)]
    assert [m.header.stamp.nanosec for m in decoded] == [k * 1_000_000 for k in range(5)]
    assert list(decoded[3].name) == ["a", "b"]


def test_a_missing_or_truncated_file_is_named(tmp_path):
    with pytest.raises(TopicLogError, match="nothing.mcap"):
        read_topic_log(tmp_path / "nothing.mcap")
    log = TopicLog(tmp_path / "cut.mcap")
    for k in range(100):
        log.write("joint_states", _state(k))
    log.close()
    data = (tmp_path / "cut.mcap").read_bytes()
    (tmp_path / "cut.mcap").write_bytes(data[: len(data) // 2])  # a process killed mid-write
    with pytest.raises(TopicLogError, match="cut.mcap"):
        read_topic_log(tmp_path / "cut.mcap")
    with pytest.raises(TopicLogError, match="cannot write"):
        TopicLog(tmp_path / "cut.mcap" / "inside_a_file.mcap")


def test_without_mcap_the_rosdep_key_is_named(tmp_path, monkeypatch):
    """The apt route without pip keys (docs/running.md) has no mcap: the error names the key
    to install, and no file is created."""
    import sys

    monkeypatch.setitem(sys.modules, "mcap.writer", None)  # import fails as if not installed
    with pytest.raises(TopicLogError, match=r"needs mcap-ros2-support \(rosdep key"):
        TopicLog(tmp_path / "log.mcap")
    assert not (tmp_path / "log.mcap").exists()
