"""The built-in plant runs the dual-quaternion space manipulator (issue 18) as any floating base.

Moved here from modyn_model's tests: modyn_model does not depend on modyn_hardware.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from modyn_hardware.simulated import SimulatedPlant
from modyn_model import load_model
from modyn_model.floating import FloatingBaseModel
from modyn_model.mechanisms.space.parameters import table5_parameters

ROOT = Path(__file__).resolve().parents[3]
YAML = ROOT / "config" / "mechanisms" / "space_iiwa.yaml"
URDF = ROOT / "urdf" / "space_iiwa14.urdf"


@pytest.fixture(scope="module")
def model():
    return load_model(YAML)


@pytest.fixture(scope="module")
def twin():
    """The floating-base model of the same file and parameters, zero gravity (the reference)."""
    fb = FloatingBaseModel.from_urdf(URDF, gravity=(0.0, 0.0, 0.0))
    return fb.with_parameters(table5_parameters())


def test_builtin_plant_runs_it_as_the_floating_base_model(model, twin):
    """modyn_hardware's SimulatedPlant (RK4 on the contract) integrates the DQ model exactly as
    the FloatingBaseModel of the same robot: the nodes' plant treats it as any floating base."""
    states = []
    for m in (model, twin):
        plant = SimulatedPlant(m)
        plant.write(np.array([1.0, -0.5, 0.3, 0.2, -0.1, 0.05, 0.01]))
        for _ in range(100):
            plant.step(0.001)
        states.append(np.asarray(plant.read().position).copy())
    assert np.abs(states[0][7:]).max() > 1e-2  # the arm moved
    np.testing.assert_allclose(states[0], states[1], atol=1e-13)


