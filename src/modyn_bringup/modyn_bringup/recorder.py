"""The recorder: writes chosen topics of a running system to an MCAP file (ROS 2 bag storage).

``modyn_system <system> --record run.mcap`` starts this node next to the system's nodes, with
the topics of the system file's top-level ``record:`` list (default ``[/joint_states]``)::

    record: [/joint_states, /effort_command, /trajectory]

The file is the rosbag2 MCAP layout: one schema per message type (encoding ``ros2msg``: the
``.msg`` text followed by each nested type's, separated by ``===`` lines, as ``ros2 bag record``
writes it), one channel per topic (message encoding ``cdr``), messages stored as the CDR bytes
received (no re-encoding), ``log_time`` = the wall time of reception (ns), as rosbag2 does;
the messages' own stamps are inside them. Foxglove, PlotJuggler and ``ros2 bag info`` read it;
:func:`read_joint_states` reads it back into arrays, :func:`export_csv` writes a CSV.

The topics of :data:`KNOWN_TOPICS` (modyn's joint states, published reliable and volatile by
every plant) are subscribed at start, so that the recorder is matched before the system's first
message: ``modyn_system --record`` starts the recorder first and the other nodes once its
subscriptions are in the graph, and the recording begins at the plant's t_0. Other topics are
subscribed once they appear in the graph (their type is not known before), with the publishers'
reliability (a reliable publisher gets a reliable subscriber: no sample dropped) and a deep
queue. A topic not seen within ``topic_timeout`` s is reported in the log, naming it; the file is
finished on SIGINT/SIGTERM (the runner's stop).

A subscriber in another process loses messages when that process is starved: on a 2-core
machine running two test suites the recorder kept 65 fewer ``/joint_states`` than the plant
published (a reliable keep-last writer overwrites what a slow reader has not acknowledged). So
``modyn_system --record`` also has the hardware interface write its own topics as it publishes
them (its ``topic_log``, :mod:`modyn_ros.topic_log`: nothing lost whatever the load), and at the
stop :func:`merge_plant_log` rewrites the recording with the plant's messages for the topics the
plant logged (``/joint_states``, ``/actuator_states``, ``/base_state``, constraint forces, the
``/effort_command`` it received) and the recorder's for the others.
"""

from __future__ import annotations

import csv
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from modyn_model.errors import ModynError
from modyn_ros.message_definition import UnknownMessageType, message_definition
from modyn_ros.message_definition import get_message as _get_message

__all__ = [
    "FIRST_MESSAGE",
    "KNOWN_TOPICS",
    "RecordingError",
    "JointStateRecording",
    "message_definition",
    "read_joint_states",
    "export_csv",
    "merge_plant_log",
    "recorded_topics",
    "main",
]


#: Topics whose type and QoS modyn fixes (``modyn_ros.qos.STATE_QOS``: reliable, volatile): the
#: recorder subscribes to them at start instead of waiting for a publisher to appear.
KNOWN_TOPICS: dict[str, str] = {
    "/joint_states": "sensor_msgs/msg/JointState",
    "/actuator_states": "sensor_msgs/msg/JointState",
}

#: The recorder's log line at the first message of a topic (the runner waits for it).
FIRST_MESSAGE = "first message on {topic}"


class RecordingError(ModynError):
    """A recording that cannot be used; the message names the file, the topic and the field."""


def get_message(datatype: str):
    """The Python class of ``pkg/msg/Type`` (modyn_ros.message_definition.get_message), a
    :class:`RecordingError` when it is not installed."""
    try:
        return _get_message(datatype)
    except UnknownMessageType as exc:
        raise RecordingError(str(exc)) from None


class _RecorderNode:
    """The rclpy node: subscribes to the topics as they appear and writes the raw CDR."""

    def __init__(self, node, output: Path, topics: Sequence[str], topic_timeout: float):
        try:
            from mcap.writer import Writer
        except ImportError as exc:  # the apt route without pip keys (docs/running.md)
            raise RecordingError(
                f"recording {output}: needs mcap-ros2-support (rosdep key mcap-ros2-support): {exc}"
            ) from None

        self.node = node
        self.output = output
        self.topics = [t if t.startswith("/") else "/" + t for t in topics]
        output.parent.mkdir(parents=True, exist_ok=True)
        self._file = open(output, "wb")  # noqa: SIM115 - closed in close()
        self._writer = Writer(self._file)
        self._writer.start(profile="ros2", library="modyn_bringup.recorder")
        self._schemas: dict[str, int] = {}
        self._channels: dict[str, int] = {}
        self._subs: dict[str, object] = {}
        self._counts: dict[str, int] = {}
        self._start = time.monotonic()
        self._timeout = topic_timeout
        self._warned = False
        from rclpy.clock import Clock, ClockType

        # discovery runs on the wall (steady) clock: on sim time a paused plant (a lockstep plant
        # waiting for its first command) publishes no /clock, and a sim-time timer never fires
        from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy

        for topic in self.topics:
            if topic in KNOWN_TOPICS:
                self._subscribe(
                    topic,
                    KNOWN_TOPICS[topic],
                    QoSProfile(
                        depth=1000,
                        reliability=ReliabilityPolicy.RELIABLE,
                        durability=DurabilityPolicy.VOLATILE,
                    ),
                )
        self.node.create_timer(0.1, self._discover, clock=Clock(clock_type=ClockType.STEADY_TIME))

    def _subscribe(self, topic: str, datatype: str, qos) -> None:
        if datatype not in self._schemas:
            self._schemas[datatype] = self._writer.register_schema(
                name=datatype,
                encoding="ros2msg",
                data=message_definition(datatype).encode(),
            )
        self._channels[topic] = self._writer.register_channel(
            topic=topic, message_encoding="cdr", schema_id=self._schemas[datatype]
        )
        self._counts[topic] = 0
        self._subs[topic] = self.node.create_subscription(
            get_message(datatype),
            topic,
            lambda data, topic=topic: self._write(topic, data),
            qos,
            raw=True,
        )
        self.node.get_logger().info(f"recording {topic} ({datatype})")

    def _discover(self) -> None:
        from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy

        missing = [t for t in self.topics if t not in self._subs]
        if not missing:
            return
        types = dict(self.node.get_topic_names_and_types())
        for topic in missing:
            if topic not in types:
                continue
            datatype = types[topic][0]
            pubs = self.node.get_publishers_info_by_topic(topic)
            if not pubs:
                continue
            reliable = all(p.qos_profile.reliability == ReliabilityPolicy.RELIABLE for p in pubs)
            latched = all(
                p.qos_profile.durability == DurabilityPolicy.TRANSIENT_LOCAL for p in pubs
            )
            qos = QoSProfile(
                depth=1000,
                reliability=ReliabilityPolicy.RELIABLE
                if reliable
                else ReliabilityPolicy.BEST_EFFORT,
                durability=DurabilityPolicy.TRANSIENT_LOCAL
                if latched
                else DurabilityPolicy.VOLATILE,
            )
            self._subscribe(topic, datatype, qos)
        still = [t for t in self.topics if t not in self._subs]
        if still and not self._warned and time.monotonic() - self._start > self._timeout:
            self._warned = True
            self.node.get_logger().warning(
                f"recorder: topic(s) {still} not published after {self._timeout} s; "
                f"{self.output} will not contain them (record: list of the system file)"
            )

    def _write(self, topic: str, data: bytes) -> None:
        now = time.time_ns()
        self._writer.add_message(
            channel_id=self._channels[topic],
            log_time=now,
            publish_time=now,
            data=bytes(data),
            sequence=self._counts[topic],
        )
        if not self._counts[topic]:
            self.node.get_logger().info(FIRST_MESSAGE.format(topic=topic))
        self._counts[topic] += 1

    def close(self) -> dict[str, int]:
        self._writer.finish()
        self._file.close()
        return dict(self._counts)


def main(argv: list[str] | None = None) -> int:
    """The ``recorder`` executable: ROS parameters ``output`` (path of the .mcap),
    ``topics`` (string[]), ``topic_timeout`` (s, default 10). Runs until SIGINT/SIGTERM."""
    import faulthandler
    import signal

    import rclpy
    from rclpy.executors import ExternalShutdownException
    from rclpy.parameter import Parameter
    from rclpy.signals import SignalHandlerOptions

    context = rclpy.Context()
    rclpy.init(
        args=argv if argv is not None else sys.argv,
        context=context,
        signal_handler_options=SignalHandlerOptions.NO,
    )
    node = rclpy.create_node("recorder", context=context)
    output = node.declare_parameter("output", "").value
    topics = node.declare_parameter("topics", Parameter.Type.STRING_ARRAY).value or [
        "/joint_states"
    ]
    timeout = float(node.declare_parameter("topic_timeout", 10.0).value)
    if not output:
        print("recorder: parameter output (the .mcap path) is required", file=sys.stderr)
        node.destroy_node()
        rclpy.shutdown(context=context)
        return 2
    rec = _RecorderNode(node, Path(os.path.expanduser(output)), topics, timeout)
    stopping = []
    signal.signal(signal.SIGINT, lambda *_: stopping.append(1))
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(1))
    # the runner asks for the stacks of a process that does not stop (runner._dump_stacks)
    faulthandler.register(signal.SIGUSR1, file=sys.stderr, all_threads=True)
    from rclpy.executors import SingleThreadedExecutor

    executor = SingleThreadedExecutor(context=context)
    executor.add_node(rec.node)
    try:
        while not stopping:
            executor.spin_once(timeout_sec=0.1)
        # drain what is already queued before finishing the file
        for _ in range(200):
            executor.spin_once(timeout_sec=0.0)
    except ExternalShutdownException:
        pass
    finally:
        counts = rec.close()
        rec.node.destroy_node()
        rclpy.try_shutdown(context=context)
    print(f"recorder: wrote {output}: {counts}", flush=True)
    return 0


# ---------------------------------------------------------------------- merging
def merge_plant_log(
    recording: str | os.PathLike, plant_log: str | os.PathLike, topics: Sequence[str]
) -> dict[str, tuple[str, int]]:
    """Rewrite ``recording`` (the recorder's MCAP) with the messages of ``plant_log`` (the
    hardware interface's topic log, :mod:`modyn_ros.topic_log`) for the ``topics`` the plant
    logged at least once, and the recorder's own for the others; messages in ``log_time``
    order, schemas and channels as the files have them.

    Returns
    -------
    dict
        topic -> (``"plant"`` or ``"recorder"``, message count) of the rewritten file.

    Raises
    ------
    RecordingError
        Either file is missing or not a finished MCAP (the recording is then left as it is).
    """
    import heapq

    from mcap.reader import make_reader
    from mcap.writer import Writer

    recording, plant_log = Path(recording), Path(plant_log)
    wanted = {t if t.startswith("/") else "/" + t for t in topics}
    counts = {}
    for name, path in (("recording", recording), ("plant log", plant_log)):
        try:
            counts[name] = recorded_topics(path)
        except RecordingError:
            raise
        except Exception as exc:  # a missing file, an unfinished one
            raise RecordingError(f"{path}: the {name} cannot be read ({exc})") from None
    from_plant = {t for t, (_, n) in counts["plant log"].items() if t in wanted and n > 0}
    merged = recording.with_name(recording.name + ".merging")
    out: dict[str, tuple[str, int]] = {}
    with (
        open(recording, "rb") as fr,
        open(plant_log, "rb") as fp,
        open(merged, "wb") as fo,
    ):
        writer = Writer(fo)
        writer.start(profile="ros2", library="modyn_bringup.recorder (with the plant's topic log)")
        schemas: dict[str, int] = {}  # one per type, as rosbag2 writes
        channels: dict[tuple[str, int], int] = {}

        def stream(tag, f, keep):
            for schema, channel, message in make_reader(f).iter_messages(log_time_order=True):
                if channel.topic in wanted and keep(channel.topic):
                    yield message.log_time, tag, schema, channel, message

        sources = (
            stream("recorder", fr, lambda t: t not in from_plant),
            stream("plant", fp, lambda t: t in from_plant),
        )
        for _, tag, schema, channel, message in heapq.merge(*sources, key=lambda m: m[0]):
            key = (tag, channel.id)
            if key not in channels:
                if schema.name not in schemas:
                    schemas[schema.name] = writer.register_schema(
                        name=schema.name, encoding=schema.encoding, data=schema.data
                    )
                channels[key] = writer.register_channel(
                    topic=channel.topic,
                    message_encoding=channel.message_encoding,
                    schema_id=schemas[schema.name],
                    metadata=dict(channel.metadata),
                )
                out.setdefault(channel.topic, (tag, 0))
            writer.add_message(
                channel_id=channels[key],
                log_time=message.log_time,
                publish_time=message.publish_time,
                data=message.data,
                sequence=message.sequence,
            )
            out[channel.topic] = (tag, out[channel.topic][1] + 1)
        writer.finish()
    os.replace(merged, recording)
    return out


# ---------------------------------------------------------------------- reading back
@dataclass(frozen=True)
class JointStateRecording:
    """``sensor_msgs/JointState`` messages of a recording as arrays.

    Attributes
    ----------
    names : tuple of str
        Joint names (the first message's order; later messages are reordered to it).
    t : (N,) ndarray
        ``header.stamp`` (s).
    position, velocity, effort : (N, n) ndarray
        rad or m, rad/s or m/s, N·m or N; NaN where a message had no value.
    """

    names: tuple[str, ...]
    t: np.ndarray
    position: np.ndarray
    velocity: np.ndarray
    effort: np.ndarray


def recorded_topics(path: str | os.PathLike) -> dict[str, tuple[str, int]]:
    """topic -> (datatype, message count) of an MCAP file."""
    from mcap.reader import make_reader

    with open(path, "rb") as f:
        summary = make_reader(f).get_summary()
    if summary is None:
        raise RecordingError(f"{path}: no MCAP summary (a file not finished by its writer?)")
    stats = summary.statistics.channel_message_counts if summary.statistics else {}
    return {
        ch.topic: (summary.schemas[ch.schema_id].name, int(stats.get(cid, 0)))
        for cid, ch in summary.channels.items()
    }


def read_joint_states(path: str | os.PathLike, topic: str = "/joint_states") -> JointStateRecording:
    """The ``topic`` messages of the MCAP file ``path`` as arrays, ordered by stamp.

    Raises
    ------
    RecordingError
        The file is missing or not MCAP, the topic is absent or empty (naming the topics the
        file has), or a message lacks a joint of the first message.
    """
    from mcap_ros2.reader import read_ros2_messages

    p = Path(path)
    if not p.is_file():
        raise RecordingError(f"{p}: recording not found")
    try:
        topics = recorded_topics(p)
    except RecordingError:
        raise
    except Exception as exc:  # mcap raises several types for a non-MCAP file
        raise RecordingError(f"{p}: not a readable MCAP file ({exc})") from None
    if topic not in topics or topics[topic][1] == 0:
        raise RecordingError(
            f"{p}: the recording has no message on topic '{topic}'; it has "
            f"{ {k: v[1] for k, v in topics.items()} } (add it to the system file's record: list)"
        )
    names: tuple[str, ...] | None = None
    rows_t, rows = [], []
    for m in read_ros2_messages(str(p), topics=[topic]):
        msg = m.ros_msg
        if names is None:
            names = tuple(msg.name)
            index = None
        else:
            index = None if tuple(msg.name) == names else _index(msg.name, names, p, topic)
        n = len(names)
        row = np.full((3, n), np.nan)
        for k, field in enumerate((msg.position, msg.velocity, msg.effort)):
            if len(field) == len(msg.name):
                vals = np.asarray(field, dtype=float)
                row[k] = vals if index is None else vals[index]
        rows_t.append(msg.header.stamp.sec + msg.header.stamp.nanosec * 1e-9)
        rows.append(row)
    t = np.asarray(rows_t)
    data = np.asarray(rows)
    order = np.argsort(t, kind="stable")
    return JointStateRecording(names, t[order], data[order, 0], data[order, 1], data[order, 2])


def _index(msg_names, names, path, topic) -> np.ndarray:
    try:
        return np.array([list(msg_names).index(nm) for nm in names])
    except ValueError:
        raise RecordingError(
            f"{path}: a '{topic}' message names joints {list(msg_names)}, the first one {list(names)}"
        ) from None


def export_csv(
    path: str | os.PathLike, out: str | os.PathLike, topic: str = "/joint_states"
) -> Path:
    """Write the ``topic`` joint states of a recording as CSV: ``t`` then ``q_<joint>``,
    ``v_<joint>``, ``effort_<joint>`` columns (SI units), one row per message."""
    rec = read_joint_states(path, topic)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    header = ["t"] + [f"{k}_{nm}" for k in ("q", "v", "effort") for nm in rec.names]
    with open(out, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(header)
        for i in range(rec.t.size):
            w.writerow(
                [repr(float(rec.t[i]))]
                + [
                    repr(float(x))
                    for x in np.concatenate((rec.position[i], rec.velocity[i], rec.effort[i]))
                ]
            )
    return out


if __name__ == "__main__":
    sys.exit(main())
