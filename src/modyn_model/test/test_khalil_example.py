"""Khalil Example 7.1: inertia matrix A and gravity torques Q of the first three RX-90 links.

What is checked against what
----------------------------
The model under test is built with :meth:`RobotModel.from_mdh` from a mapping holding the first
three rows of the RX-90 modified-DH table (research note ``seed-003-khalil.md`` §3.1:
α = 0, π/2, 0; d3 = D3 = 0.45 m; all r = 0) and the synthetic inertial parameters of the note's
§3.2 test vector, rotor inertias Ia = (0.7, 0.9, 0.4) given as ``extras.rotor_inertia`` and
gravity ^0g = [0, 0, G3], G3 = -9.81 m/s².

* ``mass_matrix`` and ``gravity`` at q = (0.3, -0.5, 0.8) against the note's numeric A and Q
  (printed with 10 decimals, so compared to 1e-9);
* the six closed-form A_ij and the closed-form Q_i of Example 7.1, typed in below as Python
  functions of q, against ``mass_matrix`` / ``gravity`` at 20 random configurations (1e-12);
* the example's observations: A33 = Ia3 + ZZ3 is constant; no link-1 parameter except ZZ1 enters
  A or Q; M2 and MZ2 enter neither (perturbations made with ``with_parameters``);
* MDH forward kinematics (:func:`modyn_model.kinematics.joint_transforms`, which returns
  ^{a(j)}R_j and ^{a(j)}P_j) against the example's ^2R_1, ^3R_2 and ^2P_3;
* the shipped 6-axis ``rx90`` example loads and has plausible gravity torques.

The seed text (PDF-to-text of Khalil's notes) lost most over-dots, hats and superscripts. Where the
seed text and the research note differ, these tests follow the research note, which reconstructed
the equations and verified them symbolically (sympy) and numerically (note §3.2 and §6).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from modyn_model import RobotModel
from modyn_model.kinematics import joint_transforms

D3 = 0.45
G3 = -9.81
IA = (0.7, 0.9, 0.4)

# Link 1: only ZZ1 enters A and Q. XX1, YY1 and M1 are arbitrary physically valid values.
LINK1 = {"XX": 1.0, "YY": 1.0, "ZZ": 1.2, "M": 10.0}
# Link 2 as in the note; M2 does not enter, 5 kg keeps I_G = J + M Ŝ Ŝ [7.12] positive definite
# (|MS2|² / M2 ≈ 0.01 against principal moments ≈ 0.4..0.6) and the triangle inequality.
LINK2 = {
    "XX": 0.5,
    "XY": 0.01,
    "XZ": 0.02,
    "YY": 0.4,
    "YZ": 0.03,
    "ZZ": 0.6,
    "MX": 0.2,
    "MY": -0.1,
    "MZ": 0.05,
    "M": 5.0,
}
LINK3 = {
    "XX": 0.3,
    "XY": -0.02,
    "XZ": 0.01,
    "YY": 0.25,
    "YZ": 0.04,
    "ZZ": 0.35,
    "MX": 0.15,
    "MY": 0.08,
    "MZ": -0.03,
    "M": 5.0,
}

Q_REF = np.array([0.3, -0.5, 0.8])
A_REF = np.array(
    [
        [3.4319314509, 0.0514353829, 0.0411686616],
        [0.0514353829, 2.9049057672, 0.3712028836],
        [0.0411686616, 0.3712028836, 0.75],
    ]
)
GRAV_REF = np.array([0.0, 21.7957950159, 1.1738533856])


def _frame(name: str, alpha: float, d: float, inertia: dict, ia: float) -> dict:
    return {
        "name": name,
        "link": name.replace("joint", "link"),
        "sigma": 0,
        "alpha": alpha,
        "d": d,
        "theta": 0.0,
        "r": 0.0,
        "inertia": dict(inertia),
        "extras": {"rotor_inertia": ia},
    }


def _table(link1=LINK1, link2=LINK2, link3=LINK3) -> dict:
    return {
        "name": "rx90_first_three",
        "gravity": [0.0, 0.0, G3],
        "frames": [
            _frame("joint1", 0.0, 0.0, link1, IA[0]),
            _frame("joint2", math.pi / 2, 0.0, link2, IA[1]),
            _frame("joint3", 0.0, D3, link3, IA[2]),
        ],
    }


@pytest.fixture(scope="module")
def model() -> RobotModel:
    return RobotModel.from_mdh(_table())


# ---------------------------------------------------------------- closed forms of Example 7.1
def closed_form_a(q, p1=LINK1, p2=LINK2, p3=LINK3, ia=IA) -> np.ndarray:
    """A_ij of Khalil Example 7.1 (research note §3.2), general ^jJ_j and ^jMS_j."""
    _, q2, q3 = q
    s2, c2 = math.sin(q2), math.cos(q2)
    s3, c3 = math.sin(q3), math.cos(q3)
    s23, c23 = math.sin(q2 + q3), math.cos(q2 + q3)
    a11 = (
        ia[0]
        + p1["ZZ"]
        + s2 * s2 * p2["XX"]
        + 2 * c2 * s2 * p2["XY"]
        + c2 * c2 * p2["YY"]
        + s23 * s23 * p3["XX"]
        + 2 * c23 * s23 * p3["XY"]
        + c23 * c23 * p3["YY"]
        + 2 * c2 * c23 * D3 * p3["MX"]
        - 2 * c2 * s23 * D3 * p3["MY"]
        + c2 * c2 * D3**2 * p3["M"]
    )
    a12 = s2 * p2["XZ"] + c2 * p2["YZ"] + s23 * p3["XZ"] + c23 * p3["YZ"] - s2 * D3 * p3["MZ"]
    a13 = s23 * p3["XZ"] + c23 * p3["YZ"]
    a22 = (
        ia[1]
        + p2["ZZ"]
        + p3["ZZ"]
        + 2 * c3 * D3 * p3["MX"]
        - 2 * s3 * D3 * p3["MY"]
        + D3**2 * p3["M"]
    )
    a23 = p3["ZZ"] + c3 * D3 * p3["MX"] - s3 * D3 * p3["MY"]
    a33 = ia[2] + p3["ZZ"]
    return np.array([[a11, a12, a13], [a12, a22, a23], [a13, a23, a33]])


def closed_form_q(q, p2=LINK2, p3=LINK3) -> np.ndarray:
    """Q_i of Khalil Example 7.1 with ^0g = [0, 0, G3]."""
    _, q2, q3 = q
    s2, c2 = math.sin(q2), math.cos(q2)
    s23, c23 = math.sin(q2 + q3), math.cos(q2 + q3)
    q1_ = 0.0
    q2_ = -G3 * (
        c2 * p2["MX"] - s2 * p2["MY"] + c23 * p3["MX"] - s23 * p3["MY"] + D3 * c2 * p3["M"]
    )
    q3_ = -G3 * (c23 * p3["MX"] - s23 * p3["MY"])
    return np.array([q1_, q2_, q3_])


def _random_q(count: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).uniform(-math.pi, math.pi, size=(count, 3))


# ---------------------------------------------------------------- (a) numeric test vector
def test_numeric_inertia_matrix(model):
    a = model.mass_matrix(Q_REF)
    np.testing.assert_allclose(
        a, A_REF, rtol=0, atol=1e-9, err_msg="A(q) differs from the research note §3.2 vector"
    )


def test_numeric_gravity_torques(model):
    np.testing.assert_allclose(
        model.gravity(Q_REF),
        GRAV_REF,
        rtol=0,
        atol=1e-9,
        err_msg="Q(q) differs from the research note §3.2 vector",
    )


def test_numeric_vector_from_newton_euler(model):
    """Γ(q, 0, e_i) - Q = column i of A [7.64], and Γ(q, 0, 0) = Q, on the same vector."""
    gravity = model.inverse_dynamics(Q_REF, np.zeros(3), np.zeros(3), friction=False)
    np.testing.assert_allclose(
        gravity, GRAV_REF, rtol=0, atol=1e-9, err_msg="Newton-Euler Γ(q, 0, 0) is not Q"
    )
    for i in range(3):
        col = model.inverse_dynamics(Q_REF, np.zeros(3), np.eye(3)[i], friction=False) - gravity
        np.testing.assert_allclose(
            col,
            A_REF[:, i],
            rtol=0,
            atol=1e-9,
            err_msg=f"Newton-Euler column {i} of A differs from the note",
        )


# ---------------------------------------------------------------- (b) closed forms
@pytest.mark.parametrize("q", list(_random_q(20, seed=71)), ids=lambda q: f"q={np.round(q, 2)}")
def test_closed_form_inertia_matrix(model, q):
    np.testing.assert_allclose(
        model.mass_matrix(q),
        closed_form_a(q),
        rtol=0,
        atol=1e-12,
        err_msg=f"A(q) differs from Khalil Example 7.1 closed forms at q={q}",
    )


@pytest.mark.parametrize("q", list(_random_q(20, seed=72)), ids=lambda q: f"q={np.round(q, 2)}")
def test_closed_form_gravity(model, q):
    np.testing.assert_allclose(
        model.gravity(q),
        closed_form_q(q),
        rtol=0,
        atol=1e-12,
        err_msg=f"Q(q) differs from Khalil Example 7.1 closed forms at q={q}",
    )


def test_closed_form_reproduces_numeric_vector():
    """The typed-in closed forms themselves reproduce the note's numeric vector."""
    np.testing.assert_allclose(
        closed_form_a(Q_REF),
        A_REF,
        rtol=0,
        atol=1e-9,
        err_msg="closed-form A (typed in here) disagrees with the note",
    )
    np.testing.assert_allclose(
        closed_form_q(Q_REF),
        GRAV_REF,
        rtol=0,
        atol=1e-9,
        err_msg="closed-form Q (typed in here) disagrees with the note",
    )


# ---------------------------------------------------------------- (c) observations
def test_a33_is_constant(model):
    qs = _random_q(50, seed=73)
    a33 = model.mass_matrix(qs)[:, 2, 2]
    np.testing.assert_allclose(
        a33, IA[2] + LINK3["ZZ"], rtol=0, atol=1e-13, err_msg="A33 must be the constant Ia3 + ZZ3"
    )


def _params(link1=LINK1, link2=LINK2, link3=LINK3) -> np.ndarray:
    from modyn_model import PARAMETER_NAMES

    return np.array([[p.get(k, 0.0) for k in PARAMETER_NAMES] for p in (link1, link2, link3)])


def test_parameter_layout(model):
    np.testing.assert_allclose(
        model.inertial_parameters,
        _params(),
        rtol=0,
        atol=0,
        err_msg="MDH inertia mapping not stored as [XX..M] about O_j",
    )
    np.testing.assert_allclose(model.armature, IA, err_msg="rotor_inertia extras not used as Ia")


@pytest.mark.parametrize(
    "name, value",
    [
        ("XX", 2.0),
        ("XY", 0.1),
        ("XZ", -0.1),
        ("YY", 1.7),
        ("YZ", 0.05),
        ("MX", 0.4),
        ("MY", -0.3),
        ("MZ", 0.7),
        ("M", 3.0),
    ],
)
def test_link1_parameters_other_than_zz1_do_not_enter(model, name, value):
    p1 = dict(LINK1, **{name: value})
    other = model.with_parameters(_params(link1=p1))
    qs = _random_q(10, seed=74)
    np.testing.assert_allclose(
        other.mass_matrix(qs),
        model.mass_matrix(qs),
        rtol=0,
        atol=1e-13,
        err_msg=f"link-1 parameter {name} changed A",
    )
    np.testing.assert_allclose(
        other.gravity(qs),
        model.gravity(qs),
        rtol=0,
        atol=1e-12,
        err_msg=f"link-1 parameter {name} changed Q",
    )


def test_zz1_enters_a11_only(model):
    other = model.with_parameters(_params(link1=dict(LINK1, ZZ=1.5)))
    qs = _random_q(10, seed=75)
    diff = other.mass_matrix(qs) - model.mass_matrix(qs)
    expected = np.zeros((3, 3))
    expected[0, 0] = 0.3
    np.testing.assert_allclose(
        diff,
        np.broadcast_to(expected, diff.shape),
        rtol=0,
        atol=1e-13,
        err_msg="changing ZZ1 by 0.3 must change A11 only, by 0.3",
    )


@pytest.mark.parametrize("name, value", [("M", 12.0), ("MZ", -0.4)])
def test_m2_and_mz2_do_not_enter(model, name, value):
    other = model.with_parameters(_params(link2=dict(LINK2, **{name: value})))
    qs = _random_q(10, seed=76)
    np.testing.assert_allclose(
        other.mass_matrix(qs),
        model.mass_matrix(qs),
        rtol=0,
        atol=1e-13,
        err_msg=f"link-2 parameter {name} changed A",
    )
    np.testing.assert_allclose(
        other.gravity(qs),
        model.gravity(qs),
        rtol=0,
        atol=1e-12,
        err_msg=f"link-2 parameter {name} changed Q",
    )


def test_q1_is_zero_and_a_independent_of_q1(model):
    qs = _random_q(10, seed=77)
    shifted = qs + np.array([1.234, 0.0, 0.0])
    np.testing.assert_allclose(
        model.gravity(qs)[:, 0],
        0.0,
        rtol=0,
        atol=1e-12,
        err_msg="Q1 must vanish with gravity along z0",
    )
    np.testing.assert_allclose(
        model.mass_matrix(shifted),
        model.mass_matrix(qs),
        rtol=0,
        atol=1e-13,
        err_msg="A must not depend on q1",
    )


# ---------------------------------------------------------------- (d) MDH kinematics
@pytest.mark.parametrize("q", list(_random_q(5, seed=78)), ids=lambda q: f"q={np.round(q, 2)}")
def test_mdh_rotations_and_positions(model, q):
    rot, pos = joint_transforms(model, q)  # ^{a(j)}R_j, ^{a(j)}P_j
    _, q2, q3 = q
    c2, s2, c3, s3 = math.cos(q2), math.sin(q2), math.cos(q3), math.sin(q3)
    r21 = np.array([[c2, 0.0, s2], [-s2, 0.0, c2], [0.0, -1.0, 0.0]])
    r32 = np.array([[c3, s3, 0.0], [-s3, c3, 0.0], [0.0, 0.0, 1.0]])
    np.testing.assert_allclose(
        rot[1].T,
        r21,
        rtol=0,
        atol=1e-12,
        err_msg="^2R_1 (transpose of ^1R_2) differs from Example 7.1",
    )
    np.testing.assert_allclose(
        rot[2].T, r32, rtol=0, atol=1e-12, err_msg="^3R_2 differs from Example 7.1"
    )
    np.testing.assert_allclose(
        pos[2], [D3, 0.0, 0.0], rtol=0, atol=1e-15, err_msg="^2P_3 must be [D3, 0, 0]"
    )
    np.testing.assert_allclose(pos[1], 0.0, atol=1e-15, err_msg="^1P_2 must be 0")


def test_mdh_angular_velocity_pattern(model):
    """^3ω_3 = [S23 q̇1, C23 q̇1, q̇2 + q̇3] via ^3ω_3 = ^3R_0 · ^0ω_3 from the Jacobian."""
    rng = np.random.default_rng(79)
    q, qd = rng.uniform(-2, 2, 3), rng.normal(size=3)
    frame = model.frame_placement(q, "link3")
    omega0 = model.jacobian(q, "link3")[3:] @ qd
    omega3 = frame[:3, :3].T @ omega0
    s23, c23 = math.sin(q[1] + q[2]), math.cos(q[1] + q[2])
    np.testing.assert_allclose(
        omega3,
        [s23 * qd[0], c23 * qd[0], qd[1] + qd[2]],
        atol=1e-12,
        err_msg="^3ω_3 differs from Example 7.1",
    )


def test_alpha_as_pi_expression(model):
    """The YAML form ``alpha: pi/2`` (as in the shipped rx90.yaml) gives the same model."""
    table = _table()
    table["frames"][1]["alpha"] = "pi/2"
    other = RobotModel.from_mdh(table)
    qs = _random_q(5, seed=81)
    np.testing.assert_allclose(
        other.mass_matrix(qs),
        model.mass_matrix(qs),
        rtol=0,
        atol=1e-15,
        err_msg="alpha 'pi/2' and math.pi / 2 give different A",
    )


# ---------------------------------------------------------------- shipped 6-axis example
def test_rx90_example_loads_with_plausible_gravity():
    rx90 = RobotModel.from_mdh("rx90")
    assert rx90.n == 6, f"rx90 must have 6 joints, got {rx90.n}"
    np.testing.assert_allclose(
        rx90.gravity_vector, [0.0, 0.0, -9.81], err_msg="rx90 gravity must be along -z0"
    )
    qs = np.random.default_rng(80).uniform(-1.0, 1.0, size=(20, 6))
    g = rx90.gravity(qs)
    assert np.all(np.isfinite(g)), "rx90 gravity torques must be finite"
    np.testing.assert_allclose(
        g[:, 0], 0.0, atol=1e-10, err_msg="joint 1 axis is z0 ∥ g: no gravity torque"
    )
    assert np.all(np.abs(g[:, 1]) > 1e-3), f"joint 2 must carry gravity torque, got {g[:, 1]}"
    assert np.all(np.abs(g[:, 2]) > 1e-3), f"joint 3 must carry gravity torque, got {g[:, 2]}"
    # the arm weighs ~64.5 kg with ≤ 1 m reach: torques stay below m·g·reach
    total_mass = float(np.sum(rx90.inertial_parameters[:, 9]))
    assert np.all(np.abs(g) < total_mass * 9.81 * 1.0), "rx90 gravity torques implausibly large"
    a = rx90.mass_matrix(qs)
    assert np.all(np.linalg.eigvalsh(a) > 0.0), "rx90 A(q) must be positive definite"
