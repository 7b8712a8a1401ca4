"""What every MuJoCo plant shares: set-up of the compiled model, the guarded step, pushes.

:class:`~modyn_hardware.mujoco_plant.MujocoPlant` (a URDF tree, MuJoCo's URDF import) and
:class:`~modyn_hardware.mujoco_exported.ExportedModelPlant` (a mechanism's own MJCF) differ in
how the MJCF is made and how q, v and the effort map onto MuJoCo's arrays; the rest is here,
once:

* :func:`import_mujoco`, :func:`check_integrator`, :func:`joint_addresses`: the module (or a
  :class:`PlantError` saying how to install it), the integrator name, and the ``qpos`` / ``qvel``
  address of each named joint;
* :func:`set_options`: ``mjINT_RK4`` or ``mjINT_EULER`` (semi-implicit Euler with MuJoCo's
  implicit damping, ``eulerdamp``, stable for any damping), joint limits and the silent
  auto-reset on a diverging step off (position limits are the hardware interface's business);
* :class:`MujocoBase`, the :class:`Plant` part:

  - :meth:`~MujocoBase.step`: MuJoCo's timestep = ``dt``; at each new ``dt`` the dry friction
    (``dof_solref``) and the plant's equality constraints (:attr:`~MujocoBase._stiff_eq`)
    get the time constant 2·dt, the stiffest MuJoCo accepts (its "refsafe" minimum); a step
    that MuJoCo flags (``mjWARN_BADQACC/QPOS/QVEL``) or that leaves a non-finite state is undone
    and raises :class:`PlantError`;
  - :meth:`~MujocoBase.push`: a force f (world axes) at the origin of a frame and a moment m
    (world axes, about that origin) through ``xfrc_applied`` of the frame's body. MuJoCo applies
    ``xfrc_applied`` at the body's centre of mass c, so the moment is shifted there,
    m + (p − c) × f with p the frame origin, from the kinematics at the start of each step and
    held over it (as the effort is). The frame is a MuJoCo body of its name or a ``<site>`` of its
    name (p = the site's position, on the site's body): the generalized force is then
    Jᵀ [f; m] with J the frame's world-axes Jacobian at p, the built-in plant's push;
  - :meth:`~MujocoBase._clear_inputs`: effort, ``ctrl``, ``qfrc_applied``, ``xfrc_applied``,
    the push and the solver's warm start zeroed (a reset).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from .plant import Plant, PlantError, checked_push
from .simulated import INTEGRATORS

__all__ = [
    "MujocoBase",
    "check_integrator",
    "import_mujoco",
    "joint_addresses",
    "set_options",
]


def import_mujoco():
    """The ``mujoco`` module, or :class:`PlantError` saying how to install it."""
    try:
        import mujoco
    except ImportError:
        raise PlantError(
            "plant 'mujoco' needs the Python package 'mujoco' (pip install mujoco)"
        ) from None
    return mujoco


def check_integrator(integrator: str) -> None:
    """:class:`PlantError` unless ``integrator`` is one of :data:`~.simulated.INTEGRATORS`."""
    if integrator not in INTEGRATORS:
        raise PlantError(f"integrator must be one of {list(INTEGRATORS)}, got {integrator!r}")


def set_options(mujoco, m, integrator: str) -> None:
    """MuJoCo's integrator for ``integrator`` ("rk4": ``mjINT_RK4``, else ``mjINT_EULER`` with
    ``eulerdamp`` on), joint limits and auto-reset off (module docstring)."""
    m.opt.integrator = (
        mujoco.mjtIntegrator.mjINT_RK4 if integrator == "rk4" else mujoco.mjtIntegrator.mjINT_EULER
    )
    dsbl = mujoco.mjtDisableBit
    # no joint-limit constraint (as the built-in plant) and no silent reset to the initial
    # state on a diverging step; Euler keeps MuJoCo's implicit damping (eulerdamp), stable
    # for any damping (mujoco_plant's module docstring)
    m.opt.disableflags |= int(dsbl.mjDSBL_LIMIT | dsbl.mjDSBL_AUTORESET)
    m.opt.disableflags &= ~int(dsbl.mjDSBL_EULERDAMP)


def joint_addresses(mujoco, m, names: Sequence[str], where: str) -> tuple[np.ndarray, np.ndarray]:
    """(``qpos`` addresses, ``qvel`` addresses) (int arrays) of the joints ``names``.

    Raises
    ------
    PlantError
        ``"mujoco plant: {where} has no joint '{name}'"`` for the first missing one.
    """
    qpos, dof = [], []
    for name in names:
        jid = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_JOINT, name)
        if jid < 0:
            raise PlantError(f"mujoco plant: {where} has no joint '{name}'")
        qpos.append(int(m.jnt_qposadr[jid]))
        dof.append(int(m.jnt_dofadr[jid]))
    return np.array(qpos, dtype=int), np.array(dof, dtype=int)


class MujocoBase(Plant):
    """A plant on a compiled MuJoCo model (module docstring). A subclass calls
    :meth:`_init_mujoco` once its model is compiled and adjusted, implements ``read``, ``write``,
    ``reset`` (calling :meth:`_clear_inputs`) and the name properties, and may override
    :meth:`_push_frames`, :meth:`_timestep_changed` and :meth:`_after_step`.

    Attributes
    ----------
    mj_model, mj_data : mujoco.MjModel, mujoco.MjData
        The MuJoCo objects (for inspection; the plant owns their state).
    integrator : str
    """

    can_push = True

    def _init_mujoco(self, mujoco, m, integrator: str, n_effort: int) -> None:
        """Options (:func:`set_options`), ``mj_data``, the step's buffers; ``n_effort`` the
        length of the effort vector."""
        set_options(mujoco, m, integrator)
        self._mj = mujoco
        self.integrator = integrator
        self.mj_model = m
        self.mj_data = d = mujoco.MjData(m)
        # MuJoCo's counters of non-finite or huge accelerations, positions and velocities
        # (views into mj_data, read after every step)
        warning = mujoco.mjtWarning
        self._bad = tuple(
            d.warning[int(w)]
            for w in (warning.mjWARN_BADQACC, warning.mjWARN_BADQPOS, warning.mjWARN_BADQVEL)
        )
        self._warnings = 0
        self._tau = np.zeros(n_effort)
        self._q_saved = np.zeros(m.nq)
        self._v_saved = np.zeros(m.nv)
        self._time = 0.0
        self._dt = math.nan  # the timestep the model is set up for (set by the first step)
        # equality constraints made as stiff as dry friction at each new dt (subclasses)
        self._stiff_eq = np.zeros(0, dtype=int)
        # a push (push()): MuJoCo body, site (-1: the body's own frame), world force and moment
        # about the frame origin, the plant time it ends
        self._push: tuple[int, int, np.ndarray, np.ndarray, float] | None = None

    # ------------------------------------------------------------------ Plant
    @property
    def time(self) -> float:
        """Simulated time (s): the sum of the steps taken; a reset keeps it."""
        return self._time

    def step(self, dt: float) -> None:
        """Advance by ``dt`` seconds (> 0; MuJoCo's timestep) under the last written effort.

        Raises
        ------
        PlantError
            ``dt`` not a positive finite number, or the step diverged (non-finite state or a
            MuJoCo instability warning); the state is then left as it was before the step.
        """
        if not (dt > 0.0 and math.isfinite(dt)):
            raise PlantError(f"dt must be a positive finite number of seconds, got {dt!r}")
        m, d = self.mj_model, self.mj_data
        if dt != self._dt:
            self._dt = m.opt.timestep = dt
            # dry friction and the equalities as stiff as MuJoCo accepts at this step
            m.dof_solref[:, 0] = 2.0 * dt
            if self._stiff_eq.size:
                m.eq_solref[self._stiff_eq, 0] = 2.0 * dt
            self._timestep_changed(dt)
        np.copyto(self._q_saved, d.qpos)
        np.copyto(self._v_saved, d.qvel)
        if self._push is not None:
            self._apply_push(m, d)
        self._mj.mj_step(m, d)
        acc, pos, vel = self._bad
        warnings = acc.number + pos.number + vel.number
        if warnings != self._warnings or not math.isfinite(d.qpos.sum() + d.qvel.sum()):
            self._warnings = warnings
            np.copyto(d.qpos, self._q_saved)
            np.copyto(d.qvel, self._v_saved)
            d.time -= dt
            raise PlantError(
                f"the simulation diverged at t = {self._time:.6f} s (non-finite state in "
                "MuJoCo); reduce the step or the gains"
            )
        self._time += dt
        if self._push is not None and self._time >= self._push[4] - 1e-12:
            self._push = None
            d.xfrc_applied[:] = 0.0
        self._after_step()

    def push(self, frame: str, force, duration: float, torque=None) -> None:
        """Apply ``force`` (3, N, world axes) at the origin of ``frame`` and ``torque`` (3, N·m,
        world axes) for ``duration`` s of plant time from now, through MuJoCo's
        ``xfrc_applied`` of the frame's body (module docstring: the moment shifted to the body's
        centre of mass from the kinematics at the start of each step). A new push replaces one
        in progress.

        Raises
        ------
        PlantError
            An unknown frame, a frame that is neither a MuJoCo body nor a site; bad numbers.
        """
        frame, wrench, duration = checked_push(frame, force, duration, torque, self._push_frames())
        mj, m = self._mj, self.mj_model
        body, site = mj.mj_name2id(m, mj.mjtObj.mjOBJ_BODY, frame), -1
        if body < 0:
            site = mj.mj_name2id(m, mj.mjtObj.mjOBJ_SITE, frame)
            if site < 0:
                raise PlantError(
                    f"push: frame '{frame}' is not a MuJoCo body or site (a link MuJoCo fused "
                    "into its parent)"
                )
            body = int(m.site_bodyid[site])
        self.mj_data.xfrc_applied[:] = 0.0
        self._push = (
            int(body),
            int(site),
            wrench[:3].copy(),
            wrench[3:].copy(),
            self._time + duration,
        )

    # ------------------------------------------------------------------ hooks
    def _push_frames(self) -> tuple[str, ...]:
        """The frames a push may name (default: the model's ``frame_names``)."""
        return tuple(getattr(self.model, "frame_names", ()))

    def _timestep_changed(self, dt: float) -> None:
        """Called when the step changes (the first step: at start), after the solrefs are set."""

    def _after_step(self) -> None:
        """Called after each accepted step."""

    # ------------------------------------------------------------------ internals
    def _apply_push(self, m, d) -> None:
        body, site, f, moment, _ = self._push
        self._mj.mj_kinematics(m, d)
        self._mj.mj_comPos(m, d)
        origin = d.xpos[body] if site < 0 else d.site_xpos[site]
        out = d.xfrc_applied[body]
        out[:3] = f
        out[3:] = moment + np.cross(origin - d.xipos[body], f)

    def _clear_inputs(self) -> None:
        """Zero effort, actuator controls, applied forces, the push and the warm start."""
        d = self.mj_data
        d.qacc_warmstart[:] = 0.0
        self._tau.fill(0.0)
        d.ctrl[:] = 0.0
        d.qfrc_applied[:] = 0.0
        d.xfrc_applied[:] = 0.0
        self._push = None
