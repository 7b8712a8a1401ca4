"""Physical and structural properties of GearedModel (note ../shared/research/seed-002-geared.md
§2.8 items 4-6, §1.6), on the shipped Case R / Case S arm at random states.

* Closed forms: M_s = Chen & Wang (44) and C_s = (43) (only shaft 7 gives a C_s) at random
  states, to 1e-12.
* M symmetric positive definite; Ṁ − 2C skew-symmetric with Ṁ by central differences along Θ̇
  (and C Θ̇ = C_v + C_s, the bias without gravity, to 1e-12), for the full and diagonal models.
* Power balance ξ·φ̇ = τ·Θ̇ (ξ = actuator_forces, φ̇ from actuator_state) to 1e-12.
* Energy along an RK4 simulation of the model's own forward dynamics (h = 1 ms, 1 s): with ξ = 0
  and g = 0 the kinetic energy stays constant; with gravity and a constant ξ, T + V changes by
  exactly the motors' work ξ·Δφ (φ = Aᵀ Θ + φ0, constant A).
* All I_axial → 0 gives the plain merged chain: equal to a RobotModel loaded from the URDF in
  which every secondary link is a fixed link of its carrier (the builder's own merge).
* Decoupled single-joint drives (rotor coaxial with its joint, on the link before it) give
  M_s = diag(N² I) and C_s = 0 where the carrier's joints are perpendicular to the rotor
  (a_j = 0: the pan-tilt part); on the elbow, the rotor on link 2 spins about z_2 ∥ z_1, so the
  physical cross term I_3 N_3 (on (2,3)) appears, still with C_s = 0.
* Gear 5 carried by link 1 instead of the base (note §1.6) gives the same M, bias, g, A and τ.
* θ2 = 0: M_13 = I_7 g_37 sin θ2 = 0 but C_s ≠ 0 (note §2.8 item 6).
* Motor-side friction maps to A f_m(Aᵀ v) (coupled_friction set) and dissipates power.
* Forward dynamics inverts inverse dynamics; batched inputs (leading axes) equal the single calls.
"""

from __future__ import annotations

import copy
from pathlib import Path

import numpy as np
import pytest
import yaml

from modyn_model import RobotModel, load_model
from modyn_model.mechanisms.geared import GearedModel, Transmission
from modyn_model.urdf import expand_xacro

ROOT = Path(__file__).resolve().parents[3]
CONFIG = ROOT / "config" / "mechanisms"
XACRO = ROOT / "urdf" / "geared3.urdf.xacro"
CASES = ("geared3_case_r", "geared3_case_s")


def _file(name: str) -> dict:
    return yaml.safe_load((CONFIG / f"{name}.yaml").read_text())


def _model(d: dict, robot=None, name="test") -> GearedModel:
    robot = robot if robot is not None else RobotModel.from_xacro(XACRO)
    return GearedModel(
        robot, Transmission.from_mapping(d, name), rotor_model=d.get("rotor_model", "full")
    )


@pytest.fixture(scope="module", params=CASES)
def model(request):
    return load_model(CONFIG / f"{request.param}.yaml")


def _states(n=8, seed=0):
    rng = np.random.default_rng(seed)
    return (
        rng.uniform(-2.5, 2.5, (n, 3)),
        rng.uniform(-2.0, 2.0, (n, 3)),
        rng.uniform(-3.0, 3.0, (n, 3)),
    )


def _ratios(d):
    g = {(m["gear"], m["with"]): float(m["ratio"]) for m in d["meshes"]}
    return (
        g[("gear4", "link1")],
        g[("gear5", "link2")],
        g[("gear6", "shaft7")],
        g[("shaft7", "link3")],
    )


def _inertias(d):
    return [
        float(d["secondary_links"][k]["I_axial"]) for k in ("gear4", "gear5", "gear6", "shaft7")
    ]


@pytest.mark.parametrize("name", CASES)
def test_closed_forms_44_and_43(name):
    d = _file(name)
    model = load_model(CONFIG / f"{name}.yaml")
    g14, g25, g76, g37 = _ratios(d)
    i4, i5, i6, i7 = _inertias(d)
    for q, v, _ in zip(*_states(), strict=True):
        s2, c2 = np.sin(q[1]), np.cos(q[1])
        ms = [  # Chen & Wang (44)
            [i4 * g14**2 + i5, i5 * g25, i7 * g37 * s2],
            [i5 * g25, i5 * g25**2 + i6, i6 * g76 * g37],
            [i7 * g37 * s2, i6 * g76 * g37, i6 * g76**2 * g37**2 + i7 * g37**2],
        ]
        cs = i7 * g37 * c2 * np.array([v[1] * v[2], -v[0] * v[2], v[0] * v[1]])  # (43)
        np.testing.assert_allclose(model.rotor_mass_matrix(q), ms, rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(model.rotor_bias(q, v), cs, rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("rotor_model", ["full", "diagonal"])
def test_mass_spd_and_skew_symmetry(model, rotor_model):
    model = model.with_rotor_model(rotor_model)
    h = 1e-6
    for q, v, _ in zip(*_states(), strict=True):
        m = model.mass_matrix(q)
        np.testing.assert_allclose(m, m.T, atol=1e-15)
        assert np.linalg.eigvalsh(m).min() > 0.0
        ms = model.rotor_mass_matrix(q)
        np.testing.assert_allclose(ms, ms.T, atol=1e-15)
        c = model.coriolis_matrix(q, v)
        mdot = (model.mass_matrix(q + h * v) - model.mass_matrix(q - h * v)) / (2 * h)
        n = mdot - 2.0 * c
        assert np.max(np.abs(n + n.T)) < 1e-8 * max(1.0, np.max(np.abs(mdot)))
        bias = model.bias_forces(q, v, friction=False) - model.gravity(q)
        np.testing.assert_allclose(c @ v, bias, rtol=1e-12, atol=1e-13)


def test_power_balance(model):
    for q, v, a in zip(*_states(), strict=True):
        tau = model.inverse_dynamics(q, v, a)
        xi = model.actuator_forces(q, v, a)
        _, phid = model.actuator_state(q, v)
        np.testing.assert_allclose(xi @ phid, tau @ v, rtol=1e-12, atol=1e-13)
        np.testing.assert_allclose(model.generalized_forces(q, xi), tau, rtol=1e-12, atol=1e-13)


def _rk4(model, q, v, xi, h, steps):
    tau = model.generalized_forces(q, xi)

    def f(q, v):
        return v, model.forward_dynamics(q, v, tau)

    for _ in range(steps):
        k1 = f(q, v)
        k2 = f(q + 0.5 * h * k1[0], v + 0.5 * h * k1[1])
        k3 = f(q + 0.5 * h * k2[0], v + 0.5 * h * k2[1])
        k4 = f(q + h * k3[0], v + h * k3[1])
        q = q + h / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0])
        v = v + h / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1])
    return q, v


def test_energy_is_conserved_and_motor_work_balances(model):
    q0, v0 = np.array([0.3, -0.7, 1.1]), np.array([1.5, -2.0, 2.5])
    free = model.with_gravity([0.0, 0.0, 0.0])
    q1, v1 = _rk4(free, q0, v0, np.zeros(3), 1e-3, 1000)
    e0, e1 = free.kinetic_energy(q0, v0), free.kinetic_energy(q1, v1)
    assert np.linalg.norm(q1 - q0) > 0.5  # it moved
    assert abs(e1 - e0) < 1e-9 * e0, (e0, e1)
    # gravity and constant motor torques: Δ(T + V) = ξ·Δφ
    xi = 0.05 * model.effort_limit
    q1, v1 = _rk4(model, q0, v0, xi, 1e-3, 1000)

    def energy(q, v):
        return model.kinetic_energy(q, v) + model.potential_energy(q)

    work = xi @ (model.actuator_state(q1, v1)[0] - model.actuator_state(q0, v0)[0])
    assert abs(energy(q1, v1) - energy(q0, v0) - work) < 1e-9 * max(1.0, abs(work))


def _fixed_gear_urdf(d: dict) -> str:
    """The xacro's URDF with every secondary link as a fixed link of its carrier (inertia
    I_transverse (1 − e eᵀ), the axial moment zero)."""
    xml = expand_xacro(XACRO)
    links = []
    for name, s in d["secondary_links"].items():
        e = np.asarray(s["axis"], dtype=float)
        e = e / np.linalg.norm(e)
        t = float(s["I_transverse"]) * (np.eye(3) - np.outer(e, e))
        links.append(
            f'<link name="{name}"><inertial><origin xyz="{" ".join(map(str, s["origin"]))}"/>'
            f'<mass value="{s["mass"]}"/><inertia ixx="{float(t[0, 0])!r}" ixy="{float(t[0, 1])!r}" '
            f'ixz="{float(t[0, 2])!r}" iyy="{float(t[1, 1])!r}" iyz="{float(t[1, 2])!r}" izz="{float(t[2, 2])!r}"/>'
            f"</inertial></link>"
            f'<joint name="{name}_fixed" type="fixed"><parent link="{s["carrier"]}"/>'
            f'<child link="{name}"/></joint>'
        )
    return xml.replace("</robot>", "".join(links) + "</robot>")


@pytest.mark.parametrize("name", CASES)
def test_zero_axial_inertia_is_the_plain_merged_chain(name):
    d = _file(name)
    for s in d["secondary_links"].values():
        s["I_axial"] = 0.0
    model = _model(d)
    plain = RobotModel.from_urdf(_fixed_gear_urdf(d))
    for q, v, a in zip(*_states(), strict=True):
        np.testing.assert_array_equal(model.rotor_mass_matrix(q), np.zeros((3, 3)))
        np.testing.assert_array_equal(model.rotor_bias(q, v), np.zeros(3))
        np.testing.assert_allclose(
            model.mass_matrix(q), plain.mass_matrix(q), rtol=1e-12, atol=1e-14
        )
        np.testing.assert_allclose(
            model.inverse_dynamics(q, v, a), plain.inverse_dynamics(q, v, a), rtol=1e-12, atol=1e-12
        )
        np.testing.assert_allclose(model.gravity(q), plain.gravity(q), rtol=1e-12, atol=1e-12)


def _decoupled(n1=-60.0, n2=50.0, n3=-40.0, inertia=(2e-3, 1.5e-3, 1e-3)) -> dict:
    return {
        "secondary_links": {
            "rotor1": {
                "carrier": "base_link",
                "axis": [0, 0, 1],
                "origin": [0.1, 0, 0.1],
                "mass": 0.5,
                "I_axial": inertia[0],
                "I_transverse": 1e-4,
            },
            "rotor2": {
                "carrier": "link1",
                "axis": [0, 0, 1],
                "origin": [0, 0, 0.08],
                "mass": 0.4,
                "I_axial": inertia[1],
                "I_transverse": 1e-4,
            },
            "rotor3": {
                "carrier": "link2",
                "axis": [0, 0, 1],
                "origin": [0, 0, -0.05],
                "mass": 0.3,
                "I_axial": inertia[2],
                "I_transverse": 1e-4,
            },
        },
        "meshes": [
            {"gear": "rotor1", "with": "link1", "carrier": "base_link", "ratio": n1},
            {"gear": "rotor2", "with": "link2", "carrier": "link1", "ratio": n2},
            {"gear": "rotor3", "with": "link3", "carrier": "link2", "ratio": n3},
        ],
        "actuators": {
            "m1": {"rotor": "rotor1", "stator": "base_link"},
            "m2": {"rotor": "rotor2", "stator": "link1"},
            "m3": {"rotor": "rotor3", "stator": "link2"},
        },
    }


def test_decoupled_single_joint_drives():
    n = (-60.0, 50.0, -40.0)
    inertia = (2e-3, 1.5e-3, 1e-3)
    d = _decoupled(*n, inertia)
    # pan-tilt (joint 3 locked): z_1 ⟂ z_0, so a_j = 0 for both rotors
    pan_tilt = copy.deepcopy(d)
    del pan_tilt["secondary_links"]["rotor3"], pan_tilt["actuators"]["m3"]
    pan_tilt["meshes"].pop()
    m2 = _model(pan_tilt, RobotModel.from_xacro(XACRO, locked_joints=["joint3"]))
    np.testing.assert_allclose(m2.structure_matrix, np.diag(n[:2]), atol=1e-12)
    m3 = _model(d)
    np.testing.assert_allclose(m3.structure_matrix, np.diag(n), atol=1e-12)
    rng = np.random.default_rng(5)
    for _ in range(6):
        q, v = rng.uniform(-2, 2, 3), rng.uniform(-2, 2, 3)
        np.testing.assert_allclose(
            m2.rotor_mass_matrix(q[:2]),
            np.diag(np.array(inertia[:2]) * np.array(n[:2]) ** 2),
            rtol=1e-12,
            atol=1e-15,
        )
        np.testing.assert_allclose(m2.rotor_bias(q[:2], v[:2]), np.zeros(2), atol=1e-15)
        ref = np.diag(np.array(inertia) * np.array(n) ** 2)
        ref[1, 2] = ref[2, 1] = inertia[2] * n[2]  # rotor 3 about z_2 ∥ z_1: a_3 = [0, 1, 0]
        np.testing.assert_allclose(m3.rotor_mass_matrix(q), ref, rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(m3.rotor_bias(q, v), np.zeros(3), atol=1e-15)


def test_coaxial_carrier_choice_gives_the_same_model(model):
    d = _file(model.name)
    alt = copy.deepcopy(d)
    # gear 5 carried by link 1 (note §1.6): its axis z_0 is y in frame 1, its centre 0.15 m below
    # o_1 = [0, 0, 0.35] (base), i.e. at y = -0.15 in frame 1 (frame 1 = Rx(π/2) at θ1 = 0)
    alt["secondary_links"]["gear5"].update(carrier="link1", axis=[0, 1, 0], origin=[0, -0.15, 0])
    other = _model(alt)
    np.testing.assert_allclose(other.structure_matrix, model.structure_matrix, atol=1e-12)
    np.testing.assert_allclose(other.transmission.secondary_links[1].axis, [0, 1, 0])
    b5 = other.structure.b("gear5")
    np.testing.assert_allclose(b5, [0, _ratios(d)[1], 0], atol=1e-12)  # note §1.6
    for q, v, a in zip(*_states(), strict=True):
        np.testing.assert_allclose(
            other.mass_matrix(q), model.mass_matrix(q), rtol=1e-12, atol=1e-14
        )
        np.testing.assert_allclose(
            other.inverse_dynamics(q, v, a), model.inverse_dynamics(q, v, a), rtol=1e-11, atol=1e-12
        )
        np.testing.assert_allclose(other.gravity(q), model.gravity(q), rtol=1e-12, atol=1e-12)
        # the split differs: I_5 moved from M_s into M_v
        assert not np.allclose(other.rotor_mass_matrix(q), model.rotor_mass_matrix(q))


def test_theta2_zero_m13_vanishes_but_cs_does_not(model):
    q, v = np.array([0.4, 0.0, -0.8]), np.array([0.7, -1.1, 0.9])
    m = model.mass_matrix(q)
    assert m[0, 2] == 0.0 and m[2, 0] == 0.0
    cs = model.rotor_bias(q, v)
    assert np.all(np.abs(cs) > 1e-6), cs
    # a θ2 ≠ 0 gives M_13 = I_7 g_37 sin θ2 ≠ 0
    assert abs(model.mass_matrix(q + [0, 0.3, 0])[0, 2]) > 1e-6


def test_motor_friction_is_coupled_through_a(model):
    d = _file(model.name)
    fv, fc = [1e-3, 2e-3, 3e-3], [0.01, 0.02, 0.03]
    for a, x, y in zip(d["actuators"].values(), fv, fc, strict=True):
        a.update(viscous=x, coulomb=y)
    fric = _model(d)
    assert fric.coupled_friction and not model.coupled_friction
    a_mat = fric.structure_matrix
    for q, v, acc in zip(*_states(), strict=True):
        rate = a_mat.T @ v
        ref = a_mat @ (np.array(fv) * rate + np.array(fc) * np.sign(rate))
        np.testing.assert_allclose(fric.friction_forces(v), ref, rtol=1e-13, atol=1e-15)
        assert v @ fric.friction_forces(v) >= 0.0  # dissipative: φ̇·f_m ≥ 0
        np.testing.assert_allclose(
            fric.inverse_dynamics(q, v, acc) - fric.inverse_dynamics(q, v, acc, friction=False),
            ref,
            rtol=1e-10,
            atol=1e-13,
        )
        np.testing.assert_allclose(
            fric.bias_forces(q, v) - model.bias_forces(q, v), ref, rtol=1e-10, atol=1e-13
        )


def test_forward_inverts_inverse_and_batches(model):
    q, v, a = _states(6, seed=3)
    q, v, a = q.reshape(2, 3, 3), v.reshape(2, 3, 3), a.reshape(2, 3, 3)
    tau = model.inverse_dynamics(q, v, a)
    assert tau.shape == (2, 3, 3)
    np.testing.assert_allclose(model.forward_dynamics(q, v, tau), a, rtol=1e-10, atol=1e-10)
    batched = {
        "M": model.mass_matrix(q),
        "h": model.bias_forces(q, v),
        "g": model.gravity(q),
        "C": model.coriolis_matrix(q, v),
        "xi": model.actuator_forces(q, v, a),
        "T": model.kinetic_energy(q, v),
        "U": model.potential_energy(q),
        "phi": model.actuator_state(q, v)[0],
        "J": model.frame_jacobian(q, "tool0"),
    }
    for i in range(2):
        for j in range(3):
            single = {
                "M": model.mass_matrix(q[i, j]),
                "h": model.bias_forces(q[i, j], v[i, j]),
                "g": model.gravity(q[i, j]),
                "C": model.coriolis_matrix(q[i, j], v[i, j]),
                "xi": model.actuator_forces(q[i, j], v[i, j], a[i, j]),
                "T": model.kinetic_energy(q[i, j], v[i, j]),
                "U": model.potential_energy(q[i, j]),
                "phi": model.actuator_state(q[i, j], v[i, j])[0],
                "J": model.frame_jacobian(q[i, j], "tool0"),
            }
            for key, value in single.items():
                np.testing.assert_allclose(
                    batched[key][i, j], value, rtol=1e-12, atol=1e-14, err_msg=key
                )
    # a single configuration with a batch of velocities broadcasts
    h = model.bias_forces(q[0, 0], v[0])
    for j in range(3):
        np.testing.assert_allclose(
            h[j], model.bias_forces(q[0, 0], v[0, j]), rtol=1e-12, atol=1e-14
        )
