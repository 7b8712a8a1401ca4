"""Operation counts of one velocity-recursion step ω̂_k = q̂*_{k,k+1}∘ω̂_{k+1}∘q̂_{k,k+1} + Ĥ_kθ̇_k
(eq. 11) against the paper's claim (§5.1, note §10.2): **72 multiplications + 57 additions** with
the matrix-product form (72 + 56, plus 1 for the revolute Ĥθ̇), versus 96 + 66 for the
product-of-exponentials method of its ref. [31].

The counts are measured, not derived by hand: the step is run as straight-line code on
:class:`Sym` values that record every +, −, × into a DAG; the cost of a step is the number of
distinct operation nodes reachable from the outputs that are actually needed. Rules:

* a structural zero (a twist's scalar slots, a revolute Ĥθ̇'s zero entries) is the integer 0 and
  costs nothing (0·x = 0, 0 + x = x); a structural one likewise (1·x = x);
* negation is free (a sign carried by the operand); a subtraction is an addition;
* only the outputs needed count: a twist's two scalar slots are known to be 0 and are not
  computed (they are exactly 0 for a unit q̂);
* each shared subexpression is paid once (the DAG).

Variants (:func:`velocity_step_counts`):

``dq_generic``    two full DQ products, no structure used (48 × + 40 + each, + the Ĥθ̇ add);
``dq_pure``       the same products with the pure twist's zero scalars and only the six vector
                  outputs computed — the reading of the paper's 72 (note §10.2);
``matrix8``       Q_{k,k+1} ω̂ with the 8×8 adjoint matrix of eq. (24), dense (Q given) —
                  what :mod:`.recursion` evaluates (as one NumPy matvec);
``matrix6``       the vector-part 6×6 block [[Rᵀ, 0], [−r̃Rᵀ, Rᵀ]] with R and r given
                  (Featherstone's motion transform: 24 × + 18 + using −r̃(Rᵀω));
"""

from __future__ import annotations

import itertools

__all__ = ["Sym", "velocity_step_counts", "count"]

_ids = itertools.count()


class Sym:
    """A symbolic scalar that records the operation that made it (a DAG node)."""

    __slots__ = ("op", "args", "uid")

    def __init__(self, op: str = "leaf", args: tuple = ()):
        self.op, self.args, self.uid = op, args, next(_ids)

    # zeros and ones are plain ints and cost nothing
    def __add__(self, other):
        if isinstance(other, int) and other == 0:
            return self
        return Sym("+", (self, other))

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, int) and other == 0:
            return self
        return Sym("+", (self, Neg(other)))

    def __rsub__(self, other):
        return Neg(self) if isinstance(other, int) and other == 0 else Sym("+", (other, Neg(self)))

    def __mul__(self, other):
        if isinstance(other, int):
            if other == 0:
                return 0
            if other in (1, -1):
                return self if other == 1 else Neg(self)
        return Sym("*", (self, other))

    __rmul__ = __mul__

    def __neg__(self):
        return Neg(self)


def Neg(x):  # noqa: N802 (a node constructor)
    """−x: free (a sign carried by the operand)."""
    if isinstance(x, int):
        return -x
    return Sym("neg", (x,))


def count(outputs) -> tuple[int, int]:
    """(multiplications, additions) of the distinct nodes reachable from ``outputs``."""
    seen: set[int] = set()
    mul = add = 0
    stack = [o for o in outputs if isinstance(o, Sym)]
    while stack:
        node = stack.pop()
        if node.uid in seen:
            continue
        seen.add(node.uid)
        if node.op == "*":
            mul += 1
        elif node.op == "+":
            add += 1
        stack.extend(a for a in node.args if isinstance(a, Sym))
    return mul, add


def _qmul(a, b):
    """The Hamilton product, written out (16 ×, 12 + on dense operands)."""
    a0, a1, a2, a3 = a
    b0, b1, b2, b3 = b
    return [
        a0 * b0 - a1 * b1 - a2 * b2 - a3 * b3,
        a0 * b1 + a1 * b0 + a2 * b3 - a3 * b2,
        a0 * b2 + a2 * b0 + a3 * b1 - a1 * b3,
        a0 * b3 + a3 * b0 + a1 * b2 - a2 * b1,
    ]


def _dqmul(a, b):
    """σ̂₁∘σ̂₂ = p₁∘p₂ + ε(p₁∘q₂ + q₁∘p₂), written out."""
    re = _qmul(a[:4], b[:4])
    d1, d2 = _qmul(a[:4], b[4:]), _qmul(a[4:], b[:4])
    return re + [x + y for x, y in zip(d1, d2, strict=True)]


def _conj(a):
    return [a[0], -a[1], -a[2], -a[3], a[4], -a[5], -a[6], -a[7]]


def _leaves(n):
    return [Sym() for _ in range(n)]


def velocity_step_counts() -> dict[str, tuple[int, int]]:
    """{variant: (multiplications, additions)} of one revolute velocity step (module doc)."""
    out = {}
    # revolute about z: Ĥθ̇ = (0, 0, 0, θ̇, 0, 0, 0, 0): one addition on the ω_z slot
    thd = Sym()
    hq = [0, 0, 0, thd, 0, 0, 0, 0]

    q, w = _leaves(8), _leaves(8)
    res = _dqmul(_dqmul(_conj(q), w), q)
    res = [r + h for r, h in zip(res, hq, strict=True)]
    out["dq_generic"] = count(res)

    q = _leaves(8)
    w = [0, *_leaves(3), 0, *_leaves(3)]  # a pure twist
    res = _dqmul(_dqmul(_conj(q), w), q)
    res = [r + h for r, h in zip(res, hq, strict=True)]
    out["dq_pure"] = count([res[i] for i in (1, 2, 3, 5, 6, 7)])

    qm = [_leaves(8) for _ in range(8)]
    w = _leaves(8)
    res = [sum((qm[i][j] * w[j] for j in range(1, 8)), qm[i][0] * w[0]) for i in range(8)]
    res = [r + h for r, h in zip(res, hq, strict=True)]
    out["matrix8"] = count(res)

    rt = [_leaves(3) for _ in range(3)]  # Rᵀ
    r = _leaves(3)  # r^b
    om, v = _leaves(3), _leaves(3)
    rom = [rt[i][0] * om[0] + rt[i][1] * om[1] + rt[i][2] * om[2] for i in range(3)]
    rv = [rt[i][0] * v[0] + rt[i][1] * v[1] + rt[i][2] * v[2] for i in range(3)]
    cross = [
        r[1] * rom[2] - r[2] * rom[1],
        r[2] * rom[0] - r[0] * rom[2],
        r[0] * rom[1] - r[1] * rom[0],
    ]
    res = rom[:2] + [rom[2] + thd] + [rv[i] - cross[i] for i in range(3)]
    out["matrix6"] = count(res)
    return out
