"""A closed mechanism on MuJoCo through its spanning tree: the Stewart platform (issue 15).

:class:`~modyn_hardware.mujoco_spanning.SpanningTreePlant` runs ``StewartModel.spanning_tree()``
(the platform on a 6-joint chain whose joint values are the pose x, legs = U joint + prismatic,
six ``LoopClosure`` spherical joints) as MuJoCo with six ``connect`` equalities, and presents
the model's q = x, v = ẋ and u = leg forces. References nobody here wrote: the
generalized-momentum model (Lopes' equations, ``StewartModel.forward_dynamics``), the statics
of note seed-000 §9 (7.042505 N per leg at P1) and Newton's law on the platform.

* Accelerations: at random states (x, ẋ consistent with the closures by the tree state map) and
  leg forces, MuJoCo's ẍ equals the GM model's within 2e-3 m/s² (rad/s²) on accelerations of
  2-8 (measured 1.33e-3). The gap is MuJoCo's soft equality: with impedance d its constraint
  solver adds the regularizer R = (1 − d)/d · (its estimate of J M⁻¹ Jᵀ's diagonal) to the
  constraint-space inertia, so at a state where the closures hold (residual and reference
  acceleration zero) the acceleration error is proportional to (1 − d)/d. Asserted: the error
  divided by (1 − d)/d is the same (within 5 %) at d = 0.9999 (the plant's, MuJoCo's largest)
  and d = 0.999, i.e. it vanishes as d → 1: the tree, the closures and the leg forces are
  the GM model's, the rest is the softness.
* Static hold at P1 under the GM static leg forces (7.042505 N each, note §9): after 1 s the
  platform has moved less than 1e-6 m / rad (measured 2.0e-8: the equalities' sag under the
  load, ~1e-8 m, seeds the open-loop equilibrium's unstable mode, which grows ×3.2 per s
  under constant forces); the closures' residual stays below 1e-7 m (measured 1.0e-8), and
  the diagnostics report it per closure.
* The closures' forces (MuJoCo's, mapped to CONTRACT14's λ): Newton on the platform,
  −Σλ_i + m_P g = m_P ẍ[:3] with MuJoCo's own ẍ, holds to 1e-7 N (the 1e-9 kg floor masses of the
  chain's massless links: 2.9e-8 N); they carry the weight up to
  the softness (|−Σλ_i + m_P g| < m_P · 2e-3, measured 1.8e-3 N) and equal the constrained
  tree's exact (KKT) forces to 1e-3 N (measured 8.2e-4 N
  on ~4 N: the same (1 − d)/d softness).
* State maps: reset(x, ẋ) then read() gives x, ẋ back (1e-12); bad input is refused by name.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

ROOT = Path(__file__).resolve().parents[3]
P1 = np.array([0.0, 0.0, 2.0, 0.0, 0.0, 0.0])
DT = 1e-3


@pytest.fixture(scope="module")
def model():
    from modyn_model import load_model

    return load_model(str(ROOT / "config/mechanisms/stewart_lopes.yaml"))


def make(model, q0=P1, integrator="semi_implicit_euler"):
    from modyn_hardware.mujoco_spanning import SpanningTreePlant

    return SpanningTreePlant(model, integrator, q0=q0)


def states(seed: int = 0, n: int = 4):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        x = P1 + rng.uniform(-1, 1, 6) * np.array([0.1, 0.1, 0.2, 0.2, 0.2, 0.2])
        xd = rng.uniform(-0.5, 0.5, 6)
        yield x, xd, rng.uniform(-5.0, 5.0, 6)


def acceleration_errors(model, plant, impedance: float) -> np.ndarray:
    """max |ẍ_MuJoCo − ẍ_GM| at each of states() under u = static forces + noise."""
    m, d = plant.mj_model, plant.mj_data
    eq = plant.inner._constraint_eq
    m.eq_solimp[eq, :2] = impedance
    u0 = model.actuator_forces(P1, np.zeros(6), np.zeros(6))
    out = []
    for x, xd, du in states():
        plant.reset(x, xd)
        plant.write(u0 + du)
        mujoco.mj_forward(m, d)
        xdd = d.qacc[plant._qvel]
        ref = model.forward_dynamics(x, xd, model.generalized_forces(x, u0 + du), friction=False)
        assert np.abs(ref).max() > 1.0  # a real motion, not rest
        out.append(np.abs(xdd - ref).max())
    return np.array(out)


def test_platform_acceleration_is_the_gm_model_up_to_the_equalities_softness(model):
    plant = make(model)
    plant.step(DT)  # sets the equalities' time constant (2 dt) as in a run
    assert plant.mj_model.neq == 6
    assert set(plant.mj_model.eq_type.tolist()) == {int(mujoco.mjtEq.mjEQ_CONNECT)}
    stiff = acceleration_errors(model, plant, 0.9999)
    soft = acceleration_errors(model, plant, 0.999)
    print(f"\n|ẍ_MuJoCo − ẍ_GM| at d = 0.9999: {stiff}, d = 0.999: {soft}")
    assert np.all(stiff < 2e-3), stiff
    # error ∝ (1 − d)/d: the same constant at both impedances
    k_stiff = stiff / ((1 - 0.9999) / 0.9999)
    k_soft = soft / ((1 - 0.999) / 0.999)
    np.testing.assert_allclose(k_stiff, k_soft, rtol=0.05)


def test_static_hold_at_p1_under_the_gm_static_leg_forces(model):
    u = model.actuator_forces(P1, np.zeros(6), np.zeros(6))
    np.testing.assert_allclose(u, 7.042505, rtol=1e-6)  # note §9
    plant = make(model)
    plant.write(u)
    for _ in range(int(round(1.0 / DT))):
        plant.step(DT)
    s = plant.read()
    drift = np.abs(s.position - P1).max()
    print(f"\nstatic hold 1 s: drift {drift:.3g}, closure residual {plant.closure_residual:.3g} m")
    assert drift < 1e-6, s.position - P1
    assert np.abs(s.velocity).max() < 1e-6, s.velocity
    np.testing.assert_array_equal(s.effort, u)
    assert 0.0 < plant.closure_residual < 1e-7
    diag = plant.diagnostics()
    for n in range(1, 7):
        assert 0.0 < diag[f"model.leg{n}_spherical.position"] < 1e-7
    assert diag["closure_residual_max"] == plant.closure_residual


def test_closure_forces_carry_the_platform(model):
    u = model.actuator_forces(P1, np.zeros(6), np.zeros(6))
    plant = make(model)
    plant.write(u)
    forces = plant.constraint_forces()
    assert sorted(forces) == [f"leg{n}_spherical" for n in range(1, 7)]
    lam = np.array([forces[f"leg{n}_spherical"] for n in range(1, 7)])
    # λ acts on body b (the piston); the platform gets −λ and its weight. Newton on the
    # platform (its CoM is the chain's origin, so ẍ[:3] is its acceleration) holds exactly
    # whatever the softness: the force map is right. To 1e-7 N: the plant's 1e-9 kg floor
    # masses on the chain's five massless links (MASS_FLOOR) move with the platform too,
    # 5e-9 kg × ~10 m/s² = 5e-8 N (measured 2.9e-8 N)
    mass = model.params.platform_mass
    weight = mass * model.gravity_vector
    xdd = plant.mj_data.qacc[plant._qvel]
    np.testing.assert_allclose(-lam.sum(axis=0) + weight, mass * xdd[:3], atol=1e-7)
    # and they carry the weight up to the softness (the acceleration gap above: < 2e-3)
    assert np.abs(-lam.sum(axis=0) + weight).max() < mass * 2e-3
    tree = model.spanning_tree()
    q, v = tree.state(P1, np.zeros(6))
    tau = np.zeros(tree.model.nv)
    tau[[tree.model.joint_names.index(j) for j in tree.actuator_joints]] = u
    exact = tree.model.constraint_forces(q, v, tau)
    for name, value in forces.items():
        np.testing.assert_allclose(value, exact[name], atol=1e-3)


def test_state_round_trip_and_bad_input(model):
    from modyn_hardware.mujoco_spanning import SpanningTreePlant
    from modyn_hardware.plant import PlantError

    plant = make(model)
    assert plant.coordinate_names == model.coordinate_names
    assert plant.actuator_names == model.actuator_names
    for x, xd, _ in states(1, 3):
        plant.reset(x, xd)
        s = plant.read()
        np.testing.assert_allclose(s.position, x, atol=1e-12)
        np.testing.assert_allclose(s.velocity, xd, atol=1e-12)
        assert np.abs(plant.diagnostics()["model.leg1_spherical.position"]) < 1e-12
    with pytest.raises(PlantError, match="leg3"):
        plant.write([1.0, 2.0, np.nan, 0.0, 0.0, 0.0])
    with pytest.raises(PlantError, match="6"):
        plant.write([1.0, 2.0])
    with pytest.raises(PlantError, match="no spanning_tree"):
        SpanningTreePlant(type("M", (), {"name": "arm"})())


def test_a_spanning_tree_naming_unknown_joints_is_refused(model):
    """A model whose spanning tree names a joint the tree lacks, or the wrong number of them."""
    from dataclasses import replace

    from modyn_hardware.mujoco_spanning import SpanningTreePlant
    from modyn_hardware.plant import PlantError

    good = model.spanning_tree()

    class Wrapped:
        def __init__(self, tree):
            self._tree = tree

        def __getattr__(self, name):
            return getattr(model, name)

        def spanning_tree(self):
            return self._tree

    bad = replace(good, actuator_joints=good.actuator_joints[:5] + ("leg7",))
    with pytest.raises(PlantError, match=r"actuator_joints \['leg7'\] are not joints of the tree"):
        SpanningTreePlant(Wrapped(bad))
    short = replace(good, coordinate_joints=good.coordinate_joints[:5])
    with pytest.raises(PlantError, match="5 coordinate_joints for 6 values"):
        SpanningTreePlant(Wrapped(short))
    far = np.array([0.0, 0.0, 2.0, 0.0, 0.0, 0.0])
    plant = SpanningTreePlant(Wrapped(good), q0=far)
    with pytest.raises(PlantError, match="q0"):
        plant.reset([0.0] * 5)
