"""modyn_model.checks.StateChecks on a minimal mechanism: what a new model class gets from the
mixin (the models' own messages are asserted in test_bad_input.py, test_stewart_bad_input.py,
test_ball_joint.py, test_floating_base.py and the contract tests).

* check_state / check_velocity / check_actuation read the three name lists and name the argument,
  the component (with the class's word for it) and the model;
* the hook ``_check_configuration`` runs on check_state only, on the checked float array, and
  not for ``None`` with ``allow_none``;
* a float64 array passes through without a copy; check_batch broadcasts the leading axes;
* _check_frame and _check_wrench refuse what the model does not have.
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_model import StateError
from modyn_model.checks import StateChecks


class Slider(StateChecks):
    """Two carts on a rail, one motor: q = (x1, x2) with x1 < x2 (they must not cross)."""

    name, source = "slider", "<test>"
    coordinate_names = velocity_names = ("x1", "x2")
    actuator_names = ("motor",)
    frame_names = ("rail", "cart2")
    _coordinate_kind, _actuator_kind = "cart", "motor"

    def __init__(self):
        self.seen = []

    def _check_configuration(self, name, q):
        self.seen.append((name, q))
        if (q[..., 0] >= q[..., 1]).any():
            raise StateError(f"{name}: the carts cross (x1 >= x2) for model '{self.name}'")


def test_messages_name_the_argument_the_component_and_the_model():
    m = Slider()
    with pytest.raises(StateError, match=r"^q must have last dimension 2 \(carts \['x1', 'x2'\]\) "
                       r"for model 'slider', got shape \(3,\)$"):  # fmt: skip
        m.check_state("q", [0.0, 1.0, 2.0])
    with pytest.raises(StateError, match=r"^v has a non-finite value at cart 'x2': nan$"):
        m.check_velocity("v", [[0.0, 0.0], [0.0, np.nan]])
    with pytest.raises(StateError, match=r"^u must have last dimension 1 \(motors \['motor'\]\)"):
        m.check_actuation("u", [1.0, 2.0])
    with pytest.raises(StateError, match="^u is required$"):
        m.check_actuation("u", None)
    with pytest.raises(StateError, match="^q must be numbers"):
        m.check_state("q", ["a", "b"])


def test_the_hook_runs_on_configurations_only():
    m = Slider()
    q = np.array([[0.0, 1.0], [2.0, 3.0]])
    assert m.check_state("q", q) is q  # float64: no copy
    assert len(m.seen) == 1 and m.seen[0][0] == "q" and m.seen[0][1] is q
    assert m.check_state("q", None, allow_none=True) is None
    m.check_velocity("v", [5.0, 1.0])  # a velocity may have x1 > x2
    assert len(m.seen) == 1
    with pytest.raises(StateError, match="q0: the carts cross"):
        m.check_state("q0", [[0.0, 1.0], [1.0, 1.0]])
    assert m.check_state("q", [0, 1]).dtype == np.float64  # ints become floats


def test_batch_frames_and_wrenches():
    m = Slider()
    assert m.check_batch(q=np.zeros((4, 1, 2)), v=np.zeros((3, 2)), a=None) == (4, 3)
    with pytest.raises(StateError, match=r"^model 'slider': .* q \(2, 2\), v \(3, 2\)$"):
        m.check_batch(q=np.zeros((2, 2)), v=np.zeros((3, 2)))
    assert m._check_frame("cart2") == "cart2"
    with pytest.raises(StateError, match=r"no frame named 'cart3'; frames are \['rail', 'cart2'\]"):
        m._check_frame("cart3")
    assert m._check_wrench(None, "cart 2") is None
    f = m._check_wrench(np.ones((5, 1, 6)), "cart 2")
    assert f.shape == (5, 1, 6)
    with pytest.raises(StateError, match=r"\(\.\.\., 1, 6\) \(cart 2\) for model 'slider'"):
        m._check_wrench(np.ones((2, 6)), "cart 2")
    with pytest.raises(StateError, match="got shape"):
        m._check_wrench([[[0, 0, np.inf, 0, 0, 0]]], "cart 2")
