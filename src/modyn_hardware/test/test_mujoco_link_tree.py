"""modyn_model.mjcf.link_tree, the one MJCF link-tree writer of the mechanisms' exports (geared,
elastic), against MuJoCo itself: the MJCF it writes for a RobotModel, compiled by MuJoCo, has

* MuJoCo's mass matrix (``mj_fullM``, armature included) = modyn's A(q) (rotor inertia on the
  diagonal, Khalil [7.29]) and MuJoCo's ``qfrc_bias`` = C(q, q̇) q̇ + Q(q) (modyn's inverse
  dynamics at q̈ = 0 without friction), to 1e-10 relative, at random states;
* each body's frame (``xpos``, ``xmat``) = the link frame of modyn (``frame_placement``), and
  each site's (``site_xpos``, ``site_xmat``) = that of the model's other frames (fixed links,
  the root), to 1e-12: a push at a frame's origin lands where modyn puts it;
* the joints' armature / damping / frictionloss the model's Ia, Fv, Fc, or 0 when switched off;

on the RX-90 with its extras and on random trees (branches, prismatic joints, fixed joints
merged) whose parent order is not a simple chain.
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_model import RobotModel
from modyn_model.mjcf import link_tree, mjcf_document, motor, to_text
from modyn_model.random_robot import random_urdf

mujoco = pytest.importorskip("mujoco")

RTOL = 1e-10


def _compile(model, **options):
    root, world = mjcf_document(model.name, model.gravity_vector)
    bodies = link_tree(model, world, **options)
    assert list(bodies) == list(model.link_names)
    return mujoco.MjModel.from_xml_string(to_text(root))


def _check_dynamics(model, seed: int, states: int = 4) -> tuple[float, float, float]:
    m = _compile(model)
    d = mujoco.MjData(m)
    assert m.nq == m.nv == model.n
    # bodies are written parents first: the MuJoCo joint order is modyn's
    names = [mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_JOINT, j) for j in range(m.njnt)]
    assert names == list(model.joint_names)
    rng = np.random.default_rng(seed)
    dense = np.zeros((m.nv, m.nv))
    worst = np.zeros(3)
    for _ in range(states):
        q = rng.uniform(-1.5, 1.5, model.n)
        v = rng.uniform(-2.0, 2.0, model.n)
        d.qpos[:], d.qvel[:] = q, v
        mujoco.mj_forward(m, d)
        mujoco.mj_fullM(m, d, dense)
        a = model.mass_matrix(q)
        h = model.inverse_dynamics(q, v, np.zeros(model.n), friction=False)
        worst[0] = max(worst[0], np.abs(dense - a).max() / np.abs(a).max())
        worst[1] = max(worst[1], np.abs(d.qfrc_bias - h).max() / max(np.abs(h).max(), 1.0))
        for j, link in enumerate(model.link_names):
            pose = model.frame_placement(q, link)
            body = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_BODY, link)
            gap = max(
                np.abs(d.xpos[body] - pose[:3, 3]).max(),
                np.abs(d.xmat[body].reshape(3, 3) - pose[:3, :3]).max(),
            )
            worst[2] = max(worst[2], gap)
            assert body == j + 1, (link, body)  # world is body 0
        others = [f for f in model.frame_names if f not in model.link_names]
        assert m.nsite == len(others)
        for name in others:
            pose = model.frame_placement(q, name)
            site = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_SITE, name)
            gap = max(
                np.abs(d.site_xpos[site] - pose[:3, 3]).max(),
                np.abs(d.site_xmat[site].reshape(3, 3) - pose[:3, :3]).max(),
            )
            worst[2] = max(worst[2], gap)
    return tuple(worst)


def test_rx90_with_extras(rx90_xml, urdf_dir):
    model = RobotModel.from_urdf(rx90_xml, extras=urdf_dir / "rx90_extras.yaml")
    assert np.any(model.armature > 0) and np.any(model.viscous > 0)
    errs = _check_dynamics(model, seed=1)
    print("RX-90: |dM|/|M|, |dbias|/|bias|, |dframe| =", [f"{e:.2g}" for e in errs])
    assert errs[0] < RTOL and errs[1] < RTOL and errs[2] < 1e-12, errs
    m = _compile(model)
    np.testing.assert_array_equal(m.dof_armature, model.armature)
    np.testing.assert_array_equal(m.dof_damping, model.viscous)
    np.testing.assert_array_equal(m.dof_frictionloss, model.coulomb)
    bare = _compile(model, armature=False, friction=False, sites=False)
    assert not (bare.dof_armature.any() or bare.dof_damping.any() or bare.dof_frictionloss.any())
    assert bare.nsite == 0 and m.nsite > 0  # the RX-90's base and tool0


@pytest.mark.parametrize("seed", range(3))
def test_random_trees(seed):
    model = RobotModel.from_urdf(random_urdf(seed, n=3 + 2 * seed, tree=True, prismatic=True))
    errs = _check_dynamics(model, seed=seed)
    print(f"random tree {seed}: |dM|/|M|, |dbias|/|bias|, |dframe| =", [f"{e:.2g}" for e in errs])
    assert errs[0] < RTOL and errs[1] < RTOL and errs[2] < 1e-12, errs


def test_motor_needs_one_transmission():
    root, _ = mjcf_document("m", [0.0, 0.0, -9.81])
    with pytest.raises(ValueError, match="motor 'x': give exactly one of joint, tendon"):
        motor(root, "x", 1.0)
    with pytest.raises(ValueError, match="motor 'x'"):
        motor(root, "x", 1.0, joint="a", tendon="b")
