import os
from glob import glob

from setuptools import find_packages, setup

package_name = "modyn_bringup"

# launch/, urdf/ and config/ live at the repository root, two levels up (colcon runs setup.py
# from this directory). Each file is installed under share/modyn_bringup/<tree>/..., keeping its
# sub-directory; hidden files (.gitkeep) are left out.
REPO_ROOT = os.path.join("..", "..")
SHARED_TREES = ("launch", "urdf", "config")


def tree_data_files(top):
    entries = {}
    pattern = os.path.join(REPO_ROOT, top, "**", "*")
    for path in sorted(glob(pattern, recursive=True)):
        if os.path.isfile(path) and not os.path.basename(path).startswith("."):
            rel_dir = os.path.relpath(os.path.dirname(path), REPO_ROOT)
            entries.setdefault(os.path.join("share", package_name, rel_dir), []).append(path)
    return list(entries.items())


data_files = [
    ("share/ament_index/resource_index/packages", ["resource/" + package_name]),
    ("share/" + package_name, ["package.xml"]),
]
for top in SHARED_TREES:
    data_files += tree_data_files(top)
# the user's commands also in <prefix>/bin, which colcon puts on PATH when the workspace is
# sourced (the console scripts stay in lib/modyn_bringup for ros2 run and launch files)
data_files.append(("bin", ["bin/modyn", "bin/modyn_system"]))

setup(
    name=package_name,
    version="0.1.0",
    packages=find_packages(exclude=["test", "test.*"]),
    data_files=data_files,
    install_requires=["setuptools"],
    zip_safe=True,
    maintainer="modyn developers",
    maintainer_email="modyn@example.com",
    description=(
        "Installs the launch files, robot descriptions and system configurations; "
        "the system runner; demo and report tools."
    ),
    license="Apache-2.0",
    tests_require=["pytest"],
    entry_points={
        "console_scripts": [
            "modyn_system = modyn_bringup.runner:main",
            "modyn_demo = modyn_bringup.demo:main",
            "modyn_report = modyn_bringup.report:main",
            "recorder = modyn_bringup.recorder:main",
            "state_publisher = modyn_bringup.state_publisher:main",
            "modyn = modyn_bringup.cli:main",
        ],
    },
)
