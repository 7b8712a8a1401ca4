from setuptools import find_packages, setup

package_name = "modyn_trajectory"

setup(
    name=package_name,
    version="0.1.0",
    packages=find_packages(exclude=["test", "test.*"]),
    data_files=[
        ("share/ament_index/resource_index/packages", ["resource/" + package_name]),
        ("share/" + package_name, ["package.xml"]),
    ],
    install_requires=["setuptools"],
    zip_safe=True,
    maintainer="modyn developers",
    maintainer_email="modyn@example.com",
    description=("Pure trajectory generation library and the trajectory_generator node."),
    license="Apache-2.0",
    tests_require=["pytest"],
    entry_points={
        "console_scripts": [
            "trajectory_generator = modyn_trajectory.trajectory_generator_node:main",
        ],
    },
)
