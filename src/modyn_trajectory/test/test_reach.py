"""modyn_trajectory.reach: the position-limit and workspace checks that the generator (a goal's
waypoints) and the feed-forward node (a client's trajectory) share, on the Stewart platform of
Lopes (its workspace bounded by leg strokes and tilt) and on hand-made limits."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from modyn_model import load_model
from modyn_model.errors import StateError
from modyn_ros.joint_map import MessageError
from modyn_trajectory.reach import (
    check_in_limits,
    check_in_workspace,
    first_outside_workspace,
    workspace_check,
)

STEWART = Path(__file__).resolve().parents[3] / "config" / "mechanisms" / "stewart_lopes.yaml"
PLANAR = Path(__file__).resolve().parents[3] / "urdf" / "planar_2r.urdf.xacro"
INSIDE = [0.0, 0.0, 2.0, 0.0, 0.0, 0.0]  # the platform's home pose (m, rad)
HIGH = [0.0, 0.0, 4.0, 0.0, 0.0, 0.0]  # 2 m above it: every leg beyond its stroke


@pytest.fixture(scope="module")
def stewart():
    if not STEWART.is_file():
        pytest.skip(f"{STEWART} not found")
    return load_model(STEWART.read_text())


def test_the_first_point_outside_its_limits_is_named_in_message_columns():
    # the message's columns are (b, a); the joints checked are a (column 1) and b (column 0)
    points = np.array([[0.0, 0.5], [0.2, 0.5], [2.5, 1.5]])
    check_in_limits(points[:2], [1, 0], ["a", "b"], [-1.0, -1.0], [1.0, 1.0])
    with pytest.raises(MessageError) as caught:
        check_in_limits(points, [1, 0], ["a", "b"], [-1.0, -1.0], [1.0, 2.0])
    # point 2: a = 1.5 is outside [-1, 1] (b = 2.5 beyond 2.0 too, but a is checked first)
    assert str(caught.value) == (
        "points[2].positions[1] = 1.5 for joint 'a' is outside its limits [-1.0, 1.0]"
    )
    with pytest.raises(MessageError, match=r"waypoints\[0\]\.positions\[0\] = nan for joint 'b'"):
        check_in_limits(
            np.array([[np.nan, 0.0]]), [1, 0], ["a", "b"], [-1, -1], [1, 1], "waypoints"
        )
    # a limit itself is inside
    check_in_limits(np.array([[-1.0, 1.0]]), [0, 1], ["a", "b"], [-1.0, -1.0], [1.0, 1.0])


def test_the_first_row_outside_the_workspace_is_found(stewart):
    q = np.array([INSIDE, INSIDE, HIGH, HIGH])
    k, exc = first_outside_workspace(stewart.check_workspace, q)
    assert k == 2
    with pytest.raises(StateError) as direct:
        stewart.check_workspace(np.array(HIGH))
    assert str(exc) == str(direct.value) and "stroke" in str(exc)
    assert first_outside_workspace(stewart.check_workspace, q[:2]) is None
    assert first_outside_workspace(None, q) is None  # no workspace of its own


def test_a_batch_refused_with_no_row_refused_is_reported_without_a_row():
    def only_batches(q):
        if np.ndim(q) == 2:
            raise StateError("refused as a batch")

    k, exc = first_outside_workspace(only_batches, np.zeros((3, 2)))
    assert k is None and str(exc) == "refused as a batch"


def test_check_in_workspace_names_the_point_with_the_models_message(stewart):
    with pytest.raises(MessageError) as caught:
        check_in_workspace(stewart, np.array([INSIDE, HIGH]))
    text = str(caught.value)
    assert text.startswith("points[1] = [0.0, 0.0, 4.0, 0.0, 0.0, 0.0] is outside the workspace: ")
    assert "leg" in text and "stroke" in text
    check_in_workspace(stewart, np.array([INSIDE]))
    check_in_workspace(object(), np.array([HIGH]))  # a model without check_workspace


def test_workspace_check_is_the_models_own_or_none(stewart):
    """The Stewart platform has a workspace (its legs' strokes); a serial arm from a URDF has
    none beyond its limits, and an attribute of that name that is not callable is none."""
    assert workspace_check(stewart) == stewart.check_workspace
    arm = load_model(PLANAR)
    assert workspace_check(arm) is None

    class NotCallable:
        check_workspace = 3.0

    assert workspace_check(NotCallable()) is None
