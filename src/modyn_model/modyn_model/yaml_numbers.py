"""YAML reading in which every number is a number: ``1e9``, ``-1.0e9`` and ``.5`` included.

PyYAML follows YAML 1.1, where a float needs a dot and a signed exponent (``1.0e+9``): ``-1.0e9``
and ``1e9`` are read as *strings*. A parameter list such as ``position_lower: [-1.0e9, ...]``
then became a list of strings (``ros2 launch`` refused the mixed list; the node got strings). YAML
1.2's core schema, which ROS 2's own parameter files follow (rcl_yaml_param_parser), reads them as
floats. :class:`NumberLoader` is PyYAML's safe loader with the YAML 1.2 float pattern added; the
rest (ints, booleans, null, strings) is unchanged.

>>> load_yaml("a: [-1.0e9, 1e9, .5, 3, '1e9']")
{'a': [-1000000000.0, 1000000000.0, 0.5, 3, '1e9']}
"""

from __future__ import annotations

import re

import yaml

__all__ = ["NumberLoader", "load_yaml"]


class NumberLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` that also reads YAML 1.2 floats (``1e9``, ``-1.0e9``, ``.5``)."""


# YAML 1.2 core schema, float: [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
# (an int also matches; PyYAML's int resolver is registered first and keeps ints ints). Quoted
# scalars are never resolved, so '1e9' stays a string.
_FLOAT_12 = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
NumberLoader.add_implicit_resolver("tag:yaml.org,2002:float", _FLOAT_12, list("-+.0123456789"))


def load_yaml(text: str):
    """``yaml.safe_load(text)`` with YAML 1.2 numbers (:class:`NumberLoader`).

    Raises
    ------
    yaml.YAMLError
        As ``yaml.safe_load``.
    """
    return yaml.load(text, Loader=NumberLoader)  # noqa: S506 - a SafeLoader subclass
