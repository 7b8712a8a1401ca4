"""τ → u for a robot standing on its feet: the law's base wrench goes to the contacts.

A quadruped of example-robot-data (solo12) on a free-flyer base with its four feet pinned
(modyn_model.constraints): the gravity-holding τ = H(q, 0) has six base components that no motor
reaches. ActuatorMap (the controller's map, and the hold's) must give motor torques u such that
the constrained forward dynamics with τ = Sᵀu is at rest, and the vertical foot forces carry the
robot's weight; a plain least squares on S alone (the map without the constraints) drops the base
wrench and the robot accelerates.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from modyn_control.actuation import ActuatorMap
from modyn_control.hold import HoldLaw
from modyn_model import algorithms as alg
from modyn_model import load_model
from modyn_model.constraints import ConstrainedModel, PointContact

ROBOTS = Path(np.__file__).resolve().parents[1] / "cmeel.prefix/share/example-robot-data/robots"
SOLO = ROBOTS / "solo_description/robots/solo12.urdf"
FEET = ("FL_FOOT", "FR_FOOT", "HL_FOOT", "HR_FOOT")


@pytest.fixture(scope="module")
def standing():
    if not SOLO.exists():
        pytest.skip(f"example-robot-data not installed ({SOLO})")
    q0 = np.zeros(19)
    q0[2] = 0.3
    q0[3] = 1.0  # unit quaternion, w first
    q0[7:] = [0.0, 0.8, -1.6] * 4
    free = load_model({"kind": "urdf", "file": str(SOLO), "floating_base": True})
    model = ConstrainedModel(free, [PointContact(f, f) for f in FEET], q0=q0)
    return model, q0


def test_gravity_is_carried_by_the_feet(standing):
    model, q0 = standing
    v0 = np.zeros(model.nv)
    tau = model.bias_forces(q0, v0)  # the generalized forces that hold the robot at rest
    amap = ActuatorMap(model)
    assert not amap.identity and amap.unheld == ()
    u = amap.forces(q0, tau).copy()
    tau_u = model.generalized_forces(q0, u)
    a = model.forward_dynamics(q0, v0, tau_u)
    assert np.abs(a).max() < 1e-9
    # the feet push up with the robot's weight m g (m from the centroidal map at R = I:
    # the linear momentum per unit base velocity)
    mass = float(model.centroidal_momentum_matrix(q0)[0, 0])
    g = float(np.linalg.norm(model.gravity_vector))
    lift = sum(float(f[2]) for f in model.constraint_forces(q0, v0, tau_u).values())
    assert lift == pytest.approx(mass * g, rel=1e-9)
    # the same u from the single-call path the supervisor uses for its stop effort
    data = model.make_data()
    np.testing.assert_allclose(
        alg.actuator_forces(model, data, q0, v0, v0, friction=False), u, atol=1e-9
    )
    # without the constraints, least squares on S drops the base wrench: the robot falls
    s = model.actuation_matrix(q0)
    u_ls = np.linalg.lstsq(s.T, tau, rcond=None)[0]
    a_free = model.model.forward_dynamics(q0, v0, model.generalized_forces(q0, u_ls))
    assert np.abs(a_free).max() > 1.0


def test_the_hold_keeps_a_standing_robot_at_rest(standing):
    model, q0 = standing
    hold = HoldLaw(model, kp=100.0, kd=10.0)
    assert hold.unheld == ()
    hold.capture(q0)
    v0 = np.zeros(model.nv)
    u = hold.effort(q0, v0)
    a = model.forward_dynamics(q0, v0, model.generalized_forces(q0, u))
    assert np.abs(a).max() < 1e-9
