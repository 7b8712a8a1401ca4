"""The reusable workspace of the single-call path (Pinocchio's Model/Data split).

A :class:`Data` owns the output buffers of one model; the functions of
:mod:`modyn_model.algorithms` write into them instead of allocating, which is what a control
loop calling them at 1 kHz wants. One Data per thread. Sizes follow the mechanism contract:
generalized forces and accelerations have ``nv`` entries, actuator forces ``nu``.
"""

from __future__ import annotations

import numpy as np

__all__ = ["Data"]


class Data:
    """Output buffers for ``model``: ``tau``, ``h``, ``g``, ``ddq`` (nv,), ``M`` (nv, nv),
    ``u`` (nu,)."""

    __slots__ = ("model", "tau", "h", "g", "M", "ddq", "u")

    def __init__(self, model):
        nv, nu = model.nv, model.nu
        self.model = model
        self.tau = np.zeros(nv)  # Γ from inverse_dynamics (N·m / N)
        self.h = np.zeros(nv)  # H(q, v) from bias_forces
        self.g = np.zeros(nv)  # Q(q) from gravity
        self.M = np.zeros((nv, nv))  # A(q) from mass_matrix
        self.ddq = np.zeros(nv)  # v̇ from forward_dynamics
        self.u = np.zeros(nu)  # actuator forces from actuator_forces

    def __repr__(self) -> str:
        m = self.model
        return f"Data({m.name!r}, nq={m.nq}, nv={m.nv}, nu={m.nu})"
