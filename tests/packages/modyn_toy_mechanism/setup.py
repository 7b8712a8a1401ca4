"""A mechanism from outside modyn: the acceptance evidence of issue 13 (docs/model.md).

The package registers the kind ``planar_absolute_2r`` in the entry-point group
``modyn.mechanisms``; ``modyn_model.load_model`` finds it there once the package is installed
(``pip install --no-deps tests/packages/modyn_toy_mechanism``) or, as the tests do, once its
metadata (``python setup.py egg_info --egg-base DIR``) and its source are on ``sys.path``.
"""

from setuptools import setup

setup(
    name="modyn_toy_mechanism",
    version="0.1.0",
    packages=["modyn_toy_mechanism"],
    package_data={"modyn_toy_mechanism": ["*.yaml"]},
    install_requires=["numpy", "pyyaml"],
    description="A planar 2-link arm in absolute angles: a modyn mechanism from a user's package",
    license="Apache-2.0",
    entry_points={
        "modyn.mechanisms": [
            "planar_absolute_2r = modyn_toy_mechanism.planar_absolute:PlanarAbsolute2R.from_description",
        ],
    },
)
