"""Library-level scenarios of the paper's §5 (note §10.2–10.3): open-loop base forcing and the
closed-loop Viviani tracking with the base held by thrusters and VSCMGs.

Plant. Any floating-base contract model (q = [p, Q, θ], v = [v_B, ω_B, θ̇], τ[:6] = [F; T] on
the base, base axes) — :class:`~modyn_model.floating.FloatingBaseModel` built from
:func:`.iiwa_space.space_iiwa_urdf`, or the DQ ``SpaceManipulatorModel``. The VSCMG units' mass
and inertia at γ₀ are lumped into the base (:meth:`CMGCluster.lumped_inertia`; eq. (37)'s
Σ M̂_PB); their internal momentum acts through u_cmg = −(ḣ + ω × h) (note §8.2) on the base's
moment rows, the thrusters through H σ (eq. (35)). The change of the units' inertia with γ
(0.041 kg·m² per unit) is neglected, as in note §8.2. State (q, v, γ, γ̇, Ω), fixed-step RK4
with the commands held over a control period (zero-order hold), quaternion renormalised.

Controller, every ``dt``:

1. reference: the Viviani point (eq. (51)) → IK (DLS + null space, tool down) → θ_d, θ̇_d, θ̈_d
   (precomputed on the control grid, base at its desired pose);
2. arm: τ = ArmJointDQPD (eq. (46) reading (a)) or ArmTaskDQPD (reading (b)) + τ_ff,
   Γ(q, v, [0₆, θ̈_d]) (computed torque with the base held);
3. base: [F; T] = BaseDQPD (eq. (47)) + the wrench that keeps the base unaccelerated under the
   arm torques of step 2 (:func:`.laws.base_reaction_feedforward`, the arm's reaction);
4. allocation (48) → (49) → (42): σ (thrusters, LP), γ̇_cmd, Ω̇_cmd (CMGs).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from modyn_model.so3 import quaternion_to_matrix

from .iiwa_space import EE_FRAME, space_iiwa_urdf
from .ik import TOOL_DOWN, RedundantIK
from .laws import (
    ArmJointDQPD,
    ArmTaskDQPD,
    BaseActuation,
    BaseDQPD,
    arm_feedforward,
    base_reaction_feedforward,
    pd_gains,
)
from .viviani import Viviani

__all__ = [
    "space_iiwa_model",
    "ClosedLoopConfig",
    "ClosedLoopResult",
    "simulate_closed_loop",
    "simulate_open_loop",
]


def space_iiwa_model(cmgs=None, gravity=(0.0, 0.0, 0.0), kind: str = "floating"):
    """The paper's base + iiwa 14 (+ the VSCMG units lumped into the base) as a contract model.

    ``kind``: "floating" (:class:`~modyn_model.floating.FloatingBaseModel`, spatial-vector
    Newton–Euler/ABA, the faster) or "dq" (``SpaceManipulatorModel``, the DQ recursion and
    matrix form of the paper); both have the same q/v/τ.
    """
    mass, inertia = 27.0, 0.405 * np.eye(3)
    if cmgs is not None:
        m_c, j_c = cmgs.lumped_inertia()
        mass, inertia = mass + m_c, inertia + j_c
    urdf = space_iiwa_urdf(mass, inertia)
    if kind == "floating":
        from modyn_model.floating import FloatingBaseModel

        return FloatingBaseModel.from_urdf(urdf, gravity=gravity)
    if kind == "dq":
        from modyn_model.mechanisms.space.model import SpaceManipulatorModel

        return SpaceManipulatorModel.from_urdf(urdf, gravity=gravity)
    raise ValueError(f"space_iiwa_model: kind = {kind!r} (use 'floating' or 'dq')")


def _qmul(a, b):
    a0, av, b0, bv = a[0], a[1:], b[0], b[1:]
    return np.concatenate([[a0 * b0 - av @ bv], a0 * bv + b0 * av + np.cross(av, bv)])


def _normalised(q):
    """q with its base quaternion renormalised (the RK stages leave it off the unit sphere)."""
    out = q.copy()
    out[3:7] /= np.linalg.norm(q[3:7])
    return out


def _qdot(q, v):
    """dq/dt in coordinates: ṗ = R v_B, Q̇ = ½ Q ∘ (0, ω_B), θ̇ (the contract's v)."""
    quat = q[3:7] / np.linalg.norm(q[3:7])
    R = quaternion_to_matrix(quat)
    out = np.empty(q.size)
    out[:3] = R @ v[:3]
    out[3:7] = 0.5 * _qmul(quat, np.concatenate([[0.0], v[3:6]]))
    out[7:] = v[6:]
    return out


@dataclass
class ClosedLoopConfig:
    """Parameters of the §5.2 scenario (defaults: note §14, NOT from the paper (A31)).

    duration (s), dt (s: control period = RK4 step), base_omega_n/zeta (rad/s, -), arm_omega_n
    (rad/s of each joint PD, reading (a)), arm_inertia (its inertia scale: "geometric",
    "effective" or "diagonal", see the code), task_omega_n (rad/s of the EE DQ-PD, reading (b)),
    reading ("joint" = eq. (46) (a), "task" = (b)), feedforward (use
    the computed-torque and arm-reaction feed-forward), smooth_start (s, Viviani re-timing),
    ik_gain (1/s).
    """

    duration: float = 4.0 * np.pi
    dt: float = 0.005
    base_omega_n: float = 1.5
    base_zeta: float = 0.9
    arm_omega_n: float = 20.0
    task_omega_n: float = 5.0
    arm_inertia: str = "geometric"
    arm_zeta: float = 0.9
    reading: str = "joint"
    feedforward: bool = True
    smooth_start: float = 0.0
    ik_gain: float = 50.0
    viviani: dict = field(default_factory=dict)


@dataclass
class ClosedLoopResult:
    """Time series of the closed loop (N samples, one per control tick)."""

    t: np.ndarray             # (N,) s
    ee: np.ndarray            # (N, 3) EE position, world, m
    ee_ref: np.ndarray        # (N, 3) Viviani reference, m
    base_pos: np.ndarray      # (N, 3) base position, m
    base_att: np.ndarray      # (N, 3) base attitude error φn̂ (rad)
    sigma: np.ndarray         # (N, S) thrusts, N
    gimbal_rate: np.ndarray   # (N, K) realised γ̇, rad/s
    gimbal: np.ndarray        # (N, K) γ, rad
    wheel_speed: np.ndarray   # (N, K) Ω, rad/s
    tau_arm: np.ndarray       # (N, n) arm torques, N·m
    wrench_demand: np.ndarray  # (N, 6) [F; T] demanded on the base
    wrench_real: np.ndarray   # (N, 6) [F; T] realised by the actuators (commanded rates)
    ff_wrench: np.ndarray     # (N, 6) arm-reaction feed-forward
    statuses: dict            # count of each allocation/steering status
    messages: list            # first diagnostics

    @property
    def ee_error(self) -> np.ndarray:
        """|EE − reference| (N,) m."""
        return np.linalg.norm(self.ee - self.ee_ref, axis=1)

    def summary(self, skip: float = 0.0) -> dict:
        """RMS/max errors and actuator peaks after ``skip`` seconds (SI units)."""
        k = self.t >= skip
        e = self.ee_error[k]
        return {
            "ee_rms": float(np.sqrt(np.mean(e**2))),
            "ee_max": float(e.max()),
            "base_pos_max": float(np.linalg.norm(self.base_pos[k], axis=1).max()),
            "base_att_max": float(np.linalg.norm(self.base_att[k], axis=1).max()),
            "sigma_max": float(self.sigma.max()),
            "sigma_min": float(self.sigma.min()),
            "gimbal_rate_max": float(np.abs(self.gimbal_rate).max()),
            "wheel_speed_range": (float(self.wheel_speed.min()), float(self.wheel_speed.max())),
            "ff_force_max": float(np.linalg.norm(self.ff_wrench[:, :3], axis=1).max()),
            "ff_torque_max": float(np.linalg.norm(self.ff_wrench[:, 3:], axis=1).max()),
        }


def simulate_closed_loop(model, thrusters, cmgs, config: ClosedLoopConfig | None = None,
                         frame: str = EE_FRAME) -> ClosedLoopResult:
    """Run the §5.2 scenario (see the module docstring); returns the time series."""
    cfg = config or ClosedLoopConfig()
    if cfg.reading not in ("joint", "task"):
        raise ValueError(f"reading = {cfg.reading!r}: use 'joint' (eq. 46 (a)) or 'task' (b)")
    dt = cfg.dt
    n_steps = int(round(cfg.duration / dt))
    t = np.arange(n_steps + 1) * dt
    path = Viviani(smooth_start=cfg.smooth_start, **cfg.viviani)
    p_ref, v_ref, _ = path.evaluate(t)
    ik = RedundantIK(model, frame)
    start = ik.solve(TOOL_DOWN, p_ref[0])
    th_d, thd_d, thdd_d, _ = ik.track(t, p_ref, v_ref, TOOL_DOWN, start.theta, gain=cfg.ik_gain)

    q = model.neutral()
    q[7:] = start.theta
    v = np.zeros(model.nv)
    K = cmgs.K
    gamma = cmgs.gamma0.copy()
    gdot = np.zeros(K)
    Omega = cmgs.Omega0.copy()

    M0 = model.mass_matrix(q)
    n = model.nv - 6
    # per-joint gains (reading (a)) on an inertia scale m_j: "diagonal" M_jj (the others held)
    # diverges at a 5 ms hold (joint 2 sees 9× less inertia when the others move, 1/(M⁻¹)_jj);
    # "effective" 1/(M⁻¹)_jj is stable but leaves joint 2 soft (ω ≈ 7 rad/s, ζ ≈ 0.3);
    # "geometric" √(M_jj/(M⁻¹)_jj), the default, is stable and settles in ~1 s at ω_n = 20
    m_eff = 1.0 / np.diag(np.linalg.inv(M0))[6:]
    m_arm = {"effective": m_eff, "diagonal": np.diag(M0)[6:],
             "geometric": np.sqrt(m_eff * np.diag(M0)[6:])}[cfg.arm_inertia]
    kp_arm, kd_arm = pd_gains(m_arm, cfg.arm_omega_n, cfg.arm_zeta)
    joint_law = ArmJointDQPD(kp_arm, kd_arm)
    # task gains (reading (b)) on the EE's operational-space inertia with the base held,
    # Λ = (J_a M_aa⁻¹ J_aᵀ)⁻¹, its translation and rotation blocks in EE axes at the start
    T0, J0, _ = model.frame_motion(q, v, frame)
    R0 = T0[:3, :3]
    lam = np.linalg.inv(J0[:, 6:] @ np.linalg.solve(M0[6:, 6:], J0[:, 6:].T))
    # (ω_n = 10 rad/s diverges with a 5 ms zero-order hold and is stable at 1 ms: 5 by default)
    kpt, kdt = pd_gains(R0.T @ lam[:3, :3] @ R0, cfg.task_omega_n, cfg.arm_zeta)
    kpr, kdr = pd_gains(R0.T @ lam[3:, 3:] @ R0, cfg.task_omega_n, cfg.arm_zeta)
    task_law = ArmTaskDQPD(frame, kpt, kdt, kpr, kdr, kp_null=0.5 * kp_arm, kd_null=kd_arm)
    base_law = BaseDQPD(M0[0, 0], M0[3:6, 3:6], cfg.base_omega_n, cfg.base_zeta)
    actuation = BaseActuation(thrusters, cmgs)

    N = n_steps + 1
    out = {k: np.zeros((N, d)) for k, d in (("ee", 3), ("base_pos", 3), ("base_att", 3),
                                            ("sigma", thrusters.count), ("gimbal_rate", K),
                                            ("gimbal", K), ("wheel_speed", K), ("tau_arm", n),
                                            ("wd", 6), ("wr", 6), ("ff", 6))}
    statuses: dict[str, int] = {}
    messages: list[str] = []
    tau = np.zeros(model.nv)

    def plant(x_q, x_v, x_g, x_gd, x_om, cmd):
        sigma, g_cmd, w_cmd, tau_arm = cmd
        gdd, wd = cmgs.rates(x_gd, x_om, g_cmd, w_cmd)
        u_cmg = cmgs.torque_on_base(x_g, x_gd, gdd, x_om, wd, x_v[3:6])
        w_thr = thrusters.wrench(sigma)
        tau[:3] = w_thr[:3]
        tau[3:6] = w_thr[3:] + u_cmg
        tau[6:] = tau_arm
        a = model.forward_dynamics(_normalised(x_q), x_v, tau)
        return _qdot(x_q, x_v), a, x_gd, gdd, wd

    for k in range(N):
        tk = t[k]
        T_ee = model.frame_placement(q, frame)
        quat = q[3:7]
        out["ee"][k] = T_ee[:3, 3]
        out["base_pos"][k] = q[:3]
        e = quat if quat[0] >= 0 else -quat
        s = np.linalg.norm(e[1:])
        out["base_att"][k] = 2 * np.arctan2(s, e[0]) * e[1:] / s if s > 1e-15 else 2 * e[1:]
        out["gimbal"][k] = gamma
        out["wheel_speed"][k] = Omega
        # --- control
        ff = arm_feedforward(model, q, v, thdd_d[k]) if cfg.feedforward else np.zeros(model.nv)
        if cfg.reading == "joint":
            tau_arm = joint_law.torque(q[7:], v[6:], th_d[k], thd_d[k], ff[6:])
        else:
            tau_arm = task_law.torque(model, q, v, (TOOL_DOWN, p_ref[k]),
                                      (np.zeros(3), v_ref[k]), th_d[k], thd_d[k], ff[6:])
        if cfg.feedforward:  # the reaction of the torques actually commanded (eq. (47) f̂₀)
            ff[:6] = base_reaction_feedforward(model, q, v, tau_arm)
        w_cmd = base_law.wrench(q, v, feedforward=ff[:6])
        cmd = actuation.allocate(w_cmd, gamma, Omega, v[3:6], tk)
        for st in (cmd.thrusters.status, cmd.cmgs.status):
            statuses[st] = statuses.get(st, 0) + 1
        if cmd.messages and len(messages) < 10:
            messages.append(f"t = {tk:.3f} s: " + "; ".join(cmd.messages))
        out["sigma"][k] = cmd.sigma
        out["gimbal_rate"][k] = gdot
        out["tau_arm"][k] = tau_arm
        out["wd"][k] = w_cmd
        out["wr"][k] = cmd.wrench
        out["ff"][k] = ff[:6]
        if k == n_steps:
            break
        # --- plant: RK4 over one control period, commands held
        c = (cmd.sigma, cmd.gimbal_rate, cmd.wheel_accel, tau_arm)
        x0 = (q, v, gamma, gdot, Omega)
        k1 = plant(*x0, c)
        x1 = tuple(x + 0.5 * dt * d for x, d in zip(x0, k1, strict=True))
        k2 = plant(*x1, c)
        x2 = tuple(x + 0.5 * dt * d for x, d in zip(x0, k2, strict=True))
        k3 = plant(*x2, c)
        x3 = tuple(x + dt * d for x, d in zip(x0, k3, strict=True))
        k4 = plant(*x3, c)
        q, v, gamma, gdot, Omega = (x + dt / 6.0 * (a + 2 * b + 2 * cc + d)
                                    for x, a, b, cc, d in zip(x0, k1, k2, k3, k4, strict=True))
        q = q.copy()
        q[3:7] /= np.linalg.norm(q[3:7])
    return ClosedLoopResult(t, out["ee"], p_ref, out["base_pos"], out["base_att"], out["sigma"],
                            out["gimbal_rate"], out["gimbal"], out["wheel_speed"], out["tau_arm"],
                            out["wd"], out["wr"], out["ff"], statuses, messages)


def simulate_open_loop(model, t_eval, frame: str = EE_FRAME, rtol: float = 1e-10,
                       atol: float = 1e-12, method: str = "DOP853"):
    """The §5.1 verification (eq. (50)): base forced by F = T = sin t [1, 2, 3] (N, N·m; base
    axes, at the base origin = CoM), passive joints, no gravity, everything at rest at t = 0
    (note §11 assumptions). Returns (EE positions, base positions, final state), world, m."""
    from scipy.integrate import solve_ivp

    nq = model.nq
    load = np.array([1.0, 2.0, 3.0])
    tau = np.zeros(model.nv)

    def rhs(_t, y):
        q, v = y[:nq], y[nq:]
        tau[:3] = np.sin(_t) * load
        tau[3:6] = np.sin(_t) * load
        return np.concatenate([_qdot(q, v), model.forward_dynamics(_normalised(q), v, tau)])

    y0 = np.concatenate([model.neutral(), np.zeros(model.nv)])
    t_eval = np.asarray(t_eval, dtype=float)
    sol = solve_ivp(rhs, (0.0, float(t_eval[-1])), y0, method=method, rtol=rtol, atol=atol,
                    t_eval=t_eval)
    if not sol.success:
        raise RuntimeError(f"open-loop integration failed: {sol.message}")
    ee = np.empty((t_eval.size, 3))
    for i in range(t_eval.size):
        ee[i] = model.frame_placement(_normalised(sol.y[:nq, i]), frame)[:3, 3]
    return ee, sol.y[:3].T.copy(), sol.y[:, -1]
