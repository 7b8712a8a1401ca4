"""modyn_model.contract.coordinate_effort: what an effort list named by the coordinates carries
(issue 17), decided from the contract's sizes: "tau" for an arm (S = I) and for more actuators
than coordinates (the quadruped with a tail: 14 motors on 8 coordinates), "u" for as many
actuators as coordinates with S != I (the Stewart platform's legs), "none" for a floating base."""

from __future__ import annotations

from pathlib import Path

from modyn_model import RobotModel, load_model
from modyn_model.contract import coordinate_effort
from modyn_model.random_robot import random_urdf

ROOT = Path(__file__).resolve().parents[3]


def test_an_arm_carries_tau():
    model = RobotModel.from_urdf(random_urdf(3, n=4))
    assert coordinate_effort(model) == "tau"


def test_a_stewart_platform_carries_its_leg_forces_by_index():
    model = load_model(str(ROOT / "config/mechanisms/stewart_lopes.yaml"))
    assert (model.nu, model.nq) == (6, 6)
    assert coordinate_effort(model) == "u"


def test_the_quadruped_with_a_tail_carries_generalized_forces():
    model = load_model(str(ROOT / "config/mechanisms/quadruped_tail.yaml"))
    assert (model.nu, model.nq, model.nv) == (14, 8, 8)
    assert coordinate_effort(model) == "tau"


def test_a_floating_base_carries_none():
    model = RobotModel.from_urdf(random_urdf(5, n=4), floating_base=True)
    assert model.nq != model.nv
    assert coordinate_effort(model) == "none"
