"""Structural analysis of geared mechanisms (modyn_model.mechanisms.geared.transmission) against
Chen & Wang (1998) Eqs. (27)-(30), (45) and the note ../shared/research/seed-002-geared.md §1.4,
§2.3; the shipped xacro against Table 2(a); bad transmission files → errors naming the culprit.

* urdf/geared3.urdf.xacro: its link frames are the DH frames of Table 1, checked by the joint
  axes of Table 2(a) seen from frames 1-3 at two configurations (to 1e-12).
* B (the b_j columns, Eqs. 27-30) and A (Eq. 45, det A = g14 g25 g76 g37) from the numerical
  analysis equal the closed forms with the ratios of Case R and Case S (note §2.7) to 1e-12.
* Teeth counts (external −, internal +) give the same A as the signed ratios.
* A singular transmission, a non-coaxial mesh (wrong axis, axis off the turning line), an unknown
  body, a missing actuator, an extra actuator, a zero or infinite ratio, a redundant mesh and an
  undetermined gear are refused with an error naming the mesh/actuator/body/joint.
"""

from __future__ import annotations

import copy
from pathlib import Path

import numpy as np
import pytest
import yaml

from modyn_model import RobotModel
from modyn_model.errors import DescriptionError, ModelError
from modyn_model.mechanisms.geared import Transmission, analyse

ROOT = Path(__file__).resolve().parents[3]
XACRO = ROOT / "urdf" / "geared3.urdf.xacro"
CONFIG = ROOT / "config" / "mechanisms"

#: note §2.7: (g14, g25, g76, g37)
RATIOS = {"geared3_case_r": (-50.0, 40.0, -1.5, 20.0), "geared3_case_s": (-3.0, 2.0, -1.5, 2.5)}


@pytest.fixture(scope="module")
def robot():
    return RobotModel.from_xacro(XACRO)


def _file(name: str) -> dict:
    return yaml.safe_load((CONFIG / f"{name}.yaml").read_text())


def test_xacro_frames_are_the_dh_frames_of_table_2a(robot):
    assert robot.joint_names == ("joint1", "joint2", "joint3")
    for q in ([0.3, -0.7, 1.1], [-1.0, 0.4, -0.3]):
        q = np.array(q)
        rot = {f: robot.frame_placement(q, f)[:3, :3] for f in ("base_link", "link1", "link2")}
        rot["link3"] = robot.frame_placement(q, "link3")[:3, :3]
        z0, z1, z2 = (rot[f][:, 2] for f in ("base_link", "link1", "link2"))
        s2, c2 = np.sin(q[1]), np.cos(q[1])
        s23, c23 = np.sin(q[1] + q[2]), np.cos(q[1] + q[2])
        table = {  # Table 2(a): ^i z_k in frame i
            ("link1", 0): [0, 1, 0],
            ("link2", 0): [s2, c2, 0],
            ("link3", 0): [s23, 0, -c23],
            ("link2", 1): [0, 0, 1],
            ("link3", 1): [0, 1, 0],
            ("link3", 2): [0, 1, 0],
        }
        zs = (z0, z1, z2)
        for (frame, k), ref in table.items():
            np.testing.assert_allclose(rot[frame].T @ zs[k], ref, rtol=0, atol=1e-12)
        # Table 1 geometry: o1 at d1 = 0.35 on z0; o2 = o1 + a2 x2 with a2 = 0.45; o3 = o2
        o = {f: robot.frame_placement(q, f)[:3, 3] for f in ("link1", "link2", "link3")}
        np.testing.assert_allclose(o["link1"], [0, 0, 0.35], atol=1e-12)
        np.testing.assert_allclose(o["link2"] - o["link1"], 0.45 * rot["link2"][:, 0], atol=1e-12)
        np.testing.assert_allclose(o["link3"], o["link2"], atol=1e-12)


@pytest.mark.parametrize("name", sorted(RATIOS))
def test_b_and_a_are_eqs_27_to_30_and_45(robot, name):
    g14, g25, g76, g37 = RATIOS[name]
    s = analyse(Transmission.from_mapping(_file(name), name), robot)
    assert s.secondary_names == ("gear4", "gear5", "gear6", "shaft7")
    assert s.actuator_names == ("motor4", "motor5", "motor6")
    ref_b = {
        "gear4": [g14, 0, 0],  # (27)
        "gear5": [1, g25, 0],  # (28)
        "gear6": [0, 1, g76 * g37],  # (29)
        "shaft7": [0, 0, g37],  # (30)
    }
    for gear, ref in ref_b.items():
        np.testing.assert_allclose(s.b(gear), ref, rtol=1e-12, atol=1e-12)
    ref_a = np.array([[g14, 1, 0], [0, g25, 1], [0, 0, g76 * g37]])  # (45)
    np.testing.assert_allclose(s.A, ref_a, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(np.linalg.det(s.A), g14 * g25 * g76 * g37, rtol=1e-12)
    np.testing.assert_allclose(s.A_inv @ s.A, np.eye(3), atol=1e-12)
    np.testing.assert_array_equal(s.phi0, np.zeros(3))


def test_teeth_counts_give_the_signed_ratios(robot):
    d = _file("geared3_case_s")
    # g14 = -3: external, with 60 teeth on link 1 and 20 on the pinion; g25 = +2: internal
    d["meshes"][0] = {
        "gear": "gear4",
        "with": "link1",
        "carrier": "base_link",
        "teeth": {"gear": 20, "with": 60},
        "type": "external",
    }
    d["meshes"][1] = {
        "gear": "gear5",
        "with": "link2",
        "carrier": "link1",
        "teeth": {"gear": 15, "with": 30},
        "type": "internal",
    }
    d["actuators"]["motor4"]["offset"] = 0.25
    s = analyse(Transmission.from_mapping(d, "teeth"), robot)
    ref = analyse(Transmission.from_mapping(_file("geared3_case_s"), "ref"), robot)
    np.testing.assert_allclose(s.A, ref.A, rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(s.phi0, [0.25, 0.0, 0.0])


# ---------------------------------------------------------------------- bad input
def _bad(robot, edit, *words, error=DescriptionError):
    d = copy.deepcopy(_file("geared3_case_s"))
    edit(d)
    with pytest.raises(error) as info:
        analyse(Transmission.from_mapping(d, "bad.yaml"), robot)
    message = str(info.value)
    assert "bad.yaml" in message
    for word in words:
        assert word in message, message
    return message


def test_singular_transmission_names_the_actuators(robot):
    def edit(d):  # motor 6 drives gear 5 too: two columns of A equal
        d["actuators"]["motor6"] = {"rotor": "gear5", "stator": "base_link"}

    _bad(robot, edit, "singular", "motor5", "motor6", "joint3")


def test_non_coaxial_mesh_is_refused(robot):
    def wrong_axis(d):  # gear 6 turning about x1: not coaxial with joint 2 (z1) on carrier link2
        d["secondary_links"]["gear6"]["axis"] = [1, 0, 0]

    _bad(robot, wrong_axis, "mesh 2", "gear6", "not coaxial", "link2")

    def off_line(d):  # gear 6 parallel to z1 but 5 cm off the joint-2 line
        d["secondary_links"]["gear6"]["origin"] = [0.05, 0.0, 0.06]

    _bad(robot, off_line, "mesh 2", "gear6", "not coaxial")

    def link_not_about_one_axis(d):  # link3 relative to link1 turns about z1 and z2
        d["meshes"][3]["carrier"] = "link1"

    _bad(robot, link_not_about_one_axis, "mesh 3", "link3", "not coaxial")


def test_unknown_body_is_named(robot):
    def edit(d):
        d["meshes"][2]["with"] = "shaft8"

    _bad(robot, edit, "mesh 2", "shaft8", "unknown body")

    def carrier(d):
        d["secondary_links"]["gear6"]["carrier"] = "link9"

    _bad(robot, carrier, "gear6", "link9")

    def rotor(d):
        d["actuators"]["motor5"]["rotor"] = "gear55"

    _bad(robot, rotor, "motor5", "gear55", "unknown body")


def test_missing_actuator_names_the_joint(robot):
    def edit(d):
        del d["actuators"]["motor6"]

    _bad(robot, edit, "missing actuator", "joint3")


def test_extra_actuator_is_refused(robot):
    def edit(d):
        d["actuators"]["motor7"] = {"rotor": "shaft7", "stator": "link2"}

    _bad(robot, edit, "motor7", "redundant", error=ModelError)


@pytest.mark.parametrize("ratio", [0, 0.0, float("inf"), float("nan"), "two"])
def test_bad_ratio_is_named(robot, ratio):
    def edit(d):
        d["meshes"][1]["ratio"] = ratio

    _bad(robot, edit, "mesh 1", "gear5-link2", "ratio")


def test_redundant_mesh_and_undetermined_gear(robot):
    def redundant(d):  # a second mesh between gear 4 and link 1
        d["meshes"].append({"gear": "gear4", "with": "link1", "carrier": "base_link", "ratio": 4})

    _bad(robot, redundant, "mesh 4", "redundant")

    def loose(d):  # shaft 7 loses its mesh with link 3: nothing fixes the idler's spin
        del d["meshes"][3]

    _bad(robot, loose, "shaft7", "gear6", "not determined")


def test_file_fields_are_checked(robot):
    def no_axis(d):
        del d["secondary_links"]["gear4"]["axis"]

    _bad(robot, no_axis, "gear4", "axis")

    def zero_axis(d):
        d["secondary_links"]["gear4"]["axis"] = [0, 0, 0]

    _bad(robot, zero_axis, "gear4", "axis")

    def negative_inertia(d):
        d["secondary_links"]["shaft7"]["I_axial"] = -1.0

    _bad(robot, negative_inertia, "shaft7", "I_axial")

    def typo(d):
        d["meshes"][0]["ration"] = 3

    _bad(robot, typo, "mesh 0", "ration")

    def teeth_without_type(d):
        d["meshes"][0] = {
            "gear": "gear4",
            "with": "link1",
            "carrier": "base_link",
            "teeth": {"gear": 20, "with": 60},
        }

    _bad(robot, teeth_without_type, "mesh 0", "type")

    def secondary_named_as_link(d):
        d["secondary_links"]["link3"] = dict(d["secondary_links"]["gear4"])

    _bad(robot, secondary_named_as_link, "link3", "URDF link")


def test_coaxiality_tolerance(robot):
    """Axes written with 7 significant digits pass (GEOMETRY_TOL = 1e-6); a 1 mrad misalignment
    of gear 6 with joint 2 is refused, naming the mesh."""
    d = copy.deepcopy(_file("geared3_case_s"))
    d["secondary_links"]["gear6"]["axis"] = [2e-7, 0.0, 1.0]
    s = analyse(Transmission.from_mapping(d, "near.yaml"), robot)
    ref = analyse(Transmission.from_mapping(_file("geared3_case_s"), "ref"), robot)
    np.testing.assert_allclose(s.A, ref.A, rtol=1e-6, atol=1e-6)

    def tilted(d):
        d["secondary_links"]["gear6"]["axis"] = [1e-3, 0.0, 1.0]

    _bad(robot, tilted, "mesh 2", "gear6", "not coaxial")
