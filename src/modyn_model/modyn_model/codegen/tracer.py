"""Symbolic tracing with constant propagation, the engine of Khalil's customized model (§7.5.2).

An algorithm written with ordinary arithmetic on scalars is run once on :class:`Var` inputs.
Every operation whose result is not a constant becomes an intermediate variable (one line of
straight-line code); operations on constants are folded; multiplications by 0 and ±1 and
additions of 0 vanish; negation is free (a sign carried by the variable, as in SYMORO); the same
operation on the same operands is emitted once (common subexpressions); finally the lines that
do not contribute to the requested outputs are dropped (dead-code elimination, step 4 of §7.5.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Var", "Tracer", "Program"]

Value = "float | Var"


class Var:
    """An intermediate variable ``sign * name`` of a trace."""

    __slots__ = ("tracer", "name", "sign")

    def __init__(self, tracer: Tracer, name: str, sign: int = 1):
        self.tracer = tracer
        self.name = name
        self.sign = sign

    def __neg__(self) -> Var:
        return Var(self.tracer, self.name, -self.sign)

    def __pos__(self) -> Var:
        return self

    def __add__(self, other):
        return self.tracer.add(self, other)

    def __radd__(self, other):
        return self.tracer.add(other, self)

    def __sub__(self, other):
        return self.tracer.add(self, -other)

    def __rsub__(self, other):
        return self.tracer.add(other, -self)

    def __mul__(self, other):
        return self.tracer.mul(self, other)

    def __rmul__(self, other):
        return self.tracer.mul(other, self)

    def __truediv__(self, other):
        return self.tracer.div(self, other)

    def __rtruediv__(self, other):
        return self.tracer.div(other, self)

    def __repr__(self) -> str:
        return ("-" if self.sign < 0 else "") + self.name


def _text(x) -> str:
    if isinstance(x, Var):
        return repr(x)
    return repr(float(x))


@dataclass
class Program:
    """Straight-line code: ``lines`` of (target, expression, operands, kind)."""

    inputs: list[str]
    lines: list[tuple[str, str, tuple[str, ...], str]]
    outputs: list
    counts: dict = field(default_factory=dict)


class Tracer:
    """Records operations on :class:`Var` values; see the module docstring."""

    def __init__(self, prefix: str = "t"):
        self.prefix = prefix
        self.lines: list[tuple[str, str, tuple[str, ...], str]] = []
        self.memo: dict[tuple, Var] = {}
        self.inputs: list[str] = []

    # -------------------------------------------------------------- values
    def input(self, name: str) -> Var:
        self.inputs.append(name)
        return Var(self, name)

    def _emit(self, kind: str, expr: str, operands: tuple[str, ...], key: tuple) -> Var:
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        name = f"{self.prefix}{len(self.lines)}"
        self.lines.append((name, expr, operands, kind))
        var = Var(self, name)
        self.memo[key] = var
        return var

    # -------------------------------------------------------------- arithmetic
    def add(self, a, b):
        a_var, b_var = isinstance(a, Var), isinstance(b, Var)
        if not a_var and not b_var:
            return float(a) + float(b)
        if not a_var and a == 0.0:
            return b
        if not b_var and b == 0.0:
            return a
        if a_var and b_var and a.name == b.name:
            if a.sign != b.sign:
                return 0.0
            return self.mul(2.0, a)
        # canonical order so that a+b and b+a share one variable
        if not a_var or (b_var and b.name < a.name):
            a, b = b, a
        if not isinstance(b, Var):
            if a.sign < 0:  # -x + c = -(x - c)
                return -self._emit(
                    "add", f"{a.name} - {_text(b)}", (a.name,), ("sub", a.name, float(b))
                )
            if b < 0.0:
                return self._emit(
                    "add", f"{a.name} - {_text(-b)}", (a.name,), ("sub", a.name, -float(b))
                )
            return self._emit("add", f"{a.name} + {_text(b)}", (a.name,), ("add", a.name, float(b)))
        if a.sign > 0 and b.sign > 0:
            return self._emit(
                "add", f"{a.name} + {b.name}", (a.name, b.name), ("add", a.name, b.name)
            )
        if a.sign < 0 and b.sign < 0:
            return -self._emit(
                "add", f"{a.name} + {b.name}", (a.name, b.name), ("add", a.name, b.name)
            )
        pos, neg = (a, b) if a.sign > 0 else (b, a)
        return self._emit(
            "add", f"{pos.name} - {neg.name}", (pos.name, neg.name), ("sub", pos.name, neg.name)
        )

    def mul(self, a, b):
        a_var, b_var = isinstance(a, Var), isinstance(b, Var)
        if not a_var and not b_var:
            return float(a) * float(b)
        if not a_var:
            a, b = b, a
            a_var, b_var = b_var, a_var
        # a is a Var now
        if not b_var:
            c = float(b)
            if c == 0.0:
                return 0.0
            if c == 1.0:
                return a
            if c == -1.0:
                return -a
            sign = a.sign * (1 if c > 0 else -1)
            v = self._emit("mul", f"{_text(abs(c))} * {a.name}", (a.name,), ("mul", a.name, abs(c)))
            return v if sign > 0 else -v
        first, second = (a, b) if a.name <= b.name else (b, a)
        v = self._emit(
            "mul",
            f"{first.name} * {second.name}",
            (first.name, second.name),
            ("mul", first.name, second.name),
        )
        return v if a.sign * b.sign > 0 else -v

    def div(self, a, b):
        if not isinstance(b, Var):
            return self.mul(a, 1.0 / float(b))
        if not isinstance(a, Var):
            if a == 0.0:
                return 0.0
            v = self._emit(
                "div",
                f"{_text(abs(float(a)))} / {b.name}",
                (b.name,),
                ("div", float(abs(a)), b.name),
            )
            return v if (a > 0) == (b.sign > 0) else -v
        v = self._emit("div", f"{a.name} / {b.name}", (a.name, b.name), ("div", a.name, b.name))
        return v if a.sign * b.sign > 0 else -v

    def call(self, func: str, x):
        """``func(x)`` for a named one-argument function (sin, cos, sign, exp, fabs)."""
        if not isinstance(x, Var):
            import math

            table = {
                "sin": math.sin,
                "cos": math.cos,
                "exp": math.exp,
                "fabs": abs,
                "sign": lambda y: float((y > 0) - (y < 0)),
            }
            return table[func](float(x))
        arg = x.name
        if x.sign < 0:
            if func in ("sin", "sign"):
                return -self._emit("call", f"{func}({arg})", (arg,), (func, arg))
            if func in ("cos", "fabs"):
                return self._emit("call", f"{func}({arg})", (arg,), (func, arg))
            arg_expr = f"-{arg}"
        else:
            arg_expr = arg
        return self._emit("call", f"{func}({arg_expr})", (arg,), (func, arg_expr))

    # -------------------------------------------------------------- output
    def program(self, outputs: list) -> Program:
        """Keep only the lines the outputs depend on (dead-code elimination) and count them."""
        needed = {o.name for o in outputs if isinstance(o, Var)}
        kept = []
        for line in reversed(self.lines):
            if line[0] in needed:
                kept.append(line)
                needed.update(line[2])
        kept.reverse()
        counts = {"mul": 0, "add": 0, "div": 0, "call": 0}
        for _, _, _, kind in kept:
            counts[kind] += 1
        return Program(list(self.inputs), kept, outputs, counts)
