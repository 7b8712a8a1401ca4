"""Issue 19: reading recordings back, CSV export, and the bad recordings ``modyn identify``
must name (a missing topic, NaNs, a file that is not MCAP). The files are written here with
mcap_ros2's own writer (an independent encoder of the rosbag2 MCAP layout), in the schema text
the recorder writes (modyn_bringup.recorder.message_definition)."""

from __future__ import annotations

import csv

import numpy as np
import pytest

pytest.importorskip("mcap_ros2")
pytest.importorskip("sensor_msgs")

from mcap_ros2.writer import Writer  # noqa: E402
from sensor_msgs.msg import JointState  # noqa: E402

from modyn_bringup.identify import IdentifyOptions, identify_recording  # noqa: E402
from modyn_bringup.recorder import (  # noqa: E402
    RecordingError,
    export_csv,
    message_definition,
    read_joint_states,
    recorded_topics,
)
from modyn_model import RobotModel  # noqa: E402
from modyn_model.identification import IdentificationError, base_parameters  # noqa: E402

NAMES = ["j1", "j2"]


def _write(path, samples, topic="/joint_states", nan_at=None):
    """``samples`` JointState messages at 100 Hz with q = sin t, effort = cos t."""
    schema_text = message_definition("sensor_msgs/msg/JointState")
    with open(path, "wb") as f:
        writer = Writer(f)
        schema = writer.register_msgdef("sensor_msgs/msg/JointState", schema_text)
        for k in range(samples):
            t = k * 0.01
            msg = JointState()
            msg.header.stamp.sec, msg.header.stamp.nanosec = divmod(k * 10_000_000, 10**9)
            msg.name = NAMES
            msg.position = [np.sin(t), 2 * np.sin(t)]
            msg.velocity = [np.cos(t), 2 * np.cos(t)]
            msg.effort = [np.cos(t), float("nan") if k == nan_at else 0.5]
            writer.write_message(topic, schema, msg, log_time=k, publish_time=k)
        writer.finish()
    return path


def test_read_back_and_csv(tmp_path):
    path = _write(tmp_path / "run.mcap", 50)
    assert recorded_topics(path) == {"/joint_states": ("sensor_msgs/msg/JointState", 50)}
    rec = read_joint_states(path)
    assert rec.names == tuple(NAMES)
    np.testing.assert_allclose(rec.t, np.arange(50) * 0.01, atol=1e-12)
    np.testing.assert_allclose(rec.position[:, 1], 2 * np.sin(rec.t), atol=1e-12)
    out = export_csv(path, tmp_path / "run.csv")
    with open(out, newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["t", "q_j1", "q_j2", "v_j1", "v_j2", "effort_j1", "effort_j2"]
    assert len(rows) == 51
    assert float(rows[11][2]) == pytest.approx(2 * np.sin(0.1), abs=1e-12)


def test_missing_topic_is_named(tmp_path):
    path = _write(tmp_path / "other.mcap", 10, topic="/other_states")
    with pytest.raises(RecordingError, match=r"no message on topic '/joint_states'.*/other_states"):
        read_joint_states(path)


def test_not_mcap_and_missing_file(tmp_path):
    bad = tmp_path / "bad.mcap"
    bad.write_bytes(b"this is not mcap")
    with pytest.raises(RecordingError, match="not a readable MCAP file"):
        read_joint_states(bad)
    with pytest.raises(RecordingError, match="recording not found"):
        read_joint_states(tmp_path / "none.mcap")


def test_nan_in_a_recording_is_named(tmp_path):
    """identify_recording refuses it before any filtering, naming joint, field and time."""
    path = _write(tmp_path / "nan.mcap", 300, nan_at=123)
    urdf = """<robot name="two"><link name="base"/>
      <link name="l1"><inertial><mass value="1"/><origin xyz="0.1 0 0"/>
        <inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial></link>
      <link name="l2"><inertial><mass value="1"/><origin xyz="0.1 0 0"/>
        <inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial></link>
      <joint name="j1" type="continuous"><parent link="base"/><child link="l1"/>
        <axis xyz="0 1 0"/></joint>
      <joint name="j2" type="continuous"><parent link="l1"/><child link="l2"/>
        <origin xyz="0.2 0 0"/><axis xyz="0 1 0"/></joint></robot>"""
    model = RobotModel.from_urdf(urdf)
    with pytest.raises(IdentificationError, match=r"effort of joint 'j2' is nan at t = 1.23 s"):
        identify_recording(model, base_parameters(model), path, [0.0, 2.0, 2.99], IdentifyOptions())


def test_merge_takes_the_plants_own_messages(tmp_path):
    """``modyn_system --record``: the recorder lost samples (a starved subscriber), the plant's
    topic log (modyn_ros.topic_log, written by the publisher itself) has them all; the merge
    keeps the plant's for the topics it logged, the recorder's for the others, and nothing the
    record list leaves out."""
    from mcap.reader import make_reader
    from std_msgs.msg import String

    from modyn_bringup.recorder import merge_plant_log
    from modyn_ros.topic_log import TopicLog

    # the recorder's file: every third of the plant's 90 states, and a topic the plant does
    # not publish
    with open(tmp_path / "full.mcap", "wb") as f:
        writer = Writer(f)
        js = writer.register_msgdef(
            "sensor_msgs/msg/JointState", message_definition("sensor_msgs/msg/JointState")
        )
        st = writer.register_msgdef(
            "std_msgs/msg/String", message_definition("std_msgs/msg/String")
        )
        for k in range(0, 90, 3):
            msg = JointState()
            msg.header.stamp.sec, msg.header.stamp.nanosec = divmod(k * 10_000_000, 10**9)
            msg.name = NAMES
            msg.position = [float(k), 0.0]
            writer.write_message("/joint_states", js, msg, log_time=k, publish_time=k)
            writer.write_message("/status", st, String(data=f"s{k}"), log_time=k, publish_time=k)
        writer.finish()
    recording = tmp_path / "full.mcap"
    assert recorded_topics(recording)["/joint_states"][1] == 30
    log = TopicLog(tmp_path / "plant.mcap")
    for k in range(90):
        msg = JointState()
        msg.header.stamp.sec, msg.header.stamp.nanosec = divmod(k * 10_000_000, 10**9)
        msg.name = NAMES
        msg.position = [float(k), 0.0]
        log.write("joint_states", msg)
        cmd = JointState(name=NAMES, effort=[0.1 * k, 0.0])
        log.write("effort_command", cmd)  # received by the plant, not in the record list
    log.close()
    summary = merge_plant_log(recording, tmp_path / "plant.mcap", ["/joint_states", "status"])
    assert summary == {"/status": ("recorder", 30), "/joint_states": ("plant", 90)}
    assert recorded_topics(recording) == {
        "/joint_states": ("sensor_msgs/msg/JointState", 90),
        "/status": ("std_msgs/msg/String", 30),
    }
    rec = read_joint_states(recording)
    np.testing.assert_array_equal(rec.position[:, 0], np.arange(90.0))  # every state, in order
    np.testing.assert_allclose(rec.t, np.arange(90) * 0.01, atol=1e-12)
    with open(recording, "rb") as f:
        times = [m.log_time for _, _, m in make_reader(f).iter_messages(log_time_order=False)]
    assert times == sorted(times)
    assert not (tmp_path / "full.mcap.merging").exists()


def test_merge_with_an_unfinished_file_leaves_the_recording(tmp_path):
    from modyn_bringup.recorder import merge_plant_log

    recording = _write(tmp_path / "run.mcap", 20)
    before = recording.read_bytes()
    broken = tmp_path / "plant.mcap"
    broken.write_bytes(before[: len(before) // 2])  # a plant killed before it finished its log
    with pytest.raises(RecordingError, match=r"plant\.mcap.*plant log cannot be read"):
        merge_plant_log(recording, broken, ["/joint_states"])
    with pytest.raises(RecordingError, match=r"missing\.mcap.*plant log cannot be read"):
        merge_plant_log(recording, tmp_path / "missing.mcap", ["/joint_states"])
    assert recording.read_bytes() == before
