"""The plant's own record of its published states (``modyn_hardware.state_log``, parameter
``state_log`` of hardware_interface).

* The file reads back what was written, bit for bit, a row cut short by a killed writer left
  out, and a file that is not a state log named.
* Appending allocates nothing that stays (the plant loop pays a copy into the buffer).
* hardware_interface with ``state_log`` writes every joint_states it publishes, as published: the
  log equals what a subscriber received, message for message (lockstep, the planar arm), and the
  republished t_0 appears once per publication, once after ``first_of_each_stamp``.
"""

from __future__ import annotations

import array
import tracemalloc

import numpy as np
import pytest

from modyn_hardware.state_log import StateLog, read_state_log


def test_round_trip_cut_row_and_bad_header(tmp_path):
    path = tmp_path / "s.log"
    log = StateLog(path, ["a", "b"], ["a", "b"], ["a", "b"])
    rng = np.random.default_rng(3)
    rows = [(k * 1000, 10_000 + k, *rng.standard_normal((3, 2))) for k in range(50)]
    for stamp, wall, q, v, e in rows:
        log.append(stamp, wall, array.array("d", q), list(v), e)
    log.close()
    record = read_state_log(path)
    assert record.names == ["a", "b"] and record.effort_names == ["a", "b"]
    np.testing.assert_array_equal(record.stamp_ns, [r[0] for r in rows])
    np.testing.assert_array_equal(record.wall_ns, [r[1] for r in rows])
    for field, k in (("position", 2), ("velocity", 3), ("effort", 4)):
        np.testing.assert_array_equal(getattr(record, field), [r[k] for r in rows])
    # the writer killed in the middle of a row: the rows before it are read
    data = path.read_bytes()
    path.write_bytes(data[:-7])
    assert len(read_state_log(path).stamp_ns) == 49
    bad = tmp_path / "bad.log"
    bad.write_bytes(b'{"format": "something else"}\n')
    with pytest.raises(ValueError, match=r"bad\.log: not a modyn state log"):
        read_state_log(bad)


def test_no_effort_and_first_of_each_stamp(tmp_path):
    path = tmp_path / "s.log"
    log = StateLog(path, ["a"], ["a"], [])
    for stamp in (0, 0, 0, 1, 2, 2, 3):
        log.append(stamp, stamp, [float(stamp)], [0.0], [])
    log.close()
    record = read_state_log(path)
    assert record.effort.shape == (7, 0)
    once = record.first_of_each_stamp()
    np.testing.assert_array_equal(once.stamp_ns, [0, 1, 2, 3])
    np.testing.assert_array_equal(once.position[:, 0], [0.0, 1.0, 2.0, 3.0])


def test_appending_allocates_nothing(tmp_path):
    log = StateLog(tmp_path / "s.log", list("abcdef"), list("abcdef"), list("abcdef"))
    q = array.array("d", range(6))  # what rclpy gives for float64[] fields
    for k in range(100):  # warm up
        log.append(k, k, q, q, q)
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        for k in range(100, 5100):
            log.append(k, k, q, q, q)
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    grown = sum(d.size_diff for d in after.compare_to(before, "filename") if d.size_diff > 0)
    print(f"5000 appends: {grown} bytes retained")
    assert grown < 4096  # tracemalloc's own bookkeeping; no per-append growth
    log.close()
    assert len(read_state_log(tmp_path / "s.log").stamp_ns) == 5100


def test_the_node_logs_every_state_it_publishes(make_loop, planar_2r_xml, tmp_path, stamp_ns):
    path = tmp_path / "states.log"
    loop = make_loop(robot_description=planar_2r_xml, watchdog_timeout=5.0, state_log=str(path))
    loop.connect()
    for k in range(30):
        loop.step([0.1 * k, -0.05 * k])
    loop.spin_for(0.1)
    loop.hw.on_shutdown()  # as run_node does when the node stops: the log is closed
    record = read_state_log(path)
    assert record.names == list(loop.hw.model.coordinate_names) == list(loop.states[-1].name)
    # t_0 was republished while the plant waited: every publication is in the log
    assert np.count_nonzero(record.stamp_ns == 0) >= 1
    once = record.first_of_each_stamp()
    np.testing.assert_array_equal(once.stamp_ns, np.arange(31) * loop.hw.config.dt_ns)
    received = {stamp_ns(m): m for m in loop.states}
    assert set(received) <= set(once.stamp_ns.tolist())
    for i, stamp in enumerate(once.stamp_ns.tolist()):
        if stamp in received:  # as published, to the bit
            msg = received[stamp]
            assert once.position[i].tolist() == list(msg.position)
            assert once.velocity[i].tolist() == list(msg.velocity)
            assert once.effort[i].tolist() == list(msg.effort)
    assert len(received) >= 30  # the tester saw the steps it commanded
