"""The Plant interface: what ``hardware_interface`` drives, simulated or real.

A plant is the robot seen from its joints: it accepts generalized efforts (N·m for revolute
joints, N for prismatic ones) and reports positions (rad, m), velocities (rad/s, m/s) and the
effort it is applying, all in the order of :attr:`Plant.joint_names`. The node never assumes
anything else about it, so the built-in simulator, another physics engine or a bridge to real
hardware plug in behind the same five members.

>>> plant.reset(q0)
>>> plant.write(tau)         # effort to apply from now on
>>> plant.step(1e-3)         # simulated plants: advance 1 ms under that effort
>>> state = plant.read()     # PlantState(time, position, velocity, effort)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from modyn_model.errors import ModynError

__all__ = ["Plant", "PlantState", "PlantError"]


class PlantError(ModynError):
    """A request the plant cannot carry out (bad effort, bad state, bad step); the text says
    which argument and why."""


@dataclass(frozen=True)
class PlantState:
    """A snapshot of the plant.

    Attributes
    ----------
    time : float
        Plant time (s). For a simulated plant the simulated time since construction, which
        :meth:`Plant.reset` does not rewind.
    position : (n,) ndarray
        Joint positions q (rad or m), in ``joint_names`` order.
    velocity : (n,) ndarray
        Joint velocities q̇ (rad/s or m/s).
    effort : (n,) ndarray
        The effort being applied (N·m or N): the last one written, i.e. the one applied over
        the last step when the caller writes before stepping.

    The arrays are the caller's own copies (read-only), never views of the plant's state.
    """

    time: float
    position: np.ndarray
    velocity: np.ndarray
    effort: np.ndarray

    @classmethod
    def snapshot(cls, time: float, position, velocity, effort) -> PlantState:
        """A state holding read-only copies of the given arrays (a plant's own buffers)."""
        arrays = []
        for x in (position, velocity, effort):
            out = np.array(x, dtype=float)
            out.flags.writeable = False
            arrays.append(out)
        return cls(float(time), *arrays)


class Plant(ABC):
    """A robot driven by joint efforts.

    Subclasses implement :attr:`joint_names`, :meth:`read`, :meth:`write`, :meth:`step` and
    :meth:`reset`. A plant that runs on its own clock (real hardware) implements :meth:`step`
    by waiting for its next cycle, and :meth:`reset` by raising :class:`PlantError` if it cannot
    be moved back.
    """

    @property
    @abstractmethod
    def joint_names(self) -> tuple[str, ...]:
        """Names of the joints: the order of every array the plant takes or returns."""

    @property
    def n(self) -> int:
        """Number of joints."""
        return len(self.joint_names)

    @property
    def ready(self) -> bool:
        """Whether :meth:`read` reports a current measurement.

        Always True for a simulated plant; a plant fed from elsewhere (the ros2_control bridge)
        is not ready before its first state and when its states have stopped arriving.
        """
        return True

    @abstractmethod
    def read(self) -> PlantState:
        """The current state (a snapshot the caller may keep)."""

    @abstractmethod
    def write(self, effort: Sequence[float] | np.ndarray) -> None:
        """Set the effort (N·m / N, ``joint_names`` order) applied from now on.

        Raises :class:`PlantError` for a wrong length or a non-finite value; the plant then
        keeps the effort it had.
        """

    @abstractmethod
    def step(self, dt: float) -> None:
        """Advance by ``dt`` seconds under the last written effort."""

    @abstractmethod
    def reset(
        self, q0: Sequence[float] | np.ndarray, v0: Sequence[float] | np.ndarray | None = None
    ) -> None:
        """Move to positions ``q0`` with velocities ``v0`` (default: at rest), effort zero."""
