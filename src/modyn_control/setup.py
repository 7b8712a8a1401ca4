from setuptools import find_packages, setup

package_name = "modyn_control"

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
    description=(
        "Pure control laws plus the inverse_dynamics_feedforward and feedback_controller nodes."
    ),
    license="Apache-2.0",
    tests_require=["pytest"],
    entry_points={
        "console_scripts": [
            "inverse_dynamics_feedforward = modyn_control.inverse_dynamics_feedforward_node:main",
            "feedback_controller = modyn_control.feedback_controller_node:main",
        ],
    },
)
