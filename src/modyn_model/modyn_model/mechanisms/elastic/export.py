"""MuJoCo export of an elastic-joint robot (:class:`~.model.ElasticJointModel`): a joint pair
per axis with springs, as MJCF text (pure text: modyn_model needs no MuJoCo).

What is written (docs/elastic.md, "On MuJoCo")
----------------------------------------------
* The rigid link tree, body by body, as the geared export writes it
  (:func:`modyn_model.mjcf.link_tree`: joint frame at q = 0,
  ``fullinertia`` about the centre of mass, hinge/slide along the joint axis), with the links'
  own rotor inertia removed (the model's ``link_model``: armature 0) and the link friction
  Fv, Fc as the joint's ``damping`` / ``frictionloss``.
* One rotor per joint j: a body ``<joint>_rotor`` on the link's *parent* body (the world for
  the first joint), at the link joint's frame, with a hinge ``<joint><motor_suffix>`` (the
  motor coordinate θ_j) along the same axis and ``armature`` Ia_j. MuJoCo adds the armature to
  the diagonal of its mass matrix and nothing else: the rotor's own kinetic energy
  ½ Ia_j θ̇_j², Khalil's [7.35b] model, which neglects the rotor's gyroscopic coupling to the
  carrier as modyn's model does. MuJoCo refuses a moving body without mass, so the rotor body
  carries :data:`ROTOR_MASS` (1e-12 kg) with moments :data:`ROTOR_MASS` (kg·m²) at the joint
  origin: it changes A(q), the gravity and the rotor's inertia by at most ~1e-11 (the test
  checks M, bias and spring forces to 1e-10 against modyn's model). Motor friction Fvm, Fcm
  as the rotor joint's ``damping`` / ``frictionloss``.
* The spring [7.34] U_k = ½ (q − θ)ᵀ K (q − θ) as fixed tendons of ``springlength`` 0: tendon i
  has length L_i = v_iᵀ (q − θ) (coef +v_i on the links, −v_i on the rotors) and ``stiffness``
  λ_i, with K = Σ λ_i v_i v_iᵀ (for a diagonal K: one tendon per joint, v_i = e_i). Its passive
  force is −Σ λ_i v_i v_iᵀ (q − θ) on the links and the opposite on the rotors: exactly
  −∂U_k/∂x (MuJoCo's ``qfrc_spring``). The spring damping D_k likewise, from D_k's eigen
  decomposition, as tendon ``damping`` (``qfrc_damper``; on the same tendons when K and D_k are
  both diagonal).
* One ``motor`` actuator per rotor joint (gear 1, ``forcerange`` = the motor effort limits).

Dropped, with a :class:`UserWarning` naming the joints: the links' Stribeck term (static
friction above Coulomb), which MuJoCo has no element for. Approximated, with a
:class:`UserWarning` naming the coordinates: Coulomb friction, as MuJoCo's ``frictionloss``, a
soft dry-friction constraint, not Fc·sign(v) (the MuJoCo plants make it as stiff as MuJoCo
accepts). Checked against MuJoCo 4.0.0 in ``src/modyn_hardware/test/test_elastic_mujoco.py``.
"""

from __future__ import annotations

import warnings
import xml.etree.ElementTree as ET

import numpy as np

from ...mjcf import fixed_tendon, joint_element, link_tree, mjcf_document, motor, to_text
from ...mjcf import number as _r

__all__ = ["ROTOR_MASS", "mujoco_mjcf", "spring_tendons"]

#: kg (and kg·m² per principal moment): the rotor body's inertial, the least MuJoCo accepts
#: comfortably above its mjMINVAL (1e-15); the rotor's inertia is its joint ``armature``
ROTOR_MASS = 1e-12


def spring_tendons(matrix: np.ndarray, tol: float = 1e-14) -> list[tuple[float, np.ndarray]]:
    """(λ_i, v_i) with matrix = Σ λ_i v_i v_iᵀ, λ_i > 0: unit vectors for a diagonal matrix
    (one tendon per joint), else its eigen decomposition (eigenvalues below ``tol`` · max|λ|
    dropped: a semi-definite damping)."""
    m = np.asarray(matrix, dtype=float)
    n = m.shape[0]
    if np.array_equal(m, np.diag(np.diag(m))):
        eye = np.eye(n)
        return [(float(m[i, i]), eye[i]) for i in range(n) if m[i, i] > 0.0]
    lam, vec = np.linalg.eigh(m)
    top = max(float(np.abs(lam).max()), 0.0)
    return [(float(lam[i]), vec[:, i]) for i in range(n) if lam[i] > tol * top]


def _tendon(parent: ET.Element, name: str, joints, motors, v: np.ndarray, **attrs) -> None:
    """Fixed tendon of length vᵀ (q − θ): +v_j on link joint j, −v_j on its motor."""
    terms = [t for j in np.flatnonzero(v) for t in ((joints[j], v[j]), (motors[j], -v[j]))]
    fixed_tendon(parent, name, terms, springlength="0", **attrs)


def mujoco_mjcf(model, *, friction: bool = True) -> str:
    """MJCF text of ``model`` (an :class:`~.model.ElasticJointModel`; module docstring).

    Parameters
    ----------
    model : ElasticJointModel
    friction : bool
        Link and motor friction (``damping`` / ``frictionloss``) and the spring damping D_k;
        False: none of them (the conservative model: springs, gravity, inertia).

    Returns
    -------
    str
        The MJCF (``mujoco.MjModel.from_xml_string`` loads it): joints named as
        ``model.coordinate_names``, actuators as ``model.actuator_names``. Warns
        (:class:`UserWarning`) when the links have Stribeck friction (dropped).
    """
    links = model.link_model
    n = model.n_links
    joints, motors = model.link_names, model.actuator_names
    root, world = mjcf_document(f"{model.name}", model.gravity_vector)
    # no armature on the link joints: the rotors are the motor coordinates
    bodies = link_tree(links, world, armature=False, friction=friction)
    for j in range(n):
        link_body = bodies[links.link_names[j]]
        parent = world if links.parents[j] < 0 else bodies[links.link_names[links.parents[j]]]
        rotor = ET.SubElement(
            parent,
            "body",
            name=f"{joints[j]}_rotor",
            pos=link_body.get("pos"),
            quat=link_body.get("quat"),
        )
        ET.SubElement(
            rotor,
            "inertial",
            pos="0 0 0",
            mass=_r(ROTOR_MASS),
            diaginertia=" ".join([_r(ROTOR_MASS)] * 3),
        )
        joint_element(
            rotor,
            motors[j],
            links.sigma[j],
            links.axes[j],
            armature=model.rotor_inertia[j],
            damping=model.motor_viscous[j] if friction else 0.0,
            frictionloss=model.motor_coulomb[j] if friction else 0.0,
        )
    tendons = ET.SubElement(root, "tendon")
    k = np.asarray(model.stiffness)
    d = np.asarray(model.spring_damping) if friction else np.zeros((n, n))
    diagonal = np.array_equal(k, np.diag(np.diag(k))) and np.array_equal(d, np.diag(np.diag(d)))
    if diagonal:
        eye = np.eye(n)
        for j in range(n):
            _tendon(
                tendons,
                f"{joints[j]}_spring",
                joints,
                motors,
                eye[j],
                stiffness=_r(k[j, j]),
                damping=_r(d[j, j]),
            )
    else:
        for i, (lam, v) in enumerate(spring_tendons(k)):
            _tendon(tendons, f"spring{i}", joints, motors, v, stiffness=_r(lam))
        for i, (mu, v) in enumerate(spring_tendons(d)):
            _tendon(tendons, f"spring_damper{i}", joints, motors, v, damping=_r(mu))
    actuators = ET.SubElement(root, "actuator")
    for j in range(n):
        motor(actuators, motors[j], 1.0, float(model.effort_limit[j]), joint=motors[j])
    stribeck = (links.stribeck_velocity > 0) & (links.static_friction != links.coulomb)
    if friction and stribeck.any():
        warnings.warn(
            f"MuJoCo model of '{model.name}': the Stribeck friction of link joints "
            f"{[joints[i] for i in np.flatnonzero(stribeck)]} has no MuJoCo equivalent; only "
            "Coulomb (frictionloss) and viscous (damping) friction are exported",
            UserWarning,
            stacklevel=3,
        )
    coulomb = np.flatnonzero(np.asarray(model.coulomb) > 0.0)
    if friction and coulomb.size:
        warnings.warn(
            f"MuJoCo model of '{model.name}': the Coulomb friction of "
            f"{[model.coordinate_names[i] for i in coulomb]} is MuJoCo's frictionloss, a soft "
            "dry-friction constraint, not Fc·sign(v)",
            UserWarning,
            stacklevel=3,
        )
    return to_text(root)
