"""A node's own record of the messages it publishes and receives, as an MCAP file.

A recorder that subscribes over DDS in another process loses messages when that process is
starved on a loaded machine: a reliable keep-last writer overwrites what a slow reader has not
acknowledged (two test suites side by side: a test's subscription to ``effort_command`` kept
1586 of the 3751 commands of a lockstep quadruped run). The node that publishes a message (or
receives it) writes it here as it goes: nothing is lost, whatever the load, because the writer
is the loop itself. The cost is one serialization and one buffered write per message, so it is
for runs that are recorded (tests, identification), not a real-time loop's default.

The file is rosbag2's MCAP layout, the recorder's (:mod:`modyn_bringup.recorder`): one ros2msg
schema per type, one channel per topic, CDR messages, ``log_time`` = the wall clock (ns) at the
write. :func:`read_topic_log` gives back the messages of each topic as the Python classes.

Examples
--------
>>> log = TopicLog("run.mcap")                                         # doctest: +SKIP
>>> pub = log.tap(node.create_publisher(JointState, "js", 10), "js", JointState)  # doctest: +SKIP
>>> pub.publish(msg)          # published and written                   # doctest: +SKIP
>>> log.write("effort_command", received)  # a received message          # doctest: +SKIP
>>> log.close()                                                         # doctest: +SKIP
"""

from __future__ import annotations

import time
from collections import defaultdict
from pathlib import Path

from modyn_model.errors import ModynError

from .message_definition import message_definition

__all__ = ["TappedPublisher", "TopicLog", "TopicLogError", "read_topic_log"]


class TopicLogError(ModynError):
    """A topic log that cannot be written or read; the message names the file and the topic."""


def _datatype(msg_class) -> str:
    """``pkg/msg/Type`` of a generated message class."""
    module = msg_class.__module__.split(".")  # e.g. sensor_msgs.msg._joint_state
    return f"{module[0]}/{module[1]}/{msg_class.__name__}"


def _topic(name: str) -> str:
    return name if name.startswith("/") else "/" + name


class TopicLog:
    """Writer of a node's messages to an MCAP file (module docstring).

    Parameters
    ----------
    path
        The ``.mcap`` file to create (replaced if it exists; its directory is created).
    """

    def __init__(self, path: str | Path):
        from rclpy.serialization import serialize_message

        try:
            from mcap.writer import Writer
        except ImportError as exc:  # the apt route without pip keys (docs/running.md)
            raise TopicLogError(
                f"topic log {path}: needs mcap-ros2-support (rosdep key mcap-ros2-support): {exc}"
            ) from None

        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file = open(self.path, "wb")  # noqa: SIM115 - closed in close()
        except OSError as exc:
            raise TopicLogError(f"topic log {self.path}: cannot write: {exc}") from None
        self._writer = Writer(self._file)
        self._writer.start(profile="ros2", library="modyn_ros.topic_log")
        self._serialize = serialize_message
        self._schemas: dict[type, int] = {}
        self._channels: dict[str, int] = {}
        self._counts: dict[str, int] = defaultdict(int)
        self._closed = False

    def channel(self, topic: str, msg_class) -> int:
        """The channel id of ``topic`` (registered, with its type's schema, on first use)."""
        topic = _topic(topic)
        if topic not in self._channels:
            if msg_class not in self._schemas:
                datatype = _datatype(msg_class)
                self._schemas[msg_class] = self._writer.register_schema(
                    name=datatype, encoding="ros2msg", data=message_definition(datatype).encode()
                )
            self._channels[topic] = self._writer.register_channel(
                topic=topic, message_encoding="cdr", schema_id=self._schemas[msg_class]
            )
        return self._channels[topic]

    def write(self, topic: str, msg) -> None:
        """Write ``msg`` on ``topic`` (a message published or received by the node)."""
        if self._closed:
            return  # the node's shutdown closed the log; late callbacks write nothing
        channel = self._channels.get(_topic(topic))
        if channel is None:
            channel = self.channel(topic, type(msg))
        topic = _topic(topic)
        now = time.time_ns()
        self._writer.add_message(
            channel_id=channel,
            log_time=now,
            publish_time=now,
            data=self._serialize(msg),
            sequence=self._counts[topic],
        )
        self._counts[topic] += 1

    def tap(self, publisher, topic: str, msg_class) -> TappedPublisher:
        """``publisher`` (of ``msg_class`` on ``topic``) whose every ``publish`` is also
        written here."""
        self.channel(topic, msg_class)
        return TappedPublisher(publisher, self, topic)

    @property
    def counts(self) -> dict[str, int]:
        """Messages written per topic."""
        return dict(self._counts)

    def close(self) -> None:
        """Finish the file (its index and summary); idempotent."""
        if self._closed:
            return
        self._closed = True
        self._writer.finish()
        self._file.close()


class TappedPublisher:
    """A publisher whose messages are also written to a :class:`TopicLog`."""

    def __init__(self, publisher, log: TopicLog, topic: str):
        self.publisher = publisher
        self._log = log
        self._topic = _topic(topic)

    def publish(self, msg) -> None:
        # written first: a sample the middleware refuses (rclpy raises) is still in the log
        self._log.write(self._topic, msg)
        self.publisher.publish(msg)

    def __getattr__(self, name):  # anything else (destroy, handle, ...) is the publisher's
        return getattr(self.publisher, name)


def read_topic_log(path: str | Path, topics=None) -> dict[str, list]:
    """The messages of a topic log (or any MCAP of ROS 2 CDR messages), by topic, in the order
    written, as the installed Python message classes.

    Parameters
    ----------
    path
        The ``.mcap`` file.
    topics
        Topics to read (with or without the leading ``/``); None: all.

    Raises
    ------
    TopicLogError
        The file is missing or not MCAP, or a topic's type is not installed.
    """
    from mcap.reader import make_reader
    from rclpy.serialization import deserialize_message

    from .message_definition import UnknownMessageType, get_message

    path = Path(path)
    wanted = None if topics is None else {_topic(t) for t in topics}
    out: dict[str, list] = defaultdict(list)
    classes: dict[int, type] = {}
    try:
        with open(path, "rb") as f:
            reader = make_reader(f)
            for schema, channel, message in reader.iter_messages(
                topics=None if wanted is None else sorted(wanted), log_time_order=False
            ):
                cls = classes.get(channel.id)
                if cls is None:
                    try:
                        cls = classes[channel.id] = get_message(schema.name)
                    except UnknownMessageType as exc:
                        raise TopicLogError(f"{path}: topic {channel.topic}: {exc}") from None
                out[channel.topic].append(deserialize_message(message.data, cls))
    except OSError as exc:
        raise TopicLogError(f"topic log {path}: cannot read: {exc}") from None
    except TopicLogError:
        raise
    except Exception as exc:  # mcap raises several types for a file that is not MCAP
        raise TopicLogError(f"topic log {path}: not a complete MCAP file: {exc}") from None
    return dict(out)
