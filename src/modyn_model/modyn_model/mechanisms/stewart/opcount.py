"""Operation counts of the Stewart platform's Coriolis/centripetal matrices (Lopes 2009, Table 1).

For each body of the platform (the moving platform; one cylinder, translating and rotating; one
piston, translating and rotating) this module builds, with SymPy and from the same symbols
(pose ``x``, Euler rates ``xd``, the leg's joint points ``b`` and ``p`` = ᴾp, ``b_C``, ``b_S``,
masses and principal inertias), two Coriolis/centripetal matrices (6×6, in Euler coordinates):

* the generalized-momentum (GM) matrix of the paper (eqs. 28, 46, 58, 68, 76; note §6.1–6.5)::

      V_b = J_bᵀ · d/dt(M_b · J_b · T)

  with ``M_b`` the body's inertia in {B} (m E₃, or the rotated inertia tensor, or for the
  platform blockdiag(m_P E₃, I_P|_B)), ``J_b`` its velocity Jacobian on the platform twist
  (J_B, J_D, J_G of eqs. 36, 40, 62; E₆ for the platform) and T = blockdiag(E₃, J_A);

* the Lagrange matrix of the same body: its Euler-coordinate mass matrix
  ``A_b = Tᵀ J_bᵀ M_b J_b T`` and the Christoffel-symbol Coriolis matrix::

      C_kj = Σ_i ½ (∂A_kj/∂x_i + ∂A_ki/∂x_j − ∂A_ij/∂x_k) ẋ_i .

Three matrices are counted per body (``METHODS``):

* ``"gm"``: V_b with the closed-form rates of note §6.5 written through the twist u = T ẋ
  (ṗ = ω × p, l̂̇, l̄̇, J̇_D, J̇_B, K̇, Ṙ_C, İ_P = ω̃ I − I ω̃, J̇_A): the paper's derivation;
* ``"gm_chain"``: the same V_b, but d/dt(M_b J_b T) taken by the chain rule
  Σ_k ∂(·)/∂x_k ẋ_k on the expressions in x, the tool the Lagrange matrix uses;
* ``"lagrange"``: C_b, each distinct ∂A_ab/∂x_i differentiated once (A is symmetric).

Derivatives are taken by :class:`_Differentiator`, SymPy's ``diff`` rules memoized over shared
subexpressions (same expressions, minutes → seconds). None of the three is simplified or
expanded: the counts are of the expressions as derived, then of their CSE.

GM and Lagrange agree on ẋ: Tᵀ V_b ẋ = C_b ẋ for every body of the paper's data, since
``Tᵀ(I_b ẍ + V_b ẋ) = A_b ẍ + C_b ẋ`` is the body's Lagrange equation; for the legs even
Tᵀ V_b = C_b (point masses, and an axisymmetric leg behaves as one on the unit sphere). With a
non-axisymmetric leg inertia they differ: the paper's no-spin J_D is not Lagrangian (note §6.10).

Counting rules (:func:`count_operations`), the paper's Maple rules being unstated (note A25):

* an n-term sum costs n − 1 additions; a subtraction is an addition; negation is free (a sign
  carried by the operand, as in SYMORO and :mod:`modyn_model.codegen.tracer`);
* an n-factor product costs n − 1 multiplications; a numeric factor other than ±1 (e.g. ½) is a
  factor; a product with denominator factors ``a/(b·c)`` costs one division plus the
  multiplications inside the numerator and inside the denominator;
* an integer power ``a**k`` costs the multiplications of binary exponentiation (k = 2: 1, k = 3:
  2, k = 4: 2); ``a**(-k)`` one division more;
* ``sqrt``, ``sin``, ``cos`` (and any other function or non-integer power) are calls, reported
  apart from +, ×, ÷ ("calls"); ``a**(k/2)`` is one sqrt call plus the power of the integer k;
* with CSE (:func:`sympy.cse`), every temporary's definition and every output are counted once;
  without CSE the expression *trees* are counted (a repeated subexpression is paid each time),
  which is what evaluating the printed expressions would cost.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from functools import cache

import numpy as np
import sympy as sp

__all__ = [
    "BODIES",
    "METHODS",
    "PAPER_TABLE1",
    "StewartSymbols",
    "body_coriolis",
    "body_jacobian",
    "body_opcount",
    "count_operations",
    "gm_coriolis",
    "lagrange_coriolis",
    "lagrange_mass_matrix",
    "lambdify_body",
    "make_symbols",
    "opcount_table",
    "table_totals",
]

#: The bodies of one Table 1 row each, in the paper's order; the last four are per leg.
BODIES = (
    "platform",
    "cylinder_translation",
    "cylinder_rotation",
    "piston_translation",
    "piston_rotation",
)
LEG_BODIES = BODIES[1:]

#: Lopes (2009) Table 1 as transcribed in note §8: (add, mul, div) per row and method.
#: The Lagrange "Div." total is printed 80 while its rows sum to 180 (note A24).
PAPER_TABLE1 = {
    "lagrange": {
        "platform": (485, 719, 0),
        "cylinder_translation": (2982, 5483, 7),
        "cylinder_rotation": (5433, 9215, 8),
        "piston_translation": (2985, 5483, 7),
        "piston_rotation": (5433, 9215, 8),
        "total": (101483, 177095, 80),
    },
    "lagrange_koditschek": {
        "platform": (474, 735, 0),
        "cylinder_translation": (2389, 4283, 7),
        "cylinder_rotation": (3908, 6765, 8),
        "piston_translation": (2392, 4283, 7),
        "piston_rotation": (3908, 6765, 8),
        "total": (76056, 133311, 180),
    },
    "gm": {
        "platform": (182, 326, 0),
        "cylinder_translation": (238, 533, 4),
        "cylinder_rotation": (471, 942, 8),
        "piston_translation": (241, 533, 4),
        "piston_rotation": (471, 942, 8),
        "total": (8708, 18026, 144),
    },
}


@dataclass(frozen=True)
class StewartSymbols:
    """The symbols every expression is built from (SI units: m, kg, kg m², rad, rad/s).

    ``x`` = [x, y, z, ψ, θ, φ] the platform pose (CoM position in {B}, Z-Y′-X″ Euler angles),
    ``xd`` its rates; ``b`` the leg's base joint B_i in {B}, ``p`` its platform joint ᴾp_i in
    {P}; ``b_C`` (``b_S``) the cylinder (piston) CoM distance from B_i (P_i) along the leg;
    masses and principal inertias [xx, yy, zz] of the platform (in {P}), of the cylinder and
    of the piston (in {C_i} = {S_i}, eqs. 49–52).
    """

    x: tuple
    xd: tuple
    b: tuple
    p: tuple
    b_C: sp.Symbol
    b_S: sp.Symbol
    m_P: sp.Symbol
    I_P: tuple
    m_C: sp.Symbol
    I_C: tuple
    m_S: sp.Symbol
    I_S: tuple

    def parameter_symbols(self, body: str) -> tuple:
        """The constant symbols ``body``'s expressions use (after ``x`` and ``xd``)."""
        if body == "platform":
            return (self.m_P, *self.I_P)
        leg = (*self.b, *self.p)
        return {
            "cylinder_translation": (*leg, self.b_C, self.m_C),
            "cylinder_rotation": (*leg, *self.I_C),
            "piston_translation": (*leg, self.b_S, self.m_S),
            "piston_rotation": (*leg, *self.I_S),
        }[body]


@cache
def make_symbols() -> StewartSymbols:
    """The shared symbols (real-valued; cached so every builder uses the same objects)."""
    real = {"real": True}
    x = sp.symbols("x y z psi theta phi", **real)
    xd = sp.symbols("xd yd zd psid thetad phid", **real)
    return StewartSymbols(
        x=x,
        xd=xd,
        b=sp.symbols("b_x b_y b_z", **real),
        p=sp.symbols("p_x p_y p_z", **real),
        b_C=sp.Symbol("b_C", positive=True),
        b_S=sp.Symbol("b_S", positive=True),
        m_P=sp.Symbol("m_P", positive=True),
        I_P=sp.symbols("I_Pxx I_Pyy I_Pzz", positive=True),
        m_C=sp.Symbol("m_C", positive=True),
        I_C=sp.symbols("I_Cxx I_Cyy I_Czz", nonnegative=True),
        m_S=sp.Symbol("m_S", positive=True),
        I_S=sp.symbols("I_Sxx I_Syy I_Szz", nonnegative=True),
    )


# --- kinematics (note §3–§4), as SymPy expressions in x -------------------------------------


def _skew(a) -> sp.Matrix:
    """ã with ã b = a × b (eq. 38)."""
    return sp.Matrix([[0, -a[2], a[1]], [a[2], 0, -a[0]], [-a[1], a[0], 0]])


def _rotation(s: StewartSymbols) -> sp.Matrix:
    """ᴮR_P = Rz(ψ) Ry(θ) Rx(φ) (eq. 4)."""
    psi, theta, phi = s.x[3:]
    rz = sp.Matrix([[sp.cos(psi), -sp.sin(psi), 0], [sp.sin(psi), sp.cos(psi), 0], [0, 0, 1]])
    ry = sp.Matrix(
        [[sp.cos(theta), 0, sp.sin(theta)], [0, 1, 0], [-sp.sin(theta), 0, sp.cos(theta)]]
    )
    rx = sp.Matrix([[1, 0, 0], [0, sp.cos(phi), -sp.sin(phi)], [0, sp.sin(phi), sp.cos(phi)]])
    return rz * ry * rx


def _euler_rate_matrix(s: StewartSymbols) -> sp.Matrix:
    """J_A with ω = J_A [ψ̇, θ̇, φ̇] (eq. 9)."""
    psi, theta = s.x[3], s.x[4]
    c, si = sp.cos, sp.sin
    return sp.Matrix(
        [
            [0, -si(psi), c(theta) * c(psi)],
            [0, c(psi), c(theta) * si(psi)],
            [1, 0, -si(theta)],
        ]
    )


def _twist_map(s: StewartSymbols) -> sp.Matrix:
    """T = blockdiag(E₃, J_A) (eq. 23): u = T ẋ."""
    return sp.diag(sp.eye(3), _euler_rate_matrix(s))


def _leg(s: StewartSymbols) -> dict:
    """The leg's kinematic quantities of note §4 (eqs. 30–40, 49–52, 59–62) for joints b, p."""
    rot = _rotation(s)
    p = rot * sp.Matrix(s.p)  # ᴾp_i|_B
    leg = sp.Matrix(s.x[:3]) + p - sp.Matrix(s.b)  # l_i (eq. 31)
    length_sq = (leg.T * leg)[0, 0]
    length = sp.sqrt(length_sq)
    lhat = leg / length
    w = sp.Matrix.hstack(sp.eye(3), _skew(p).T)  # W_i = [E₃, p̃ᵀ]
    lbar_skew = _skew(leg) / length_sq  # l̄̃_i, l̄ = l / (lᵀl) (eq. 37)
    j_d = lbar_skew * w  # [l̄̃, l̄̃ p̃ᵀ] (eq. 36)
    j_b = s.b_C * _skew(lhat).T * j_d  # eq. 40
    k = sp.eye(3) - s.b_S * _skew(lhat).T * lbar_skew
    j_g = k * w  # eq. 62
    # leg frame {C_i} = {S_i} (eqs. 49–52): x_C along the leg, y_C horizontal
    rho = sp.sqrt(leg[0] ** 2 + leg[1] ** 2)
    x_c = lhat
    y_c = sp.Matrix([-leg[1], leg[0], 0]) / rho
    z_c = x_c.cross(y_c)
    r_c = sp.Matrix.hstack(x_c, y_c, z_c)
    return {
        "p": p, "l": leg, "lhat": lhat, "W": w, "J_D": j_d, "J_B": j_b, "J_G": j_g, "K": k,
        "R_C": r_c, "y_C": y_c, "rho": rho, "length": length, "length_sq": length_sq,
        "lbar_skew": lbar_skew,
    }  # fmt: skip


def body_jacobian(body: str, s: StewartSymbols | None = None) -> tuple[sp.Matrix, sp.Matrix]:
    """``(M_b, J_b)``: the body's inertia in {B} and its velocity Jacobian on the twist u.

    ``M_b`` is m E₃ (translation), R I Rᵀ (rotation: eqs. 17, 48, 70) or, for the platform,
    blockdiag(m_P E₃, I_P|_B) with ``J_b`` = E₆ (eqs. 19–22). Body velocity = J_b T ẋ.
    """
    s = s or make_symbols()
    if body == "platform":
        rot = _rotation(s)
        inertia = rot * sp.diag(*s.I_P) * rot.T
        return sp.diag(s.m_P * sp.eye(3), inertia), sp.eye(6)
    if body not in LEG_BODIES:
        raise ValueError(f"unknown body {body!r}; expected one of {', '.join(BODIES)}")
    leg = _leg(s)
    if body == "cylinder_translation":
        return s.m_C * sp.eye(3), leg["J_B"]
    if body == "piston_translation":
        return s.m_S * sp.eye(3), leg["J_G"]
    principal = s.I_C if body == "cylinder_rotation" else s.I_S
    r_c = leg["R_C"]
    return r_c * sp.diag(*principal) * r_c.T, leg["J_D"]


class _Differentiator:
    """∂e/∂var by the rules of :meth:`sympy.Expr.diff`, memoized over shared subexpressions.

    SymPy's ``diff`` re-derives a subexpression at every occurrence (no cache across a tree),
    which makes the leg bodies' matrices minutes long to derive; the rules here are the same
    (sum rule; product rule Σ_i f_i′ Π_{j≠i} f_j; a**n → n a**(n−1) a′; sin, cos), so the
    result is the expression ``diff`` returns, built once per distinct subexpression.
    """

    def __init__(self, var: sp.Symbol):
        self.var = var
        self.memo: dict = {}

    def __call__(self, e):
        hit = self.memo.get(e)
        if hit is not None:
            return hit
        if e.is_Atom:
            out = sp.S.One if e == self.var else sp.S.Zero
        elif self.var not in e.free_symbols:
            out = sp.S.Zero
        elif e.is_Add:
            out = sp.Add(*[self(a) for a in e.args])
        elif e.is_Mul:
            terms = []
            for i, f in enumerate(e.args):
                df = self(f)
                if df != 0:
                    terms.append(sp.Mul(*e.args[:i], df, *e.args[i + 1 :]))
            out = sp.Add(*terms)
        elif e.is_Pow and self.var not in e.exp.free_symbols:
            out = e.exp * e.base ** (e.exp - 1) * self(e.base)
        elif isinstance(e, sp.sin):
            out = sp.cos(e.args[0]) * self(e.args[0])
        elif isinstance(e, sp.cos):
            out = -sp.sin(e.args[0]) * self(e.args[0])
        else:
            out = e.diff(self.var)
        self.memo[e] = out
        return out


def _jacobian_x(m: sp.Matrix, s: StewartSymbols) -> list[sp.Matrix]:
    """[∂m/∂x_k for k = 0..5], one memoized differentiator per coordinate."""
    out = []
    for xk in s.x:
        d = _Differentiator(xk)
        out.append(m.applyfunc(d))
    return out


def _time_derivative(m: sp.Matrix, s: StewartSymbols) -> sp.Matrix:
    """d/dt of a matrix of expressions in x: Σ_k ∂m/∂x_k ẋ_k (the chain rule)."""
    return sum(
        (dm * xdk for dm, xdk in zip(_jacobian_x(m, s), s.xd, strict=True)), sp.zeros(*m.shape)
    )


def gm_coriolis(body: str, s: StewartSymbols | None = None, route: str = "analytic") -> sp.Matrix:
    """The GM Coriolis/centripetal matrix V_b = J_bᵀ d/dt(M_b J_b T) (6×6; eqs. 28, 46, …).

    ``route="analytic"``: d/dt(M_b J_b T) = Ṁ_b J_b T + M_b J̇_b T + M_b J_b Ṫ with the rates
    of note §6.5 written through the twist u = T ẋ (ṗ = ω × p, l̂̇, l̄̇, J̇_D, J̇_B, K̇, Ṙ_C,
    İ_P = ω̃ I − I ω̃, J̇_A of note §3), as the paper derives them; ``route="chain"``: the same
    matrix by the chain rule Σ_k ∂(M_b J_b T)/∂x_k ẋ_k on the expressions in x.
    """
    s = s or make_symbols()
    if route == "chain":
        mass, jac = body_jacobian(body, s)
        return jac.T * _time_derivative(mass * jac * _twist_map(s), s)
    if route != "analytic":
        raise ValueError(f"unknown GM route {route!r}; expected 'analytic' or 'chain'")
    return _gm_analytic(body, s)


def _gm_analytic(body: str, s: StewartSymbols) -> sp.Matrix:
    """V_b from the closed-form rates of note §6.5 (see :func:`gm_coriolis`)."""
    c, si = sp.cos, sp.sin
    psi, theta = s.x[3], s.x[4]
    psid, thetad = s.xd[3], s.xd[4]
    t = _twist_map(s)
    j_a_dot = sp.Matrix(
        [
            [0, -c(psi) * psid, -si(theta) * thetad * c(psi) - c(theta) * si(psi) * psid],
            [0, -si(psi) * psid, -si(theta) * thetad * si(psi) + c(theta) * c(psi) * psid],
            [0, 0, -c(theta) * thetad],
        ]
    )
    t_dot = sp.diag(sp.zeros(3), j_a_dot)
    u = t * sp.Matrix(s.xd)
    v, w = u[:3, :], u[3:, :]
    if body == "platform":
        mass, _ = body_jacobian(body, s)
        inertia = mass[3:, 3:]
        inertia_dot = _skew(w) * inertia - inertia * _skew(w)  # note §6.1
        return sp.diag(sp.zeros(3), inertia_dot) * t + mass * t_dot  # J_b = E₆
    if body not in LEG_BODIES:
        raise ValueError(f"unknown body {body!r}; expected one of {', '.join(BODIES)}")
    leg = _leg(s)
    p, lhat, w_mat = leg["p"], leg["lhat"], leg["W"]
    p_dot = w.cross(p)
    l_vec_dot = v + p_dot  # W u
    l_dot = (lhat.T * l_vec_dot)[0, 0]
    lhat_dot = (l_vec_dot - l_dot * lhat) / leg["length"]
    lbar_dot = (l_vec_dot - 2 * l_dot * lhat) / leg["length_sq"]
    w_dot = sp.Matrix.hstack(sp.zeros(3), _skew(p_dot).T)
    j_d = leg["J_D"]
    j_d_dot = _skew(lbar_dot) * w_mat + leg["lbar_skew"] * w_dot
    zero = sp.zeros(3)
    if body == "cylinder_translation":
        mass, mass_dot, jac = s.m_C * sp.eye(3), zero, leg["J_B"]
        jac_dot = s.b_C * (_skew(lhat_dot).T * j_d + _skew(lhat).T * j_d_dot)
    elif body == "piston_translation":
        mass, mass_dot, jac = s.m_S * sp.eye(3), zero, leg["J_G"]
        k_dot = -s.b_S * (_skew(lhat_dot).T * leg["lbar_skew"] + _skew(lhat).T * _skew(lbar_dot))
        jac_dot = k_dot * w_mat + leg["K"] * w_dot
    else:
        principal = sp.diag(*(s.I_C if body == "cylinder_rotation" else s.I_S))
        lv = leg["l"]
        rho = leg["rho"]
        rho_dot = (lv[0] * l_vec_dot[0] + lv[1] * l_vec_dot[1]) / rho
        y_c_dot = (
            sp.Matrix([-l_vec_dot[1], l_vec_dot[0], 0]) / rho
            - sp.Matrix([-lv[1], lv[0], 0]) * rho_dot / rho**2
        )
        z_c_dot = lhat_dot.cross(leg["y_C"]) + lhat.cross(y_c_dot)
        r_c = leg["R_C"]
        r_c_dot = sp.Matrix.hstack(lhat_dot, y_c_dot, z_c_dot)
        mass = r_c * principal * r_c.T
        mass_dot = r_c_dot * principal * r_c.T + r_c * principal * r_c_dot.T
        jac, jac_dot = j_d, j_d_dot
    return jac.T * (mass_dot * jac * t + mass * jac_dot * t + mass * jac * t_dot)


def lagrange_mass_matrix(body: str, s: StewartSymbols | None = None) -> sp.Matrix:
    """A_b = Tᵀ J_bᵀ M_b J_b T: the body's mass matrix in Euler coordinates (6×6, symmetric)."""
    s = s or make_symbols()
    mass, jac = body_jacobian(body, s)
    jt = jac * _twist_map(s)
    return jt.T * mass * jt


def lagrange_coriolis(body: str, s: StewartSymbols | None = None) -> sp.Matrix:
    """The Christoffel-symbol Coriolis matrix of A_b (6×6):

    C_kj = Σ_i ½ (∂A_kj/∂x_i + ∂A_ki/∂x_j − ∂A_ij/∂x_k) ẋ_i, so that Ȧ − 2C is skew.
    Each distinct ∂A_ab/∂x_i (a ≤ b by symmetry) is differentiated once.
    """
    s = s or make_symbols()
    a = lagrange_mass_matrix(body, s)
    n = a.shape[0]
    d = [[[None] * n for _ in range(n)] for _ in range(n)]  # d[i][a][b] = ∂A_ab/∂x_i
    for i in range(n):
        diff = _Differentiator(s.x[i])
        for r in range(n):
            for c in range(r, n):
                d[i][r][c] = d[i][c][r] = diff(a[r, c])
    half = sp.Rational(1, 2)
    out = sp.zeros(n, n)
    for k in range(n):
        for j in range(n):
            out[k, j] = sum(
                (half * (d[i][k][j] + d[j][k][i] - d[k][i][j]) * s.xd[i] for i in range(n)),
                sp.S.Zero,
            )
    return out


#: The matrices counted: GM by the rates of note §6.5, GM by the chain rule, Lagrange.
METHODS = ("gm", "gm_chain", "lagrange")


def body_coriolis(body: str, method: str, s: StewartSymbols | None = None) -> sp.Matrix:
    """The body's Coriolis matrix by ``method``: "gm" (:func:`gm_coriolis`, analytic rates),
    "gm_chain" (:func:`gm_coriolis` by the chain rule) or "lagrange" (:func:`lagrange_coriolis`).
    """
    if method == "gm":
        return gm_coriolis(body, s, route="analytic")
    if method == "gm_chain":
        return gm_coriolis(body, s, route="chain")
    if method == "lagrange":
        return lagrange_coriolis(body, s)
    raise ValueError(f"unknown method {method!r}; expected one of {', '.join(METHODS)}")


# --- counting ---------------------------------------------------------------------------------


def _power_mults(k: int) -> int:
    """Multiplications of a**k by binary exponentiation (k ≥ 1)."""
    return k.bit_length() - 1 + bin(k).count("1") - 1


def _power_ops(base, exponent, ops) -> Counter:
    """Cost of base**exponent for exponent > 0 (the base's own cost excluded)."""
    out = Counter()
    e = sp.Rational(exponent) if exponent.is_Rational else None
    if e is not None and e.q == 1:
        out["mul"] += _power_mults(int(e.p))
    elif e is not None and e.q == 2:
        # a**(k/2) = a**((k-1)/2) * sqrt(a): one sqrt, one multiplication more when k > 1
        out["sqrt"] += 1
        half = int(e.p) // 2
        out["mul"] += _power_mults(half) + 1 if half else 0
    else:
        out["pow"] += 1
        out += ops(exponent)
    return out


def _is_denominator(f) -> bool:
    return f.is_Pow and f.exp.is_number and f.exp.is_negative


def _ops_factory(memo: dict):
    def ops(e) -> Counter:
        if e in memo:
            return memo[e]
        out = Counter()
        if e.is_Atom:
            pass
        elif e.is_Add:
            out["add"] += len(e.args) - 1
            for a in e.args:
                out += ops(a)
        elif e.is_Mul:
            n_num = n_den = 0
            for f in e.args:
                if f in (sp.S.NegativeOne, sp.S.One):
                    continue  # a sign: free
                if _is_denominator(f):
                    n_den += 1
                    out += _power_ops(f.base, -f.exp, ops) + ops(f.base)
                elif f.is_Number:
                    n_num += 1  # a constant factor (½ included): one multiplication
                else:
                    n_num += 1
                    out += ops(f)
            out["mul"] += max(n_num - 1, 0) + max(n_den - 1, 0)
            out["div"] += 1 if n_den else 0
        elif e.is_Pow:
            if _is_denominator(e):
                out["div"] += 1
                out += _power_ops(e.base, -e.exp, ops)
            else:
                out += _power_ops(e.base, e.exp, ops)
            out += ops(e.base)
        elif isinstance(e, sp.Function):
            out[type(e).__name__] += 1
            for a in e.args:
                out += ops(a)
        else:
            raise TypeError(f"cannot count the operations of {type(e).__name__}: {e}")
        memo[e] = out
        return out

    return ops


def _cse(exprs) -> tuple[list, list]:
    """:func:`sympy.cse` with temporaries ``t_0, t_1, …`` (no clash with the model's names)."""
    return sp.cse(list(exprs), symbols=sp.numbered_symbols("t_"), order="none")


def count_operations(exprs, cse: bool = True, cse_result=None) -> dict:
    """Operations of evaluating ``exprs`` (an iterable or Matrix of SymPy expressions).

    Returns ``{"add": int, "mul": int, "div": int, "calls": {name: int}, "temporaries": int}``
    under the module's counting rules: with ``cse`` the expressions are first rewritten by
    :func:`sympy.cse` (temporaries counted once; ``cse_result`` = a ready ``(replacements,
    reduced)`` pair of these expressions), without it their trees are counted.
    """
    exprs = list(exprs)
    if cse:
        replacements, reduced = cse_result if cse_result is not None else _cse(exprs)
        parts = [rhs for _, rhs in replacements] + list(reduced)
        n_temp = len(replacements)
    else:
        parts, n_temp = exprs, 0
    ops = _ops_factory({})
    total = Counter()
    for e in parts:
        total += ops(sp.sympify(e))
    calls = {k: v for k, v in sorted(total.items()) if k not in ("add", "mul", "div")}
    return {
        "add": total["add"],
        "mul": total["mul"],
        "div": total["div"],
        "calls": calls,
        "temporaries": n_temp,
    }


def body_opcount(body: str, method: str, cse: bool = True, raw: bool = False) -> dict:
    """Counts of ``body``'s Coriolis matrix by ``method`` (one of ``METHODS``).

    Returns ``{"cse": counts, "raw": counts or None, "seconds": {"build": s, "cse": s}}`` with
    the counts of :func:`count_operations` after CSE (if ``cse``) and of the plain trees
    (if ``raw``), and the wall time (s) of building the matrix and of CSE + counting.
    """
    t0 = time.perf_counter()
    matrix = _cached_matrix(body, method)
    t1 = time.perf_counter()
    result = {"cse": None, "raw": None, "seconds": {"build": t1 - t0}}
    if cse:
        result["cse"] = count_operations(matrix, cse=True, cse_result=_cached_cse(body, method))
        result["seconds"]["cse"] = time.perf_counter() - t1
    if raw:
        t2 = time.perf_counter()
        result["raw"] = count_operations(matrix, cse=False)
        result["seconds"]["raw"] = time.perf_counter() - t2
    return result


@cache
def _cached_matrix(body: str, method: str) -> sp.ImmutableMatrix:
    return sp.ImmutableMatrix(body_coriolis(body, method))


@cache
def _cached_cse(body: str, method: str) -> tuple[list, list]:
    return _cse(_cached_matrix(body, method))


def opcount_table(bodies=BODIES, methods=METHODS, cse=True, raw=True) -> dict:
    """``{method: {body: body_opcount(...)}}`` for the Table 1 rows."""
    return {m: {b: body_opcount(b, m, cse=cse, raw=raw) for b in bodies} for m in methods}


def table_totals(rows: dict, key: str = "cse") -> tuple[int, int, int]:
    """Table 1 total (add, mul, div) = platform + 6 × (the four per-leg rows)."""
    tot = [0, 0, 0]
    for body, r in rows.items():
        c = r[key]
        w = 1 if body == "platform" else 6
        for n, name in enumerate(("add", "mul", "div")):
            tot[n] += w * c[name]
    return tuple(tot)


def lambdify_body(body: str, method: str):
    """A numeric function ``f(x, xd, params) -> (6, 6) ndarray`` of the body's matrix.

    ``params`` is the tuple of :meth:`StewartSymbols.parameter_symbols` values for ``body``.
    The function is the straight-line code of the CSE'd expressions that are counted (SymPy's
    own ``lambdify`` would walk the un-CSE'd trees, millions of nodes, first).
    """
    from sympy.printing.numpy import NumPyPrinter

    s = make_symbols()
    replacements, reduced = _cached_cse(body, method)
    printer = NumPyPrinter({"fully_qualified_modules": True})
    args = [str(a) for a in (*s.x, *s.xd, *s.parameter_symbols(body))]
    lines = [f"def _f({', '.join(args)}):"]
    lines += [f"    {lhs} = {printer.doprint(rhs)}" for lhs, rhs in replacements]
    lines.append(f"    return [{', '.join(printer.doprint(e) for e in reduced)}]")
    namespace = {"numpy": np}
    exec("\n".join(lines), namespace)  # noqa: S102 - code printed from our own expressions
    f = namespace["_f"]

    def evaluate(x, xd, params) -> np.ndarray:
        return np.asarray(f(*x, *xd, *params), dtype=float).reshape(6, 6)

    return evaluate
