"""Why the VSCMG DDS loop holds the base attitude ~7× worse than the library loop (issue 18).

The library §5.2 loop (:func:`modyn_control.space.simulation.simulate_closed_loop`, the same
20 ms gimbal-rate servo, steering at the measured state, commands applied over the next 5 ms)
is run with its law swapped for the one the DDS feedback_controller runs, one piece at a time:

* ``eq47``: the library's law (base DQ-PD eq. 47 on the composite inertia + the reaction of
  the commanded joint torques, arm joint DQ-PD);
* ``ct_arm``: arm torques from computed torque on all 13 coordinates, base wrench still eq. 47
  + reaction feed-forward of those torques;
* ``ct``: computed torque on all 13 coordinates (base rows too): the DDS controller's law
  with ``base_feedback: full`` (``law: computed_torque``, base ω = 1.5 rad/s, arm ω = 20 rad/s,
  ζ = 0.9);
* ``ct_dec``: the same with the base rows M_bb w_b + M_ba θ̈_d + h_b = NE(q, v, [w_b, θ̈_d])[:6]
  (``base_feedback: decoupled``, :class:`modyn_control.computed_torque.ComputedTorque`; written
  out here with the bench's DQ-PD base acceleration, the joint rows unchanged).

``bare`` uses the 27 kg base without the CMG units lumped in (as ``space_iiwa_vscmg_sim``),
``lumped`` the 143.14 kg base of the library figures. Prints EE RMS / max, base position /
attitude max (mm, mrad). ~20 s per 2 s run on one core.

Run: ``python bench/space_law_ablation.py [eq47|ct_arm|ct|ct_dec] [bare|lumped] [duration s]
[computed torque's base ω, rad/s]``.
"""

from __future__ import annotations

import sys

import numpy as np

import modyn_control.space.simulation as sim
from modyn_control.space.laws import BaseDQPD
from modyn_model.mechanisms.space.cmg import CMGCluster
from modyn_model.mechanisms.space.thrusters import ThrusterCluster


class _Bare:
    """A CMG stand-in whose units add no mass to the base (the DDS system's model)."""

    def lumped_inertia(self):
        return 0.0, np.zeros((3, 3))


def main():
    law, base = (sys.argv[1:3] + ["ct", "bare"][len(sys.argv[1:3]):])[:2]
    duration = float(sys.argv[3]) if len(sys.argv) > 3 else 2.0
    omega_b = float(sys.argv[4]) if len(sys.argv) > 4 else 1.5  # computed torque's base ω
    cmg, thr = CMGCluster.pyramid(), ThrusterCluster.from_config({})
    model = sim.space_iiwa_model(cmg if base == "lumped" else _Bare())
    st: dict = {}
    acc_law = BaseDQPD(1.0, np.eye(3), omega_b, 0.9)  # unit inertia: the DQ-PD as an acceleration
    w, z = 20.0, 0.9
    orig_ff = sim.arm_feedforward

    def arm_ff(model_, q, v, thdd):  # called first in each tick: keeps q, v, θ̈_d
        st["q"], st["v"], st["thdd"] = q, v, thdd
        return orig_ff(model_, q, v, thdd)

    class CTJoint:
        def __init__(self, *a):
            pass

        def torque(self, th, thd, th_d, thd_d, ff):
            q, v = st["q"], st["v"]
            a = np.empty(model.nv)
            a[:6] = acc_law.wrench(q, v)
            a[6:] = st["thdd"] + w * w * (th_d - th) + 2 * z * w * (thd_d - thd)
            tau = model.inverse_dynamics(q, v, a)
            if law == "ct_dec":  # base rows: base PD on M_bb + the planned coupling only
                a[6:] = st["thdd"]
                st["wb"] = model.inverse_dynamics(q, v, a)[:6]
            else:
                st["wb"] = tau[:6]
            return tau[6:]

    class CTBase:
        def __init__(self, *a, **k):
            pass

        def wrench(self, q, v, feedforward=None):
            return st["wb"].copy()

    if law in ("ct_arm", "ct", "ct_dec"):
        sim.arm_feedforward = arm_ff
        sim.ArmJointDQPD = CTJoint
    if law in ("ct", "ct_dec"):
        sim.BaseDQPD = CTBase
        sim.base_reaction_feedforward = lambda *a: np.zeros(6)
    r = sim.simulate_closed_loop(model, thr, cmg,
                                 sim.ClosedLoopConfig(duration=duration, smooth_start=0.5))
    s = r.summary()
    print(f"{law} {base} {duration} s (CT base ω {omega_b}): EE RMS {s['ee_rms'] * 1e3:.3f} mm, max "
          f"{s['ee_max'] * 1e3:.3f} mm; base {s['base_pos_max'] * 1e3:.4f} mm, "
          f"{s['base_att_max'] * 1e3:.3f} mrad; thrust {s['sigma_max']:.3f} N, |γ̇| "
          f"{s['gimbal_rate_max']:.4f} rad/s; {r.statuses}")


if __name__ == "__main__":
    main()
