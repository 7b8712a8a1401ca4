"""Generic recursions compiled once in C: RNEA, ABA and the A-matrix route (CRBA + Cholesky).

The straight-line customized models grow with the robot (for a random 24-joint chain the
customized direct model is ~50 000 operations and took 100 s to generate and compile here),
so the scaling study of issue 21 (time per call against n = 6..60) uses these loops over the
model's tree arrays instead: one fixed C source, compiled and cached like the customized models
(:mod:`.cbackend`), the same code for every robot. Spatial (6-D) algebra, Featherstone's
notation, in Khalil's frames (body j's frame at joint j, its axis a_j in frame j):

* motion from the parent frame: ω_j = Rᵀ ω_p, v_j = Rᵀ (v_p + ω_p × P), R = ^{a(j)}R_j(q_j),
  P = ^{a(j)}P_j; force to the parent: n_p = R n_j + P × (R f_j), f_p = R f_j [7.59];
* inertia of body j at O_j: I = [[J, [MS]×], [[MS]×ᵀ, M 1]] (standard parameters);
* gravity by a base acceleration of −g [7.47]; rotor inertia Ia q̈ on each joint; no friction.

``rnea`` is O(n), ``aba`` (the articulated-body algorithm, Khalil §7.6.2 / Featherstone) O(n),
``inverse_model`` (H by RNEA, A by the composite-rigid-body algorithm, Cholesky A = LLᵀ and two
triangular solves, §7.6.1) O(n³). Each has a batched entry (a C loop over N states) so that
timing it measures the algorithm, not the Python call.
"""

from __future__ import annotations

import ctypes

import numpy as np

from ..joint import REVOLUTE
from .cbackend import compile_library

__all__ = ["CompiledRecursions", "SOURCE"]

STRIDE = 31  # doubles per joint in the packed model (the S of the C source)

SOURCE = r"""
/* generic recursions of modyn_model.codegen.recursions_c; do not edit the generated copy */
#include <math.h>
#include <string.h>
#define S 31  /* R0[9] P0[3] axis[3] J[6] MS[3] M Ia sigma parent gx gy gz */

static void cross(const double *a, const double *b, double *c)
{
    c[0] = a[1] * b[2] - a[2] * b[1];
    c[1] = a[2] * b[0] - a[0] * b[2];
    c[2] = a[0] * b[1] - a[1] * b[0];
}

/* R = R0 Rot(axis, q) and P for joint row m */
static void joint(const double *m, double q, double *R, double *P)
{
    const double *R0 = m, *P0 = m + 9, *k = m + 12;
    if (m[26] == 0.0) {
        double c = cos(q), s = sin(q), t = 1.0 - c, rot[9];
        rot[0] = c + t * k[0] * k[0]; rot[1] = t * k[0] * k[1] - s * k[2];
        rot[2] = t * k[0] * k[2] + s * k[1];
        rot[3] = t * k[0] * k[1] + s * k[2]; rot[4] = c + t * k[1] * k[1];
        rot[5] = t * k[1] * k[2] - s * k[0];
        rot[6] = t * k[0] * k[2] - s * k[1]; rot[7] = t * k[1] * k[2] + s * k[0];
        rot[8] = c + t * k[2] * k[2];
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j)
                R[3 * i + j] = R0[3 * i] * rot[j] + R0[3 * i + 1] * rot[3 + j]
                               + R0[3 * i + 2] * rot[6 + j];
        memcpy(P, P0, 3 * sizeof(double));
    } else {
        memcpy(R, R0, 9 * sizeof(double));
        for (int i = 0; i < 3; ++i)
            P[i] = P0[i] + (R0[3 * i] * k[0] + R0[3 * i + 1] * k[1] + R0[3 * i + 2] * k[2]) * q;
    }
}

/* child motion y = X x (x in the parent frame) */
static void motion(const double *R, const double *P, const double *x, double *y)
{
    double t[3];
    cross(x, P, t);  /* v_p + w_p x P */
    for (int i = 0; i < 3; ++i) {
        y[i] = R[i] * x[0] + R[3 + i] * x[1] + R[6 + i] * x[2];
        y[3 + i] = R[i] * (x[3] + t[0]) + R[3 + i] * (x[4] + t[1]) + R[6 + i] * (x[5] + t[2]);
    }
}

/* parent force y = X^T x (x in the child frame) */
static void force(const double *R, const double *P, const double *x, double *y)
{
    double f[3], t[3];
    for (int i = 0; i < 3; ++i) {
        f[i] = R[3 * i] * x[3] + R[3 * i + 1] * x[4] + R[3 * i + 2] * x[5];
        y[i] = R[3 * i] * x[0] + R[3 * i + 1] * x[1] + R[3 * i + 2] * x[2];
    }
    cross(P, f, t);
    for (int i = 0; i < 3; ++i) { y[i] += t[i]; y[3 + i] = f[i]; }
}

static void crossm(const double *v, const double *m, double *y)
{
    double a[3], b[3];
    cross(v, m, y);
    cross(v, m + 3, a);
    cross(v + 3, m, b);
    for (int i = 0; i < 3; ++i) y[3 + i] = a[i] + b[i];
}

static void crossf(const double *v, const double *f, double *y)
{
    double a[3], b[3];
    cross(v, f, a);
    cross(v + 3, f + 3, b);
    for (int i = 0; i < 3; ++i) y[i] = a[i] + b[i];
    cross(v, f + 3, y + 3);
}

/* y = I x for body row m */
static void inertia(const double *m, const double *x, double *y)
{
    const double *J = m + 15, *ms = m + 21, mass = m[24];
    double a[3], b[3];
    y[0] = J[0] * x[0] + J[1] * x[1] + J[2] * x[2];
    y[1] = J[1] * x[0] + J[3] * x[1] + J[4] * x[2];
    y[2] = J[2] * x[0] + J[4] * x[1] + J[5] * x[2];
    cross(ms, x + 3, a);
    cross(x, ms, b);
    for (int i = 0; i < 3; ++i) { y[i] += a[i]; y[3 + i] = b[i] + mass * x[3 + i]; }
}

static void inertia_matrix(const double *m, double *I)
{
    double e[6], y[6];
    for (int c = 0; c < 6; ++c) {
        for (int r = 0; r < 6; ++r) e[r] = r == c;
        inertia(m, e, y);
        for (int r = 0; r < 6; ++r) I[6 * r + c] = y[r];
    }
}

static void axis6(const double *m, double *s)
{
    int off = m[26] == 0.0 ? 0 : 3;
    memset(s, 0, 6 * sizeof(double));
    for (int i = 0; i < 3; ++i) s[off + i] = m[12 + i];
}

/* Xt A X (A 6x6 in the child frame) added into B (parent frame) */
static void congruence_add(const double *R, const double *P, const double *A, double *B)
{
    double X[36], AX[36];
    memset(X, 0, sizeof X);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            X[6 * i + j] = X[6 * (i + 3) + j + 3] = R[3 * j + i];  /* R^T */
        }
    /* lower-left: -R^T [P]x */
    for (int i = 0; i < 3; ++i) {
        double r[3] = {R[i], R[3 + i], R[6 + i]}, c[3];
        for (int j = 0; j < 3; ++j) {
            double e[3] = {j == 0, j == 1, j == 2};
            cross(P, e, c);
            X[6 * (i + 3) + j] = -(r[0] * c[0] + r[1] * c[1] + r[2] * c[2]);
        }
    }
    for (int i = 0; i < 6; ++i)
        for (int j = 0; j < 6; ++j) {
            double s = 0.0;
            for (int k = 0; k < 6; ++k) s += A[6 * i + k] * X[6 * k + j];
            AX[6 * i + j] = s;
        }
    for (int i = 0; i < 6; ++i)
        for (int j = 0; j < 6; ++j) {
            double s = 0.0;
            for (int k = 0; k < 6; ++k) s += X[6 * k + i] * AX[6 * k + j];
            B[6 * i + j] += s;
        }
}

static double dot6(const double *a, const double *b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] + a[4] * b[4] + a[5] * b[5];
}

static void rnea_one(int n, const double *model, const double *q, const double *qd,
                     const double *qdd, double *tau, double *R, double *P, double *v,
                     double *a, double *f)
{
    for (int j = 0; j < n; ++j) {
        const double *m = model + S * j;
        int p = (int)m[27];
        double s[6], vj[6], t[6], Iv[6];
        joint(m, q[j], R + 9 * j, P + 3 * j);
        axis6(m, s);
        for (int i = 0; i < 6; ++i) vj[i] = s[i] * qd[j];
        if (p < 0) {
            double base[6] = {0, 0, 0, -m[28], -m[29], -m[30]};
            memset(v + 6 * j, 0, 6 * sizeof(double));
            motion(R + 9 * j, P + 3 * j, base, a + 6 * j);
        } else {
            motion(R + 9 * j, P + 3 * j, v + 6 * p, v + 6 * j);
            motion(R + 9 * j, P + 3 * j, a + 6 * p, a + 6 * j);
        }
        for (int i = 0; i < 6; ++i) v[6 * j + i] += vj[i];
        crossm(v + 6 * j, vj, t);
        for (int i = 0; i < 6; ++i) a[6 * j + i] += s[i] * qdd[j] + t[i];
        inertia(m, a + 6 * j, f + 6 * j);
        inertia(m, v + 6 * j, Iv);
        crossf(v + 6 * j, Iv, t);
        for (int i = 0; i < 6; ++i) f[6 * j + i] += t[i];
    }
    for (int j = n - 1; j >= 0; --j) {
        const double *m = model + S * j;
        int p = (int)m[27];
        double s[6], t[6];
        axis6(m, s);
        tau[j] = dot6(s, f + 6 * j) + m[25] * qdd[j];
        if (p >= 0) {
            force(R + 9 * j, P + 3 * j, f + 6 * j, t);
            for (int i = 0; i < 6; ++i) f[6 * p + i] += t[i];
        }
    }
}

void modyn_rnea_batch(int n, const double *model, long count, const double *q,
                      const double *qd, const double *qdd, double *tau)
{
    double R[9 * n], P[3 * n], v[6 * n], a[6 * n], f[6 * n];
    for (long k = 0; k < count; ++k)
        rnea_one(n, model, q + k * n, qd + k * n, qdd + k * n, tau + k * n, R, P, v, a, f);
}

static void aba_one(int n, const double *model, const double *q, const double *qd,
                    const double *tau, double *qdd, double *R, double *P, double *v,
                    double *c, double *IA, double *pA, double *U, double *D, double *u)
{
    for (int j = 0; j < n; ++j) {
        const double *m = model + S * j;
        int p = (int)m[27];
        double s[6], vj[6], Iv[6];
        joint(m, q[j], R + 9 * j, P + 3 * j);
        axis6(m, s);
        for (int i = 0; i < 6; ++i) vj[i] = s[i] * qd[j];
        if (p < 0) memset(v + 6 * j, 0, 6 * sizeof(double));
        else motion(R + 9 * j, P + 3 * j, v + 6 * p, v + 6 * j);
        for (int i = 0; i < 6; ++i) v[6 * j + i] += vj[i];
        crossm(v + 6 * j, vj, c + 6 * j);
        inertia_matrix(m, IA + 36 * j);
        inertia(m, v + 6 * j, Iv);
        crossf(v + 6 * j, Iv, pA + 6 * j);
    }
    for (int j = n - 1; j >= 0; --j) {
        const double *m = model + S * j;
        int p = (int)m[27];
        double s[6], *Uj = U + 6 * j, *I = IA + 36 * j;
        axis6(m, s);
        for (int r = 0; r < 6; ++r) Uj[r] = dot6(I + 6 * r, s);
        D[j] = dot6(s, Uj) + m[25];
        u[j] = tau[j] - dot6(s, pA + 6 * j);
        if (p >= 0) {
            double Ia[36], pa[6], t[6];
            for (int r = 0; r < 6; ++r)
                for (int k = 0; k < 6; ++k) Ia[6 * r + k] = I[6 * r + k] - Uj[r] * Uj[k] / D[j];
            for (int r = 0; r < 6; ++r)
                pa[r] = pA[6 * j + r] + dot6(Ia + 6 * r, c + 6 * j) + Uj[r] * u[j] / D[j];
            congruence_add(R + 9 * j, P + 3 * j, Ia, IA + 36 * p);
            force(R + 9 * j, P + 3 * j, pa, t);
            for (int i = 0; i < 6; ++i) pA[6 * p + i] += t[i];
        }
    }
    /* forward: accelerations, reusing v for a */
    for (int j = 0; j < n; ++j) {
        const double *m = model + S * j;
        int p = (int)m[27];
        double s[6], ap[6], *aj = v + 6 * j;
        axis6(m, s);
        if (p < 0) {
            double base[6] = {0, 0, 0, -m[28], -m[29], -m[30]};
            motion(R + 9 * j, P + 3 * j, base, ap);
        } else {
            motion(R + 9 * j, P + 3 * j, v + 6 * p, ap);
        }
        for (int i = 0; i < 6; ++i) ap[i] += c[6 * j + i];
        qdd[j] = (u[j] - dot6(U + 6 * j, ap)) / D[j];
        for (int i = 0; i < 6; ++i) aj[i] = ap[i] + s[i] * qdd[j];
    }
}

void modyn_aba_batch(int n, const double *model, long count, const double *q,
                     const double *qd, const double *tau, double *qdd)
{
    double R[9 * n], P[3 * n], v[6 * n], c[6 * n], IA[36 * n], pA[6 * n], U[6 * n];
    double D[n], u[n];
    for (long k = 0; k < count; ++k)
        aba_one(n, model, q + k * n, qd + k * n, tau + k * n, qdd + k * n, R, P, v, c, IA, pA,
                U, D, u);
}

/* A(q) by the composite-rigid-body algorithm; R, P from a previous joint() pass */
static void crba_one(int n, const double *model, const double *R, const double *P,
                     double *Ic, double *M)
{
    for (int j = 0; j < n; ++j) inertia_matrix(model + S * j, Ic + 36 * j);
    for (int j = n - 1; j >= 0; --j) {
        int p = (int)model[S * j + 27];
        if (p >= 0) congruence_add(R + 9 * j, P + 3 * j, Ic + 36 * j, Ic + 36 * p);
    }
    for (int j = 0; j < n; ++j) {
        const double *m = model + S * j;
        double s[6], F[6], t[6];
        axis6(m, s);
        for (int r = 0; r < 6; ++r) F[r] = dot6(Ic + 36 * j + 6 * r, s);
        M[n * j + j] = dot6(s, F) + m[25];
        int i = j;
        while ((int)model[S * i + 27] >= 0) {
            force(R + 9 * i, P + 3 * i, F, t);
            memcpy(F, t, sizeof t);
            i = (int)model[S * i + 27];
            double si[6];
            axis6(model + S * i, si);
            M[n * i + j] = M[n * j + i] = dot6(si, F);
        }
    }
}

void modyn_crba_batch(int n, const double *model, long count, const double *q, double *M)
{
    double R[9 * n], P[3 * n], Ic[36 * n];
    for (long k = 0; k < count; ++k) {
        memset(M + k * n * n, 0, (size_t)n * n * sizeof(double));
        for (int j = 0; j < n; ++j) joint(model + S * j, q[k * n + j], R + 9 * j, P + 3 * j);
        crba_one(n, model, R, P, Ic, M + k * n * n);
    }
}

/* q'' = A^-1 (tau - H): H by RNEA at q'' = 0, A by CRBA, Cholesky A = L L^T, two solves */
void modyn_inverse_model_batch(int n, const double *model, long count, const double *q,
                               const double *qd, const double *tau, double *qdd)
{
    double R[9 * n], P[3 * n], v[6 * n], a[6 * n], f[6 * n], Ic[36 * n], M[n * n], zero[n];
    double h[n];
    memset(zero, 0, sizeof zero);
    for (long k = 0; k < count; ++k) {
        double *x = qdd + k * n;
        rnea_one(n, model, q + k * n, qd + k * n, zero, h, R, P, v, a, f);
        memset(M, 0, sizeof M);
        crba_one(n, model, R, P, Ic, M);
        for (int j = 0; j < n; ++j) {  /* Cholesky, lower triangle in place */
            double d = M[n * j + j];
            for (int l = 0; l < j; ++l) d -= M[n * j + l] * M[n * j + l];
            d = sqrt(d);
            M[n * j + j] = d;
            for (int i = j + 1; i < n; ++i) {
                double s = M[n * i + j];
                for (int l = 0; l < j; ++l) s -= M[n * i + l] * M[n * j + l];
                M[n * i + j] = s / d;
            }
        }
        for (int i = 0; i < n; ++i) {  /* L y = tau - h */
            double s = tau[k * n + i] - h[i];
            for (int l = 0; l < i; ++l) s -= M[n * i + l] * x[l];
            x[i] = s / M[n * i + i];
        }
        for (int i = n - 1; i >= 0; --i) {  /* L^T x = y */
            double s = x[i];
            for (int l = i + 1; l < n; ++l) s -= M[n * l + i] * x[l];
            x[i] = s / M[n * i + i];
        }
    }
}
"""


class CompiledRecursions:
    """The generic C recursions bound to one fixed-base tree ``model`` (friction left out).

    Methods take (N, n) arrays (or (n,)) and return arrays of the same leading shape.
    """

    def __init__(self, model):
        lib = compile_library(SOURCE)
        if lib is None:
            raise RuntimeError("no C compiler found ($MODYN_CC, $CC or cc)")
        n = model.n
        if any(p >= j for j, p in enumerate(model.parents)):
            raise ValueError(f"{model.name}: parents must precede their children")
        packed = np.zeros((n, STRIDE))
        packed[:, 0:9] = np.asarray(model.joint_rotations).reshape(n, 9)
        packed[:, 9:12] = model.joint_origins
        packed[:, 12:15] = model.axes
        packed[:, 15:25] = model.inertial_parameters  # XX XY XZ YY YZ ZZ MX MY MZ M
        packed[:, 25] = model.armature
        packed[:, 26] = [0.0 if s == REVOLUTE else 1.0 for s in model.sigma]
        packed[:, 27] = model.parents
        packed[:, 28:31] = model.gravity_vector
        self.model = model
        self.n = n
        self._packed = packed
        self._lib = lib
        for name in ("rnea", "aba", "inverse_model"):
            fn = getattr(lib, f"modyn_{name}_batch")
            fn.restype = None
            fn.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_long] + [ctypes.c_void_p] * 4
        crba = lib.modyn_crba_batch
        crba.restype = None
        crba.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_long] + [ctypes.c_void_p] * 2

    def _run(self, name: str, arrays, out_shape):
        arrays = [np.ascontiguousarray(x, dtype=float) for x in arrays]
        shape = arrays[0].shape[:-1]
        for x in arrays:
            if x.shape != shape + (self.n,):
                raise ValueError(f"{name}: need arrays of shape (..., {self.n}), got {x.shape}")
        count = int(np.prod(shape, dtype=int))
        out = np.empty(shape + out_shape)
        fn = getattr(self._lib, f"modyn_{name}_batch")
        fn(
            self.n,
            self._packed.ctypes.data,
            count,
            *[x.ctypes.data for x in arrays],
            out.ctypes.data,
        )
        return out

    def rnea(self, q, v, a) -> np.ndarray:
        """Γ(q, q̇, q̈) without friction (N·m / N), O(n)."""
        return self._run("rnea", [q, v, a], (self.n,))

    def aba(self, q, v, tau) -> np.ndarray:
        """q̈ by the articulated-body algorithm, O(n)."""
        return self._run("aba", [q, v, tau], (self.n,))

    def inverse_model(self, q, v, tau) -> np.ndarray:
        """q̈ = A⁻¹(Γ − H) by RNEA, CRBA and Cholesky, O(n³)."""
        return self._run("inverse_model", [q, v, tau], (self.n,))

    def mass_matrix(self, q) -> np.ndarray:
        """A(q) by the composite-rigid-body algorithm."""
        return self._run("crba", [q], (self.n, self.n))
