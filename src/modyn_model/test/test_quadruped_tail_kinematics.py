"""Issue 17: kinematics of the quadruped with a tail (note seed-001 §1-2, §5.2; §6.3 items 1-3).

References: scipy's rotations (Eq. 1), finite differences (E, Jacobians), the note's §5.2 table
(IK at q0, derived by the note's own reconstruction), Pinocchio on the generated URDF (feet).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from scipy.spatial.transform import Rotation

from modyn_model.errors import DescriptionError, StateError
from modyn_model.mechanisms.quadruped_tail import kinematics as K
from modyn_model.mechanisms.quadruped_tail.parameters import QuadrupedTailParameters
from modyn_model.mechanisms.quadruped_tail.urdf import ACTUATED_JOINTS, generate_urdf

YAML = Path(__file__).resolve().parents[3] / "config" / "mechanisms" / "quadruped_tail.yaml"
P = QuadrupedTailParameters.liu_ben_tzvi()
Q0 = np.array(P.q0)


def _states(n=6, seed=3, spread=0.08):
    rng = np.random.default_rng(seed)
    q = Q0 + rng.uniform(-spread, spread, (n, 8))
    q[:, 6:] = rng.uniform(-1.0, 1.0, (n, 2))
    return q, rng.normal(size=(n, 8))


def _expm_skew(w):
    return Rotation.from_rotvec(w).as_matrix()


# ---------------------------------------------------------------------- item 1
def test_rotation_is_rz_ry_rx():
    phi = np.random.default_rng(0).uniform(-1.2, 1.2, (20, 3))
    ref = Rotation.from_euler("xyz", phi).as_matrix()  # extrinsic x, then y, then z = Rz Ry Rx
    assert np.abs(K.rotation(phi) - ref).max() < 1e-14


def test_euler_rate_matrix_is_rdot_rt():
    """ω̃ = Ṙ Rᵀ with ω = E φ̇ (note §1.6 [FIX E1]); Ė by differences of E."""
    rng = np.random.default_rng(1)
    for _ in range(10):
        phi, phid = rng.uniform(-1.2, 1.2, 3), rng.normal(size=3)
        h = 1e-6
        rdot = (K.rotation(phi + h * phid) - K.rotation(phi - h * phid)) / (2 * h)
        w_hat = rdot @ K.rotation(phi).T
        w = np.array([w_hat[2, 1], w_hat[0, 2], w_hat[1, 0]])
        assert np.abs(w_hat + w_hat.T).max() < 1e-9
        assert np.abs(w - K.euler_rate_matrix(phi) @ phid).max() < 1e-9
        edot = (K.euler_rate_matrix(phi + h * phid) - K.euler_rate_matrix(phi - h * phid)) / (2 * h)
        assert np.abs(edot - K.euler_rate_matrix_dot(phi, phid)).max() < 1e-9
    # the paper's ω = φ̇ (Eq. 2) is exact only about a single axis (note E1)
    assert np.abs(K.euler_rate_matrix([0.3, 0, 0]) - np.eye(3)).max() < 1e-15
    assert np.abs(K.euler_rate_matrix([0.0, 0.3, 0.2]) - np.eye(3)).max() > 0.1


# ---------------------------------------------------------------------- item 2: IK
def test_ik_at_q0_matches_note_5_2():
    k = K.kinematics(P, Q0)
    ang = k.angles
    # note §5.2: θ_ha = atan(s_x/s_z) [FIX E2], ‖s‖, interior κ, θ_hb (Eq. 8)
    assert np.abs(ang[:, 0] - [0.074860, -0.074860, -0.074860, 0.074860]).max() < 5e-7
    assert (
        np.abs(np.linalg.norm(k.s, axis=-1) - [0.405586, 0.401123, 0.401123, 0.405586]).max() < 5e-7
    )
    assert np.abs(ang[:, 2] - [1.48458, 1.46449, 1.46449, 1.48458]).max() < 5e-6
    assert np.abs(np.rad2deg(ang[:, 2]) - [85.06, 83.91, 83.91, 85.06]).max() < 5e-3
    assert np.abs(np.pi - ang[:, 2] - [1.65701, 1.67711, 1.67711, 1.65701]).max() < 5e-6
    assert np.abs(ang[:, 1] - [-0.97699, -0.83855, -0.83855, -0.68003]).max() < 5e-6
    # the paper's Eq. (8) with Heron's area (9) gives the same θ_hb here (hip angle < 90°)
    assert np.abs(K.leg_ik_eq8(P, k.s) - ang[:, 1]).max() < 1e-12
    # points of §5.2
    hips = [[0.44, 0.57, 0.4], [-0.04, 0.57, 0.4], [-0.04, 0.03, 0.4], [0.44, 0.03, 0.4]]
    knees = [
        [0.42745, 0.81864, 0.23261],
        [-0.025, 0.79310, 0.2],
        [-0.025, 0.25310, 0.2],
        [0.42255, 0.21864, 0.16739],
    ]
    assert np.abs(k.hip - hips).max() < 1e-12
    assert np.abs(k.knee - knees).max() < 5e-6
    assert np.abs(k.foot - P.feet).max() < 1e-12
    assert np.abs(k.tail_tip - [0.2, -0.64, 0.4]).max() < 1e-12
    # all four knees point toward +y (note §2.1)
    assert ((k.knee - k.hip)[:, 1] > 0).all()


def test_literal_eq7_gives_angles_near_pi():
    """Eq. (7) as printed, atan2(s_x, s_z), leaves (−π/2, π/2) for legs pointing down (E2)."""
    s = K.kinematics(P, Q0).s
    literal = np.arctan2(s[:, 0], s[:, 2])
    assert (np.abs(literal) > 3.0).all()


def test_ik_fk_round_trip():
    rng = np.random.default_rng(7)
    angles = np.stack(
        (
            rng.uniform(-0.6, 0.6, (50, 4)),
            rng.uniform(-1.2, 0.3, (50, 4)),
            rng.uniform(0.4, 2.8, (50, 4)),
        ),
        axis=-1,
    )
    b, c = K.leg_vectors(P, angles)
    s = b + c
    keep = s[..., 2] < -1e-3
    back = K.leg_ik(P, np.where(keep[..., None], s, [0.0, 0.0, -0.4]))
    assert np.abs((back - angles)[keep]).max() < 1e-10
    # and FK∘IK: the feet land on d_i at random poses
    q, _ = _states(20)
    k = K.kinematics(P, q)
    assert np.abs(k.foot - P.feet).max() < 1e-14


@pytest.mark.parametrize(
    "dq, leg, what",
    [
        ([0, 0, 0.3, 0, 0, 0, 0, 0], "leg1", "outside (0, 0.6) m"),  # p_z = 0.7: every leg too long
        ([0.25, 0.25, 0.05, 0, 0, 0, 0, 0], "leg4", "0.614003 m outside"),  # only leg 4
        ([0, 0, -0.5, 0, 0, 0, 0, 0], "leg1", "not below the hip"),
    ],
)
def test_workspace_error_names_the_leg(dq, leg, what):
    with pytest.raises(StateError) as err:
        K.kinematics(P, Q0 + np.array(dq))
    assert leg in str(err.value) and what in str(err.value)


# ---------------------------------------------------------------------- item 3: Jacobians
def _moved(q, twist, h):
    """q after the torso moves by the twist (v, ω) for h s (ω in ΣS: R ← exp(h ω̃) R)."""
    r = _expm_skew(h * twist[3:]) @ K.rotation(q[3:6])
    phi = Rotation.from_matrix(r).as_euler("xyz")
    out = q.copy()
    out[:3] += h * twist[:3]
    out[3:6] = phi
    return out


def test_joint_rows_against_finite_differences_under_a_twist():
    """j_s (13), j_k (15), j_ha (16) and the fixed j_hb against central differences of the IK
    under a twist, 1e-8 (note §6.3 item 3)."""
    q, _ = _states(8, seed=11)
    rng = np.random.default_rng(12)
    h = 1e-5
    for qi in q:
        twist = rng.normal(size=6)
        k = K.kinematics(P, qi)
        kp = K.kinematics(P, _moved(qi, twist, h))
        km = K.kinematics(P, _moved(qi, twist, -h))
        ds = (kp.s - km.s) / (2 * h)
        dang = (kp.angles - km.angles) / (2 * h)
        js = K.j_s(k.r[None], P.feet - qi[None, :3])
        assert np.abs(js @ twist - ds).max() < 1e-8
        assert np.abs(k.jt @ twist - dang).max() < 1e-8
        literal = K.hip_b_rows_literal(P, k.s, k.angles[:, 1], k.angles[:, 2], js)
        assert np.abs(literal @ twist - dang[:, 1]).max() > 1e-2  # Eq. (18) as printed is wrong


def test_literal_eq18_is_wrong_under_both_knee_conventions():
    """Note E3: Eq. (18) mixes the interior (15) and deflection (17) conventions; with either
    reading of θ_k it misses the true θ̇_hb by O(1)."""
    q, _ = _states(5, seed=13)
    rng = np.random.default_rng(14)
    h = 1e-6
    worst = []
    for qi in q:
        twist = rng.normal(size=6)
        k = K.kinematics(P, qi)
        true = (
            K.kinematics(P, _moved(qi, twist, h)).angles[:, 1]
            - K.kinematics(P, _moved(qi, twist, -h)).angles[:, 1]
        ) / (2 * h)
        js = K.j_s(k.r[None], P.feet - qi[None, :3])
        hb, kap = k.angles[:, 1], k.angles[:, 2]
        for knee in (kap, np.pi - kap):
            worst.append(np.abs(K.hip_b_rows_literal(P, k.s, hb, knee, js) @ twist - true).max())
        assert np.abs(K.hip_b_rows(P, k.s, hb, kap, js) @ twist - true).max() < 1e-8
    assert min(worst) > 0.05
    print(f"literal Eq. (18): smallest max error over the states and conventions {min(worst):.3g}")


def test_qk_and_kn_are_derivatives():
    rng = np.random.default_rng(15)
    h = 1e-6
    for _ in range(10):
        ang = rng.uniform(-1, 1, 3)
        qk = K.q_k(P, ang)
        for j in range(2):
            e = np.zeros(3)
            e[j] = h
            d = (K.leg_vectors(P, ang + e)[0] - K.leg_vectors(P, ang - e)[0]) / (2 * h)
            assert np.abs(d - qk[:, j]).max() < 1e-9
        tt = rng.uniform(-1.5, 1.5, 2)
        kn = K.k_n(P, tt)
        for j in range(2):
            e = np.zeros(2)
            e[j] = h
            d = (K.tail_vector(P, tt + e) - K.tail_vector(P, tt - e)) / (2 * h)
            assert np.abs(d - kn[:, j]).max() < 1e-9


def test_point_jacobians_paper_forms_and_finite_differences():
    """J_h (20), J_k (23 as fixed), J_t (26) equal the chain Jacobians and the derivatives of
    the points' positions in q (exact mode); J_foot = 0 (the foot is pinned)."""
    q, _ = _states(6, seed=17)
    h = 1e-6
    k = K.kinematics(P, q, mode="exact")
    assert np.abs(k.j_foot).max() < 1e-12
    for n, qi in enumerate(q):
        tmap = np.eye(8)
        tmap[3:6, 3:6] = k.t_omega[n]
        jknee_tw = K.knee_jacobian_paper(
            P, k.r[n], k.a_w[n], k.b_w[n], k.angles[n], k.jt[n, :, 0], k.jt[n, :, 1]
        )
        assert np.abs(jknee_tw @ tmap[:6, :8] - k.j_knee[n]).max() < 1e-12
        rk = k.r[n] @ K.k_n(P, qi[6:])
        jt_paper = np.concatenate(
            (np.eye(3), -K.skew(k.r_w[n] + k.t_w[n]) @ k.t_omega[n], rk), axis=-1
        )
        assert np.abs(jt_paper - k.j_tail[n]).max() < 1e-12
        for j in range(8):
            e = np.zeros(8)
            e[j] = h
            kp, km = K.kinematics(P, qi + e), K.kinematics(P, qi - e)
            for name, jac in (("hip", "j_hip"), ("knee", "j_knee"), ("tail_tip", "j_tail")):
                d = (getattr(kp, name) - getattr(km, name)) / (2 * h)
                assert np.abs(d - getattr(k, jac)[n][..., j]).max() < 1e-8, (name, j)
            assert np.abs((kp.angles - km.angles) / (2 * h) - k.rows[n][..., j]).max() < 1e-8


def test_velocity_products_are_jdot_qdot():
    """The chain's joint accelerations at q̈ = 0 and the points' J̇ q̇ equal the derivative of
    J(q(t)) q̇ along q̇ (exact mode): the acceleration step the paper leaves out (note E13)."""
    q, v = _states(5, seed=19)
    h = 1e-6
    k = K.kinematics(P, q, v, mode="exact")
    kp, km = K.kinematics(P, q + h * v), K.kinematics(P, q - h * v)

    def dd(name):
        jdot = (getattr(kp, name) - getattr(km, name)) / (2 * h)
        vv = v[:, None, :] if jdot.ndim == 4 else v
        return np.einsum("...ij,...j->...i", jdot, vv)

    assert np.abs(dd("rows") - k.accel_bias).max() < 1e-6
    assert np.abs(dd("j_knee") - k.knee_bias).max() < 1e-6
    assert np.abs(dd("j_hip") - k.hip_bias).max() < 1e-6
    assert np.abs(dd("j_tail") - k.tail_bias).max() < 1e-6
    assert np.abs(k.foot_bias).max() < 1e-12


# ---------------------------------------------------------------------- URDF and parameters
def test_generated_urdf_parses_and_lands_the_feet_on_d():
    import pinocchio as pin

    from modyn_model.floating import FloatingBaseModel

    urdf = generate_urdf(P)
    fm = FloatingBaseModel.from_urdf(urdf)  # the project's own loader
    assert fm.nq == 7 + 14 and fm.nv == 6 + 14
    assert set(ACTUATED_JOINTS) <= set(fm.coordinate_names)
    assert np.isclose(fm._tree.mass, P.total_mass, rtol=1e-12)
    model = pin.buildModelFromXML(urdf, pin.JointModelFreeFlyer())
    data = model.createData()
    q, _ = _states(4, seed=21)
    for qi in np.vstack((Q0, q)):
        k = K.kinematics(P, qi)
        x = pin.neutral(model)
        x[:3] = qi[:3]
        x[3:7] = pin.Quaternion(k.r).coeffs()
        values = np.concatenate((k.angles.ravel(), qi[6:]))
        for name, val in zip(ACTUATED_JOINTS, values, strict=True):
            x[model.idx_qs[model.getJointId(name)]] = val
        pin.framesForwardKinematics(model, data, x)
        for i in range(4):
            assert (
                np.abs(data.oMf[model.getFrameId(f"foot{i + 1}")].translation - P.feet[i]).max()
                < 1e-14
            )
            assert (
                np.abs(
                    data.oMf[model.getFrameId(f"leg{i + 1}_shank")].translation - k.knee[i]
                ).max()
                < 1e-14
            )
        assert np.abs(data.oMf[model.getFrameId("tail_tip")].translation - k.tail_tip).max() < 1e-14


def test_yaml_preset_equals_table1_and_bad_fields_are_named():
    import yaml

    d = yaml.safe_load(YAML.read_text())
    p = QuadrupedTailParameters.from_mapping(d, str(YAML))
    for f in ("l_th", "l_sh", "l_t", "m_th", "m_sh", "m_b", "m_t", "g"):
        assert getattr(p, f) == getattr(P, f)
    assert np.array_equal(p.hips, P.hips) and np.array_equal(p.feet, P.feet)
    assert np.isclose(p.total_mass, 37.0393, atol=5e-5)  # note §5.1
    bad = dict(d, masses=dict(d["masses"], thigh=-1.0))
    with pytest.raises(DescriptionError, match="masses.thigh"):
        QuadrupedTailParameters.from_mapping(bad, "f.yaml")
    with pytest.raises(DescriptionError, match=r"f.yaml.*hips"):
        QuadrupedTailParameters.from_mapping(dict(d, hips=[[0, 0, 0]]), "f.yaml")
    with pytest.raises(DescriptionError, match="mode"):
        QuadrupedTailParameters.from_mapping(dict(d, mode="approx"), "f.yaml")
    with pytest.raises(DescriptionError, match="unknown field"):
        QuadrupedTailParameters.from_mapping(dict(d, tial=1), "f.yaml")
    with pytest.raises(DescriptionError, match="lengths.tail"):
        QuadrupedTailParameters.from_mapping(
            dict(d, lengths={"thigh": 0.3, "shank": 0.3}), "f.yaml"
        )
