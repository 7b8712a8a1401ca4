"""frame_motion (pose, J, J̇q̇ from one pass) against the three separate kinematics functions
(the complex-step J̇q̇ is exact to rounding), on robots nobody here wrote, a prismatic chain and
batches."""

from __future__ import annotations

import numpy as np
import pytest

from modyn_model import load_model
from modyn_model.kinematics import (
    frame_jacobian,
    frame_jacobian_dot_v,
    frame_motion,
    frame_placement,
)

PRISMATIC = """<robot name="rpr"><link name="base"/>
<link name="l1"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
<link name="l2"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
<link name="l3"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
<link name="tool"/>
<joint name="j1" type="revolute"><parent link="base"/><child link="l1"/><axis xyz="0 0 1"/><origin xyz="0.1 0.2 0.3" rpy="0.3 0.2 0.1"/><limit lower="-3" upper="3" effort="1" velocity="1"/></joint>
<joint name="j2" type="prismatic"><parent link="l1"/><child link="l2"/><axis xyz="1 0 0"/><origin xyz="0.3 0.1 0" rpy="0.5 0 0.2"/><limit lower="-3" upper="3" effort="1" velocity="1"/></joint>
<joint name="j3" type="revolute"><parent link="l2"/><child link="l3"/><axis xyz="0 1 0"/><origin xyz="0.2 0 0.1" rpy="0 0.4 0"/><limit lower="-3" upper="3" effort="1" velocity="1"/></joint>
<joint name="jt" type="fixed"><parent link="l3"/><child link="tool"/><origin xyz="0.1 0.2 0.05"/></joint>
</robot>"""


ROBOTS = {
    "ur5": "ur_description/urdf/ur5_robot.urdf",
    "xarm7": "xarm_description/urdf/xarm7.urdf",
    "z1": "z1_description/urdf/z1.urdf",
}


@pytest.fixture(params=["rpr", "rx90", *ROBOTS])
def model(request, erd_path):
    if request.param == "rpr":
        return load_model(PRISMATIC)  # revolute, prismatic, revolute and a fixed tool
    if request.param == "rx90":
        return load_model("rx90")
    return load_model(erd_path(ROBOTS[request.param]))


def test_frame_motion_equals_the_separate_functions(model):
    rng = np.random.default_rng(7)
    frames = {model.tip_frame, model.link_names[model.n // 2], model.base_frame}
    for frame in frames:
        for q, v in (
            (rng.uniform(-2, 2, model.n), rng.uniform(-2, 2, model.n)),  # one state
            (rng.uniform(-2, 2, (4, 3, model.n)), rng.uniform(-2, 2, (4, 3, model.n))),  # batch
        ):
            pose, jac, bias = frame_motion(model, q, v, frame)
            np.testing.assert_allclose(pose, frame_placement(model, q, frame), atol=1e-14)
            np.testing.assert_allclose(jac, frame_jacobian(model, q, frame), atol=1e-14)
            ref = frame_jacobian_dot_v(model, q, v, frame)
            scale = max(1.0, float(np.abs(ref).max()))
            np.testing.assert_allclose(bias, ref, atol=1e-13 * scale)
            got = model.frame_motion(q, v, frame)
            for a, b in zip(got, (pose, jac, bias), strict=True):
                np.testing.assert_array_equal(a, b)
