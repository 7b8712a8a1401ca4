"""A free-flying space manipulator in dual quaternions (issue 18; the note
../shared/research/seed-004-dualquat.md, the paper's eqs. (1)–(32) with the note's errata).

* :mod:`.parameters` — the paper's Tables 3 and 5, the link-origin ↔ CoM inertia conversion;
* :mod:`.chain` — :class:`DQChain`, the chain from a URDF (tip → base inside, URDF order
  outside, Table 2 hinges, the 6-dof floating hinge);
* :mod:`.recursion` — DQ forward kinematics, the velocity/acceleration recursion and the
  recursive DQ inverse dynamics (eq. 23 corrected);
* :mod:`.matrix_form` — M = ĤᵀΦÎΦᵀĤ, the bias and the forward dynamics (eqs. 24–32 corrected);
* :mod:`.model` — :class:`SpaceManipulatorModel` behind the mechanism contract (kind
  ``space_manipulator``).

The base actuators (thrusters, CMGs: ``thrusters.py``, ``cmg.py``) plug into the model's
``base_actuators`` hook (see :mod:`.model`).
"""

from .chain import DQChain

__all__ = ["DQChain"]
