"""The full-body reference of a geared mechanism (mechanisms/geared/fullbody.py) against the note.

Note: ``../shared/research/seed-002-geared.md``. The 3-dof arm of §2 is written here from scratch
(standard DH Table 1 with d1 = 0.35, a2 = 0.45, the primary-link inertials of §2.7, the secondary
links of §2.7's table, B from Eqs. (27)-(30)), independently of the shipped xacro and of the
virtual-link code. Every gear and rotor is a body of its own on a continuous joint; q_f = G Θ.

What is compared, and why it is a test of the full-body model:

* M, C v (bias without gravity), g and τ = M Θ̈ + C v + g against §2.7 (Case R and Case S, State 1;
  Case S State 2; the hand-checkable sanity case) with ``assert_allclose(rtol=1e-9, atol=1e-12)``.
  §2.7 prints 12 **decimal places** (not 12 significant digits; trailing zeros dropped): e.g.
  Case R's C_s = I7 g37 cos θ2 [θ̇2 θ̇3, −θ̇1 θ̇3, θ̇1 θ̇2] (Eq. (43)) is exactly
  [−7.34248499793e-4, −3.05936874914e-4, −4.58905312371e-4], printed −0.0007342485,
  −0.000305936875, −0.000458905312. So the small entries (|x| < 1e-3) carry only the printing's
  absolute precision, 5e-13, i.e. a relative 1e-9 or worse: for them atol = 1e-12 (twice the
  printing half-unit) is what the comparison rests on; every other entry meets rtol = 1e-9 alone
  (measured worst 8.1e-10, Case R C_s[2], an entry of the first kind; the others ≤ 1.3e-10).
* The split of §2.7 into the virtual chain and the rotor terms, without any virtual-link formula:
  the virtual EOLC (note §1.5: every secondary link welded to its carrier) is the same full-body
  model with B = 0 (no relative spin), so M_v = M(B = 0), C_v = C(B = 0) and M_s = M(B) − M(B = 0),
  C_s = C(B) − C(B = 0).
* A = the input links' columns of B (Eq. (45)), ξ = A⁻¹ τ, M_φ = A⁻¹ M A⁻ᵀ, and the diagonal-
  armature torque (M_v + diag(M_s)) Θ̈ + C_v + g (§2.7's last row).
* The full-body tree against Pinocchio (``pin.buildModelFromXML`` of the same URDF text):
  Gᵀ M_f G and Gᵀ nle_f(G Θ, G Θ̇), 1e-10.

The note's rotor data are idealised (Case S: I_axial = 2e-2 with I_transverse = 1.2e-4, no rigid
body has it: I1 + I2 < I3); see :func:`fullbody_model` for how the tensor is still used exactly.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from modyn_model.errors import DescriptionError
from modyn_model.mechanisms.geared.fullbody import (
    SPIN_SUFFIX,
    axisymmetric_inertia,
    fullbody_model,
    fullbody_urdf,
)

RTOL, ATOL = 1e-9, 1e-12

# standard DH Table 1 (a, alpha, d) with d1 = 0.35, a2 = 0.45 (note §2.2, §2.7)
DH = [(0.0, math.pi / 2, 0.35), (0.45, 0.0, 0.0), (0.0, math.pi / 2, 0.0)]
# primary links alone (note §2.7): mass, COM in own DH frame, inertia about the COM
PRIMARY = [
    (3.6, (0.0, -0.10, 0.0), (0.028, 0.022, 0.018)),
    (2.6, (-0.22, 0.0, 0.0), (0.008, 0.050, 0.047)),
    (1.5, (0.0, 0.0, 0.12), (0.008, 0.009, 0.004)),
]
# secondary links (note §2.7 table): carrier, e, on-axis COM c, m, I_transverse
GEOMETRY = {
    "gear4": dict(
        carrier="base_link",
        axis=[0, 0, 1],
        origin=[0.08, 0.05, 0.0],
        mass=0.30,
        I_transverse=1.2e-4,
    ),
    "gear5": dict(
        carrier="base_link", axis=[0, 0, 1], origin=[0.0, 0.0, 0.20], mass=0.40, I_transverse=1.0e-4
    ),
    "gear6": dict(
        carrier="link1", axis=[0, 0, 1], origin=[0.0, 0.0, 0.06], mass=0.40, I_transverse=0.8e-4
    ),
    "shaft7": dict(
        carrier="link2", axis=[1, 0, 0], origin=[-0.25, 0.0, 0.06], mass=0.60, I_transverse=2.0e-3
    ),
}
CASES = {  # axial inertias I4..I7 and ratios g14, g25, g76, g37
    "R": ((2.0e-4, 1.5e-4, 1.0e-4, 5.0e-5), (-50.0, 40.0, -1.5, 20.0)),
    "S": ((2.0e-2, 1.5e-2, 1.0e-2, 3.0e-2), (-3.0, 2.0, -1.5, 2.5)),
}
STATE1 = ([0.3, -0.7, 1.1], [0.5, -1.2, 0.8], [0.2, 0.4, -0.6])
STATE2 = ([-1.0, 0.4, -0.3], [-0.7, 0.9, 1.3], [1.0, -0.5, 0.25])

# note §2.7, State 1
REF1 = {
    "R": dict(
        Mv=[
            [0.387759847471, 0.004638367348, 0],
            [0.004638367348, 0.68926559233, 0.102787796165],
            [0, 0.102787796165, 0.0306],
        ],
        Ms=[
            [0.50015, 0.006, -0.000644217687],
            [0.006, 0.2401, -0.003],
            [-0.000644217687, -0.003, 0.11],
        ],
        Cv=[-0.359910289444, -0.131398751827, -0.069468433776],
        Cs=[-0.0007342485, -0.000305936875, -0.000458905312],
        g=[0, 11.139455796013, 0.687634908849],
        A=[[-50, 1, 0], [0, 40, 1], [0, 0, -30]],
        tau=[-0.178420690898, 11.321752340013, 0.573133844689],
        tau0=[-0.178420690898, 0.182296544, -0.11450106416],
        xi=[0.009238842219, 0.283521420038, -0.01910446149],
        Mphi=[
            [3.551856447035e-4, 6.393732466105e-6, -2.170719505353e-6],
            [6.393732466105e-6, 5.851089589353e-4, -8.706205235970e-5],
            [-2.170719505353e-6, -8.706205235970e-5, 1.562222222222e-4],
        ],
        tau_diag=[-0.18047297301, 11.319058276888, 0.574921593539],
    ),
    "S": dict(
        Mv=[
            [0.400189589506, 0.004638367348, 0],
            [0.004638367348, 0.68926559233, 0.102787796165],
            [0, 0.102787796165, 0.0306],
        ],
        Ms=[
            [0.195, 0.03, -0.048316326543],
            [0.03, 0.07, -0.0375],
            [-0.048316326543, -0.0375, 0.328125],
        ],
        Cv=[-0.342201757796, -0.127709474401, -0.069468433776],
        Cs=[-0.055068637484, -0.022945265619, -0.034417898428],
        g=[0, 11.139455796013, 0.687634908849],
        A=[[-3, 1, 0], [0, 2, 1], [0, 0, -3.75]],
        tau=[-0.235387334514, 11.260262288696, 0.384965429802],
        tau0=[-0.235387334514, 0.120806492683, -0.302669479046],
        xi=[1.972282400945, 5.681459868322, -0.102657447947],
        Mphi=[
            [0.08648159409, 0.064673921368, -0.011448019967],
            [0.064673921368, 0.204898770904, -0.021459706155],
            [-0.011448019967, -0.021459706155, 0.025509333333],
        ],
        tau_diag=[-0.221308492956, 11.254707554315, 0.444046593539],
    ),
}
# note §2.7, State 2 (Case S)
REF2 = dict(
    Mv=[
        [0.489438759053, -0.002803812065, 0],
        [-0.002803812065, 0.497015726521, 0.00666286326],
        [0, 0.00666286326, 0.0306],
    ],
    Ms=[[0.195, 0.03, 0.029206375673], [0.03, 0.07, -0.0375], [0.029206375673, -0.0375, 0.328125]],
    Cv=[-0.021266898423, 0.360009476419, -0.100299959662],
    Cs=[0.080823102224, 0.062862412841, -0.043520131967],
    g=[0, 12.762888280292, 0.176285847115],
    tau=[0.737698462804, 12.921739210042, 0.16677194953],
    xi=[1.915135800718, 6.483105864958, -0.044472519875],
)


def geared3_urdf(primary=None) -> str:
    """The primary links of note §2 as URDF: joint i turns about z_{i-1} (axis z of frame i-1,
    through its origin) and moves an intermediate link; link i (the DH frame i, where the
    inertials and the carried secondary links live) is fixed to it by
    Rz(θ_i) · Trans(a_i, 0, d_i) · Rx(α_i) (standard DH, note Eq. (5) is its transpose).

    ``primary``: [(mass, COM, 3x3 tensor about the COM or its diagonal)] per link (default: §2.7)."""
    parts = ['<robot name="geared3_test">', '  <link name="base_link"/>']
    for i, ((a, alpha, d), (m, c, inertia)) in enumerate(
        zip(DH, primary or PRIMARY, strict=True), start=1
    ):
        t = np.asarray(inertia, dtype=float)
        t = np.diag(t) if t.ndim == 1 else t
        parent = "base_link" if i == 1 else f"link{i - 1}"
        keys = {"ixx": (0, 0), "ixy": (0, 1), "ixz": (0, 2), "iyy": (1, 1), "iyz": (1, 2)}
        keys["izz"] = (2, 2)
        tensor = " ".join(f'{k}="{float(t[ij])!r}"' for k, ij in keys.items())
        com = " ".join(repr(float(x)) for x in c)
        parts += [
            f'  <joint name="joint{i}" type="revolute"><parent link="{parent}"/>'
            f'<child link="link{i}_rot"/><origin xyz="0 0 0" rpy="0 0 0"/><axis xyz="0 0 1"/>'
            '<limit lower="-3.1" upper="3.1" effort="100" velocity="10"/></joint>',
            f'  <link name="link{i}_rot"/>',
            f'  <joint name="link{i}_dh" type="fixed"><parent link="link{i}_rot"/>'
            f'<child link="link{i}"/><origin xyz="{a!r} 0 {d!r}" rpy="{alpha!r} 0 0"/></joint>',
            f'  <link name="link{i}"><inertial><origin xyz="{com}"/>'
            f'<mass value="{float(m)!r}"/><inertia {tensor}/>'
            "</inertial></link>",
        ]
    parts.append("</robot>")
    return "\n".join(parts)


def case(name: str):
    """(secondaries, B, A) of Case ``name``: B from Eqs. (27)-(30), A = [b4 b5 b6] (Eq. (45))."""
    inertias, (g14, g25, g76, g37) = CASES[name]
    secs = {k: dict(v, I_axial=i) for (k, v), i in zip(GEOMETRY.items(), inertias, strict=True)}
    b = np.array(
        [[g14, 1.0, 0.0, 0.0], [0.0, g25, 1.0, 0.0], [0.0, 0.0, g76 * g37, g37]], dtype=float
    )
    return secs, b, b[:, :3]


def split(secs, b, q, v, a):
    """Everything §2.7 lists, from two full-body models: with B (the mechanism) and with B = 0
    (the virtual EOLC, note §1.5)."""
    urdf = geared3_urdf()
    full = fullbody_model(urdf, secs, b)
    virtual = fullbody_model(urdf, secs, np.zeros_like(b))
    m, mv = full.mass_matrix(q), virtual.mass_matrix(q)
    g = full.gravity(q)
    c = full.bias_forces(q, v, friction=False) - g
    cv = virtual.bias_forces(q, v, friction=False) - virtual.gravity(q)
    out = dict(M=m, Mv=mv, Ms=m - mv, C=c, Cv=cv, Cs=c - cv, g=g, gv=virtual.gravity(q))
    out["tau"] = full.inverse_dynamics(q, v, a, friction=False)
    out["tau0"] = out["tau"] - g
    out["tau_diag"] = (mv + np.diag(np.diag(m - mv))) @ a + cv + g
    return out


@pytest.mark.parametrize("name", ["R", "S"])
def test_state1_matches_note_2_7(name):
    secs, b, a_mat = case(name)
    ref = REF1[name]
    q, v, a = (np.array(x) for x in STATE1)
    out = split(secs, b, q, v, a)
    mref = np.array(ref["Mv"]) + np.array(ref["Ms"])
    np.testing.assert_allclose(out["M"], mref, rtol=RTOL, atol=ATOL)
    np.testing.assert_allclose(out["C"], np.add(ref["Cv"], ref["Cs"]), rtol=RTOL, atol=ATOL)
    np.testing.assert_allclose(out["g"], ref["g"], rtol=RTOL, atol=ATOL)
    np.testing.assert_allclose(out["tau"], ref["tau"], rtol=RTOL, atol=ATOL)
    np.testing.assert_allclose(out["tau0"], ref["tau0"], rtol=RTOL, atol=ATOL)
    # the split: virtual chain (B = 0) and the rotor terms
    for key in ("Mv", "Ms", "Cv", "Cs"):
        np.testing.assert_allclose(out[key], ref[key], rtol=RTOL, atol=ATOL, err_msg=key)
    np.testing.assert_allclose(out["gv"], ref["g"], rtol=RTOL, atol=ATOL)  # g is the same
    np.testing.assert_allclose(out["tau_diag"], ref["tau_diag"], rtol=RTOL, atol=ATOL)
    # actuator space (note §1.7): A, ξ = A⁻¹ τ, M_φ = A⁻¹ M A⁻ᵀ
    np.testing.assert_array_equal(a_mat, ref["A"])
    np.testing.assert_allclose(np.linalg.solve(a_mat, out["tau"]), ref["xi"], rtol=RTOL, atol=ATOL)
    ainv = np.linalg.inv(a_mat)
    np.testing.assert_allclose(ainv @ out["M"] @ ainv.T, ref["Mphi"], rtol=RTOL, atol=ATOL)


def test_state2_matches_note_2_7():
    secs, b, a_mat = case("S")
    q, v, a = (np.array(x) for x in STATE2)
    out = split(secs, b, q, v, a)
    for key in ("Mv", "Ms", "Cv", "Cs", "g", "tau"):
        np.testing.assert_allclose(out[key], REF2[key], rtol=RTOL, atol=ATOL, err_msg=key)
    np.testing.assert_allclose(out["M"], np.add(REF2["Mv"], REF2["Ms"]), rtol=RTOL, atol=ATOL)
    np.testing.assert_allclose(np.linalg.solve(a_mat, out["tau"]), REF2["xi"], rtol=RTOL, atol=ATOL)


def test_sanity_case_matches_note_2_7():
    """Θ = 0, Θ̇ = [1, 1, 1] (Case S): M_13 = 0, M_s and C_s = I_7 g_37 [1, -1, 1] (note §2.7;
    exact in exact arithmetic, so only rounding is allowed)."""
    secs, b, _ = case("S")
    out = split(secs, b, np.zeros(3), np.ones(3), np.zeros(3))
    assert abs(out["M"][0, 2]) < 1e-15 and abs(out["M"][2, 0]) < 1e-15
    np.testing.assert_allclose(
        out["Ms"],
        [[0.195, 0.03, 0.0], [0.03, 0.07, -0.0375], [0.0, -0.0375, 0.328125]],
        rtol=1e-12,
        atol=1e-15,
    )
    np.testing.assert_allclose(out["Cs"], [0.075, -0.075, 0.075], rtol=1e-12, atol=1e-15)


def test_coupling_matrix_and_urdf():
    """G = [I; Bᵀ] in the full tree's joint order; each secondary link is a continuous joint
    about its axis through its origin, child of its carrier, with the full axisymmetric tensor."""
    import xml.etree.ElementTree as ET

    secs, b, _ = case("S")
    urdf, g = fullbody_urdf(geared3_urdf(), secs, b)
    full = fullbody_model(geared3_urdf(), secs, b).full_model
    row = {n: r for r, n in enumerate(full.joint_names)}
    for i in range(3):
        np.testing.assert_array_equal(g[row[f"joint{i + 1}"]], np.eye(3)[i])
    for j, name in enumerate(secs):
        np.testing.assert_array_equal(g[row[name + SPIN_SUFFIX]], b[:, j])
    robot = ET.fromstring(urdf)
    for name, s in secs.items():
        joint = robot.find(f"joint[@name='{name}{SPIN_SUFFIX}']")
        assert joint.get("type") == "continuous"
        assert joint.find("parent").get("link") == s["carrier"]
        assert joint.find("child").get("link") == name
        np.testing.assert_array_equal(
            [float(x) for x in joint.find("origin").get("xyz").split()], s["origin"]
        )
        np.testing.assert_array_equal(
            [float(x) for x in joint.find("axis").get("xyz").split()], s["axis"]
        )
        inertia = robot.find(f"link[@name='{name}']/inertial/inertia")
        ref = axisymmetric_inertia(s["axis"], s["I_axial"], s["I_transverse"])
        assert float(inertia.get("ixx")) == ref[0, 0] and float(inertia.get("izz")) == ref[2, 2]
    # the model's body parameters are exactly the tensor (not the URDF placeholder)
    for name, s in secs.items():
        p = full.inertial_parameters[full.link_names.index(name)]
        ref = axisymmetric_inertia(s["axis"], s["I_axial"], s["I_transverse"])
        np.testing.assert_array_equal(p[[0, 3, 5]], np.diag(ref))
        assert p[9] == s["mass"] and not np.any(p[6:9])


def _pin_state(pmodel, names, qf, vf):
    """Pinocchio's q (continuous joints as [cos, sin]) and v from modyn's full joint values."""
    import pinocchio as pin

    q, v = pin.neutral(pmodel), np.zeros(pmodel.nv)
    cols = []
    for jid in range(1, pmodel.njoints):
        r = names.index(pmodel.names[jid])
        j = pmodel.joints[jid]
        if j.nq == 2:
            q[j.idx_q : j.idx_q + 2] = [math.cos(qf[r]), math.sin(qf[r])]
        else:
            q[j.idx_q] = qf[r]
        v[j.idx_v] = vf[r]
        cols.append((j.idx_v, r))
    perm = np.zeros((len(names), pmodel.nv))  # modyn full order <- Pinocchio order
    for iv, r in cols:
        perm[r, iv] = 1.0
    return q, v, perm


@pytest.mark.parametrize("name", ["R", "S"])
def test_fullbody_matches_pinocchio(name):
    pin = pytest.importorskip("pinocchio")
    secs, b, _ = case(name)
    urdf, g = fullbody_urdf(geared3_urdf(), secs, b)
    model = fullbody_model(geared3_urdf(), secs, b)
    names = list(model.full_model.joint_names)
    pmodel = pin.buildModelFromXML(urdf)
    pmodel.gravity.linear[:] = [0.0, 0.0, -9.81]
    pdata = pmodel.createData()
    rng = np.random.default_rng(16)
    worst = 0.0
    for q, v in [(np.array(STATE1[0]), np.array(STATE1[1]))] + [
        (rng.uniform(-np.pi, np.pi, 3), rng.uniform(-3, 3, 3)) for _ in range(5)
    ]:
        pq, pv, perm = _pin_state(pmodel, names, g @ q, g @ v)
        mf = pin.crba(pmodel, pdata, pq)
        mf = np.triu(mf) + np.triu(mf, 1).T
        mf = perm @ mf @ perm.T
        nle = perm @ pin.nonLinearEffects(pmodel, pdata, pq, pv)
        m_ref, h_ref = g.T @ mf @ g, g.T @ nle
        m, h = model.mass_matrix(q), model.bias_forces(q, v, friction=False)
        np.testing.assert_allclose(m, m_ref, rtol=0, atol=1e-10)
        np.testing.assert_allclose(h, h_ref, rtol=0, atol=1e-10)
        worst = max(worst, np.abs(m - m_ref).max(), np.abs(h - h_ref).max())
    print(f"Case {name}: max |modyn - Pinocchio| over M and H = {worst:.2e}")


def test_bad_input_names_the_problem():
    secs, b, _ = case("S")
    bad = {**secs, "gear6": {**secs["gear6"], "carrier": "nolink"}}
    with pytest.raises(DescriptionError, match="gear6.*nolink"):
        fullbody_urdf(geared3_urdf(), bad, b)
    with pytest.raises(DescriptionError, match="B must be finite with shape"):
        fullbody_urdf(geared3_urdf(), secs, b[:, :3])
    bad = {**secs, "shaft7": {**secs["shaft7"], "axis": [0, 0, 0]}}
    with pytest.raises(DescriptionError, match="shaft7.*axis"):
        fullbody_urdf(geared3_urdf(), bad, b)
    bad = {**secs, "gear4": {k: v for k, v in secs["gear4"].items() if k != "mass"}}
    with pytest.raises(DescriptionError, match="gear4.*mass"):
        fullbody_urdf(geared3_urdf(), bad, b)
    bad = {"link1": secs["gear4"]}
    with pytest.raises(DescriptionError, match="link1.*clashes"):
        fullbody_urdf(geared3_urdf(), bad, b[:, :1])


# ------------------------------------------------------------------------------------------------
# The acceptance item: virtual-link model (GearedModel: virtual links + rotor terms) = full-body
# model, at random states and random parameters, to 1e-9 (relative to the largest entry).
# ------------------------------------------------------------------------------------------------
EQ_TOL = 1e-9


def _close(x, ref, what, worst):
    """|x - ref| <= 1e-9 max|ref| (entries near zero are judged against the largest one)."""
    x, ref = np.asarray(x), np.asarray(ref)
    scale = max(np.abs(ref).max(), 1e-300)
    err = np.abs(x - ref).max() / scale
    worst[what] = max(worst.get(what, 0.0), err)
    assert err <= EQ_TOL, f"{what}: relative error {err:.3e}"


def _mdot(model, q, v, h=1e-3):
    """Ṁ = Σ_k ∂M/∂q_k v_k, 5-point central difference along v (error O(h⁴) ~ 1e-12)."""
    m = model.mass_matrix
    return (8 * (m(q + h * v) - m(q - h * v)) - (m(q + 2 * h * v) - m(q - 2 * h * v))) / (12 * h)


def compare_models(geared, full, rng, n_states=6, worst=None):
    """GearedModel vs full-body CoupledJointsModel at random states; returns the worst errors."""
    worst = {} if worst is None else worst
    n = geared.nv
    for _ in range(n_states):
        q = rng.uniform(-np.pi, np.pi, n)
        v = rng.uniform(-2.0, 2.0, n)
        a = rng.uniform(-3.0, 3.0, n)
        _close(geared.mass_matrix(q), full.mass_matrix(q), "mass_matrix", worst)
        _close(
            geared.bias_forces(q, v, friction=False),
            full.bias_forces(q, v, friction=False),
            "bias_forces",
            worst,
        )
        _close(geared.gravity(q), full.gravity(q), "gravity", worst)
        _close(
            geared.inverse_dynamics(q, v, a, friction=False),
            full.inverse_dynamics(q, v, a, friction=False),
            "inverse_dynamics",
            worst,
        )
        cg, cf = geared.coriolis_matrix(q, v), full.coriolis_matrix(q, v)
        _close(cg @ v, cf @ v, "coriolis C v", worst)
        _close(
            cg @ v, full.bias_forces(q, v, friction=False) - full.gravity(q), "C v = H - g", worst
        )
        mdot = _mdot(full, q, v)
        scale = np.abs(mdot).max() + np.abs(cf).max()
        for name, c in (("geared", cg), ("fullbody", cf)):
            skew = mdot - 2.0 * c
            err = np.abs(skew + skew.T).max() / scale
            worst[f"Mdot-2C skew ({name})"] = max(worst.get(f"Mdot-2C skew ({name})", 0.0), err)
            assert err < 1e-9, f"{name}: Ṁ - 2C not skew ({err:.2e})"
        _close(geared.kinetic_energy(q, v), full.kinetic_energy(q, v), "kinetic_energy", worst)
    return worst


def _random_tensor(rng, lo, hi):
    """A physical inertia tensor: principal moments obeying the triangle inequality, rotated."""
    p1, p2 = rng.uniform(lo, hi, 2)
    p3 = rng.uniform(abs(p1 - p2), p1 + p2)
    from scipy.spatial.transform import Rotation

    r = Rotation.random(random_state=rng).as_matrix()
    return r @ np.diag([p1, p2, p3]) @ r.T


def _unit(rng):
    x = rng.normal(size=3)
    return x / np.linalg.norm(x)


def random_geared3(rng):
    """Random parameters of the note's arm, consistent with its coaxiality: gear 5 turns about
    joint 1's axis (σ5 = ±1 along z0), gear 6 about joint 2's (σ6 z1, on link 1); gear 4 (base)
    and shaft 7 (link 2) about any axis fixed in their carrier, anywhere; random primary
    inertials, masses, inertias and signed ratios. Returns (urdf, transmission mapping, B by
    hand): meshing (note Eq. (9)) gives u4 = g14 θ̇1, u5 = σ5 θ̇1 + g25 θ̇2,
    u7 = g37 θ̇3, u6 = σ6 θ̇2 + g76 u7."""
    primary = [
        (rng.uniform(0.5, 5.0), rng.uniform(-0.2, 0.2, 3), _random_tensor(rng, 0.005, 0.06))
        for _ in range(3)
    ]
    s5, s6 = rng.choice([-1.0, 1.0], 2)
    g14, g25, g76, g37 = rng.choice([-1.0, 1.0], 4) * rng.uniform(0.5, 60.0, 4)
    geometry = {
        "gear4": ("base_link", _unit(rng), rng.uniform(-0.2, 0.2, 3)),
        "gear5": ("base_link", [0.0, 0.0, s5], [0.0, 0.0, rng.uniform(0.0, 0.3)]),
        "gear6": ("link1", [0.0, 0.0, s6], [0.0, 0.0, rng.uniform(-0.1, 0.1)]),
        "shaft7": ("link2", _unit(rng), rng.uniform(-0.3, 0.3, 3)),
    }
    secs = {}
    for name, (carrier, axis, origin) in geometry.items():
        i_tr = rng.uniform(1e-4, 5e-3)
        secs[name] = dict(
            carrier=carrier,
            axis=[float(x) for x in axis],
            origin=[float(x) for x in origin],
            mass=float(rng.uniform(0.05, 1.0)),
            I_axial=float(rng.uniform(1e-5, 2.0 * i_tr)),
            I_transverse=float(i_tr),
        )
    meshes = [
        {"gear": "gear4", "with": "link1", "carrier": "base_link", "ratio": float(g14)},
        {"gear": "gear5", "with": "link2", "carrier": "link1", "ratio": float(g25)},
        {"gear": "gear6", "with": "shaft7", "carrier": "link2", "ratio": float(g76)},
        {"gear": "shaft7", "with": "link3", "carrier": "link2", "ratio": float(g37)},
    ]
    actuators = {
        "motor4": {"rotor": "gear4", "stator": "base_link"},
        "motor5": {"rotor": "gear5", "stator": "base_link"},
        "motor6": {"rotor": "gear6", "stator": "link1"},
    }
    b = np.array(
        [[g14, s5, 0.0, 0.0], [0.0, g25, s6, 0.0], [0.0, 0.0, g76 * g37, g37]], dtype=float
    )
    mapping = {"secondary_links": secs, "meshes": meshes, "actuators": actuators}
    return geared3_urdf(primary), mapping, b


def _geared(urdf, mapping):
    from modyn_model.mechanisms.geared import GearedModel, Transmission
    from modyn_model.model import RobotModel

    robot = RobotModel.from_urdf(urdf, mimic="error")
    return GearedModel(robot, Transmission.from_mapping(mapping, "<test transmission>"))


@pytest.mark.parametrize("name", ["R", "S"])
def test_geared_model_equals_fullbody_note_cases(name):
    secs, b, a_mat = case(name)
    inertias, (g14, g25, g76, g37) = CASES[name]
    mapping = {
        "secondary_links": secs,
        "meshes": [
            {"gear": "gear4", "with": "link1", "carrier": "base_link", "ratio": g14},
            {"gear": "gear5", "with": "link2", "carrier": "link1", "ratio": g25},
            {"gear": "gear6", "with": "shaft7", "carrier": "link2", "ratio": g76},
            {"gear": "shaft7", "with": "link3", "carrier": "link2", "ratio": g37},
        ],
        "actuators": {
            "motor4": {"rotor": "gear4", "stator": "base_link"},
            "motor5": {"rotor": "gear5", "stator": "base_link"},
            "motor6": {"rotor": "gear6", "stator": "link1"},
        },
    }
    geared = _geared(geared3_urdf(), mapping)
    np.testing.assert_allclose(geared.transmission_coefficients, b, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(geared.structure_matrix, a_mat, rtol=1e-12, atol=1e-12)
    full = fullbody_model(geared3_urdf(), secs, b)
    worst = compare_models(geared, full, np.random.default_rng(7), n_states=8)
    print(f"Case {name}: " + ", ".join(f"{k} {v:.1e}" for k, v in worst.items()))


def test_geared_model_equals_fullbody_random_parameters():
    """20 random parameter sets x 5 random states each."""
    rng = np.random.default_rng(1616)
    worst: dict = {}
    for _ in range(20):
        urdf, mapping, b = random_geared3(rng)
        geared = _geared(urdf, mapping)
        # the core's structural analysis agrees with the hand derivation of B
        np.testing.assert_allclose(geared.transmission_coefficients, b, rtol=1e-12, atol=1e-12)
        full = fullbody_model(urdf, mapping["secondary_links"], b)
        compare_models(geared, full, rng, n_states=5, worst=worst)
    print("random parameters: " + ", ".join(f"{k} {v:.1e}" for k, v in worst.items()))


def _rotated(rpy, axis):
    from modyn_model.spatial import rpy_matrix

    return rpy_matrix(np.asarray(rpy, dtype=float)) @ np.asarray(axis, dtype=float)


def robot_with_rotors(text: str, rng):
    """Rotors for every joint k of a URDF arm (``text``): on the parent link of joint k, coaxial
    with it (axis = the joint axis in the parent frame, origin on the axis line), meshing with
    the joint's child link on that parent, random signed ratio g_k, so b = g_k e_k (B = diag(g)).
    Joint 1's is a base motor coaxial with joint 1; joint 3's instead is a motor carried by
    link 2 about a random axis fixed in link 2 (a bevel mesh), so its rotor has gyroscopic terms
    (carrier ≥ 2). Returns (transmission mapping, B)."""
    import xml.etree.ElementTree as ET

    from modyn_model.model import RobotModel

    robot = RobotModel.from_urdf(text, mimic="error")
    joints = {j.get("name"): j for j in ET.fromstring(text).findall("joint")}
    secs, meshes, actuators = {}, [], {}
    ratios = rng.choice([-1.0, 1.0], robot.nv) * rng.uniform(1.0, 100.0, robot.nv)
    for k, name in enumerate(robot.joint_names):
        j = joints[name]
        parent, child = j.find("parent").get("link"), j.find("child").get("link")
        origin = j.find("origin")
        xyz = np.array([float(x) for x in origin.get("xyz", "0 0 0").split()])
        rpy = [float(x) for x in origin.get("rpy", "0 0 0").split()]
        axis = _rotated(rpy, [float(x) for x in j.find("axis").get("xyz").split()])
        axis = axis / np.linalg.norm(axis)
        if k == 2:  # joint 3: a motor on link 2 about its own axis, through a bevel mesh
            axis, point = _unit(rng), rng.uniform(-0.1, 0.1, 3)
        else:
            point = xyz + rng.uniform(-0.05, 0.05) * axis
        i_tr = rng.uniform(1e-5, 1e-3)
        rotor = f"rotor{k + 1}"
        secs[rotor] = dict(
            carrier=parent,
            axis=[float(x) for x in axis],
            origin=[float(x) for x in point],
            mass=float(rng.uniform(0.1, 0.8)),
            I_axial=float(rng.uniform(1e-6, 2.0 * i_tr)),
            I_transverse=float(i_tr),
        )
        meshes.append({"gear": rotor, "with": child, "carrier": parent, "ratio": float(ratios[k])})
        actuators[f"motor{k + 1}"] = {"rotor": rotor, "stator": parent}
    mapping = {"secondary_links": secs, "meshes": meshes, "actuators": actuators}
    return mapping, np.diag(ratios)


EXAMPLE_ROBOTS = ["ur_description/urdf/ur5_robot.urdf", "xarm_description/urdf/xarm7.urdf"]


@pytest.mark.parametrize("relative", EXAMPLE_ROBOTS)
def test_geared_model_equals_fullbody_on_example_robot(relative, erd_path):
    """A robot nobody here wrote (example-robot-data) with the rotors of
    :func:`robot_with_rotors` (a base motor coaxial with joint 1, a bevel motor on link 2 driving
    joint 3, coaxial motors elsewhere)."""
    from modyn_model.model import RobotModel

    text = erd_path(relative).read_text()
    robot = RobotModel.from_urdf(text, mimic="error")
    rng = np.random.default_rng(5)
    mapping, b = robot_with_rotors(text, rng)
    secs = mapping["secondary_links"]
    geared = _geared(text, mapping)
    np.testing.assert_allclose(geared.transmission_coefficients, b, rtol=1e-12, atol=1e-12)
    full = fullbody_model(text, secs, b)
    # the joint-3 rotor's gyroscopic coupling is really there (the comparison is not vacuous)
    q = rng.uniform(-np.pi, np.pi, robot.nv)
    assert (
        np.abs(geared.rotor_mass_matrix(q) - np.diag(np.diag(geared.rotor_mass_matrix(q)))).max()
        > 0
    )
    worst = compare_models(geared, full, rng, n_states=6)
    print(f"{relative}: " + ", ".join(f"{k} {v:.1e}" for k, v in worst.items()))


ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("name", ["r", "s"])
def test_shipped_geared3_equals_fullbody(name):
    """The shipped mechanism files (urdf/geared3.urdf.xacro + config/mechanisms/geared3_case_*.yaml,
    kind ``geared``) against the full-body model built from the same xacro and the model's own
    SecondaryLink objects and B: equal at random states, and τ of §2.7 State 1."""
    from modyn_model.factory import load_model
    from modyn_model.urdf import expand_xacro

    geared = load_model(ROOT / f"config/mechanisms/geared3_case_{name}.yaml")
    text = expand_xacro(ROOT / "urdf/geared3.urdf.xacro")
    full = fullbody_model(
        text,
        geared.transmission.secondary_links,
        geared.transmission_coefficients,
        joint_names=geared.joint_names,
        gravity=geared.gravity_vector,
    )
    compare_models(geared, full, np.random.default_rng(11), n_states=5)
    q, v, a = (np.array(x) for x in STATE1)
    tau = full.inverse_dynamics(q, v, a, friction=False)
    np.testing.assert_allclose(tau, REF1[name.upper()]["tau"], rtol=RTOL, atol=ATOL)
