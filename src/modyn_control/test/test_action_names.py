"""modyn_control.trajectory_action.action_owner: the node whose services an action server uses
(the controller's ``~/stop`` and reports, the generator's ``~/plan``), read from the action's
name by JTC's convention ``<node>/<action>``; one function for both servers."""

from __future__ import annotations

import pytest

from modyn_control.trajectory_action import action_owner


@pytest.mark.parametrize(
    "name, default, owner",
    [
        ("feedback_controller/follow_joint_trajectory", "x", "feedback_controller"),
        ("/arm/my_controller/follow_joint_trajectory", "x", "my_controller"),  # namespaced
        ("trajectory_generator/plan_and_execute/", "x", "trajectory_generator"),  # trailing /
        ("follow_joint_trajectory", "feedback_controller", "feedback_controller"),  # bare
        ("/plan_and_execute", "trajectory_generator", "trajectory_generator"),
    ],
)
def test_the_owner_is_the_name_before_the_action(name, default, owner):
    assert action_owner(name, default) == owner
