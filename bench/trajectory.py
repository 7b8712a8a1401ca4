"""Trajectory sampling speed of modyn_trajectory against Robotics Toolbox and numpy, same run.

Three cases, 6 joints sampled at 10 000 times each (one (10 000, 6) array of q, q̇ and q̈):

1. **Quintic rest-to-rest** [8.11] over t_f = 2 s: ``profiles.quintic(...).sample(t)`` against
   Robotics Toolbox's ``jtraj`` and ``mtraj(quintic, ...)`` (the same polynomial) and against a
   direct vectorised numpy evaluation of r(τ) = 10τ³ − 15τ⁴ + 6τ⁵.
2. **Trapezoid** [8.19]: ``profiles.trapezoid(qi, qf, kv, ka).sample(t)`` against
   ``mtraj(trapezoidal, ...)`` and numpy. Robotics Toolbox's ``trapezoidal`` takes a duration T
   and, by default, a cruise velocity V = 1.5 D/T, so its blends last t_b = T/3 on every joint:
   a homothetic (synchronised) trapezoid. Ours is the minimum-time synchronised trapezoid of the
   limits k_v, k_a; with k_vj = 1.5|D_j|/T and k_aj = 4.5|D_j|/T² it is that same profile
   (τ = k_v/k_a = T/3, t_f = τ + |D|/k_v = T), which the bench checks before timing.
3. **Ten waypoints**: planning time (median) of the three multi-waypoint plans of
   ``planner.plan_joint_motion`` — the C⁴ quintic spline through via points, rest-to-rest
   quintics stopping at every waypoint, synchronised trapezoids — and the time to sample each
   at 10 000 times. Robotics Toolbox has no planner that interpolates via points with these
   rules (``mstraj`` blends past them), so the references here are scipy's B-spline evaluation
   of the same spline (``make_interp_spline``, k = 5) and a numpy evaluation of the rest-to-rest
   segments.

Every comparison first checks that both sides give the same numbers (max |Δ| of q, q̇, q̈
printed; ~1e-12 asserted, 1e-9 for the B-spline which is evaluated in another basis): the speed
of a different answer is worth nothing. Timings are the median over repeats; the machine is
shared and noisy, so only the ratios ours / theirs measured in the same run mean anything
(< 1: ours is faster). Robotics Toolbox is optional: without it its rows are skipped.

Run: ``make bench`` or ``python bench/trajectory.py [--repeats N]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from modyn_trajectory.planner import plan_joint_motion
from modyn_trajectory.profiles import quintic, trapezoid

N_JOINTS = 6
N_SAMPLES = 10_000
TF = 2.0  # s, duration of the point-to-point cases
#: agreement required with the references that evaluate the same polynomial (rad, rad/s, rad/s²)
TOL_SAME = 1e-12
#: with scipy's B-spline, which evaluates the same spline in another basis
TOL_SPLINE = 1e-9


def median_time(fn, repeats: int) -> float:
    """Median wall time of ``fn()`` (s) over ``repeats`` calls, after one warm-up call."""
    fn()
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def max_diff(ours, theirs, keep=None) -> tuple[float, float, float]:
    """max |Δ| of (q, q̇, q̈) between two (q, v, a) triples of (k, n) arrays (rows ``keep``)."""
    out = []
    for x, y in zip(ours, theirs, strict=True):
        d = np.abs(np.asarray(x) - np.asarray(y))
        out.append(float(np.max(d if keep is None else d[keep])))
    return tuple(out)


def check(name: str, diff: tuple[float, float, float], tol: float) -> None:
    if max(diff) > tol:
        raise SystemExit(f"{name}: not the same trajectory, max |Δ| (q, q̇, q̈) = {diff} > {tol}")


# ----------------------------------------------------------------------------- numpy references
def numpy_quintic(qi, qf, tf, t):
    """q, q̇, q̈ of the rest-to-rest quintic [8.11] by direct evaluation (k, n)."""
    d = qf - qi
    s = (t / tf)[:, None]
    r = s**3 * (10.0 - 15.0 * s + 6.0 * s**2)
    dr = 30.0 * s**2 * (1.0 - s) ** 2 / tf
    ddr = 60.0 * s * (1.0 - s) * (1.0 - 2.0 * s) / tf**2
    return qi + r * d, dr * d, ddr * d


def numpy_trapezoid(qi, qf, tf, tb, t):
    """Per-joint trapezoid [8.19] with blend time ``tb`` on every joint, direct evaluation."""
    d = qf - qi
    vel = d / (tf - tb)  # cruise velocity, reached at tb
    acc = vel / tb
    tt = t[:, None]
    u = tf - tt
    first, last = tt <= tb, tt > tf - tb
    q = np.where(first, qi + 0.5 * acc * tt**2, qi + vel * (tt - 0.5 * tb))
    q = np.where(last, qf - 0.5 * acc * u**2, q)
    v = np.where(first, acc * tt, np.where(last, acc * u, vel))
    a = np.where(first, acc, np.where(last, -acc, 0.0))
    return q, v, a


def numpy_rest_to_rest(times, points, t):
    """Rest-to-rest quintic segments through ``points`` at ``times`` [8.11], evaluated directly."""
    k = np.clip(np.searchsorted(times, t, side="right") - 1, 0, times.shape[0] - 2)
    h = (times[k + 1] - times[k])[:, None]
    s = (t - times[k])[:, None] / h
    d = points[k + 1] - points[k]
    r = s**3 * (10.0 - 15.0 * s + 6.0 * s**2)
    dr = 30.0 * s**2 * (1.0 - s) ** 2 / h
    ddr = 60.0 * s * (1.0 - s) * (1.0 - 2.0 * s) / h**2
    return points[k] + r * d, dr * d, ddr * d


def numpy_segments(starts, segments, t):
    """Synchronised trapezoids played back to back, each evaluated by :func:`numpy_trapezoid`."""
    n = segments[0].n
    q, v, a = np.empty((t.shape[0], n)), np.empty((t.shape[0], n)), np.empty((t.shape[0], n))
    k = np.clip(np.searchsorted(starts, t, side="right") - 1, 0, len(segments) - 1)
    for i, seg in enumerate(segments):
        rows = k == i
        q[rows], v[rows], a[rows] = numpy_trapezoid(
            seg.qi, seg.qf, seg.duration, seg.tau, t[rows] - starts[i]
        )
    return q, v, a


# ----------------------------------------------------------------------------- cases
def rtb_module():
    try:
        import roboticstoolbox as rtb
    except ImportError:
        print("roboticstoolbox-python is not installed: its rows are skipped "
              "(pip install -r requirements-bench.txt)")  # fmt: skip
        return None
    return rtb


def endpoints(rng):
    qi = rng.uniform(-2.0, 2.0, N_JOINTS)
    d = rng.uniform(0.3, 2.0, N_JOINTS) * rng.choice([-1.0, 1.0], N_JOINTS)  # every joint moves
    return qi, qi + d


def case_quintic(rtb, rng, repeats: int) -> list[tuple]:
    qi, qf = endpoints(rng)
    t = np.linspace(0.0, TF, N_SAMPLES)
    profile = quintic(qi, qf, TF)
    ours = profile.sample(t)
    rows = [("quintic [8.11]", "modyn sample()", median_time(lambda: profile.sample(t), repeats))]
    rows.append(("", "modyn build + sample()",
                 median_time(lambda: quintic(qi, qf, TF).sample(t), repeats)))  # fmt: skip
    refs = [("numpy direct r(τ)", lambda: numpy_quintic(qi, qf, TF, t))]
    if rtb is not None:
        refs.append(("rtb jtraj", lambda: rtb.jtraj(qi, qf, t)))
        refs.append(("rtb mtraj(quintic)", lambda: rtb.mtraj(rtb.quintic, qi, qf, t)))
    for name, fn in refs:
        res = fn()
        theirs = (res.q, res.qd, res.qdd) if hasattr(res, "qdd") else res
        diff = max_diff(ours, theirs)
        check(f"quintic vs {name}", diff, TOL_SAME)
        rows.append(("", name, median_time(fn, repeats), diff))
    return rows


def case_trapezoid(rtb, rng, repeats: int) -> list[tuple]:
    qi, qf = endpoints(rng)
    d = np.abs(qf - qi)
    kv, ka = 1.5 * d / TF, 4.5 * d / TF**2  # Robotics Toolbox's default V = 1.5 D/T
    profile = trapezoid(qi, qf, kv, ka)
    # the same profile as rtb's default: τ = T/3, t_f = T, every joint at its own k_v and k_a
    assert abs(profile.duration - TF) <= 1e-12 * TF, profile.duration
    assert abs(profile.tau - TF / 3.0) <= 1e-12 * TF, profile.tau
    t = np.linspace(0.0, TF, N_SAMPLES)
    ours = profile.sample(t)
    # q̈ jumps at τ and t_f − τ: a sample on a switch may take either side (not compared there)
    tb = profile.tau
    keep = (np.abs(t - tb) > 1e-9) & (np.abs(t - (TF - tb)) > 1e-9)
    rows = [("trapezoid [8.19]", "modyn sample()", median_time(lambda: profile.sample(t), repeats))]
    rows.append(("", "modyn build + sample()",
                 median_time(lambda: trapezoid(qi, qf, kv, ka).sample(t), repeats)))  # fmt: skip
    refs = [("numpy direct [8.19]", lambda: numpy_trapezoid(qi, qf, TF, TF / 3.0, t))]
    if rtb is not None:
        refs.append(("rtb mtraj(trapezoidal)", lambda: rtb.mtraj(rtb.trapezoidal, qi, qf, t)))
    for name, fn in refs:
        res = fn()
        theirs = (res.q, res.qd, res.qdd) if hasattr(res, "qdd") else res
        diff = max_diff(ours, theirs, keep)
        check(f"trapezoid vs {name}", diff, TOL_SAME)
        rows.append(("", name, median_time(fn, max(3, repeats // 3)), diff))
    return rows


def spline_reference(plan, q0, waypoints):
    """scipy's B-spline of the via-point plan's knots and points (same end conditions)."""
    from scipy.interpolate import make_interp_spline

    rest = [(1, np.zeros(N_JOINTS)), (2, np.zeros(N_JOINTS))]
    spline = make_interp_spline(
        np.asarray(plan.times), np.vstack([q0, waypoints]), k=5, bc_type=(rest, rest)
    )
    d1, d2 = spline.derivative(1), spline.derivative(2)
    return lambda t: (spline(t), d1(t), d2(t)), None, TOL_SPLINE


def rest_to_rest_reference(plan):
    times, points = np.asarray(plan.times), np.asarray(plan.positions)
    return lambda t: numpy_rest_to_rest(times, points, t), None, TOL_SAME


def trapezoids_reference(plan):
    starts, segments = np.asarray(plan.times), plan.segments
    # q̈ jumps at the knots and at each segment's switches (not compared there); at the end the
    # sequence reports rest, a segment its q̈ just before its end
    switches = [*starts]
    for t0, seg in zip(starts[:-1], segments, strict=True):
        switches += [t0 + seg.tau, t0 + seg.duration - seg.tau]
    switches = np.array(switches)

    def keep(t):
        return np.min(np.abs(t[:, None] - switches), axis=1) > 1e-9

    return lambda t: numpy_segments(starts, segments, t), keep, TOL_SAME


def case_waypoints(rng, repeats: int) -> list[tuple]:
    q0 = rng.uniform(-1.0, 1.0, N_JOINTS)
    waypoints = q0 + np.cumsum(rng.uniform(-0.8, 0.8, (10, N_JOINTS)), axis=0)
    v_max = np.array([2.0, 2.0, 2.5, 3.0, 3.0, 4.0])  # rad/s
    a_max = np.array([5.0, 5.0, 6.0, 8.0, 8.0, 10.0])  # rad/s²
    cases = (
        ("via-point C⁴ spline", "quintic", False, "scipy BSpline (same spline)"),
        ("quintic stop at waypoints", "quintic", True, "numpy direct r(τ) per segment"),
        ("trapezoid at waypoints", "trapezoidal", False, "numpy direct [8.19] per segment"),
    )
    rows = []
    for label, profile, stop, ref_name in cases:

        def plan(profile=profile, stop=stop):
            return plan_joint_motion(
                profile, q0, waypoints, v_max=v_max, a_max=a_max, stop_at_waypoints=stop
            )

        p = plan()
        t = np.linspace(0.0, p.duration, N_SAMPLES)
        rows.append((f"10 waypoints: {label}", f"modyn plan (t_f = {p.duration:.3f} s)",
                     median_time(plan, max(3, repeats // 3))))  # fmt: skip
        rows.append(("", "modyn sample()", median_time(lambda p=p, t=t: p.sample(t), repeats)))
        if profile == "trapezoidal":
            ref, keep, tol = trapezoids_reference(p)
        elif stop:
            ref, keep, tol = rest_to_rest_reference(p)
        else:
            ref, keep, tol = spline_reference(p, q0, waypoints)
        diff = max_diff(p.sample(t), ref(t), None if keep is None else keep(t))
        check(f"{label} vs {ref_name}", diff, tol)
        rows.append(("", ref_name, median_time(lambda ref=ref, t=t: ref(t), repeats), diff))
    return rows


def print_table(rows: list[tuple]) -> None:
    print(f"\n{N_JOINTS} joints x {N_SAMPLES} samples of (q, q̇, q̈); median wall time; "
          "ratio = modyn sample() / this row (< 1: modyn faster)\n")  # fmt: skip
    head = f"{'case':<44} {'method':<34} {'time':>10} {'ratio':>9}  max |Δ| (q, q̇, q̈)"
    print(head)
    print("-" * (len(head) + 12))
    ours = None
    for row in rows:
        case, method, seconds = row[:3]
        if case:
            print()
        if method == "modyn sample()":
            ours = seconds
        ratio = ""
        if len(row) > 3 and ours is not None:
            ratio = f"{ours / seconds:9.3g}"
        diff = "" if len(row) < 4 else "  {:.1e} {:.1e} {:.1e}".format(*row[3])
        print(f"{case:<44} {method:<34} {seconds * 1e3:8.3f}ms {ratio:>9}{diff}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=21, help="timed calls per row")
    args = parser.parse_args(argv)
    rtb = rtb_module()
    if rtb is not None:
        print(f"roboticstoolbox-python {rtb.__version__}, numpy {np.__version__}")
    rng = np.random.default_rng(0)
    rows = case_quintic(rtb, rng, args.repeats)
    rows += case_trapezoid(rtb, rng, args.repeats)
    rows += case_waypoints(rng, args.repeats)
    print_table(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
