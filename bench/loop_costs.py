"""Per-tick cost of each control law and of each plant step, without ROS (issue 21).

For the robot of a system (default ``rx90_sim``: the 6R RX-90), one table:

* each law of the feedback controller (``modyn_control.law_catalog.LAW_NAMES``, the settings of
  the system's controller) stepping ``law.step(t, q, v, ref, out)`` over a cycle of states and
  references near the start pose, as the node calls it once per joint_states;
* each plant of the hardware_interface (built-in simulator with both integrators, MuJoCo with
  both when installed) doing what one lockstep tick does, ``read()``, ``write(u)``,
  ``step(dt)``, with the arm tracking a 2 s sinusoid of 0.4 rad on every joint under the
  pd_feedforward law (whose own row is to be subtracted);
* the two message conversions of a tick: a JointState's arrays into the controller's numpy
  buffers (``np.take`` on ``np.frombuffer`` of the message's ``array.array``, the node's path)
  and a numpy effort into the outgoing JointState.

Columns: µs per tick (best of ``--repeats`` batches of ``--ticks`` ticks, ``time.perf_counter``),
and the Python heap allocated transiently per tick (tracemalloc: the peak above the level at
the tick's start, max over 200 traced ticks; numpy reports its array buffers to tracemalloc, so
a temporary (6,) array shows as ≥ 48 B + its object): 0 B means the tick allocates nothing that
outlives an expression; the "retained" column is what 200 ticks left allocated (a leak would
show there). The ratios between rows are the result; absolute µs depend on the machine and its
load (printed).

Run: ``python bench/loop_costs.py [--system rx90_sim] [--ticks 2000]`` (workspace sourced).
"""

from __future__ import annotations

import argparse
import array
import os
import sys
import time
from pathlib import Path

import numpy as np
from sensor_msgs.msg import JointState

from modyn_bringup.system import load_system
from modyn_control.law_base import Reference
from modyn_control.law_catalog import LAW_NAMES, LawSettings, make_law
from modyn_hardware.simulated import SimulatedPlant
from modyn_model import RobotModel

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/_timing.py, run from anywhere
from _timing import traced_allocations  # noqa: E402

DT = 1e-3  # s, the plant step of rx90_sim
PERIOD = 2000  # ticks: the period of the plants' tracked sinusoid (2 s)
N_STATES = 64  # distinct states cycled through (no cache can serve a repeated input)


def _states(model, q0: np.ndarray, rng) -> list[tuple]:
    """(q, v, Reference) triples near ``q0``: desired = actual + a small error."""
    out = []
    for _ in range(N_STATES):
        q = q0 + rng.uniform(-0.3, 0.3, model.nv)
        v = rng.uniform(-1.0, 1.0, model.nv)
        qd, vd, ad = q + rng.uniform(-0.01, 0.01, model.nv), v * 0.9, rng.uniform(-2, 2, model.nv)
        tau_ff = model.inverse_dynamics(qd, vd, ad)
        out.append((q, v, Reference(qd, vd, ad, tau_ff)))
    return out


def _measure(tick, ticks: int, repeats: int) -> tuple[float, int, int]:
    """(µs per tick best of ``repeats``, transient bytes per tick max, retained bytes)."""
    for k in range(50):  # warm-up: caches, lazy buffers, first-call allocations
        tick(k)
    best = np.inf
    for _ in range(repeats):
        t0 = time.perf_counter()
        for k in range(ticks):
            tick(k)
        best = min(best, (time.perf_counter() - t0) / ticks * 1e6)
    transient, retained = traced_allocations(tick, 200)
    return best, transient, retained


def law_rows(model, settings: LawSettings, states, ticks: int, repeats: int) -> list[tuple]:
    rows = []
    out = np.zeros(model.nv)
    for name in LAW_NAMES:
        law = make_law(name, model, settings)
        q0, v0, _ = states[0]
        law.reset(q0, v0)

        def tick(k, law=law):
            q, v, ref = states[k % N_STATES]
            law.step(k * DT, q, v, ref, out)

        rows.append((f"law {name}", *_measure(tick, ticks, repeats)))
    return rows


def plant_rows(model, spec, q0, settings, ticks: int, repeats: int) -> list[tuple]:
    makers = [
        (f"plant simulated {i}", lambda i=i: SimulatedPlant(model, i, q0))
        for i in ("semi_implicit_euler", "rk4")
    ]
    try:
        from modyn_hardware.mujoco_plant import MujocoPlant

        makers += [
            (f"plant mujoco {i}", lambda i=i: MujocoPlant(model, spec.robot_description, i, q0))
            for i in ("semi_implicit_euler", "rk4")
        ]
    except ImportError:  # MuJoCo not installed: its rows are left out (printed)
        print("(MuJoCo not installed: no MuJoCo rows)")
    # the arm tracks q0 + 0.4 sin(2π k / PERIOD) rad on every joint under the pd_feedforward law
    # (its own row: subtract it), as in a motion; the reference is periodic in the tick count,
    # so the loop over the batches has no jump. A joint held at rest under dry friction would
    # take the stick/slip solve at every step instead (the hold's case, several times dearer).
    k = np.arange(PERIOD)
    w = 2 * np.pi / (PERIOD * DT)
    qd = q0 + 0.4 * np.sin(w * k * DT)[:, None]
    vd = np.repeat((0.4 * w * np.cos(w * k * DT))[:, None], model.nv, axis=1)
    ad = np.repeat((-0.4 * w * w * np.sin(w * k * DT))[:, None], model.nv, axis=1)
    refs = [Reference(qd[i], vd[i], ad[i], model.inverse_dynamics(qd[i], vd[i], ad[i])) for i in k]
    rows = []
    for label, make in makers:
        plant = make()
        law = make_law("pd_feedforward", model, settings)
        u = np.zeros(model.nv)

        def tick(k, plant=plant, law=law, u=u):
            state = plant.read()
            law.step(k * DT, state.position, state.velocity, refs[k % PERIOD], u)
            plant.write(u)
            plant.step(DT)

        rows.append((f"{label} (+ pd_feedforward)", *_measure(tick, ticks, repeats)))
    return rows


def conversion_rows(model, ticks: int, repeats: int) -> list[tuple]:
    n = model.nv
    msg = JointState(name=list(model.coordinate_names))
    msg.position = array.array("d", np.linspace(0.1, 0.6, n))
    msg.velocity = array.array("d", np.linspace(-0.5, 0.5, n))
    index = np.arange(n)
    q, v = np.zeros(n), np.zeros(n)

    def read_state(_k):  # feedback_controller._on_joint_states
        np.take(np.frombuffer(msg.position), index, out=q)
        np.take(np.frombuffer(msg.velocity), index, out=v)

    command = JointState(name=list(model.coordinate_names))
    tau = np.linspace(-10, 10, n)

    def write_command(_k):  # the effort into the outgoing message (a list of floats)
        command.effort = tau.tolist()

    def write_command_array(_k):  # the same through the message's own array.array('d')
        command.effort = array.array("d", tau.tobytes())

    a, b, c = np.ones(n), np.ones(n), np.zeros(n)

    def ufunc_in_place(_k):  # the calibration of the transient column: no array allocated
        np.add(a, b, out=c)

    return [
        ("one np.add(a, b, out=c) (no array allocated)", *_measure(ufunc_in_place, ticks, repeats)),
        ("JointState -> numpy (frombuffer + take)", *_measure(read_state, ticks, repeats)),
        ("numpy -> JointState.effort (tolist)", *_measure(write_command, ticks, repeats)),
        (
            "numpy -> JointState.effort (array.array)",
            *_measure(write_command_array, ticks, repeats),
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--system", default="rx90_sim")
    parser.add_argument("--ticks", type=int, default=2000, help="ticks per timed batch")
    parser.add_argument("--repeats", type=int, default=3, help="timed batches (best kept)")
    args = parser.parse_args()
    spec = load_system(args.system)
    model = RobotModel.from_urdf(spec.robot_description, extras=spec.model_extras or None)
    hw = spec.node("hardware_interface").parameters
    q0 = np.asarray(hw.get("initial_positions") or np.zeros(model.nq), dtype=float)
    fb = spec.node("feedback_controller").parameters
    settings = LawSettings(
        **{k: fb[k] for k in ("kp", "kd", "omega", "zeta", "feedforward") if k in fb}
    )
    rng = np.random.default_rng(21)
    states = _states(model, q0, rng)
    load0 = os.getloadavg()
    # the floor of the method: a tick that does nothing (the loop, the call, tracemalloc's own
    # bookkeeping of the peak): subtract it from the other rows
    rows = [("empty tick (floor of the method)", *_measure(lambda _k: None, args.ticks, 1))]
    rows += law_rows(model, settings, states, args.ticks, args.repeats)
    rows += plant_rows(model, spec, q0, settings, args.ticks, args.repeats)
    rows += conversion_rows(model, args.ticks, args.repeats)
    load1 = os.getloadavg()
    print(
        f"Per-tick costs on {args.system} ({model.name}, nv = {model.nv}), best of "
        f"{args.repeats} x {args.ticks} ticks; load average {load0[0]:.1f} -> {load1[0]:.1f} "
        f"on {os.cpu_count()} cores"
    )
    print()
    print("| per tick | µs | transient B (tracemalloc peak) | retained B after 200 |")
    print("|---|---:|---:|---:|")
    for label, us, transient, retained in rows:
        print(f"| {label} | {us:.1f} | {transient} | {retained} |")


if __name__ == "__main__":
    main()
