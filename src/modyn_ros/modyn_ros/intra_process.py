"""Intra-process delivery between nodes composed in one process (the composed mode).

rclcpp has intra-process communication: a message published by a node reaches the subscriptions
of the same process without DDS (no serialization, no transport thread, no take); rclpy has none.
In the composed mode (modyn_bringup.composed) the four nodes of a control loop share one process
and one executor, and every message of the loop still crossed DDS twice per tick. Measured on the
2-core machine (a trivial JointState echo between two nodes of one process, EventsExecutor):
``publish`` 59 µs and publication-to-callback 117 µs per hop, a round trip of p50 300 µs, p99
400 µs before any control code runs (docs/performance_loop.md). This module is the rclcpp
design, reduced to what the loop needs:

* :func:`create_publisher` / :func:`create_subscription` are ``node.create_publisher`` /
  ``node.create_subscription`` while intra-process delivery is off (every separate process; the
  default), so a node's code is the same in both layouts;
* once :func:`enable` was called (by ``run_nodes`` before the nodes of a composed process are
  created), a publication is handed to the local subscriptions of the same resolved topic name by
  reference, and goes to DDS as well only while the topic has a subscriber that is not one of
  these (another process, a recorder, a ``raw`` subscription): the topic contract is unchanged
  for everyone outside;
* the local callbacks run from the process's spin loop (:meth:`IntraProcess.drain`, between the
  executor's ``spin_once`` calls), never inside ``publish``: a lockstep loop (state → command →
  state ...) would otherwise recurse without end, and a callback must not run inside another
  node's callback;
* each local subscription keeps the QoS depth of its KEEP_LAST history (older messages are
  dropped, as DDS drops them): a slow subscriber cannot make the queue grow;
* a local subscription ignores DDS deliveries on a topic that a local publisher serves (they are
  the copies made for the outside subscribers); messages of publishers in other processes on a
  topic without a local publisher are delivered as before. The DDS side of a local subscription
  takes the serialized message and deserializes only what it delivers.

Ownership, as rclcpp's ``unique_ptr`` publish: the message object passes to the subscribers. A
publisher must not modify a message after publishing it (publish a new one each time), and a
subscriber must not modify what it receives.

rclpy's EventsExecutor (rclpy 9.1) fails on subscription callbacks that take a ``MessageInfo``
(``SystemError: null argument to internal routine``, checked), so the DDS copies are recognised by
topic, not by the publisher's GID.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from rclpy.qos import HistoryPolicy, QoSProfile
from rclpy.serialization import deserialize_message

__all__ = [
    "IntraProcess",
    "IntraPublisher",
    "create_publisher",
    "create_subscription",
    "disable",
    "enable",
    "enabled",
]

#: local callbacks run per drain before the deferred DDS copies go out: a lockstep loop never
#: empties the local queue, and the copies (recorders, other processes) must not starve
_DRAIN_BUDGET = 8

_BUS: IntraProcess | None = None


class _LocalSubscription:
    """One local subscription: its callback and the pending messages (KEEP_LAST depth)."""

    __slots__ = ("callback", "pending", "scheduled")

    def __init__(self, callback: Callable, depth: int | None) -> None:
        self.callback = callback
        self.pending: deque = deque(maxlen=depth)
        self.scheduled = False


class _Topic:
    """What the process knows of one resolved topic name."""

    __slots__ = ("local_publishers", "subscriptions", "dds_subscriptions")

    def __init__(self) -> None:
        self.local_publishers = 0
        self.subscriptions: list[_LocalSubscription] = []
        # the DDS subscriptions of the local subscriptions (each has one, for other processes'
        # publishers): they match a local publisher too, and are not outside subscribers
        self.dds_subscriptions = 0


class IntraPublisher:
    """A publisher whose messages reach the local subscriptions by reference (module docstring).

    Attributes
    ----------
    publisher : rclpy.publisher.Publisher
        The DDS publisher (for subscribers outside the process).
    intra : bool
        Always True (a plain rclpy publisher has no such attribute): the node publishes a new
        message object each time.
    """

    intra = True

    def __init__(self, bus: IntraProcess, topic: _Topic, publisher) -> None:
        self._bus = bus
        self._topic = topic
        self.publisher = publisher
        #: ``send(publisher, msg)`` sends a deferred DDS copy (the node's, to watch what the
        #: middleware does with it, e.g. hardware_interface's); None: ``publisher.publish``
        self.send: Callable | None = None

    def publish(self, msg) -> None:
        """Hand ``msg`` to the local subscriptions; to DDS (after them) while an outside
        subscriber exists. ``msg`` must not be modified afterwards."""
        bus = self._bus
        for sub in self._topic.subscriptions:
            sub.pending.append(msg)
            if not sub.scheduled:
                sub.scheduled = True
                bus._ready.append(sub)
        if self.publisher.get_subscription_count() > self._topic.dds_subscriptions:
            bus._deferred.append((self, msg))

    def get_subscription_count(self) -> int:
        """The DDS publisher's matched subscriptions (local ones included)."""
        return self.publisher.get_subscription_count()

    @property
    def topic_name(self) -> str:
        return self.publisher.topic_name

    def destroy(self) -> None:
        self._topic.local_publishers -= 1
        self._bus = None


class IntraProcess:
    """The process's local delivery: topics, the ready subscriptions, the deferred DDS copies."""

    def __init__(self) -> None:
        self._topics: dict[str, _Topic] = {}
        self._ready: deque[_LocalSubscription] = deque()
        self._deferred: deque = deque()
        self.delivered = 0  # local callbacks run (for tests and diagnostics)

    def _topic(self, node, name: str) -> _Topic:
        resolved = node.resolve_topic_name(name)
        topic = self._topics.get(resolved)
        if topic is None:
            topic = self._topics[resolved] = _Topic()
        return topic

    def create_publisher(self, node, msg_type, topic: str, qos: QoSProfile) -> IntraPublisher:
        entry = self._topic(node, topic)
        entry.local_publishers += 1
        return IntraPublisher(self, entry, node.create_publisher(msg_type, topic, qos))

    def create_subscription(self, node, msg_type, topic: str, callback: Callable, qos):
        entry = self._topic(node, topic)
        depth = qos.depth if qos.history == HistoryPolicy.KEEP_LAST else None
        entry.subscriptions.append(_LocalSubscription(callback, depth))
        entry.dds_subscriptions += 1

        def from_dds(data: bytes) -> None:
            if entry.local_publishers:
                return  # a copy of a local publication, made for the outside subscribers
            callback(deserialize_message(data, msg_type))

        return node.create_subscription(msg_type, topic, from_dds, qos, raw=True)

    @property
    def pending(self) -> bool:
        """Local callbacks or DDS copies are waiting for :meth:`drain`."""
        return bool(self._ready) or bool(self._deferred)

    def drain(self) -> None:
        """Run up to ``_DRAIN_BUDGET`` local callbacks (oldest first; a callback may publish and
        schedule more), then send the DDS copies that were waiting."""
        ready = self._ready
        for _ in range(_DRAIN_BUDGET):
            if not ready:
                break
            sub = ready.popleft()
            msg = sub.pending.popleft()
            if sub.pending:
                ready.append(sub)
            else:
                sub.scheduled = False
            self.delivered += 1
            sub.callback(msg)
        deferred = self._deferred
        for _ in range(len(deferred)):
            sender, msg = deferred.popleft()
            if sender.send is None:
                sender.publisher.publish(msg)
            else:
                sender.send(sender.publisher, msg)


def enable() -> IntraProcess:
    """Turn intra-process delivery on for the nodes created from now on (this process)."""
    global _BUS
    if _BUS is None:
        _BUS = IntraProcess()
    return _BUS


def disable() -> None:
    """Back to plain rclpy publishers and subscriptions for the nodes created from now on."""
    global _BUS
    _BUS = None


def enabled() -> IntraProcess | None:
    """The process's :class:`IntraProcess` while enabled, else None."""
    return _BUS


def create_publisher(node, msg_type, topic: str, qos: QoSProfile):
    """``node.create_publisher(msg_type, topic, qos)``, or an :class:`IntraPublisher` while
    intra-process delivery is enabled. Check ``getattr(pub, "intra", False)`` to know whether a
    new message object must be published each time."""
    if _BUS is None:
        return node.create_publisher(msg_type, topic, qos)
    return _BUS.create_publisher(node, msg_type, topic, qos)


def create_subscription(node, msg_type, topic: str, callback: Callable, qos: QoSProfile):
    """``node.create_subscription(msg_type, topic, callback, qos)``, or that plus local delivery
    while intra-process delivery is enabled (module docstring)."""
    if _BUS is None:
        return node.create_subscription(msg_type, topic, callback, qos)
    return _BUS.create_subscription(node, msg_type, topic, callback, qos)
