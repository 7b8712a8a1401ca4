"""Every reference value of note §9 (../shared/research/seed-000-stewart.md) for the Stewart
platform of Lopes (2009), Table 2, with the joint layout of note §2 (V1, V10, §9.1-§9.5).

Tolerance: the note prints its numbers with 6 decimals (a few with 4-5); each is compared with an
absolute tolerance of one unit in its last printed digit (``_printed``), i.e. 1e-6 on the 6-decimal
values (≤ 1e-6 relative for every value ≥ 1). Values with a closed form (all legs equal at P1,
τ(P1) = G_z/(6 z/l), G_B = 3.77 g, PE = 3.77 g z) are compared with that form to 1e-12 relative.
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_model import load_model
from modyn_model.mechanisms.stewart import (
    StewartParameters,
    euler_rate_matrix,
    forward_kinematics,
    gm_terms,
    gravity_wrench,
    inverse_dynamics,
    inverse_kinematics,
    jacobian_c,
    kinetic_energy,
    leg_rates,
    mass_matrix,
    potential_energy,
    rotation,
    twist_map,
)
from modyn_model.mechanisms.stewart.parameters import base_hexagon

DEG = np.pi / 180.0
P1 = np.array([0.0, 0.0, 2.0, 0.0, 0.0, 0.0])
P2 = np.array([-0.1, -0.2, 2.5, 15 * DEG, -15 * DEG, 15 * DEG])
XD = np.array([0.1, -0.2, 0.3, 20 * DEG, -10 * DEG, 30 * DEG])  # note §9.4
XDD = np.array([0.5, 0.4, -1.0, 50 * DEG, 40 * DEG, -60 * DEG])
YAML = "config/mechanisms/stewart_lopes.yaml"


def _printed(got, printed, decimals=6):
    """``got`` equals the note's ``printed`` value to one unit in its last printed decimal."""
    np.testing.assert_allclose(got, printed, rtol=0.0, atol=10.0**-decimals)


@pytest.fixture(scope="module")
def params():
    return StewartParameters.lopes_table2()


def test_joint_coordinates(params):  # note §9.1
    _printed(
        params.base_points,
        [
            [1.448889, 0.388229, 0],
            [-0.388229, 1.448889, 0],
            [-1.060660, 1.060660, 0],
            [-1.060660, -1.060660, 0],
            [-0.388229, -1.448889, 0],
            [1.448889, -0.388229, 0],
        ],
    )
    a, b = [0.375, 0.649519, 0], [-0.75, 0, 0]
    c = [0.375, -0.649519, 0]
    _printed(params.platform_points, [a, a, b, b, c, c])


def test_inverse_kinematics_at_p1_and_p2(params):  # V1, note §9.2
    l1 = inverse_kinematics(params, P1)
    rb, rp, z = 1.5, 0.75, 2.0
    closed = np.sqrt(rb**2 + rp**2 - 2 * rb * rp * np.cos(45 * DEG) + z**2)
    np.testing.assert_allclose(l1, np.full(6, closed), rtol=1e-14)
    _printed(l1, np.full(6, 2.285062))
    _printed(
        inverse_kinematics(params, P2),
        [3.097438, 2.953801, 2.735388, 2.416262, 2.682690, 2.648530],
    )
    # the alternative (crossing) layout of note §9.2: the §2 formula with B1 at -phi_B
    crossing = StewartParameters.lopes_table2(base_points=base_hexagon(1.5, -15.0))
    _printed(inverse_kinematics(crossing, P1), np.full(6, 2.496028))
    _printed(
        inverse_kinematics(crossing, P2),
        [3.217564, 3.027440, 2.976372, 2.571578, 2.889995, 2.846630],
    )
    _printed(inverse_dynamics(crossing, P1, np.zeros(6), np.zeros(6)), np.full(6, 7.692697))


def test_rotation_and_euler_rates_at_p2():  # note §9.2
    _printed(
        rotation(P2[3:]),
        [[0.933013, -0.314705, -0.174494], [0.25, 0.915675, -0.314705],
         [0.258819, 0.25, 0.933013]],
    )  # fmt: skip
    ja = euler_rate_matrix(P2[3:])
    _printed(ja, [[0, -0.258819, 0.933013], [0, 0.965926, 0.25], [1, 0, 0.258819]])
    _printed(np.linalg.det(ja), -0.965926)
    np.testing.assert_allclose(np.linalg.det(ja), -np.cos(P2[4]), rtol=1e-14)


def test_jacobian_c_and_its_conditioning(params):  # note §9.2
    _printed(
        jacobian_c(params, P1),
        [
            [-0.469960, 0.114347, 0.875250, 0.568491, -0.328219, 0.348128],
            [0.334008, -0.349824, 0.875250, 0.568491, -0.328219, -0.348128],
            [0.135953, -0.464171, 0.875250, 0.000000, 0.656437, 0.348128],
            [0.135953, 0.464171, 0.875250, 0.000000, 0.656437, -0.348128],
            [0.334008, 0.349824, 0.875250, -0.568491, -0.328219, 0.348128],
            [-0.469960, -0.114347, 0.875250, -0.568491, -0.328219, -0.348128],
        ],
    )
    j1, j2 = jacobian_c(params, P1), jacobian_c(params, P2)
    _printed(np.linalg.det(j1), 1.527594)
    _printed(np.linalg.det(j2), 0.882280)
    _printed(np.linalg.cond(j1), 2.771, 3)
    _printed(np.linalg.cond(j2), 3.946, 3)


def test_gravity_and_potential_energy(params):  # V10, note §9.3 and §6.6
    g = 9.81
    for x in (P1, P2):
        gb = gravity_wrench(params, x)
        np.testing.assert_allclose(gb, [0, 0, 3.77 * g, 0, 0, 0], rtol=1e-13, atol=1e-13)
        _printed(gb[2], 36.9837, 4)
    _printed(potential_energy(params, P1), 73.9674, 4)
    _printed(potential_energy(params, P2), 92.45925, 5)
    np.testing.assert_allclose(potential_energy(params, P1), 3.77 * g * 2.0, rtol=1e-13)
    np.testing.assert_allclose(potential_energy(params, P2), 3.77 * g * 2.5, rtol=1e-13)


def test_static_actuator_forces(params):  # note §9.3
    zero = np.zeros(6)
    t1 = inverse_dynamics(params, P1, zero, zero)
    _printed(t1, np.full(6, 7.042505))
    l1 = inverse_kinematics(params, P1)[0]
    np.testing.assert_allclose(t1, 3.77 * 9.81 / (6 * 2.0 / l1), rtol=1e-13)
    _printed(
        inverse_dynamics(params, P2, zero, zero),
        [4.625935, 7.738315, 3.218578, 10.828190, 6.754372, 7.023878],
    )


def test_mass_matrix_at_p1_and_eigenvalues(params):  # note §9.4
    m1 = mass_matrix(params, P1)
    _printed(np.diag(m1), [3.26654, 3.26654, 3.63662, 0.820612, 0.820612, 1.464639], 5)
    expected = np.diag(np.diag(m1))
    expected[0, 4] = expected[4, 0] = 0.025441
    expected[1, 3] = expected[3, 1] = -0.025441
    _printed(m1, expected)  # the only off-diagonal entries
    np.testing.assert_allclose(m1, m1.T, atol=1e-15)
    _printed(np.linalg.eigvalsh(m1), [0.820347, 0.820347, 1.464639, 3.266804, 3.266804, 3.636620])
    _printed(
        np.linalg.eigvalsh(mass_matrix(params, P2)),
        [0.814476, 0.829873, 1.467447, 3.274341, 3.284203, 3.679586],
    )


def test_the_inverse_dynamics_state_of_section_9_4(params):  # note §9.4
    _printed(twist_map(P2[3:]) @ XD, [0.1, -0.2, 0.3, 0.533697, -0.037686, 0.484583])
    _printed(kinetic_energy(params, P2, XD), 0.5106746, 7)
    inertia, coriolis, gravity, _ = gm_terms(params, P2, XD)
    _printed(inertia @ XDD, [1.675979, 1.354157, -3.686747, -1.062244, 0.215894, 0.836735])
    _printed(coriolis @ XD, [0.003744, -0.005632, 0.033280, 0.010894, -0.035458, 0.034383])
    _printed(
        inertia @ XDD + coriolis @ XD + gravity,
        [1.679724, 1.348524, 33.330233, -1.051350, 0.180436, 0.871117],
    )
    tau, split = inverse_dynamics(params, P2, XD, XDD, split=True)
    _printed(tau, [3.535877, 6.411363, 2.703485, 10.498437, 8.480360, 4.565108])
    _printed(
        leg_rates(params, P2, XD), [0.701112, 0.680038, 0.395768, 0.065704, 0.185828, -0.092677]
    )
    _printed(split["platform"], [1.287443, 2.593754, 0.865181, 4.029077, 3.240939, 1.645449])
    _printed(
        split["cylinder_translation"] + split["cylinder_rotation"],
        [-0.072261, 0.172226, -0.178438, 0.512915, 0.212622, 0.071656],
    )
    _printed(
        split["piston_translation"] + split["piston_rotation"],
        [2.320695, 3.645383, 2.016741, 5.956446, 5.026799, 2.848003],
    )


def test_forward_kinematics_from_p1_to_p2(params):  # note §9.5
    x, report = forward_kinematics(params, inverse_kinematics(params, P2), x0=P1)
    assert report.converged and report.iterations <= 5
    np.testing.assert_allclose(x, P2, rtol=0, atol=4e-15 * 10)
    assert report.residual <= 1e-12
    _printed(report.condition, 3.946, 3)


def test_the_contract_model_from_the_shipped_yaml_gives_the_same_forces():
    model = load_model(YAML)
    assert type(model).__name__ == "StewartModel"
    zero = np.zeros(6)
    _printed(model.actuator_forces(P1, zero, zero), np.full(6, 7.042505))
    _printed(
        model.actuator_forces(P2, zero, zero),
        [4.625935, 7.738315, 3.218578, 10.828190, 6.754372, 7.023878],
    )
    _printed(
        model.actuator_forces(P2, XD, XDD),
        [3.535877, 6.411363, 2.703485, 10.498437, 8.480360, 4.565108],
    )
    # and in generalized coordinates: J_Eᵀ τ = Γ
    gamma = model.inverse_dynamics(P2, XD, XDD)
    np.testing.assert_allclose(
        model.generalized_forces(P2, model.actuator_forces(P2, XD, XDD)), gamma, rtol=1e-12
    )
    np.testing.assert_allclose(model.forward_dynamics(P2, XD, gamma), XDD, rtol=1e-10, atol=1e-12)
    length, rate = model.actuator_state(P2, XD)
    _printed(length, [3.097438, 2.953801, 2.735388, 2.416262, 2.682690, 2.648530])
    _printed(rate, [0.701112, 0.680038, 0.395768, 0.065704, 0.185828, -0.092677])
