from setuptools import find_packages, setup

package_name = "modyn_hardware"

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
        "Plant interface, plants (simulated, MuJoCo, ros2_control bridge, mock) and the "
        "hardware_interface node."
    ),
    license="Apache-2.0",
    tests_require=["pytest"],
    entry_points={
        "console_scripts": [
            "hardware_interface = modyn_hardware.hardware_interface_node:main",
            "fake_ros2_control = modyn_hardware.fake_ros2_control:main",
        ],
    },
)
