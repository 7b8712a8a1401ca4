from setuptools import find_packages, setup

package_name = "modyn_model"

setup(
    name=package_name,
    version="0.1.0",
    # find_packages so that subpackages (modyn_model.dynamics, ...) are installed too.
    packages=find_packages(exclude=["test", "test.*"]),
    package_data={package_name: ["data/*.yaml"]},
    include_package_data=True,
    data_files=[
        ("share/ament_index/resource_index/packages", ["resource/" + package_name]),
        ("share/" + package_name, ["package.xml"]),
    ],
    # package.xml declares the dependencies (rosdep keys); this list only mirrors it for pip
    install_requires=["setuptools", "numpy", "PyYAML"],
    zip_safe=False,
    maintainer="modyn developers",
    maintainer_email="modyn@example.com",
    description="Pure Python robot models and dynamics algorithms (no ROS dependency).",
    license="Apache-2.0",
    tests_require=["pytest"],
    entry_points={
        "console_scripts": [],
    },
)
