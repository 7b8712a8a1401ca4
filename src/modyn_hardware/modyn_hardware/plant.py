"""The Plant interface: what ``hardware_interface`` drives, simulated or real.

A plant is the mechanism seen from its actuators and sensors: it accepts actuator efforts u
(N·m for a rotary motor, N for a linear one; :attr:`Plant.actuator_names` order, nu values) and
reports the configuration q (:attr:`Plant.coordinate_names`, nq values), the velocity v
(:attr:`Plant.velocity_names`, nv values) and the effort it is applying (nu), the three orders
of the mechanism contract (:mod:`modyn_model.contract`). For a fixed-base arm the three name
lists are the joint names (:attr:`Plant.joint_names`, nq = nv = nu = n). The node never assumes
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

__all__ = ["Plant", "PlantState", "PlantError", "checked_push"]


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
    position : (nq,) ndarray
        Configuration q (rad, m; a quaternion's components), ``coordinate_names`` order.
    velocity : (nv,) ndarray
        Velocity v (rad/s, m/s), ``velocity_names`` order (q̇ = v for an arm).
    effort : (nu,) ndarray
        The actuator effort being applied (N·m or N), ``actuator_names`` order: the last one
        written, i.e. the one applied over the last step when the caller writes before
        stepping.

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
    """A mechanism driven by actuator efforts.

    Subclasses implement :attr:`joint_names`, :meth:`read`, :meth:`write`, :meth:`step` and
    :meth:`reset`. A plant that runs on its own clock (real hardware) implements :meth:`step`
    by waiting for its next cycle, and :meth:`reset` by raising :class:`PlantError` if it cannot
    be moved back.
    """

    @property
    @abstractmethod
    def joint_names(self) -> tuple[str, ...]:
        """Names of the joints: for an arm the order of every array the plant takes or returns;
        for a mechanism the coordinate names (see :attr:`coordinate_names`)."""

    @property
    def n(self) -> int:
        """Number of joints (of coordinates, for a mechanism whose nq ≠ nv)."""
        return len(self.joint_names)

    @property
    def coordinate_names(self) -> tuple[str, ...]:
        """Names of the configuration coordinates (nq), the order of ``read().position``.
        Default: :attr:`joint_names`."""
        return self.joint_names

    @property
    def velocity_names(self) -> tuple[str, ...]:
        """Names of the velocity coordinates (nv), the order of ``read().velocity``.
        Default: :attr:`joint_names`."""
        return self.joint_names

    @property
    def actuator_names(self) -> tuple[str, ...]:
        """Names of the actuators (nu), the order of :meth:`write` and ``read().effort``.
        Default: :attr:`joint_names`."""
        return self.joint_names

    @property
    def nq(self) -> int:
        """Size of the configuration."""
        return len(self.coordinate_names)

    @property
    def nv(self) -> int:
        """Size of the velocity."""
        return len(self.velocity_names)

    @property
    def nu(self) -> int:
        """Number of actuators."""
        return len(self.actuator_names)

    @property
    def ready(self) -> bool:
        """Whether :meth:`read` reports a current measurement.

        Always True for a simulated plant; a plant fed from elsewhere (the ros2_control bridge)
        is not ready before its first state and when its states have stopped arriving.
        """
        return True

    def diagnostics(self) -> dict:
        """Values the hardware interface adds to its /diagnostics (key → number or text):
        e.g. a constrained model's drift (the simulated plant), a bridge's counters. Default:
        none."""
        return {}

    def constraint_forces(self) -> dict[str, np.ndarray]:
        """The force (3) or wrench [f; m] (6) each constraint of the model applies on the robot
        at the current state and effort (N, N·m; world axes, moment about the contact point),
        by constraint name: what a plant of a constrained model can report. Default: none."""
        return {}

    #: whether :meth:`push` is implemented (the simulated plants)
    can_push = False

    def push(self, frame: str, force, duration: float, torque=None) -> None:
        """Apply the force ``force`` (3, N, world axes) at the origin of ``frame`` and the moment
        ``torque`` (3, N·m, world axes; default 0) for ``duration`` seconds of plant time from
        now (a disturbance for tests and demos). Only simulated plants can; default: PlantError.
        """
        raise PlantError(f"{type(self).__name__} cannot be pushed (simulated plants only)")

    @abstractmethod
    def read(self) -> PlantState:
        """The current state (a snapshot the caller may keep)."""

    @abstractmethod
    def write(self, effort: Sequence[float] | np.ndarray) -> None:
        """Set the effort (N·m / N, ``actuator_names`` order) applied from now on.

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
        """Move to configuration ``q0`` (nq) with velocity ``v0`` (nv; default: at rest), effort
        zero."""

    def prepare(self, dt: float) -> None:
        """Build now whatever a step of ``dt`` seconds builds on first use (generated model
        code, solver workspaces), so that the loop never pays for it: the hardware interface
        calls this once before its loop starts. Nothing by default."""
        return None


def checked_push(frame, force, duration, torque, frames) -> tuple[str, np.ndarray, float]:
    """The arguments of :meth:`Plant.push` checked: (frame, wrench [f; m] (6), duration).

    Raises
    ------
    PlantError
        An unknown frame (the known ones listed), a force or torque that is not 3 finite
        numbers, a duration that is not a positive finite number of seconds.
    """
    frame = str(frame)
    if frame not in frames:
        raise PlantError(f"push: no frame '{frame}'; frames are {sorted(frames)}")
    wrench = np.zeros(6)
    for name, value, at in (("force", force, 0), ("torque", torque, 3)):
        if value is None:
            continue
        arr = np.asarray(value, dtype=float)
        if arr.shape != (3,) or not np.all(np.isfinite(arr)):
            raise PlantError(f"push: {name} must be 3 finite numbers (world axes), got {value!r}")
        wrench[at : at + 3] = arr
    duration = float(duration)
    if not (duration > 0.0 and np.isfinite(duration)):
        raise PlantError(f"push: duration must be a positive number of seconds, got {duration!r}")
    return frame, wrench, duration
