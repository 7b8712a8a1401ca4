"""A mock plant for wiring tests: every command shows up, unchanged, in the state.

Definition (exact, no physics): with the effort τ_k written before step k,

    effort   = τ_k                       (the command, echoed)
    velocity = τ_k                       (numerically: 1 rad/s per N·m, 1 m/s per N)
    position = q_k + dt · τ_k            (the velocity integrated over the step, exactly)

so a command reaches the state in the same step, joint by joint, with no dynamics in between:
sending τ = [1, 2, 3] to joints [a, b, c] and reading velocity [1, 2, 3] proves that names and
order survived the whole chain, and q(t) = q0 + Σ τ_k dt is known in closed form.

The mock is for wiring, not for control: closed around a PD law τ_k = Kp (q_d − q_k) − Kd q̇_k,
its measured velocity q̇_k is the previous command, so the loop is v_k = Kp e_k − Kd v_{k−1}. For
Kd < 1 (dimensionless here) and Kp·dt ≪ 1 it settles like the first-order system
q̇ = Kp (q_d − q) / (1 + Kd); for Kd ≥ 1 the velocity term flips sign every step and the loop
oscillates, so a real controller's gains (Kd of tens of N·m·s/rad) are not meant for it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from .checks import checked_vector
from .plant import Plant, PlantError, PlantState

__all__ = ["MockPlant"]


class MockPlant(Plant):
    """Velocity = effort, position = its integral (see the module docstring).

    Parameters
    ----------
    joint_names : sequence of str
        The joints, in the order of every array.
    q0 : (n,) array_like, optional
        Initial positions (rad / m); default zeros.
    """

    def __init__(self, joint_names: Sequence[str], q0: Sequence[float] | np.ndarray | None = None):
        names = tuple(joint_names)
        if not names or not all(isinstance(x, str) and x for x in names):
            raise PlantError(f"joint_names must be non-empty strings, got {joint_names!r}")
        if len(set(names)) != len(names):
            raise PlantError(f"joint_names has duplicates: {list(names)}")
        self._names = names
        self._q = np.zeros(len(names))
        self._tau = np.zeros(len(names))
        self._dq = np.zeros(len(names))
        self._time = 0.0
        if q0 is not None:
            self.reset(q0)

    @property
    def joint_names(self) -> tuple[str, ...]:
        return self._names

    @property
    def time(self) -> float:
        """Plant time (s): the sum of the steps taken; :meth:`reset` keeps it."""
        return self._time

    def read(self) -> PlantState:
        """time, q, q̇ = τ and τ (read-only copies)."""
        return PlantState.snapshot(self._time, self._q, self._tau, self._tau)

    def write(self, effort: Sequence[float] | np.ndarray) -> None:
        """Command ``effort``; it is also the velocity from now on.

        Raises
        ------
        PlantError
            Wrong length or a non-finite value; the previous effort stays.
        """
        self._tau[:] = checked_vector("effort", effort, self._names)

    def step(self, dt: float) -> None:
        """q ← q + dt·τ (s), time ← time + dt."""
        if not (dt > 0.0 and math.isfinite(dt)):
            raise PlantError(f"dt must be a positive finite number of seconds, got {dt!r}")
        np.multiply(self._tau, dt, out=self._dq)
        self._q += self._dq
        self._time += dt

    def reset(
        self, q0: Sequence[float] | np.ndarray, v0: Sequence[float] | np.ndarray | None = None
    ) -> None:
        """q ← q0, effort (and so velocity) ← 0.

        Raises
        ------
        PlantError
            Bad ``q0``, or a non-zero ``v0``: the mock's velocity is its effort, which a reset
            zeroes, so it can only be reset at rest.
        """
        q = checked_vector("q0", q0, self._names)
        if v0 is not None and np.any(checked_vector("v0", v0, self._names)):
            raise PlantError("v0: the mock plant is reset at rest (its velocity is its effort)")
        self._q[:] = q
        self._tau.fill(0.0)
