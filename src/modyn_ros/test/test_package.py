"""The package imports and its version matches package.xml."""

import xml.etree.ElementTree as ET
from pathlib import Path

import modyn_ros


def test_version_matches_package_xml():
    root = ET.parse(Path(__file__).resolve().parents[1] / "package.xml").getroot()
    assert root.tag == "package"
    assert root.get("format") == "3"
    assert root.findtext("name") == "modyn_ros"
    assert modyn_ros.__version__ == root.findtext("version")
