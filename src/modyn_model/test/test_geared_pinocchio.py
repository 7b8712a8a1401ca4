"""GearedModel on a robot nobody here wrote (example-robot-data's UR5) against a full-body
Pinocchio model in which every gear, shaft and rotor is a rigid body of its own.

The transmission (in this file): an offset motor pinion on the base drives the pan joint; a rotor
coaxial with the lift joint on the shoulder drives it; a second rotor coaxial with the lift joint
drives an idler shaft along the upper arm whose bevel drives the elbow (the note's coupled drive
of link 3, Chen & Wang (29)); offset pinions on the forearm, wrist 1 and wrist 2 drive the wrist
joints (the last one on a carrier behind five joints: large gyroscopic terms); an idler ring on
the rotated ``tool0`` frame meshes on wrist 2 (a carrier frame that is not its body's frame).

The reference is built by hand here: the UR5 URDF text plus one joint per
secondary link (``revolute`` with unbounded limits: Pinocchio's ``continuous`` joint has
nq = 2) about its axis e_j through its centre, child of its carrier link, whose body has
the full inertia I_axial e eᵀ + I_transverse (1 − e eᵀ), loaded by Pinocchio (which orders the
joints depth-first: its CRBA needs that, so the gears are not appended with ``addJoint``); the
gear angles follow the joints, q_f = [Θ; Bᵀ Θ], so with G = [I; Bᵀ] (constant)::

    M = Gᵀ M_f(q_f) G,    H = Gᵀ nle(q_f, G v),    g = Gᵀ g_f(q_f),    Γ = Gᵀ RNEA(q_f, G v, G v̇)

(constraint embedding; B comes from the model's own structural analysis, which the test checks
against the hand-derived coefficients first). Compared at random states, for the file's
inertias and for random ones, to rtol 1e-9.
"""

from __future__ import annotations

import copy
from pathlib import Path

import numpy as np
import pytest

from modyn_model import load_model
from modyn_model.mechanisms.geared import GearedModel

pin = pytest.importorskip("pinocchio")

UR5 = "ur_description/urdf/ur5_robot.urdf"

TRANSMISSION = {
    "secondary_links": {
        # axes/origins in the carrier link's URDF frame: the pan axis is z of base_link through
        # (0, 0, 0.089159); the lift axis is y of shoulder_link through x = z = 0; the elbow axis
        # y of upper_arm_link; wrist 1 y of forearm_link; wrist 2 z of wrist_1_link; wrist 3 y of
        # wrist_2_link
        "pinion1": {
            "carrier": "base_link",
            "axis": [0, 0, 1],
            "origin": [0.06, 0.0, 0.05],
            "mass": 0.4,
            "I_axial": 3e-4,
            "I_transverse": 2e-4,
        },
        "rotor2": {
            "carrier": "shoulder_link",
            "axis": [0, 1, 0],
            "origin": [0.0, 0.10, 0.0],
            "mass": 0.6,
            "I_axial": 4e-4,
            "I_transverse": 3e-4,
        },
        "rotor3": {
            "carrier": "shoulder_link",
            "axis": [0, 1, 0],
            "origin": [0.0, 0.16, 0.0],
            "mass": 0.5,
            "I_axial": 3e-4,
            "I_transverse": 2e-4,
        },
        "shaft3": {
            "carrier": "upper_arm_link",
            "axis": [0, 0, 1],
            "origin": [0.0, 0.05, 0.2],
            "mass": 0.3,
            "I_axial": 5e-5,
            "I_transverse": 1e-3,
        },
        "pinion4": {
            "carrier": "forearm_link",
            "axis": [0, 1, 0],
            "origin": [0.04, 0.0, 0.3],
            "mass": 0.3,
            "I_axial": 1e-4,
            "I_transverse": 8e-5,
        },
        "pinion5": {
            "carrier": "wrist_1_link",
            "axis": [0, 0, 1],
            "origin": [0.03, 0.093, -0.02],
            "mass": 0.2,
            "I_axial": 8e-5,
            "I_transverse": 6e-5,
        },
        "pinion6": {
            "carrier": "wrist_2_link",
            "axis": [0, 1, 0],
            "origin": [0.03, 0.0, 0.05],
            "mass": 0.2,
            "I_axial": 6e-5,
            "I_transverse": 5e-5,
        },
        # an idler ring on the rotated tool0 frame (rpy -pi/2 on wrist_3_link), coaxial with
        # wrist 3, meshing with wrist_3_link on carrier wrist_2_link: a carrier frame that is not
        # its body's frame
        "ring7": {
            "carrier": "tool0",
            "axis": [0, 0, 1],
            "origin": [0.0, 0.0, 0.02],
            "mass": 0.2,
            "I_axial": 2e-3,
            "I_transverse": 1e-3,
        },
    },
    "meshes": [
        {"gear": "pinion1", "with": "shoulder_link", "carrier": "base_link", "ratio": -80},
        {"gear": "rotor2", "with": "upper_arm_link", "carrier": "shoulder_link", "ratio": 100},
        {"gear": "rotor3", "with": "shaft3", "carrier": "upper_arm_link", "ratio": -1.5},
        {"gear": "shaft3", "with": "forearm_link", "carrier": "upper_arm_link", "ratio": 4},
        {"gear": "pinion4", "with": "wrist_1_link", "carrier": "forearm_link", "ratio": -50},
        {"gear": "pinion5", "with": "wrist_2_link", "carrier": "wrist_1_link", "ratio": 40},
        {"gear": "pinion6", "with": "wrist_3_link", "carrier": "wrist_2_link", "ratio": -30},
        {"gear": "ring7", "with": "wrist_3_link", "carrier": "wrist_2_link", "ratio": 3},
    ],
    "actuators": {
        "m1": {"rotor": "pinion1", "stator": "base_link"},
        "m2": {"rotor": "rotor2", "stator": "shoulder_link"},
        "m3": {"rotor": "rotor3", "stator": "shoulder_link"},
        "m4": {"rotor": "pinion4", "stator": "forearm_link"},
        "m5": {"rotor": "pinion5", "stator": "wrist_1_link"},
        "m6": {"rotor": "pinion6", "stator": "wrist_2_link"},
    },
}

#: hand-derived transmission coefficients (rows: the 6 joints)
B_REF = {
    "pinion1": [-80, 0, 0, 0, 0, 0],
    "rotor2": [0, 100, 0, 0, 0, 0],
    "rotor3": [0, 1, -6, 0, 0, 0],  # u3 − θ̇2 = −1.5 u_shaft, u_shaft = 4 θ̇3
    "shaft3": [0, 0, 4, 0, 0, 0],
    "pinion4": [0, 0, 0, -50, 0, 0],
    "pinion5": [0, 0, 0, 0, 40, 0],
    "pinion6": [0, 0, 0, 0, 0, -30],
    "ring7": [0, 0, 0, 0, 0, 2],  # u7 + θ̇6 = 3 θ̇6: its spin relative to tool0
}


def _geared(path, transmission) -> GearedModel:
    return load_model({"kind": "geared", "name": "ur5_geared", "urdf": str(path), **transmission})


def _full_body(path, model: GearedModel):
    """Pinocchio's UR5 plus every secondary link as a revolute body (module docstring),
    and G (n_f × 6) in Pinocchio's velocity order (it orders the joints depth-first)."""
    links = []
    for s in model.transmission.secondary_links:
        i = s.inertia_com()
        links.append(
            f'<link name="{s.name}"><inertial><origin xyz="0 0 0"/><mass value="{float(s.mass)!r}"/>'
            f'<inertia ixx="{float(i[0, 0])!r}" ixy="{float(i[0, 1])!r}" ixz="{float(i[0, 2])!r}" iyy="{float(i[1, 1])!r}" '
            f'iyz="{float(i[1, 2])!r}" izz="{float(i[2, 2])!r}"/></inertial></link>'
            f'<joint name="{s.name}_spin" type="revolute"><parent link="{s.carrier}"/>'
            f'<child link="{s.name}"/><origin xyz="{" ".join(repr(float(x)) for x in s.origin)}"/>'
            f'<axis xyz="{" ".join(repr(float(x)) for x in s.axis)}"/>'
            '<limit lower="-1e9" upper="1e9" effort="1" velocity="1"/></joint>'
        )
    xml = Path(path).read_text().replace("</robot>", "".join(links) + "</robot>")
    full = pin.buildModelFromXML(xml)
    for s in model.transmission.secondary_links:  # urdfdom drops an inertial it cannot read
        inertia = full.inertias[full.getJointId(f"{s.name}_spin")]
        np.testing.assert_allclose(inertia.mass, s.mass, rtol=1e-15)
        np.testing.assert_allclose(inertia.inertia, s.inertia_com(), rtol=1e-15, atol=1e-18)
    g_map = np.zeros((full.nv, 6))
    names = list(model.coordinate_names)
    bt = model.transmission_coefficients.T
    for jid in range(1, full.njoints):
        name, row = full.names[jid], full.idx_vs[jid]
        if name in names:
            g_map[row, names.index(name)] = 1.0
        else:
            g_map[row] = bt[model.structure.secondary_names.index(name[: -len("_spin")])]
    return full, full.createData(), g_map


def _compare(path, model: GearedModel, rng, n_states=6):
    full, data, g_map = _full_body(path, model)  # G = [I; Bᵀ], rows in Pinocchio's order
    worst = 0.0
    for _ in range(n_states):
        q = rng.uniform(-np.pi, np.pi, 6)
        v = rng.uniform(-2.0, 2.0, 6)
        a = rng.uniform(-3.0, 3.0, 6)
        qf, vf, af = g_map @ q, g_map @ v, g_map @ a
        mf = pin.crba(full, data, qf)
        mf = np.triu(mf) + np.triu(mf, 1).T
        ref = {
            "M": g_map.T @ mf @ g_map,
            "H": g_map.T @ pin.nonLinearEffects(full, data, qf, vf),
            "g": g_map.T @ pin.computeGeneralizedGravity(full, data, qf),
            "tau": g_map.T @ pin.rnea(full, data, qf, vf, af),
        }
        ours = {
            "M": model.mass_matrix(q),
            "H": model.bias_forces(q, v, friction=False),
            "g": model.gravity(q),
            "tau": model.inverse_dynamics(q, v, a, friction=False),
        }
        for key, value in ref.items():
            np.testing.assert_allclose(ours[key], value, rtol=1e-9, atol=1e-10, err_msg=key)
            worst = max(worst, float(np.max(np.abs(ours[key] - value)) / np.max(np.abs(value))))
        # the rotor terms matter here: the diagonal model is off
        diag = model.with_rotor_model("diagonal")
        assert not np.allclose(
            diag.inverse_dynamics(q, v, a, friction=False), ref["tau"], rtol=1e-6
        )
    return worst


@pytest.fixture(scope="module")
def ur5(erd_path):
    return erd_path(UR5)


def test_structure_of_the_ur5_transmission(ur5):
    model = _geared(ur5, TRANSMISSION)
    for name, ref in B_REF.items():
        np.testing.assert_allclose(model.structure.b(name), ref, atol=1e-12, err_msg=name)
    a_ref = np.array(
        [B_REF[k] for k in ("pinion1", "rotor2", "rotor3", "pinion4", "pinion5", "pinion6")]
    ).T
    np.testing.assert_allclose(model.structure_matrix, a_ref, atol=1e-12)


def test_ur5_geared_equals_pinocchio_full_body(ur5):
    model = _geared(ur5, TRANSMISSION)
    worst = _compare(ur5, model, np.random.default_rng(11))
    print(f"UR5 geared vs Pinocchio full body: max relative deviation {worst:.2e}")


def test_ur5_random_parameters_equal_pinocchio_full_body(ur5):
    rng = np.random.default_rng(12)
    for _ in range(3):
        t = copy.deepcopy(TRANSMISSION)
        for s in t["secondary_links"].values():
            s["mass"] = float(rng.uniform(0.05, 1.0))
            s["I_axial"] = float(rng.uniform(1e-5, 5e-3))
            s["I_transverse"] = float(rng.uniform(1e-5, 5e-3))
        for m in t["meshes"]:
            m["ratio"] = float(np.sign(rng.uniform(-1, 1)) * rng.uniform(0.5, 60.0))
        worst = _compare(ur5, _geared(ur5, t), rng, n_states=3)
        print(f"UR5 random parameters vs Pinocchio full body: max relative deviation {worst:.2e}")
