"""modyn_ros.intra_process: local delivery between nodes of one process, real rclpy nodes.

What is checked: a local publication reaches the local subscription by reference, from the spin
loop and never inside ``publish``; DDS carries a copy only while an outside subscriber exists
(a subscription of a node that does not use the local delivery counts as outside), and the
local subscriber does not get that copy a second time; a publisher of another context (another
"process" for DDS) still reaches the local subscriber on a topic without a local publisher; the
KEEP_LAST depth bounds a slow subscriber's queue; disabled, the functions are rclpy's own.
"""

from __future__ import annotations

import time

import pytest
import rclpy
from rclpy.executors import SingleThreadedExecutor
from rclpy.node import Node
from rclpy.qos import HistoryPolicy, QoSProfile, ReliabilityPolicy
from std_msgs.msg import Float64

from modyn_ros import intra_process as intra

QOS = QoSProfile(depth=10, history=HistoryPolicy.KEEP_LAST, reliability=ReliabilityPolicy.RELIABLE)


@pytest.fixture
def context():
    ctx = rclpy.Context()
    rclpy.init(context=ctx)
    yield ctx
    intra.disable()
    rclpy.shutdown(context=ctx)


def _spin(executor, bus, seconds: float, until=lambda: False) -> None:
    """The loop of run_nodes: drain, then the executor, for ``seconds`` or until ``until()``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and not until():
        if bus is not None and bus.pending:
            bus.drain()
            executor.spin_once(timeout_sec=0.0)
        else:
            executor.spin_once(timeout_sec=0.01)


def test_local_delivery_by_reference_not_inside_publish(context):
    bus = intra.enable()
    a = Node("a", context=context)
    b = Node("b", context=context)
    got = []
    pub = intra.create_publisher(a, Float64, "x", QOS)
    intra.create_subscription(b, Float64, "x", got.append, QOS)
    assert pub.intra
    msg = Float64(data=1.5)
    pub.publish(msg)
    assert got == []  # not inside publish: from the spin loop
    assert bus.pending
    executor = SingleThreadedExecutor(context=context)
    executor.add_node(a)
    executor.add_node(b)
    _spin(executor, bus, 2.0, until=lambda: bool(got))
    assert len(got) == 1 and got[0] is msg  # the same object, no copy
    # no outside subscriber: nothing went to DDS, and nothing arrives a second time
    _spin(executor, bus, 0.3)
    assert len(got) == 1
    executor.shutdown()


def test_outside_subscriber_gets_a_copy_and_the_local_one_gets_it_once(context):
    bus = intra.enable()
    a = Node("a", context=context)
    b = Node("b", context=context)
    outside = Node("outside", context=context)
    local, remote = [], []
    pub = intra.create_publisher(a, Float64, "x", QOS)
    intra.create_subscription(b, Float64, "x", local.append, QOS)
    # a plain rclpy subscription (not through intra): an outside subscriber for the bus
    outside.create_subscription(Float64, "x", remote.append, QOS)
    executor = SingleThreadedExecutor(context=context)
    for node in (a, b, outside):
        executor.add_node(node)
    _spin(executor, bus, 5.0, until=lambda: pub.get_subscription_count() >= 2)
    assert pub.get_subscription_count() == 2
    for k in range(5):
        pub.publish(Float64(data=float(k)))
    _spin(executor, bus, 5.0, until=lambda: len(remote) == 5)
    _spin(executor, bus, 0.3)
    assert [m.data for m in remote] == [0.0, 1.0, 2.0, 3.0, 4.0]
    assert [m.data for m in local] == [0.0, 1.0, 2.0, 3.0, 4.0]  # once each, in order
    executor.shutdown()


def test_a_publisher_s_send_hook_sends_its_dds_copies(context):
    """``IntraPublisher.send``: the DDS copies the bus sends later go through the node's own
    function (hardware_interface's counts a refused or stalled joint_states there); a
    publisher without one is published as before."""
    bus = intra.enable()
    a = Node("a", context=context)
    b = Node("b", context=context)
    outside = Node("outside", context=context)
    local, remote, sent = [], [], []
    watched = intra.create_publisher(a, Float64, "x", QOS)
    plain = intra.create_publisher(a, Float64, "y", QOS)

    def send(publisher, msg):
        sent.append((publisher, msg.data))
        publisher.publish(msg)

    watched.send = send
    intra.create_subscription(b, Float64, "x", local.append, QOS)
    outside.create_subscription(Float64, "x", remote.append, QOS)
    outside.create_subscription(Float64, "y", remote.append, QOS)
    executor = SingleThreadedExecutor(context=context)
    for node in (a, b, outside):
        executor.add_node(node)
    _spin(
        executor,
        bus,
        5.0,
        until=lambda: watched.get_subscription_count() >= 2 and plain.get_subscription_count(),
    )
    for k in range(3):
        watched.publish(Float64(data=float(k)))
        plain.publish(Float64(data=10.0 + k))
    _spin(executor, bus, 5.0, until=lambda: len(remote) == 6)
    assert sent == [(watched.publisher, 0.0), (watched.publisher, 1.0), (watched.publisher, 2.0)]
    assert sorted(m.data for m in remote) == [0.0, 1.0, 2.0, 10.0, 11.0, 12.0]
    assert [m.data for m in local] == [0.0, 1.0, 2.0]
    executor.shutdown()


def test_publisher_of_another_process_reaches_a_local_subscriber(context):
    bus = intra.enable()
    b = Node("b", context=context)
    got = []
    intra.create_subscription(b, Float64, "y", got.append, QOS)
    other = rclpy.Context()  # another DDS participant: for DDS, another process
    rclpy.init(context=other)
    try:
        sender = Node("sender", context=other)
        pub = sender.create_publisher(Float64, "y", QOS)
        executor = SingleThreadedExecutor(context=context)
        executor.add_node(b)
        end = time.monotonic() + 10.0
        while not got and time.monotonic() < end:
            pub.publish(Float64(data=2.5))
            _spin(executor, bus, 0.05)
        assert got and got[0].data == 2.5
        executor.shutdown()
        sender.destroy_node()
    finally:
        rclpy.shutdown(context=other)


def test_keep_last_depth_bounds_the_local_queue(context):
    bus = intra.enable()
    a = Node("a", context=context)
    b = Node("b", context=context)
    got = []
    pub = intra.create_publisher(a, Float64, "z", QOS)
    intra.create_subscription(
        b, Float64, "z", got.append, QoSProfile(depth=3, history=HistoryPolicy.KEEP_LAST)
    )
    for k in range(10):
        pub.publish(Float64(data=float(k)))
    while bus.pending:
        bus.drain()
    assert [m.data for m in got] == [7.0, 8.0, 9.0]  # the newest 3, as DDS's KEEP_LAST


def test_a_loop_does_not_recurse_and_drains_in_rounds(context):
    """state → command → state ... (the lockstep loop) runs from the drain, a bounded number of
    callbacks per round, so the executor gets its turn between rounds."""
    bus = intra.enable()
    a = Node("a", context=context)
    b = Node("b", context=context)
    state = intra.create_publisher(a, Float64, "state", QOS)
    command = intra.create_publisher(b, Float64, "command", QOS)
    depth = []

    def on_state(msg):
        depth.append(len(__import__("inspect").stack(0)))
        command.publish(Float64(data=msg.data + 1.0))

    def on_command(msg):
        if msg.data < 100.0:
            state.publish(Float64(data=msg.data))

    intra.create_subscription(b, Float64, "state", on_state, QOS)
    intra.create_subscription(a, Float64, "command", on_command, QOS)
    state.publish(Float64(data=0.0))
    rounds = 0
    while bus.pending:
        bus.drain()
        rounds += 1
    assert len(depth) == 100
    assert max(depth) == min(depth)  # every callback at the same stack depth: no recursion
    assert rounds >= 200 // 8  # at most _DRAIN_BUDGET callbacks per round


def test_disabled_is_plain_rclpy(context):
    intra.disable()
    a = Node("a", context=context)
    pub = intra.create_publisher(a, Float64, "x", QOS)
    assert not getattr(pub, "intra", False)
    assert type(pub).__name__ == "Publisher"
    assert intra.enabled() is None


def test_a_lockstep_loop_leaves_the_events_executor_time_for_other_processes(context):
    """The composed loop with rclpy's EventsExecutor: a lockstep loop keeps the bus pending, its
    state goes to DDS as well (an outside subscriber), and each copy comes back as an event of
    the process's own DDS subscription; a message of another process on another topic must
    still be delivered while the loop runs (before node_main._waiting_spinner, one
    ``spin_once(0)`` per drain: none of 5 reached the feedback controller in 20 s)."""
    EventsExecutor = pytest.importorskip(
        "rclpy.experimental", reason="this rclpy has no EventsExecutor"
    ).EventsExecutor

    from modyn_ros.node_main import _waiting_spinner

    bus = intra.enable()
    a = Node("plant", context=context)
    b = Node("controller", context=context)
    outside = Node("recorder", context=context)
    state = intra.create_publisher(a, Float64, "state", QOS)
    command = intra.create_publisher(b, Float64, "command", QOS)
    ticks, copies, goals = [0], [], []
    intra.create_subscription(
        b, Float64, "state", lambda m: command.publish(Float64(data=m.data)), QOS
    )

    def on_command(msg):
        ticks[0] += 1
        state.publish(Float64(data=msg.data + 1.0))

    intra.create_subscription(a, Float64, "command", on_command, QOS)
    outside.create_subscription(Float64, "state", copies.append, QOS)
    b.create_subscription(Float64, "goal", goals.append, QOS)  # a plain DDS subscription
    executor = EventsExecutor(context=context)
    for node in (a, b, outside):
        executor.add_node(node)
    spin_waiting = _waiting_spinner(executor)
    other = rclpy.Context()  # another DDS participant: for DDS, another process
    rclpy.init(context=other)
    try:
        sender = Node("generator", context=other)
        goal = sender.create_publisher(Float64, "goal", QOS)
        end = time.monotonic() + 10.0
        while time.monotonic() < end and (
            state.get_subscription_count() < 2 or goal.get_subscription_count() < 1
        ):
            executor.spin_once(timeout_sec=0.05)
        assert state.get_subscription_count() == 2 and goal.get_subscription_count() == 1
        state.publish(Float64(data=0.0))  # the loop starts: from now on the bus is never empty
        end = time.monotonic() + 1.0  # a second of the loop alone: its copies' events pile up
        while time.monotonic() < end:
            bus.drain()
            spin_waiting()
        before = ticks[0]
        sent_at = []
        end = time.monotonic() + 20.0
        while time.monotonic() < end and len(goals) < 5:
            if len(sent_at) == len(goals):  # the next goal once the last one arrived
                goal.publish(Float64(data=float(len(sent_at))))
                sent_at.append(time.monotonic())
            assert bus.pending  # the lockstep loop runs throughout
            bus.drain()
            spin_waiting()
        assert [m.data for m in goals] == [0.0, 1.0, 2.0, 3.0, 4.0], (len(goals), ticks[0])
        assert before > 100 and ticks[0] > before and copies  # the loop ran, its copies went out
        executor.shutdown()
        sender.destroy_node()
    finally:
        rclpy.shutdown(context=other)
