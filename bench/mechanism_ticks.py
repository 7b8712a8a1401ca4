"""Per-tick cost of each shipped system's controller and built-in plant, without ROS (issue 21).

For every system of ``config/systems`` whose hardware_interface runs the built-in simulated plant
(or the ones named with ``--systems``), three rows, each the cost of what one tick of that
system's loop does:

* ``law``: the law of its feedback controller (``law`` and the settings of its parameters,
  the controller's own ``robot:`` when it has one) stepping ``law.step(t, q, v, ref, out)``;
* ``actuation``: the controller's map of τ to the actuator forces u (Sᵀ(q) u = τ,
  :class:`modyn_control.actuation.ActuatorMap`: a copy for an arm, the model's
  ``actuation_solve`` for a constrained or steered mechanism);
* ``plant step``: ``SimulatedPlant.step(dt)`` of its hardware_interface (its model, integrator
  and rate), under the effort of that tick.

The states are those of a closed loop run first (the plant under the system's own law and
actuator map, ``N_STATES`` ticks): the reference is q0 ⊕ 0.05 sin(2π t / 1 s) d, with d the
all-ones velocity direction projected onto the null space of the constraint Jacobian at q0
(a constrained mechanism moves along its constraints), zero on a free-flying base's six
coordinates (it keeps station while the arm moves), d = 1 otherwise; its feed-forward
the model's inverse dynamics at the reference. The law and actuation rows then cycle through
the recorded (q, v, ref) (no cache can serve a repeated input); the plant row replays the
recorded efforts from the recorded states (``plant.reset(q, v)`` untimed, then the timed step).

Columns: µs per tick (best of ``--repeats`` batches of ``--ticks`` ticks; each row times only
its own call, with ``time.process_time`` around it, whose own cost is the "empty" row: the
process's CPU time, not the wall clock, because on the shared 2-core machine at load 5-10 the
wall clock mostly measures the scheduler; the CPU time still grows with the load through the
caches, so compare rows of one run), and the
Python heap allocated transiently per tick (tracemalloc: the peak above the level before the
call, max over ``N_STATES`` traced calls; numpy reports its array buffers to tracemalloc, so a
temporary (6,) array shows as ≥ 48 B + its object; 0 B: nothing allocated that outlives an
expression). Absolute µs depend on the machine and its load (printed); the ratios are the result.

Run: ``python bench/mechanism_ticks.py [--systems rx90_sim stewart_sim] [--ticks 100]``
(workspace sourced).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

from modyn_bringup.system import load_system
from modyn_control.actuation import ActuatorMap
from modyn_control.law_base import Reference
from modyn_control.law_catalog import LawSettings, make_law
from modyn_hardware.simulated import SimulatedPlant
from modyn_model import algorithms, load_model

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/_timing.py, run from anywhere
from _timing import traced_allocations  # noqa: E402

N_STATES = 64  # closed-loop ticks recorded and cycled through
PERIOD = 1.0  # s, the period of the reference's sinusoid
AMPLITUDE = 0.05  # rad / m along d
SETTING_KEYS = (
    "kp", "kd", "ki", "omega", "zeta", "feedforward", "integral_action", "observer_bandwidth",
    "friction_velocity", "base_feedback", "effort_limit", "integral_limit", "task_frame",
    "task_rows", "task_kp", "task_kd", "task_ki",
)


def simulated_systems() -> list[str]:
    """The shipped systems whose hardware_interface runs the built-in simulated plant."""
    root = Path(__file__).resolve().parent.parent / "config" / "systems"
    names = []
    for path in sorted(root.glob("*.yaml")):
        spec = load_system(path.stem)
        try:
            hw = spec.node("hardware_interface").parameters
        except Exception:  # no hardware_interface (none shipped so)
            continue
        if hw.get("plant", "simulated") == "simulated":
            names.append(path.stem)
    return names


def _model(spec, node) -> object:
    params = spec.node_parameters(node)
    extras = params.get("model_extras") or None
    return load_model(params["robot_description"], extras=extras)


class System:
    """One system's controller (law + actuator map) and built-in plant, and a recorded loop."""

    def __init__(self, name: str):
        spec = load_system(name)
        self.name = name
        hw_node, fb_node = spec.node("hardware_interface"), spec.node("feedback_controller")
        hw, fb = hw_node.parameters, fb_node.parameters
        self.plant_model = _model(spec, hw_node)
        self.model = _model(spec, fb_node)  # the controller's (its own robot: when given)
        self.law_name = fb.get("law", "pd_feedforward")
        self.settings = LawSettings(**{k: fb[k] for k in SETTING_KEYS if k in fb})
        self.dt = 1.0 / float(hw.get("rate", 1000.0))
        self.integrator = hw.get("integrator", "rk4")
        q0 = hw.get("initial_positions")
        self.q0 = np.asarray(q0 if q0 else self.plant_model.neutral(), dtype=float)

    def build(self):
        """A fresh (law, actuator map, plant) at q0."""
        law = make_law(self.law_name, self.model, self.settings)
        plant = SimulatedPlant(self.plant_model, self.integrator, q0=self.q0)
        return law, ActuatorMap(self.model), plant

    def direction(self) -> np.ndarray:
        """d: ones projected onto the null space of the constraint Jacobian at q0."""
        d = np.ones(self.model.nv)
        jac = getattr(self.model, "constraint_jacobian", None)
        if jac is None and getattr(self.model, "floating_base", False):
            d[:6] = 0.0  # a free-flying base keeps station; the arm moves
        if jac is not None:
            j = np.asarray(jac(self.q0), dtype=float)
            d -= np.linalg.pinv(j) @ (j @ d)
        return d / np.max(np.abs(d))

    def record(self) -> list[tuple]:
        """N_STATES closed-loop ticks: (t, q, v, ref, u) each, copies."""
        law, amap, plant = self.build()
        d, model, data = self.direction(), self.model, self.model.make_data()
        w = 2 * np.pi / PERIOD
        st = plant.read()
        law.reset(st.position, st.velocity)
        tau, out = np.zeros(model.nv), []
        for k in range(N_STATES + 20):  # 20 ticks of start first
            t = k * self.dt
            s = AMPLITUDE * np.sin(w * t)
            qd = np.asarray(model.integrate(self.q0, d, s), dtype=float)
            vd, ad = d * AMPLITUDE * w * np.cos(w * t), -d * AMPLITUDE * w * w * np.sin(w * t)
            ff = np.array(algorithms.inverse_dynamics(model, data, qd, vd, ad))
            ref = Reference(qd, vd, ad, ff)
            st = plant.read()
            law.step(t, st.position, st.velocity, ref, tau)
            u = amap.forces(st.position, tau, v=st.velocity, t=t).copy()
            if k >= 20:
                out.append((t, st.position.copy(), st.velocity.copy(), ref, u))
            plant.write(u)
            plant.step(self.dt)
        return out


def _measure(call, ticks: int, repeats: int, prepare=None) -> tuple[float, int]:
    """(µs per call best of ``repeats``, transient bytes max): ``prepare(k)`` untimed, then
    ``call(k)`` timed."""
    prep = prepare or (lambda _k: None)
    for k in range(20):  # warm-up: caches, lazy buffers, first-call allocations
        prep(k)
        call(k)
    best = np.inf
    clock = time.process_time  # CPU time of this process (module docstring)
    for _ in range(repeats):
        total = 0.0
        for k in range(ticks):
            prep(k)
            t0 = clock()
            call(k)
            total += clock() - t0
        best = min(best, total / ticks * 1e6)
    transient, _ = traced_allocations(call, N_STATES, prep)
    return best, transient


def system_rows(system: System, ticks: int, repeats: int) -> list[tuple]:
    loop = system.record()
    law, amap, plant = system.build()
    tau = np.zeros(system.model.nv)
    t0, q0, v0 = loop[0][:3]
    law.reset(q0, v0)

    def law_tick(k):
        t, q, v, ref, _ = loop[k % N_STATES]
        law.step(t, q, v, ref, tau)

    def actuation_tick(k):
        t, q, v, ref, _ = loop[k % N_STATES]
        amap.forces(q, ref.tau_ff, v=v, t=t)

    def plant_prepare(k):
        _, q, v, _, u = loop[k % N_STATES]
        plant.reset(q, v)
        plant.write(u)

    def plant_tick(_k):
        plant.step(system.dt)

    head = f"{system.name}"
    return [
        (head, f"law {system.law_name}", *_measure(law_tick, ticks, repeats)),
        (head, f"actuation ({system.model.nu} u)", *_measure(actuation_tick, ticks, repeats)),
        (
            head,
            f"plant step {system.integrator}, dt {system.dt * 1e3:g} ms",
            *_measure(plant_tick, ticks, repeats, plant_prepare),
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--systems", nargs="*", help="system names (default: every simulated)")
    parser.add_argument("--ticks", type=int, default=100, help="ticks per timed batch")
    parser.add_argument("--repeats", type=int, default=3, help="timed batches (best kept)")
    args = parser.parse_args()
    names = args.systems or simulated_systems()
    load0 = os.getloadavg()
    rows = [("-", "empty (floor: the timer)", *_measure(lambda _k: None, args.ticks, 1))]
    for name in names:
        rows += system_rows(System(name), args.ticks, args.repeats)
    load1 = os.getloadavg()
    print(
        f"Per-tick costs per system, best of {args.repeats} x {args.ticks} ticks; load average "
        f"{load0[0]:.1f} -> {load1[0]:.1f} on {os.cpu_count()} cores"
    )
    print()
    print("| system | per tick | µs | transient B |")
    print("|---|---|---:|---:|")
    for name, label, us, transient in rows:
        print(f"| {name} | {label} | {us:.1f} | {transient} |")


if __name__ == "__main__":
    main()
