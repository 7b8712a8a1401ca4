"""The reusable workspace of the single-call path (Pinocchio's Model/Data split).

A :class:`Data` owns the output buffers of one robot; the functions of
:mod:`modyn_model.algorithms` write into them instead of allocating, which is what a control
loop calling them at 1 kHz wants. One Data per thread.
"""

from __future__ import annotations

import numpy as np

__all__ = ["Data"]


class Data:
    """Output buffers for ``model``: ``tau``, ``h``, ``g`` (n,), ``M`` (n, n), ``ddq`` (n,)."""

    __slots__ = ("model", "tau", "h", "g", "M", "ddq")

    def __init__(self, model):
        n = model.n
        self.model = model
        self.tau = np.zeros(n)  # Γ from inverse_dynamics (N·m / N)
        self.h = np.zeros(n)  # H(q, q̇) from bias_forces
        self.g = np.zeros(n)  # Q(q) from gravity
        self.M = np.zeros((n, n))  # A(q) from mass_matrix
        self.ddq = np.zeros(n)  # q̈ from forward_dynamics

    def __repr__(self) -> str:
        return f"Data({self.model.name!r}, n={self.model.n})"
