r"""Closed forms of Chen & Wang's 3-dof geared arm, derived with SymPy (the symbolic mode).

Chen & Wang, "Dynamic modeling of geared robotic mechanisms — the virtual link approach" (1998),
Sec. 7 and Appendix A; research note ``seed-002-geared.md`` §2 (the example), §2.6 (Appendix A
as printed and corrected), §2.7 (numbers), §4.3 (errata). The paper gives only symbols; this
module rederives every closed form of the example from Lagrange's equations and checks the
paper's printed formulas against it.

The mechanism (note §2.1, §2.2)
-------------------------------
Three revolute joints, standard (distal) Denavit–Hartenberg frames, Table 1::

    i   a_{i,i-1}  alpha_{i,i-1}  d_{i,i-1}          ^{i-1}T_i = Rot_z(θ_i) Trans_z(d) Trans_x(a) Rot_x(α)
    1   0          π/2            d_1                joint i turns about z_{i-1}
    2   a_2        0              0
    3   0          π/2            0

Virtual links (Table 3; mass m, centre of mass r and inertia about it, both in the link's own
frame): 1* = [0, r_{1*Y}, r_{1*Z}], tensor with I_{1*,YZ}; 2* = [r_{2*X}, 0, r_{2*Z}], tensor
with I_{2*,XZ}; 3 = [0, 0, r_{3Z}], diagonal. Gears 4 and 5 ride on the base, gear 6 on link 1
(spin axis ¹e₆ = [0 0 1]), shaft 7 on link 2 (²e₇ = [1 0 0]); axial inertias I_4..I_7.

Derivation (:func:`derive`)
---------------------------
* Transmission, Chen & Wang (9)–(12): the four fundamental-circuit equations
  q_{4,0} = g_{1,4} q_{1,0}, q_{5,1} = g_{2,5} q_{2,1}, q_{7,2} = g_{3,7} q_{3,2},
  q_{6,2} = g_{7,6} q_{7,2} (Eq. 9) and the two coaxial conditions q_{5,0} = q_{5,1} + q_{1,0},
  q_{6,1} = q_{6,2} + q_{2,1} (Eq. 10) are solved as a linear system (rates), which gives
  Eqs. (27)–(30), q̇_{j,i(j)} = b_jᵀ Θ̇, and the structure matrix A = [b_4 b_5 b_6] (Eq. 45).
* Virtual EOLC: T_v = Σ_i ½ m_i |v_{c,i}|² + ½ ⁱω_iᵀ I_i ⁱω_i from the forward kinematics
  (Eqs. 1–8: ω = Σ_k z_{k-1} θ̇_k; v_c = Σ_k ∂p_c/∂θ_k θ̇_k).
* Relative spin of the secondary links, Chen & Wang (14):
  K_{j/i} = ½ I_j q̇_{j,i}² + I_j q̇_{j,i} (ⁱe_j · ⁱω_i), with q̇_{j,i} from (27)–(30).
* Lagrange: T = ½ Θ̇ᵀ M(Θ) Θ̇ (scleronomic), so M = ∂²T/∂Θ̇² and the velocity vector
  c_r = Σ_h ∂²T/∂Θ̇_r∂θ_h θ̇_h − ∂T/∂θ_r; applied to T_v it gives G_v = M_v Θ̈ + C_v (Eq. 13,
  Appendix A1), applied to each K_{j/i} it gives γ_{j/i} = M_{j/i} Θ̈ + C_{j/i} (Eqs. 17, 31–43)
  and their sum G_s = M_s Θ̈ + C_s (Eqs. 21, 44). The quadratic-form matrices C_{j/i,r} of
  Eq. (17) are the Christoffel symbols of the first kind of M_{j/i} (note §1.7):
  (C_{j/i,r})_{hk} = ½(∂M_{rk}/∂θ_h + ∂M_{rh}/∂θ_k − ∂M_{hk}/∂θ_r).
* Gravity (note §2.6; not in the paper): V = g_0 Σ_i m_i z_{c,i} with z_0 up, g = ∂V/∂Θ; the
  equation of motion is (M_v + M_s) Θ̈ + C_v + C_s + g = A ξ (Eq. 23 plus gravity).

Exact arithmetic, no trigonometric simplification
-------------------------------------------------
Every expression is a polynomial in S_i = sin θ_i, C_i = cos θ_i (the paper's Sθ_i, Cθ_i),
the velocities and the parameters; ∂/∂θ_i is the chain rule C_i ∂/∂S_i − S_i ∂/∂C_i.
:func:`normal_form` expands and replaces S_i^n by S_i^{n mod 2} (1 − C_i²)^{⌊n/2⌋}. The polynomials
S_i² + C_i² − 1 (distinct variables) are a Gröbner basis, so this reduced form is canonical:
an expression vanishes identically in θ iff its normal form is exactly ``0``. That makes
"the difference simplifies to exactly 0" a cheap, decisive test, without ``simplify``/
``trigsimp`` (the whole derivation takes one to two seconds).

Appendix A (note §2.6, §4.3)
----------------------------
:func:`appendix_printed` encodes Appendix A exactly as printed (A1, A2a–k, A3a–g);
:func:`appendix_corrected` the corrected set of note §2.6, each correction labelled with its
row of the note's §4.3 table (:data:`ERRATA`). :func:`check_appendix` checks a set against
the derivation: each φ_k against its derived meaning (φ1..φ5 the entries of M_v, φ6..φ11 the
coefficients of C_v named by A1, φ12..φ18 the auxiliaries' geometric meaning, see
:func:`derive`), each row of the A1 structure filled with the derived φ's, and the assembled
M_v, C_v against the derivation. The printed set fails exactly the §4.3 items; the corrected
one passes with an exactly-zero residual.

Printing
--------
``python -m modyn_model.mechanisms.geared.symbolic [--format text|latex|markdown]`` prints the
closed forms (A, G_s, the corrected Appendix A, gravity); ``--format markdown`` prints the docs
fragment ``docs/geared_closed_forms.md`` (closed forms, errata table checked by
:func:`check_appendix`, how to regenerate it).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import sympy as sp

__all__ = [
    "AppendixCheck",
    "AppendixSet",
    "CASES",
    "Derivation",
    "ERRATA",
    "Erratum",
    "ExampleSymbols",
    "PRIMARY_LINKS",
    "SECONDARY_LINKS",
    "SYMBOLS",
    "appendix_corrected",
    "appendix_printed",
    "assemble_appendix",
    "case_parameters",
    "check_appendix",
    "christoffel_matrices",
    "d_theta",
    "derive",
    "evaluate",
    "gravity_closed_form",
    "is_zero",
    "main",
    "merge_virtual_links",
    "normal_form",
    "numeric_residual",
    "paper_eq44",
    "paper_eq45",
    "paper_rotor_terms",
    "render",
]


# --------------------------------------------------------------------------------------------
# symbols
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ExampleSymbols:
    """The symbols of the example (names print as the paper's notation in LaTeX).

    ``S[i]``, ``C[i]`` stand for sin θ_{i+1}, cos θ_{i+1}; ``dq``/``ddq`` are Θ̇, Θ̈;
    ``phi[k-1]`` is φ_k of Appendix A. ``m1`` is the mass of primary link 1, which appears
    only in the printed (A3a) (the corrected one has m_{1*}).
    """

    theta: tuple[sp.Symbol, ...]
    S: tuple[sp.Symbol, ...]
    C: tuple[sp.Symbol, ...]
    dq: tuple[sp.Symbol, ...]
    ddq: tuple[sp.Symbol, ...]
    d1: sp.Symbol
    a2: sp.Symbol
    g0: sp.Symbol
    m1s: sp.Symbol
    r1sY: sp.Symbol
    r1sZ: sp.Symbol
    I1sXX: sp.Symbol
    I1sYY: sp.Symbol
    I1sZZ: sp.Symbol
    I1sYZ: sp.Symbol
    m2s: sp.Symbol
    r2sX: sp.Symbol
    r2sZ: sp.Symbol
    I2sXX: sp.Symbol
    I2sYY: sp.Symbol
    I2sZZ: sp.Symbol
    I2sXZ: sp.Symbol
    m3: sp.Symbol
    r3Z: sp.Symbol
    I3XX: sp.Symbol
    I3YY: sp.Symbol
    I3ZZ: sp.Symbol
    m1: sp.Symbol
    I4: sp.Symbol
    I5: sp.Symbol
    I6: sp.Symbol
    I7: sp.Symbol
    g14: sp.Symbol
    g25: sp.Symbol
    g76: sp.Symbol
    g37: sp.Symbol
    phi: tuple[sp.Symbol, ...]

    @property
    def trig(self) -> dict[sp.Expr, sp.Symbol]:
        """sin θ_i → S_i, cos θ_i → C_i (to read expressions written with sympy trig)."""
        out: dict[sp.Expr, sp.Symbol] = {}
        for th, s, c in zip(self.theta, self.S, self.C, strict=True):
            out[sp.sin(th)] = s
            out[sp.cos(th)] = c
        return out


def _make_symbols() -> ExampleSymbols:
    r = sp.Symbol  # real parameters; no assumptions needed for polynomial identities
    return ExampleSymbols(
        theta=tuple(r(f"theta_{i}") for i in (1, 2, 3)),
        S=tuple(r(f"S_{i}") for i in (1, 2, 3)),
        C=tuple(r(f"C_{i}") for i in (1, 2, 3)),
        dq=tuple(r(f"thetadot_{i}") for i in (1, 2, 3)),
        ddq=tuple(r(f"thetaddot_{i}") for i in (1, 2, 3)),
        d1=r("d_1"),
        a2=r("a_2"),
        g0=r("g_0"),
        m1s=r("m_1*"),
        r1sY=r("r_1*Y"),
        r1sZ=r("r_1*Z"),
        I1sXX=r("I_1*,XX"),
        I1sYY=r("I_1*,YY"),
        I1sZZ=r("I_1*,ZZ"),
        I1sYZ=r("I_1*,YZ"),
        m2s=r("m_2*"),
        r2sX=r("r_2*X"),
        r2sZ=r("r_2*Z"),
        I2sXX=r("I_2*,XX"),
        I2sYY=r("I_2*,YY"),
        I2sZZ=r("I_2*,ZZ"),
        I2sXZ=r("I_2*,XZ"),
        m3=r("m_3"),
        r3Z=r("r_3Z"),
        I3XX=r("I_3,XX"),
        I3YY=r("I_3,YY"),
        I3ZZ=r("I_3,ZZ"),
        m1=r("m_1"),
        I4=r("I_4"),
        I5=r("I_5"),
        I6=r("I_6"),
        I7=r("I_7"),
        g14=r("g_1,4"),
        g25=r("g_2,5"),
        g76=r("g_7,6"),
        g37=r("g_3,7"),
        phi=tuple(r(f"phi_{k}") for k in range(1, 19)),
    )


SYMBOLS = _make_symbols()
_Y = SYMBOLS


# --------------------------------------------------------------------------------------------
# exact normal form of trigonometric polynomials
# --------------------------------------------------------------------------------------------


def normal_form(expr: sp.Expr) -> sp.Expr:
    """Canonical form of a polynomial in S_i = sin θ_i, C_i = cos θ_i (and other symbols).

    sin/cos of θ_i (also of sums, via ``expand_trig``) are first replaced by S_i, C_i; the
    expansion is then reduced modulo S_i² + C_i² − 1 by S_i^n → S_i^{n mod 2} (1 − C_i²)^{n//2}.
    The result is linear in every S_i and unique, so it is ``0`` iff ``expr`` ≡ 0 in θ.
    """
    expr = sp.sympify(expr)
    if expr.has(sp.sin, sp.cos):
        expr = sp.expand_trig(expr).xreplace(_Y.trig)
    expr = sp.expand(expr)
    sines = set(_Y.S)

    def is_high_sine_power(e: sp.Basic) -> bool:
        return e.is_Pow and e.base in sines and e.exp.is_Integer and e.exp >= 2

    def reduce(e: sp.Pow) -> sp.Expr:
        n = int(e.exp)
        c = _Y.C[_Y.S.index(e.base)]
        return e.base ** (n % 2) * (1 - c**2) ** (n // 2)

    if expr.has(*sines):
        expr = sp.expand(expr.replace(is_high_sine_power, reduce))
    return expr


def is_zero(expr: sp.Expr) -> bool:
    """True iff ``expr`` vanishes identically (exact: :func:`normal_form` is canonical)."""
    return normal_form(expr) == 0


def _nf_matrix(m: sp.Matrix) -> sp.Matrix:
    return m.applyfunc(normal_form)


def d_theta(expr: sp.Expr, k: int) -> sp.Expr:
    """∂/∂θ_{k+1} (``k`` 0-based) of a polynomial in S_i, C_i: C_k ∂/∂S_k − S_k ∂/∂C_k."""
    s, c = _Y.S[k], _Y.C[k]
    return sp.expand(c * sp.diff(expr, s) - s * sp.diff(expr, c))


# --------------------------------------------------------------------------------------------
# the Lagrange derivation
# --------------------------------------------------------------------------------------------

# Table 1 (note §2.2): (a, alpha, d) per joint
_DH = ((0, sp.pi / 2, "d1"), ("a2", 0, 0), (0, sp.pi / 2, 0))


def _dh_transform(k: int) -> tuple[sp.Matrix, sp.Matrix]:
    """Rotation and origin of frame k+1 in frame k: Rot_z(θ) Trans_z(d) Trans_x(a) Rot_x(α)."""
    a, alpha, d = (getattr(_Y, v) if isinstance(v, str) else v for v in _DH[k])
    s, c = _Y.S[k], _Y.C[k]
    rz = sp.Matrix([[c, -s, 0], [s, c, 0], [0, 0, 1]])
    ca, sa = sp.cos(alpha), sp.sin(alpha)
    rx = sp.Matrix([[1, 0, 0], [0, ca, -sa], [0, sa, ca]])
    return rz * rx, sp.Matrix([a * c, a * s, d])


@dataclass(frozen=True)
class _Kinematics:
    R: tuple[sp.Matrix, ...]  # R_0i, i = 0..3 (world = frame 0, z_0 up)
    o: tuple[sp.Matrix, ...]  # o_i in frame 0
    z: tuple[sp.Matrix, ...]  # z_{k} in frame 0, k = 0..2 (joint k+1's axis)


@cache
def _kinematics() -> _Kinematics:
    rot = [sp.eye(3)]
    org = [sp.zeros(3, 1)]
    for k in range(3):
        r, p = _dh_transform(k)
        org.append((org[-1] + rot[-1] * p).applyfunc(sp.expand))
        rot.append((rot[-1] * r).applyfunc(sp.expand))
    return _Kinematics(tuple(rot), tuple(org), tuple(rot[k][:, 2] for k in range(3)))


def _virtual_links() -> tuple[tuple[sp.Symbol, sp.Matrix, sp.Matrix], ...]:
    """Table 3: (mass, centre of mass in own frame, inertia about it in own frame)."""
    y = _Y
    return (
        (
            y.m1s,
            sp.Matrix([0, y.r1sY, y.r1sZ]),
            sp.Matrix([[y.I1sXX, 0, 0], [0, y.I1sYY, y.I1sYZ], [0, y.I1sYZ, y.I1sZZ]]),
        ),
        (
            y.m2s,
            sp.Matrix([y.r2sX, 0, y.r2sZ]),
            sp.Matrix([[y.I2sXX, 0, y.I2sXZ], [0, y.I2sYY, 0], [y.I2sXZ, 0, y.I2sZZ]]),
        ),
        (y.m3, sp.Matrix([0, 0, y.r3Z]), sp.diag(y.I3XX, y.I3YY, y.I3ZZ)),
    )


def _omega_world(i: int) -> sp.Matrix:
    """ω_i in frame 0 (Eq. 7): Σ_{k ≤ i} z_{k-1} θ̇_k, for primary link i = 0..3."""
    kin = _kinematics()
    w = sp.zeros(3, 1)
    for k in range(i):
        w += kin.z[k] * _Y.dq[k]
    return w


def _omega_own(i: int) -> sp.Matrix:
    """ⁱω_i, link i's angular velocity in its own frame (Eqs. 1, 24–26)."""
    return (_kinematics().R[i].T * _omega_world(i)).applyfunc(normal_form)


def _velocity(p: sp.Matrix) -> sp.Matrix:
    """ṗ = Σ_k ∂p/∂θ_k θ̇_k for a point p(Θ) given in frame 0."""
    return sp.Matrix([sum(d_theta(p[a], k) * _Y.dq[k] for k in range(3)) for a in range(3)])


def _lagrange(kinetic: sp.Expr) -> tuple[sp.Matrix, sp.Matrix]:
    """M and the velocity vector c of a kinetic energy quadratic in Θ̇ (scleronomic).

    M = ∂²T/∂Θ̇²; c_r = d/dt(∂T/∂θ̇_r)|_{Θ̈=0} − ∂T/∂θ_r = Σ_h ∂(∂T/∂θ̇_r)/∂θ_h θ̇_h − ∂T/∂θ_r.
    """
    dq = _Y.dq
    m = sp.Matrix(3, 3, lambda r, k: normal_form(sp.diff(kinetic, dq[r], dq[k])))
    c = sp.zeros(3, 1)
    for r in range(3):
        p_r = sp.diff(kinetic, dq[r])
        c[r] = normal_form(sum(d_theta(p_r, h) * dq[h] for h in range(3)) - d_theta(kinetic, r))
    return m, c


def christoffel_matrices(m: sp.Matrix) -> tuple[sp.Matrix, ...]:
    """The symmetric matrices C_r of Eq. (17), c_r = Θ̇ᵀ C_r Θ̇, from M alone (note §1.7).

    (C_r)_{hk} = ½(∂M_rk/∂θ_h + ∂M_rh/∂θ_k − ∂M_hk/∂θ_r) (Christoffel symbols of the first kind).
    """
    return tuple(
        sp.Matrix(
            3,
            3,
            lambda h, k, r=r: normal_form(
                (d_theta(m[r, k], h) + d_theta(m[r, h], k) - d_theta(m[h, k], r)) / 2
            ),
        )
        for r in range(3)
    )


@dataclass(frozen=True)
class Derivation:
    """Closed forms of the example from Lagrange's equations (all in :func:`normal_form`).

    Attributes
    ----------
    b : transmission coefficients b_j (3×1) for j = 4..7, Eqs. (27)–(30).
    A : structure matrix [b_4 b_5 b_6], Eq. (45); φ̇ = Aᵀ Θ̇, τ = A ξ.
    M_v, C_v : virtual EOLC, G_v = M_v Θ̈ + C_v (Eq. 13, Appendix A1).
    M_rotor, C_rotor : M_{j/i} and the vector C_{j/i} of each secondary link j (Eqs. 31–43).
    C_rotor_matrices : the symmetric C_{j/i,r}, r = 1..3 (Eq. 17; Eqs. 33, 36–37, 40–42).
    M_s, C_s : Σ_j M_{j/i}, Σ_j C_{j/i} (Eqs. 21, 44).
    g : gravity vector ∂V/∂Θ, gravity g_0 along −z_0 (note §2.6; not in the paper).
    phi : the derived meaning of each φ_k of Appendix A (k = 1..18): φ1..φ5 = M_v[0,0],
        M_v[0,1], M_v[1,1], M_v[1,2], M_v[2,2]; φ6, φ7, φ8 = the coefficients of θ̇2², θ̇1θ̇2,
        θ̇1θ̇3 in C_v[0]; φ9, φ10 = those of θ̇1², θ̇3² in C_v[1]; φ11 = that of θ̇1² in C_v[2];
        φ12 = link 1*'s own share of M_v[0,0]; φ13 = x of (centre of mass of 2* − o_1) in
        frame 2; φ14 = x of (centre of mass of 3 − o_1) in frame 1 (its distance from the
        z_0 axis); φ15, φ16 = the S23², S2² coefficient of ³z_0ᵀ I_3 ³z_0, ²z_0ᵀ I_2* ²z_0;
        φ17, φ18 = the x and z components of ³z_0 (Table 2a).
    """

    b: Mapping[int, sp.Matrix]
    A: sp.Matrix
    M_v: sp.Matrix
    C_v: sp.Matrix
    M_rotor: Mapping[int, sp.Matrix]
    C_rotor: Mapping[int, sp.Matrix]
    C_rotor_matrices: Mapping[int, tuple[sp.Matrix, ...]]
    M_s: sp.Matrix
    C_s: sp.Matrix
    g: sp.Matrix
    phi: Mapping[int, sp.Expr]

    @property
    def M(self) -> sp.Matrix:
        """Total inertia matrix M_v + M_s."""
        return self.M_v + self.M_s

    @property
    def C(self) -> sp.Matrix:
        """Total velocity vector C_v + C_s."""
        return self.C_v + self.C_s


def _transmission() -> dict[int, sp.Matrix]:
    """Solve the fundamental-circuit (Eq. 9) and coaxial (Eq. 10) equations for the rates."""
    y = _Y
    q40, q50, q51, q61, q62, q72 = sp.symbols("qdot_40 qdot_50 qdot_51 qdot_61 qdot_62 qdot_72")
    t1, t2, t3 = y.dq  # θ̇_i = q̇_{i,i-1}
    equations = [
        sp.Eq(q40, y.g14 * t1),  # (9) gears 4–1 on carrier 0: q_{4,0} = g_{1,4} q_{1,0}
        sp.Eq(q51, y.g25 * t2),  # (9) gears 5–2 on carrier 1: q_{5,1} = g_{2,5} q_{2,1}
        sp.Eq(q50, q51 + t1),  # (10) 5, 1, 0 coaxial on z_0: q_{5,0} = q_{5,1} + q_{1,0}
        sp.Eq(q72, y.g37 * t3),  # (9) gears 7–3 on carrier 2: q_{7,2} = g_{3,7} q_{3,2}
        sp.Eq(q62, y.g76 * q72),  # (9) gears 6–7 on carrier 2: q_{6,2} = g_{7,6} q_{7,2}
        sp.Eq(q61, q62 + t2),  # (10) 6, 2, 1 coaxial on z_1: q_{6,1} = q_{6,2} + q_{2,1}
    ]
    (sol,) = sp.solve(equations, [q40, q50, q51, q61, q62, q72], dict=True)
    rates = {4: sol[q40], 5: sol[q50], 6: sol[q61], 7: sol[q72]}  # q̇_{j,i(j)}
    return {j: sp.Matrix([sp.expand(r).coeff(t) for t in y.dq]) for j, r in rates.items()}


# secondary links: carrier primary link and spin axis in the carrier frame (note §2.1)
_ROTORS = {4: (0, (0, 0, 1)), 5: (0, (0, 0, 1)), 6: (1, (0, 0, 1)), 7: (2, (1, 0, 0))}


@cache
def derive() -> Derivation:
    """Derive every closed form of the example (cached; one to two seconds)."""
    y = _Y
    kin = _kinematics()
    dq = sp.Matrix(y.dq)

    # virtual EOLC
    links = _virtual_links()
    m_v = sp.zeros(3, 3)
    c_v = sp.zeros(3, 1)
    potential = sp.Integer(0)
    m11_link = []
    com = []
    for i, (mass, r, inertia) in enumerate(links, start=1):
        p = (kin.o[i] + kin.R[i] * r).applyfunc(sp.expand)
        com.append(p)
        v = _velocity(p)
        w = _omega_own(i)
        kinetic = normal_form((mass * (v.T * v)[0] + (w.T * inertia * w)[0]) / 2)
        m_i, c_i = _lagrange(kinetic)
        m_v += m_i
        c_v += c_i
        m11_link.append(m_i[0, 0])
        potential += mass * y.g0 * p[2]
    g = sp.Matrix([normal_form(d_theta(potential, k)) for k in range(3)])

    # relative spin of the secondary links, Eq. (14) with (27)–(30)
    b = _transmission()
    a_mat = sp.Matrix.hstack(b[4], b[5], b[6])
    m_rot: dict[int, sp.Matrix] = {}
    c_rot: dict[int, sp.Matrix] = {}
    c_rot_mats: dict[int, tuple[sp.Matrix, ...]] = {}
    for j, (carrier, axis) in _ROTORS.items():
        inertia = getattr(y, f"I{j}")
        spin = (b[j].T * dq)[0]
        e_dot_w = (sp.Matrix(axis).T * _omega_own(carrier))[0]
        kinetic = normal_form(inertia * spin**2 / 2 + inertia * spin * e_dot_w)
        m_rot[j], c_rot[j] = _lagrange(kinetic)
        c_rot_mats[j] = christoffel_matrices(m_rot[j])
    m_s = sum(m_rot.values(), sp.zeros(3, 3))
    c_s = sum(c_rot.values(), sp.zeros(3, 1))

    # the derived meaning of φ1..φ18 (see Derivation)
    q2 = {y.S[1]: 1, y.C[1]: 0, y.S[2]: 0, y.C[2]: 1}  # θ2 = π/2, θ3 = 0
    q0 = {y.S[1]: 0, y.C[1]: 1, y.S[2]: 0, y.C[2]: 1}  # θ2 = θ3 = 0
    z0_in_3 = (kin.R[3].T * kin.z[0]).applyfunc(normal_form)
    z0_in_2 = (kin.R[2].T * kin.z[0]).applyfunc(normal_form)
    f3 = normal_form((z0_in_3.T * links[2][2] * z0_in_3)[0])
    f2 = normal_form((z0_in_2.T * links[1][2] * z0_in_2)[0])
    com2_in_2 = (kin.R[2].T * (com[1] - kin.o[1])).applyfunc(normal_form)
    com3_in_1 = (kin.R[1].T * (com[2] - kin.o[1])).applyfunc(normal_form)

    def coeff(expr: sp.Expr, h: int, k: int) -> sp.Expr:
        mono = y.dq[h] * y.dq[k]
        return sp.Poly(expr, *y.dq).coeff_monomial(mono)

    phi = {
        1: m_v[0, 0],
        2: m_v[0, 1],
        3: m_v[1, 1],
        4: m_v[1, 2],
        5: m_v[2, 2],
        6: coeff(c_v[0], 1, 1),
        7: coeff(c_v[0], 0, 1),
        8: coeff(c_v[0], 0, 2),
        9: coeff(c_v[1], 0, 0),
        10: coeff(c_v[1], 2, 2),
        11: coeff(c_v[2], 0, 0),
        12: m11_link[0],
        13: com2_in_2[0],
        14: com3_in_1[0],
        15: sp.expand(f3.xreplace(q2) - f3.xreplace(q0)),
        16: sp.expand(f2.subs({y.S[1]: 1, y.C[1]: 0}) - f2.subs({y.S[1]: 0, y.C[1]: 1})),
        17: z0_in_3[0],
        18: z0_in_3[2],
    }
    phi = {k: normal_form(v) for k, v in phi.items()}
    # φ15, φ16 are coefficients only because the forms are a + b·S23², a + b·S2²: check it
    if not (
        is_zero(f3 - f3.xreplace(q0) - phi[15] * phi[17] ** 2)
        and is_zero(f2 - f2.subs({y.S[1]: 0, y.C[1]: 1}) - phi[16] * y.S[1] ** 2)
    ):
        raise AssertionError("derivation: z0ᵀ I z0 not of the form a + b sin²")
    return Derivation(
        b=b,
        A=a_mat,
        M_v=m_v,
        C_v=c_v,
        M_rotor=m_rot,
        C_rotor=c_rot,
        C_rotor_matrices=c_rot_mats,
        M_s=m_s,
        C_s=c_s,
        g=g,
        phi=phi,
    )


# --------------------------------------------------------------------------------------------
# the paper's printed Eqs. (31)–(45) and the note's gravity
# --------------------------------------------------------------------------------------------


def paper_eq45() -> sp.Matrix:
    """Structure matrix A as printed, Chen & Wang (45)."""
    y = _Y
    return sp.Matrix([[y.g14, 1, 0], [0, y.g25, 1], [0, 0, y.g76 * y.g37]])


def paper_rotor_terms() -> tuple[dict[int, sp.Matrix], dict[int, tuple[sp.Matrix, ...]]]:
    """M_{j/i} (Eqs. 31, 32, 35, 39) and C_{j/i,r} (Eqs. 33, 36, 37, 40–42) as printed."""
    y = _Y
    s2, c2 = y.S[1], y.C[1]
    g14, g25, g76, g37 = y.g14, y.g25, y.g76, y.g37
    z = sp.zeros(3, 3)
    m = {
        4: y.I4 * sp.Matrix([[g14**2, 0, 0], [0, 0, 0], [0, 0, 0]]),  # (31)
        5: y.I5 * sp.Matrix([[1, g25, 0], [g25, g25**2, 0], [0, 0, 0]]),  # (32)
        6: y.I6
        * sp.Matrix([[0, 0, 0], [0, 1, g76 * g37], [0, g76 * g37, g76**2 * g37**2]]),  # (35)
        7: y.I7 * sp.Matrix([[0, 0, g37 * s2], [0, 0, 0], [g37 * s2, 0, g37**2]]),  # (39)
    }
    k = g37 * c2
    c = {
        4: (z, z, z),  # (33)
        5: (z, z, z),  # (33)
        6: (z, z, z),  # (36), (37)
        7: (
            y.I7 / 2 * sp.Matrix([[0, 0, 0], [0, 0, k], [0, k, 0]]),  # (40)
            -y.I7 / 2 * sp.Matrix([[0, 0, k], [0, 0, 0], [k, 0, 0]]),  # (41)
            y.I7 / 2 * sp.Matrix([[0, k, 0], [k, 0, 0], [0, 0, 0]]),  # (42)
        ),
    }
    return m, c


def paper_eq44() -> tuple[sp.Matrix, sp.Matrix]:
    """G_s = M_s Θ̈ + C_s as printed, Chen & Wang (44) (with Θ̈ for the printed θ̈_2)."""
    y = _Y
    s2, c2 = y.S[1], y.C[1]
    t1, t2, t3 = y.dq
    g14, g25, g76, g37 = y.g14, y.g25, y.g76, y.g37
    m_s = sp.Matrix(
        [
            [y.I4 * g14**2 + y.I5, y.I5 * g25, y.I7 * g37 * s2],
            [y.I5 * g25, y.I5 * g25**2 + y.I6, y.I6 * g76 * g37],
            [y.I7 * g37 * s2, y.I6 * g76 * g37, y.I6 * g76**2 * g37**2 + y.I7 * g37**2],
        ]
    )
    c_s = sp.Matrix(
        [y.I7 * g37 * c2 * t2 * t3, -y.I7 * g37 * c2 * t1 * t3, y.I7 * g37 * c2 * t1 * t2]
    )
    return m_s, c_s


def gravity_closed_form() -> sp.Matrix:
    """Gravity vector of note §2.6 (not in the paper), gravity g_0 along −z_0::

    g = g_0 [0, (m_2*(a_2 + r_2*X) + m_3 a_2) Cθ2 + m_3 r_3Z S23, m_3 r_3Z S23]ᵀ
    """
    y = _Y
    s23 = y.S[1] * y.C[2] + y.C[1] * y.S[2]
    g2 = (y.m2s * (y.a2 + y.r2sX) + y.m3 * y.a2) * y.C[1] + y.m3 * y.r3Z * s23
    return sp.Matrix([0, y.g0 * g2, y.g0 * y.m3 * y.r3Z * s23])


# --------------------------------------------------------------------------------------------
# Appendix A: as printed, as corrected, and the check
# --------------------------------------------------------------------------------------------

_LABELS = {k: f"A2{chr(ord('a') + k - 1)}" for k in range(1, 12)} | {
    k: f"A3{chr(ord('a') + k - 12)}" for k in range(12, 19)
}


@dataclass(frozen=True)
class AppendixSet:
    """An Appendix A: the A1 structure (mass template, velocity-vector template, in φ's and
    Θ̇) and the definitions φ_k (k = 1..18, in the parameters, S_i, C_i and other φ's)."""

    name: str
    mass_template: sp.Matrix
    bias_template: sp.Matrix
    phi: Mapping[int, sp.Expr]

    def resolved(self) -> dict[int, sp.Expr]:
        """φ_k with the set's own φ's substituted (so in the parameters and S_i, C_i only)."""
        phis = set(_Y.phi)
        out = dict(self.phi)
        for _ in range(len(out)):
            table = {_Y.phi[k - 1]: v for k, v in out.items()}
            out = {k: sp.expand(v.xreplace(table)) for k, v in out.items()}
            if not any(v.free_symbols & phis for v in out.values()):
                return out
        raise ValueError(f"Appendix set {self.name!r}: circular φ definitions")


def _a1(row3: sp.Expr) -> tuple[sp.Matrix, sp.Matrix]:
    p = _Y.phi
    t1, t2, t3 = _Y.dq
    mass = sp.Matrix([[p[0], p[1], 0], [p[1], p[2], p[3]], [0, p[3], p[4]]])
    bias = sp.Matrix(
        [
            p[5] * t2**2 + p[6] * t1 * t2 + p[7] * t1 * t3,
            p[8] * t1**2 + p[9] * t3**2 + 2 * p[9] * t2 * t3,
            row3,
        ]
    )
    return mass, bias


def _aux_common() -> dict[int, sp.Expr]:
    """A3b, A3c, A3e, A3f, A3g: printed correctly (note §4.3)."""
    y = _Y
    p = y.phi
    s2, c2, s3, c3 = y.S[1], y.C[1], y.S[2], y.C[2]
    return {
        13: y.a2 + y.r2sX,  # (A3b)
        14: y.a2 * c2 + y.r3Z * p[16],  # (A3c)
        16: y.I2sXX - y.I2sYY,  # (A3e)
        17: s2 * c3 + c2 * s3,  # (A3f) = S23
        18: s2 * s3 - c2 * c3,  # (A3g) = −C23
    }


def appendix_printed() -> AppendixSet:
    """Chen & Wang, Appendix A exactly as printed (note §2.6 "As printed"); 13 items are
    wrong (note §4.3, :data:`ERRATA`)."""
    y = _Y
    p = y.phi
    t1, t2 = y.dq[0], y.dq[1]
    s2, c2, s3, c3 = y.S[1], y.C[1], y.S[2], y.C[2]
    mass, bias = _a1(p[10] * t1**2 + p[9] * t2**2 / 2)  # (A1) row 3 as printed
    phi = {
        1: p[11]  # (A2a)
        + y.m2s * (p[12] ** 2 * c2**2 + y.r2sZ**2)
        + y.I2sXX
        + (y.m3 * p[13] ** 2 + y.I3XX * p[16] ** 2 + y.I3ZZ * p[17] ** 2),
        2: (y.I2sXX - y.m2s * p[12] * y.r2sZ) * s2,  # (A2b)
        3: (y.m2s * p[12] ** 2 + y.I2sZZ) + (y.m3 * p[13] + y.I3YY),  # (A2c)
        4: y.m3 * y.r3Z * (y.a2 * s3 + y.r3Z),  # (A2d)
        5: y.m3 * y.r3Z + y.I3YY,  # (A2e)
        6: (-y.m2s * p[12] * y.r2sZ + y.I2sXZ * s2) * c2,  # (A2f)
        7: 2 * (-y.m2s * p[1] + p[15]) * s2 * c2  # (A2g)
        - 2 * y.m3 * p[13] * (y.a2 * s2 + y.r3Z * p[17])
        - 2 * p[13] * p[14] * p[16],
        8: -2 * y.m3 * p[17] * y.r3Z + 2 * p[13] * p[14] * p[16],  # (A2h)
        9: (y.m2s * p[12] ** 2 - p[15]) * s2 * c2  # (A2i)
        + y.m3 * p[13] * (y.a2 * s2 - y.r3Z * p[16])
        + p[13] * p[14] * p[16],
        10: y.m3 * y.r3Z * y.a2 * c3,  # (A2j)
        11: y.m3 * y.r3Z * p[16] * p[17] + p[13] * p[14] * p[16],  # (A2k)
        12: y.m1 * y.r1sZ**2 + y.I1sYY,  # (A3a)
        15: y.I3XX - y.I3YY,  # (A3d)
    } | _aux_common()
    return AppendixSet("printed", mass, bias, dict(sorted(phi.items())))


def appendix_corrected() -> AppendixSet:
    """Appendix A as corrected in note §2.6 ("Corrected"; the changes = note §4.3 table)."""
    y = _Y
    p = y.phi
    t1, t2 = y.dq[0], y.dq[1]
    s2, c2, s3, c3 = y.S[1], y.C[1], y.S[2], y.C[2]
    mass, bias = _a1(p[10] * t1**2 - p[9] * t2**2)  # §4.3 "A1 row 3": − φ10 θ̇2²
    phi = {
        1: p[11]  # §4.3 A2a: I_2*,yy + φ16 S²θ2 for the printed I_2*,xx
        + y.m2s * (p[12] ** 2 * c2**2 + y.r2sZ**2)
        + y.I2sYY
        + p[15] * s2**2
        + y.m3 * p[13] ** 2
        + y.I3XX * p[16] ** 2
        + y.I3ZZ * p[17] ** 2,
        2: (y.I2sXZ - y.m2s * p[12] * y.r2sZ) * s2,  # §4.3 A2b: I_2*,xz
        3: y.m2s * p[12] ** 2  # §4.3 A2c: m_3(a_2² + r_3z² + 2 a_2 r_3z Sθ3)
        + y.I2sZZ
        + y.m3 * (y.a2**2 + y.r3Z**2 + 2 * y.a2 * y.r3Z * s3)
        + y.I3YY,
        4: y.m3 * y.r3Z * (y.a2 * s3 + y.r3Z) + y.I3YY,  # §4.3 A2d: + I_3,yy
        5: y.m3 * y.r3Z**2 + y.I3YY,  # §4.3 A2e: r_3z²
        6: (y.I2sXZ - y.m2s * p[12] * y.r2sZ) * c2,  # §4.3 A2f: no Sθ2 on I_2*,xz
        7: 2 * (-y.m2s * p[12] ** 2 + p[15]) * s2 * c2  # §4.3 A2g: φ13², φ15 φ17 φ18
        - 2 * y.m3 * p[13] * (y.a2 * s2 + y.r3Z * p[17])
        - 2 * p[14] * p[16] * p[17],
        8: -2 * y.m3 * y.r3Z * p[13] * p[17] - 2 * p[14] * p[16] * p[17],  # §4.3 A2h
        9: (y.m2s * p[12] ** 2 - p[15]) * s2 * c2  # §4.3 A2i: + r_3z φ18, φ15 φ17 φ18
        + y.m3 * p[13] * (y.a2 * s2 + y.r3Z * p[17])
        + p[14] * p[16] * p[17],
        10: y.m3 * y.r3Z * y.a2 * c3,  # (A2j) unchanged
        11: y.m3 * y.r3Z * p[13] * p[17] + p[14] * p[16] * p[17],  # §4.3 A2k
        12: y.m1s * y.r1sZ**2 + y.I1sYY,  # §4.3 A3a: m_1*
        15: y.I3XX - y.I3ZZ,  # §4.3 A3d: I_3,zz
    } | _aux_common()
    return AppendixSet("corrected", mass, bias, dict(sorted(phi.items())))


def assemble_appendix(appendix: AppendixSet) -> tuple[sp.Matrix, sp.Matrix]:
    """M_v and C_v of an Appendix set (A1 filled with the set's own resolved φ's)."""
    table = {_Y.phi[k - 1]: v for k, v in appendix.resolved().items()}
    return appendix.mass_template.xreplace(table), appendix.bias_template.xreplace(table)


@dataclass(frozen=True)
class AppendixCheck:
    """Result of :func:`check_appendix`.

    Attributes
    ----------
    failing_phi : k of every φ_k whose definition (its own φ's substituted) differs from the
        derived meaning (:class:`Derivation` ``phi``).
    failing_rows : 1-based rows of the A1 structure that differ from the derived M_v, C_v
        when filled with the *derived* φ's (a structural error, independent of the φ's).
    residual_M, residual_C : normal forms of the assembled set minus the derivation; exactly
        zero matrices iff the set is right.
    """

    name: str
    failing_phi: tuple[int, ...]
    failing_rows: tuple[int, ...]
    residual_M: sp.Matrix
    residual_C: sp.Matrix

    @property
    def exact_zero(self) -> bool:
        """True iff M_v and C_v of the set equal the derivation exactly."""
        return self.residual_M.is_zero_matrix is True and self.residual_C.is_zero_matrix is True

    @property
    def ok(self) -> bool:
        """True iff nothing fails."""
        return not self.failing_phi and not self.failing_rows and self.exact_zero

    @property
    def labels(self) -> tuple[str, ...]:
        """The failing items as the note's §4.3 names them ("A1 row 3", "A2a", "A3d", ...)."""
        rows = tuple(f"A1 row {r}" for r in self.failing_rows)
        return rows + tuple(_LABELS[k] for k in self.failing_phi)


def check_appendix(appendix: AppendixSet) -> AppendixCheck:
    """Check an Appendix A set against the Lagrange derivation (exact, via :func:`normal_form`).

    Parameters
    ----------
    appendix : the set, e.g. :func:`appendix_printed` or :func:`appendix_corrected`.

    Returns
    -------
    AppendixCheck : which φ's and which A1 rows differ, and the exact residuals.
    """
    der = derive()
    resolved = appendix.resolved()
    failing_phi = tuple(k for k in range(1, 19) if not is_zero(resolved[k] - der.phi[k]))
    derived_table = {_Y.phi[k - 1]: v for k, v in der.phi.items()}
    m_t = appendix.mass_template.xreplace(derived_table)
    c_t = appendix.bias_template.xreplace(derived_table)
    failing_rows = tuple(
        r + 1
        for r in range(3)
        if not (
            all(is_zero(m_t[r, k] - der.M_v[r, k]) for k in range(3))
            and is_zero(c_t[r] - der.C_v[r])
        )
    )
    m_a, c_a = assemble_appendix(appendix)
    return AppendixCheck(
        name=appendix.name,
        failing_phi=failing_phi,
        failing_rows=failing_rows,
        residual_M=_nf_matrix(m_a - der.M_v),
        residual_C=_nf_matrix(c_a - der.C_v),
    )


def numeric_residual(appendix: AppendixSet, points: int = 4, seed: int = 0) -> float:
    """Largest |assembled set − derivation| over M_v and C_v at random parameter points.

    An independent numeric spot check of :func:`check_appendix`'s exact residual: θ, Θ̇ and
    every parameter drawn uniformly in [−1, 1] (float64).
    """
    der = derive()
    m_a, c_a = assemble_appendix(appendix)
    diff = sp.Matrix([*(m_a - der.M_v), *(c_a - der.C_v)])
    params = sorted(diff.free_symbols - set(_Y.S) - set(_Y.C), key=str)
    rng = np.random.default_rng(seed)
    worst = 0.0
    for _ in range(points):
        theta = rng.uniform(-np.pi, np.pi, 3)
        values: dict[sp.Symbol, float] = {
            s: float(np.sin(t)) for s, t in zip(_Y.S, theta, strict=True)
        }
        values |= {c: float(np.cos(t)) for c, t in zip(_Y.C, theta, strict=True)}
        values |= {p: float(rng.uniform(-1.0, 1.0)) for p in params}
        num = np.array(diff.xreplace(values).evalf(), dtype=float)
        worst = max(worst, float(np.max(np.abs(num))))
    return worst


@dataclass(frozen=True)
class Erratum:
    """One row of the note's §4.3 table: the item, what is wrong, and the note's reference."""

    item: str
    what: str
    reference: str


ERRATA: tuple[Erratum, ...] = (
    Erratum("A1 row 3", "+ φ10 θ̇2²/2 → − φ10 θ̇2²", "note §4.3 row 'A1 row 3'; §2.6"),
    Erratum(
        "A2a", "I_2*,xx → I_2*,yy + φ16 S²θ2 (= I_2*,xx S²θ2 + I_2*,yy C²θ2)", "note §4.3 'A2a'"
    ),
    Erratum("A2b", "I_2*,xx → I_2*,xz", "note §4.3 'A2b'"),
    Erratum(
        "A2c",
        "m_3 φ14 (dimensionally wrong) → m_3(a_2² + r_3z² + 2 a_2 r_3z Sθ3)",
        "note §4.3 'A2c'",
    ),
    Erratum("A2d", "+ I_3,yy missing", "note §4.3 'A2d'"),
    Erratum("A2e", "m_3 r_3z → m_3 r_3z² (dimensionally wrong)", "note §4.3 'A2e'"),
    Erratum("A2f", "I_2*,xz Sθ2 → I_2*,xz (φ6 = ∂φ2/∂θ2)", "note §4.3 'A2f'"),
    Erratum("A2g", "m_2* φ2 → m_2* φ13²; − 2 φ14 φ15 φ17 → − 2 φ15 φ17 φ18", "note §4.3 'A2g'"),
    Erratum(
        "A2h", "φ18 → φ14 φ18 in the m_3 term; + 2 φ14 φ15 φ17 → − 2 φ15 φ17 φ18", "note §4.3 'A2h'"
    ),
    Erratum("A2i", "− r_3z φ17 → + r_3z φ18; φ14 φ15 φ17 → φ15 φ17 φ18", "note §4.3 'A2i'"),
    Erratum("A2k", "φ17 → φ14 in the m_3 term; φ14 φ15 φ17 → φ15 φ17 φ18", "note §4.3 'A2k'"),
    Erratum("A3a", "m_1 → m_1*", "note §4.3 'A3a'"),
    Erratum("A3d", "I_3,yy → I_3,zz (³z_0 = [S23, 0, −C23])", "note §4.3 'A3d'"),
)


# --------------------------------------------------------------------------------------------
# numbers of note §2.7
# --------------------------------------------------------------------------------------------

_Q = sp.Rational

# note §2.7 "Primary links alone": mass, centre of mass, diagonal inertia about it (own frame)
PRIMARY_LINKS: dict[int, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    1: ("3.6", ("0", "-0.10", "0"), ("0.028", "0.022", "0.018")),
    2: ("2.6", ("-0.22", "0", "0"), ("0.008", "0.050", "0.047")),
    3: ("1.5", ("0", "0", "0.12"), ("0.008", "0.009", "0.004")),
}
# note §2.7 "Secondary links": carrier, axis, on-axis centre of mass, mass, transverse inertia
SECONDARY_LINKS: dict[int, tuple[int, tuple[int, ...], tuple[str, ...], str, str]] = {
    4: (0, (0, 0, 1), ("0.08", "0.05", "0"), "0.30", "1.2e-4"),
    5: (0, (0, 0, 1), ("0", "0", "0.20"), "0.40", "1.0e-4"),
    6: (1, (0, 0, 1), ("0", "0", "0.06"), "0.40", "0.8e-4"),
    7: (2, (1, 0, 0), ("-0.25", "0", "0.06"), "0.60", "2.0e-3"),
}
# note §2.7 Case R / Case S: axial inertias I_4..I_7, ratios g_14, g_25, g_76, g_37
CASES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "R": (("2.0e-4", "1.5e-4", "1.0e-4", "5.0e-5"), ("-50", "40", "-1.5", "20")),
    "S": (("2.0e-2", "1.5e-2", "1.0e-2", "3.0e-2"), ("-3", "2", "-1.5", "2.5")),
}


def merge_virtual_links(case: str) -> dict[int, tuple[sp.Rational, sp.Matrix, sp.Matrix]]:
    """Virtual links 1*, 2*, 3 of note §2.7 (Chen & Wang Sec. 5.1, note §1.5), exact.

    Each secondary link carried by a moving primary link is merged with its full tensor
    I_axial e eᵀ + I⊥(1 − e eᵀ) by the parallel-axis theorem:
    m* = Σ m, c* = Σ m c / m*, I* = Σ [I + m(|d|² 1 − d dᵀ)], d = c − c*.

    Returns
    -------
    dict : link → (mass (kg), centre of mass (3×1, m), inertia about it (3×3, kg·m²)), in the
        link's own DH frame, exact Rationals.
    """
    axial = dict(zip((4, 5, 6, 7), (_Q(v) for v in CASES[case][0]), strict=True))
    out = {}
    for i, (mass, com, diag) in PRIMARY_LINKS.items():
        parts = [(_Q(mass), sp.Matrix([_Q(v) for v in com]), sp.diag(*(_Q(v) for v in diag)))]
        for j, (carrier, axis, c, m, i_perp) in SECONDARY_LINKS.items():
            if carrier == i:
                e = sp.Matrix(axis)
                tensor = axial[j] * e * e.T + _Q(i_perp) * (sp.eye(3) - e * e.T)
                parts.append((_Q(m), sp.Matrix([_Q(v) for v in c]), tensor))
        total = sum(p[0] for p in parts)
        centre = sum((p[0] * p[1] for p in parts), sp.zeros(3, 1)) / total
        inertia = sp.zeros(3, 3)
        for m, c, tensor in parts:
            d = c - centre
            inertia += tensor + m * ((d.T * d)[0] * sp.eye(3) - d * d.T)
        out[i] = (total, centre, inertia)
    return out


def case_parameters(case: str) -> dict[sp.Symbol, sp.Rational]:
    """Exact values (SI: m, kg, kg·m², m/s²) of every parameter symbol, note §2.7 Case ``"R"``
    or ``"S"``: d_1 = 0.35, a_2 = 0.45, g_0 = 9.81, the merged virtual links of
    :func:`merge_virtual_links`, I_4..I_7 and the ratios.

    Raises
    ------
    ValueError : the merged virtual links do not have the sparsity of Table 3, or an unknown case.
    """
    if case not in CASES:
        raise ValueError(f"case {case!r}: expected one of {sorted(CASES)} (note §2.7)")
    y = _Y
    links = merge_virtual_links(case)
    table3 = {
        1: (
            y.m1s,
            (None, y.r1sY, y.r1sZ),
            {(0, 0): y.I1sXX, (1, 1): y.I1sYY, (2, 2): y.I1sZZ, (1, 2): y.I1sYZ},
        ),
        2: (
            y.m2s,
            (y.r2sX, None, y.r2sZ),
            {(0, 0): y.I2sXX, (1, 1): y.I2sYY, (2, 2): y.I2sZZ, (0, 2): y.I2sXZ},
        ),
        3: (y.m3, (None, None, y.r3Z), {(0, 0): y.I3XX, (1, 1): y.I3YY, (2, 2): y.I3ZZ}),
    }
    values: dict[sp.Symbol, sp.Rational] = {y.d1: _Q("0.35"), y.a2: _Q("0.45"), y.g0: _Q("9.81")}
    for i, (msym, rsyms, isyms) in table3.items():
        mass, centre, inertia = links[i]
        values[msym] = mass
        for a, rs in enumerate(rsyms):
            if rs is None:
                if centre[a] != 0:
                    raise ValueError(f"virtual link {i}*: centre of mass [{a}] ≠ 0, not Table 3")
            else:
                values[rs] = centre[a]
        for a in range(3):
            for b in range(a, 3):
                if (a, b) in isyms:
                    values[isyms[(a, b)]] = inertia[a, b]
                elif inertia[a, b] != 0:
                    raise ValueError(f"virtual link {i}*: I[{a},{b}] ≠ 0, not Table 3")
    values[y.m1] = _Q(PRIMARY_LINKS[1][0])
    axial, ratios = CASES[case]
    for sym, v in zip((y.I4, y.I5, y.I6, y.I7), axial, strict=True):
        values[sym] = _Q(v)
    for sym, v in zip((y.g14, y.g25, y.g76, y.g37), ratios, strict=True):
        values[sym] = _Q(v)
    return values


def evaluate(
    expr: sp.Matrix | sp.Expr,
    params: Mapping[sp.Symbol, sp.Expr],
    theta: Sequence[float] = (0.0, 0.0, 0.0),
    dtheta: Sequence[float] = (0.0, 0.0, 0.0),
    ddtheta: Sequence[float] = (0.0, 0.0, 0.0),
) -> np.ndarray:
    """Evaluate a closed form at a state (rad, rad/s, rad/s²), 30 significant digits → float64.

    The state's decimals are taken exactly (``Rational(str(x))``) and sin/cos evaluated by
    SymPy, so the only rounding is the final conversion to float.
    """
    values: dict[sp.Symbol, sp.Expr] = dict(params)
    for k in range(3):
        th = _Q(str(theta[k]))
        values[_Y.S[k]] = sp.sin(th)
        values[_Y.C[k]] = sp.cos(th)
        values[_Y.theta[k]] = th
        values[_Y.dq[k]] = _Q(str(dtheta[k]))
        values[_Y.ddq[k]] = _Q(str(ddtheta[k]))
    m = sp.Matrix(expr) if isinstance(expr, sp.MatrixBase) else sp.Matrix([expr])
    out = np.array(m.xreplace(values).evalf(30), dtype=float)
    return out if isinstance(expr, sp.MatrixBase) else out.reshape(())


# --------------------------------------------------------------------------------------------
# printing
# --------------------------------------------------------------------------------------------


def _display(expr: sp.Expr) -> sp.Expr:
    """Readable form: S2 C3 + C2 S3 → S23, S2 S3 − C2 C3 → −C23, collected on the velocities."""
    y = _Y
    s23, c23 = sp.Symbol("S_23"), sp.Symbol("C_23")
    e = sp.expand(expr)
    e = e.subs(y.S[1] * y.C[2], s23 - y.C[1] * y.S[2]).subs(y.S[1] * y.S[2], y.C[1] * y.C[2] - c23)
    e = sp.expand(e)
    return sp.collect(e, list(y.dq) + list(y.ddq))


def _text(expr: sp.Basic) -> str:
    """Plain text with unambiguous names: m_2* → m_2s, I_2*,XX → I_2s_XX, g_1,4 → g_14."""

    def name(n: str) -> str:
        return n.replace("*,", "s_").replace("*", "s").replace(",", "")

    table = {s: sp.Symbol(name(s.name)) for s in expr.free_symbols if isinstance(s, sp.Symbol)}
    return sp.sstr(expr.xreplace(table))


def _fmt(expr: sp.Basic, fmt: str) -> str:
    return sp.latex(expr) if fmt == "latex" else _text(expr)


def _display_gravity(expr: sp.Expr) -> sp.Expr:
    """g_0 · (terms collected on C_2, S_23)."""
    e = _display(sp.expand(expr / _Y.g0))
    return _Y.g0 * sp.collect(e, [_Y.C[1], sp.Symbol("S_23")], sp.factor)


def render(fmt: str = "text") -> str:
    """The closed forms as text, LaTeX or the markdown docs fragment (``fmt``)."""
    if fmt not in ("text", "latex", "markdown"):
        raise ValueError(f"format {fmt!r}: expected text, latex or markdown")
    der = derive()
    corr = appendix_corrected()
    y = _Y
    tex = fmt in ("latex", "markdown")
    f = "latex" if tex else "text"
    lines: list[str] = []

    def block(title: str, body: str) -> None:
        if fmt == "markdown":
            lines.extend([title, "", "$$", body, "$$", ""])
        else:
            lines.extend([title, body, ""])

    if fmt == "text":
        lines.extend(
            [
                "Chen & Wang's 3-dof geared arm, closed forms derived with Lagrange's equations.",
                "Names: S_i = sin θ_i, C_i = cos θ_i, thetadot_i = θ̇_i; m_2s = m_{2*},",
                "I_2s_XX = I_{2*,XX}, r_2sX = r_{2*X} (Table 3), g_14 = g_{1,4}; I_4..I_7 axial.",
                "",
            ]
        )
    theta_dot = sp.Matrix(y.dq)
    rates = {j: (der.b[j].T * theta_dot)[0] for j in (4, 5, 6, 7)}
    names = {4: "q̇_{4,0}", 5: "q̇_{5,0}", 6: "q̇_{6,1}", 7: "q̇_{7,2}"}
    tex_names = {4: r"\dot q_{4,0}", 5: r"\dot q_{5,0}", 6: r"\dot q_{6,1}", 7: r"\dot q_{7,2}"}
    eq_no = {4: 27, 5: 28, 6: 29, 7: 30}
    if tex:
        body = r" \\ ".join(
            rf"{tex_names[j]} &= {sp.latex(rates[j])} && \text{{({eq_no[j]})}}" for j in rates
        )
        block("Transmission, Chen & Wang (27)–(30):", r"\begin{aligned}" + body + r"\end{aligned}")
    else:
        body = "\n".join(f"  {names[j]} = {_text(rates[j])}   ({eq_no[j]})" for j in rates)
        block("Transmission, Chen & Wang (27)-(30):", body)
    det = sp.factor(der.A.det())
    block(
        "Structure matrix, Chen & Wang (45) (φ̇ = Aᵀ Θ̇, τ = A ξ, det A = "
        + (f"${sp.latex(det)}$" if tex else _text(det))
        + "):",
        "A = " + _fmt(der.A, f),
    )
    ms = der.M_s.applyfunc(_display)
    cs = der.C_s.applyfunc(_display)
    block(
        "Relative spin of the secondary links, G_s = M_s Θ̈ + C_s, Chen & Wang (44):",
        (r"G_s = " + sp.latex(ms) + r"\ddot\Theta + " + sp.latex(cs))
        if tex
        else "M_s = " + _text(ms) + "\nC_s = " + _text(cs),
    )
    mass, bias = corr.mass_template, corr.bias_template
    block(
        "Virtual EOLC, G_v = M_v Θ̈ + C_v, corrected Appendix A (A1):",
        (r"G_v = " + sp.latex(mass) + r"\ddot\Theta + " + sp.latex(bias))
        if tex
        else "M_v = " + _text(mass) + "\nC_v = " + _text(bias),
    )
    if tex:
        body = r" \\ ".join(
            rf"{sp.latex(y.phi[k - 1])} &= {sp.latex(corr.phi[k])} && \text{{({_LABELS[k]})}}"
            for k in range(1, 19)
        )
        block(
            "Corrected (A2), (A3) (note §2.6; S_i = sin θ_i, C_i = cos θ_i):",
            r"\begin{aligned}" + body + r"\end{aligned}",
        )
    else:
        body = "\n".join(f"  phi_{k} = {_text(corr.phi[k])}   ({_LABELS[k]})" for k in range(1, 19))
        block("Corrected (A2), (A3) (note §2.6; S_i = sin θ_i, C_i = cos θ_i):", body)
    g = gravity_closed_form().applyfunc(_display_gravity)
    block(
        "Gravity (note §2.6; not in the paper), gravity g_0 along −z_0, S23 = sin(θ2 + θ3):",
        ("g = " + _fmt(g, f)),
    )
    if fmt != "markdown":
        return "\n".join(lines)
    return _markdown(lines)


def _errata_rows() -> list[str]:
    printed = check_appendix(appendix_printed())
    corrected = check_appendix(appendix_corrected())
    p_set, c_set = appendix_printed(), appendix_corrected()
    fails_p, fails_c = set(printed.labels), set(corrected.labels)
    k_of = {v: k for k, v in _LABELS.items()}
    rows = [
        "| item | printed | corrected | what changed | derivation: printed / corrected |",
        "|---|---|---|---|---|",
    ]
    for err in ERRATA:
        if err.item == "A1 row 3":
            pe, ce = p_set.bias_template[2], c_set.bias_template[2]
        else:
            k = k_of[err.item]
            pe, ce = p_set.phi[k], c_set.phi[k]
        verdict = (
            ("differs" if err.item in fails_p else "**agrees (?)**")
            + " / "
            + ("agrees" if err.item not in fails_c else "**differs (?)**")
        )
        rows.append(
            f"| {err.item} | ${sp.latex(pe)}$ | ${sp.latex(ce)}$ | `{err.what}` | {verdict} |"
        )
    others = sorted(set(_LABELS.values()) - {e.item for e in ERRATA})
    rows.append("")
    rows.append(
        "Printed correctly (the derivation agrees with the printed form): "
        + ", ".join(others)
        + ", and A1 rows 1 and 2. "
        + "Exact residual of the corrected set (assembled A1 minus the derivation): M_v "
        + ("0" if corrected.residual_M.is_zero_matrix else "≠ 0")
        + ", C_v "
        + ("0" if corrected.residual_C.is_zero_matrix else "≠ 0")
        + "; failing items of the printed set: "
        + ", ".join(printed.labels)
        + "."
    )
    return rows


def _markdown(lines: list[str]) -> str:
    head = [
        "## Closed forms of the 3-dof example (symbolic mode)",
        "",
        "Generated by `python -m modyn_model.mechanisms.geared.symbolic --format markdown`",
        "from `modyn_model/mechanisms/geared/symbolic.py`: Chen & Wang's example arm (note §2)",
        "rederived with Lagrange's equations in SymPy (virtual-link kinetic energy from the",
        "standard-DH forward kinematics, the relative-spin energy of Eq. (14) with the rates",
        "of Eqs. (27)–(30) solved from the mesh and coaxial equations (9)–(10)). Notation:",
        "$S_i = \\sin\\theta_i$, $C_i = \\cos\\theta_i$, $S_{23} = \\sin(\\theta_2 + \\theta_3)$; Table 3",
        "names the virtual-link parameters ($m_{1*}$, $r_{1*Z}$, $I_{1*,YY}$, ...). The derivation",
        "reproduces Eqs. (27)–(45) exactly as printed; gravity is ours (the paper has none).",
        "",
    ]
    tail = [
        "### Appendix A errata (note §4.3)",
        "",
        "Each item of Appendix A as printed against the Lagrange derivation",
        "(`check_appendix`): “differs” means the printed φ (with the printed auxiliaries)",
        "or the printed A1 row is not the derived quantity; “agrees” means the difference is",
        "exactly 0 (canonical normal form modulo S_i² + C_i² − 1, no `simplify`).",
        "",
        *_errata_rows(),
        "",
        "### Regenerating",
        "",
        "Run `python -m modyn_model.mechanisms.geared.symbolic --format markdown >",
        "docs/geared_closed_forms.md` with the workspace sourced (about two seconds;",
        "`--format text` or `--format latex` print the closed forms alone). Every",
        "expression is derived afresh; `src/modyn_model/test/test_geared_symbolic.py`",
        "asserts that the printed Appendix fails exactly the items above, that the corrected",
        "one agrees exactly, and that the closed forms give the numbers of note §2.7.",
        "",
    ]
    return "\n".join(head + lines + tail)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: print the closed forms (``--format text|latex|markdown``)."""
    parser = argparse.ArgumentParser(
        prog="python -m modyn_model.mechanisms.geared.symbolic",
        description="Closed forms of Chen & Wang's 3-dof geared arm (derived with SymPy).",
    )
    parser.add_argument("--format", choices=("text", "latex", "markdown"), default="text")
    args = parser.parse_args(argv)
    sys.stdout.write(render(args.format) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
