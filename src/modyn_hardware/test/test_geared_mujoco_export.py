"""The MuJoCo export of a geared mechanism (modyn_model.mechanisms.geared.export.mujoco_mjcf)
against MuJoCo itself and against the full-body model (note §3.3).

The 3-dof arm of note §2 (Cases R and S, built in src/modyn_model/test/test_geared_fullbody.py,
loaded from there) is exported with one fixed tendon per secondary link j (coef b_j, tendon
armature I_j) and motors on the rotor tendons. MuJoCo computes, at a state (Θ, Θ̇):

* its mass matrix (``mj_fullM``, MuJoCo 4 API: (model, data, dst)), which must be M_v + Σ_j I_j b_j b_jᵀ: the full-body model's
  Gᵀ M_f G **minus** the gyroscopic cross terms Σ_j I_j (a_j b_jᵀ + b_j a_jᵀ), a_j = J_ω,iᵀ e_j
  (carrier i's angular Jacobian, e_j the spin axis in world axes), computed here from the
  full-body model's frames (not from the virtual-link code);
* its bias ``qfrc_bias``, which must be C_v + g: the full-body model's H minus the rotor force of
  the gyrostat form (note §1.6) C_s = Σ_j I_j [b_j (e_j · J̇_ω,i Θ̇) + s_j J_ω,iᵀ (ω_i × e_j)],
  s_j = b_jᵀ Θ̇, again from the full-body model's frames;
* ``qfrc_actuator`` for a control ξ, which must be A ξ.

Both are also checked against the virtual chain alone (the full-body model with B = 0, every
secondary link welded to its carrier): M(B = 0) + Σ I_j b_j b_jᵀ and H(B = 0). Tolerance 1e-9
relative to the largest entry; the dropped terms are asserted to be non-zero in Case S.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
from pathlib import Path

import numpy as np
import pytest

from modyn_model.mechanisms.geared.export import GYROSCOPIC_WARNING, mujoco_mjcf
from modyn_model.mechanisms.geared.fullbody import fullbody_model

mujoco = pytest.importorskip("mujoco")

TOL = 1e-9


def _cases():
    path = Path(__file__).resolve().parents[2] / "modyn_model" / "test" / "test_geared_fullbody.py"
    if not path.is_file():
        pytest.skip(f"{path} (the note's 3-dof arm) is not in this tree")
    spec = importlib.util.spec_from_file_location("_geared_fullbody_cases_hw", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _rel(x, ref) -> float:
    return float(np.abs(np.asarray(x) - ref).max() / max(np.abs(ref).max(), 1e-300))


def rotor_terms_from_frames(full, secs, b, q, v):
    """(Σ I_j (a_j b_jᵀ + b_j a_jᵀ), C_s) from the full-body model's carrier frames."""
    n = len(q)
    cross, cs = np.zeros((n, n)), np.zeros(n)
    for j, s in enumerate(secs.values()):
        c = s["carrier"]
        rot = full.frame_placement(q, c)[:3, :3]
        e = rot @ (np.asarray(s["axis"], dtype=float) / np.linalg.norm(s["axis"]))
        jw = full.frame_jacobian(q, c)[3:]
        jdv = full.frame_jacobian_dot_v(q, v, c)[3:]
        a = jw.T @ e
        bj = b[:, j]
        cross += s["I_axial"] * (np.outer(a, bj) + np.outer(bj, a))
        cs += s["I_axial"] * (bj * (e @ jdv) + (bj @ v) * (jw.T @ np.cross(jw @ v, e)))
    return cross, cs


@pytest.mark.parametrize("name", ["R", "S"])
def test_mujoco_tendons_reproduce_the_model_without_gyroscopic_terms(name):
    fb = _cases()
    secs, b, a_mat = fb.case(name)
    urdf = fb.geared3_urdf()
    motors = ["motor4", "motor5", "motor6"]
    with pytest.warns(UserWarning, match="drops the gyroscopic"):
        xml = mujoco_mjcf(urdf, secs, b, a_mat, motors, rotors=["gear4", "gear5", "gear6"])
    assert "gyroscopic" in GYROSCOPIC_WARNING
    m = mujoco.MjModel.from_xml_string(xml)
    d = mujoco.MjData(m)
    assert m.ntendon == 4 and m.nu == 3
    np.testing.assert_array_equal(m.tendon_armature, [s["I_axial"] for s in secs.values()])
    # the motors sit on the rotor spin tendons with gear 1 (stator = the rotor's carrier)
    for k, rotor in enumerate(["gear4", "gear5", "gear6"]):
        tendon = mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_TENDON, int(m.actuator_trnid[k, 0]))
        assert tendon == rotor + "_spin" and m.actuator_gear[k, 0] == 1.0
    joints = ["joint1", "joint2", "joint3"]
    qadr = [m.jnt_qposadr[mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_JOINT, j)] for j in joints]
    vadr = [m.jnt_dofadr[mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_JOINT, j)] for j in joints]
    full = fullbody_model(urdf, secs, b)
    virtual = fullbody_model(urdf, secs, np.zeros_like(b))
    rng = np.random.default_rng(3)
    worst = dict(M=0.0, bias=0.0, M_virtual=0.0, bias_virtual=0.0, actuator=0.0)
    dropped = dropped_bias = 0.0
    states = [(np.array(fb.STATE1[0]), np.array(fb.STATE1[1]))]
    states += [(rng.uniform(-np.pi, np.pi, 3), rng.uniform(-2.0, 2.0, 3)) for _ in range(6)]
    for q, v in states:
        d.qpos[qadr], d.qvel[vadr] = q, v
        xi = rng.uniform(-1.0, 1.0, 3)
        d.ctrl[:] = xi
        mujoco.mj_forward(m, d)
        dense = np.zeros((m.nv, m.nv))
        mujoco.mj_fullM(m, d, dense)
        m_mj = dense[np.ix_(vadr, vadr)]
        bias_mj = d.qfrc_bias[vadr].copy()
        cross, cs = rotor_terms_from_frames(full, secs, b, q, v)
        m_full = full.mass_matrix(q)
        h_full = full.bias_forces(q, v, friction=False)
        # MuJoCo = full model minus exactly the dropped terms
        worst["M"] = max(worst["M"], _rel(m_mj, m_full - cross))
        worst["bias"] = max(worst["bias"], _rel(bias_mj, h_full - cs))
        np.testing.assert_allclose(m_full - m_mj, cross, rtol=0, atol=TOL * np.abs(m_full).max())
        np.testing.assert_allclose(h_full - bias_mj, cs, rtol=0, atol=TOL * np.abs(h_full).max())
        # and the virtual chain plus the coupled reflected inertia
        reflected = sum(
            s["I_axial"] * np.outer(b[:, j], b[:, j]) for j, s in enumerate(secs.values())
        )
        worst["M_virtual"] = max(worst["M_virtual"], _rel(m_mj, virtual.mass_matrix(q) + reflected))
        h_v = virtual.bias_forces(q, v, friction=False)
        worst["bias_virtual"] = max(worst["bias_virtual"], _rel(bias_mj, h_v))
        worst["actuator"] = max(worst["actuator"], _rel(d.qfrc_actuator[vadr], a_mat @ xi))
        dropped = max(dropped, np.abs(cross).max() / np.abs(m_full).max())
        dropped_bias = max(dropped_bias, np.abs(cs).max())
    print(f"Case {name}: " + ", ".join(f"{k} {x:.1e}" for k, x in worst.items()))
    print(f"  dropped: max|cross|/max|M| {dropped:.2e}, max|C_s| {dropped_bias:.2e} N m")
    # the comparison is not vacuous: the dropped terms are there
    assert dropped > (1e-2 if name == "S" else 1e-5) and dropped_bias > 1e-4
    assert max(worst.values()) <= TOL, worst


def test_mujoco_drive_tendon_when_the_stator_is_not_the_carrier():
    """A column of A that is not a multiple of its rotor's b (or no rotor given): the motor gets
    its own tendon with coef A[:, k]; qfrc_actuator = A ξ still."""
    fb = _cases()
    secs, b, a_mat = fb.case("S")
    a_other = a_mat.copy()
    a_other[:, 1] = [0.5, -2.0, 0.25]
    with pytest.warns(UserWarning):
        xml = mujoco_mjcf(
            fb.geared3_urdf(),
            secs,
            b,
            a_other,
            ["m4", "m5", "m6"],
            rotors=["gear4", "gear5", None],
            effort_limits=[5.0, 6.0, 7.0],
        )
    m = mujoco.MjModel.from_xml_string(xml)
    d = mujoco.MjData(m)
    assert m.ntendon == 6  # 4 spin tendons + drives of m5 and m6
    np.testing.assert_array_equal(m.actuator_forcerange, [[-5, 5], [-6, 6], [-7, 7]])
    xi = np.array([0.3, -0.7, 0.2])
    d.ctrl[:] = xi
    d.qpos[:] = [0.2, -0.4, 0.9]
    mujoco.mj_forward(m, d)
    vadr = [
        m.jnt_dofadr[mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_JOINT, j)]
        for j in ["joint1", "joint2", "joint3"]
    ]
    np.testing.assert_allclose(d.qfrc_actuator[vadr], a_other @ xi, rtol=1e-12, atol=1e-15)


def _erd(relative: str) -> Path:
    try:
        base = importlib.metadata.distribution("example-robot-data").locate_file(
            "cmeel.prefix/share/example-robot-data/robots"
        )
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("example-robot-data is not installed")
    path = Path(base) / relative
    if not path.is_file():
        pytest.skip(f"example-robot-data has no {relative}")
    return path


@pytest.mark.parametrize(
    "relative", ["ur_description/urdf/ur5_robot.urdf", "xarm_description/urdf/xarm7.urdf"]
)
def test_mujoco_export_of_an_example_robot(relative):
    """A robot nobody here wrote, with the rotors of test_geared_fullbody.robot_with_rotors (a
    base motor coaxial with joint 1, a bevel motor on link 2 driving joint 3): the MJCF body tree
    written from the virtual chain (rotated joint frames, full inertia tensors, fixed links
    lumped) plus tendons gives MuJoCo's qM = full-body M minus the cross terms, qfrc_bias = H
    minus C_s, and qfrc_actuator = A ξ (A = B = diag(g): each motor on its rotor, stator = the
    rotor's carrier)."""
    fb = _cases()
    text = _erd(relative).read_text()
    rng = np.random.default_rng(21)
    mapping, b = fb.robot_with_rotors(text, rng)
    secs = mapping["secondary_links"]
    motors = list(mapping["actuators"])
    with pytest.warns(UserWarning, match="drops the gyroscopic"):
        xml = mujoco_mjcf(text, secs, b, b, motors, rotors=[f"rotor{k + 1}" for k in range(len(b))])
    m = mujoco.MjModel.from_xml_string(xml)
    d = mujoco.MjData(m)
    full = fullbody_model(text, secs, b)
    names = full.coordinate_names
    assert m.nv == len(names)
    qadr = [m.jnt_qposadr[mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_JOINT, j)] for j in names]
    vadr = [m.jnt_dofadr[mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_JOINT, j)] for j in names]
    worst = dict(M=0.0, bias=0.0, actuator=0.0)
    dropped = 0.0
    for _ in range(5):
        q, v = rng.uniform(-np.pi, np.pi, m.nv), rng.uniform(-2.0, 2.0, m.nv)
        xi = rng.uniform(-1.0, 1.0, m.nu)
        d.qpos[qadr], d.qvel[vadr], d.ctrl[:] = q, v, xi
        mujoco.mj_forward(m, d)
        dense = np.zeros((m.nv, m.nv))
        mujoco.mj_fullM(m, d, dense)
        cross, cs = rotor_terms_from_frames(full, secs, b, q, v)
        m_full = full.mass_matrix(q)
        worst["M"] = max(worst["M"], _rel(dense[np.ix_(vadr, vadr)], m_full - cross))
        h = full.bias_forces(q, v, friction=False)
        worst["bias"] = max(worst["bias"], _rel(d.qfrc_bias[vadr], h - cs))
        worst["actuator"] = max(worst["actuator"], _rel(d.qfrc_actuator[vadr], b @ xi))
        dropped = max(dropped, np.abs(cross).max() / np.abs(m_full).max())
    print(f"{relative}: " + ", ".join(f"{k} {x:.1e}" for k, x in worst.items()))
    print(f"  dropped: max|cross|/max|M| {dropped:.2e}")
    assert dropped > 0.0
    assert max(worst.values()) <= TOL, worst
