"""modyn_ros.heap and the real-time priority of node_main: collection at safe points, the frozen
heap, SCHED_FIFO from $MODYN_REALTIME_PRIORITY."""

from __future__ import annotations

import gc
import os
import weakref

import pytest

from modyn_ros.heap import SafePointCollector, settle_heap
from modyn_ros.node_main import (
    REALTIME_PRIORITY_ENV,
    ExecutorChoiceError,
    apply_realtime_priority,
)


class _Cycle:
    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def collector():
    c = SafePointCollector()
    c.start()
    yield c
    c.stop()
    gc.unfreeze()


def test_nothing_is_collected_inside_a_callback_then_all_at_the_safe_point(collector):
    assert not gc.isenabled()
    gc.collect()
    probe = _Cycle()
    gone = weakref.ref(probe)
    del probe
    # "inside a callback": far more allocations than the young threshold, no collection
    keep = [[i] for i in range(5 * collector.t0)]
    assert gone() is not None, "collected while the automatic collection was off"
    assert gc.get_count()[0] >= collector.t0
    collector()  # the safe point
    assert gone() is None
    assert sum(collector.collections) == 1
    assert gc.get_count()[0] < collector.t0
    del keep


def test_generations_follow_cpythons_thresholds(collector):
    gc.collect()
    held = []
    calls = (collector.t1 + 2) * (collector.t2 + 2)
    for _ in range(calls):
        held.append([[i] for i in range(collector.t0 + 10)])  # kept: net allocations
        collector()
    young, middle, old = collector.collections
    assert young + middle + old == calls  # each safe point crossed the young threshold once
    # the middle generation after more than t1 young collections, the oldest after more than
    # t2 middle ones (CPython's rule)
    assert old >= 1
    assert middle >= collector.t2
    assert young / (middle + old) == pytest.approx(collector.t1 + 1, rel=0.15)


def test_below_threshold_the_safe_point_does_nothing(collector):
    gc.collect()
    collector()
    assert collector.collections == [0, 0, 0]


def test_settle_heap_freezes_what_is_alive():
    gc.unfreeze()
    before = gc.get_freeze_count()
    settle_heap()
    try:
        assert gc.get_freeze_count() > before
        assert gc.get_count()[0] < 50  # just collected
    finally:
        gc.unfreeze()


def test_realtime_priority_unset_bad_and_granted(monkeypatch):
    monkeypatch.delenv(REALTIME_PRIORITY_ENV, raising=False)
    assert apply_realtime_priority() == ""
    for bad in ("high", "0", "100", "-5"):
        monkeypatch.setenv(REALTIME_PRIORITY_ENV, bad)
        with pytest.raises(ExecutorChoiceError, match=rf"{REALTIME_PRIORITY_ENV}='{bad}'.*1\.\.99"):
            apply_realtime_priority()
    if not hasattr(os, "SCHED_FIFO"):
        pytest.skip("no SCHED_FIFO on this platform")
    monkeypatch.setenv(REALTIME_PRIORITY_ENV, "10")
    policy, param = os.sched_getscheduler(0), os.sched_getparam(0)
    try:
        note = apply_realtime_priority()
        if "not granted" in note:  # no permission here: the process runs on, told why
            assert os.sched_getscheduler(0) == policy
        else:
            assert note == f"SCHED_FIFO priority 10 ({REALTIME_PRIORITY_ENV})"
            assert os.sched_getscheduler(0) == os.SCHED_FIFO
            assert os.sched_getparam(0).sched_priority == 10
    finally:
        os.sched_setscheduler(0, policy, param)
