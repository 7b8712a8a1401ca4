# modyn: the PyPI route (a fresh x86_64 Linux machine with Python 3.11, 3.12 or 3.13; see
# docs/running.md for the apt route of a robot machine, and ARCHITECTURE.md).
#   make venv   .venv with the pinned requirements, installed by uv (pip where uv cannot be had;
#               re-runs only when a requirements file changes)
#   make build  colcon build of src/ into build/ install/ log/ (re-runs only when a source changes)
#   make test   build, then ruff and pytest (src/ and tests/) with the workspace sourced: every
#               tier, in order (unit, loop, node, system, scenario), on TEST_JOBS workers; the
#               launch tests (src/modyn_bringup/test/test_system_launch.py) run where
#               launch_testing and launch_ros are importable (in .venv, or from directories given
#               as make test LAUNCH_PYTHONPATH=dir1:dir2) and are reported as skipped elsewhere
#   make test-unit, test-loop, test-node, test-system, test-scenario
#               one tier (docs/testing.md: what each holds, how long it takes, when to run it)
#   make lint   ruff only
#   make demo   the closed-loop demo (issue 3)
#   make bench  benchmarks in bench/ (first installs requirements-bench.txt, for bench only)
#   make clean  remove build/ install/ log/ results/ and caches (make distclean: also .venv)
#
# Every recipe that runs ROS code confines DDS to this machine and to a domain of its own
# (ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST; ROS_DOMAIN_ID as exported by the user, else from the
# recipe shell's pid, 1..101); see docs/networking.md for multi-machine setups.

SHELL := /bin/bash
.SHELLFLAGS := -e -o pipefail -c
.DEFAULT_GOAL := test

# A sourced ROS installation (/opt/ros/...) would put its own Python packages and libraries,
# built for another Python, ahead of the venv's wheels; recipes run without it.
unexport PYTHONPATH AMENT_PREFIX_PATH COLCON_PREFIX_PATH CMAKE_PREFIX_PATH LD_LIBRARY_PATH
unexport _ROS_WHEELS_BOOTSTRAP_COMPLETE ROS_LOCALHOST_ONLY

VENV := .venv
VENV_BIN := $(CURDIR)/$(VENV)/bin
VENV_STAMP := $(VENV)/.stamp
# uv (PyPI) installs the pinned requirements into the venv: 24 s against pip's 94 s for a fresh
# venv on the 2-core machine, the same versions (pip freeze compared); pip where uv cannot be had
UV_VERSION := 0.13.9
REQUIREMENTS := requirements.txt requirements-test.txt
# benchmark-only references (Robotics Toolbox), installed by `make bench` alone
BENCH_REQUIREMENTS := requirements-bench.txt
BENCH_STAMP := $(VENV)/.bench-stamp
BUILD_STAMP := install/.modyn-build-stamp
SRC_LIST := build/.modyn-src-list
COLCON_JOBS ?= 2

# Sources whose change triggers a rebuild (launch/, urdf/, config/ are installed by
# modyn_bringup from the repository root).
SRC_FILES := $(shell find src fallback launch urdf config -type f \
	-not -path '*/__pycache__/*' -not -path '*.egg-info/*' -not -name '*.pyc' 2>/dev/null)

# Prefix for every recipe line that runs ROS code.
# Fast DDS loads modyn's participant profile (no TypeLookup service: modyn_bringup/dds.py)
# unless the user names a profile of their own.
ROS_ENV := export PATH="$(VENV_BIN):$$PATH" ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST \
	ROS_DOMAIN_ID=$${ROS_DOMAIN_ID:-$$(( $$$$ % 101 + 1 ))} \
	FASTDDS_DEFAULT_PROFILES_FILE=$${FASTDDS_DEFAULT_PROFILES_FILE:-$(CURDIR)/config/dds/fastdds_profile.xml};
# ... and with the colcon workspace sourced (install/setup.sh is written by colcon for sh).
WS_ENV := $(ROS_ENV) . install/setup.sh;

.PHONY: venv build test lint demo bench clean distclean FORCE \
	test-unit test-loop test-node test-system test-scenario

venv: $(VENV_STAMP)

# The Python versions the pinned requirements install on (every ros-* wheel exists for them) and
# the suite was run with (docs/running.md, "Which Python each route supports").
PYTHON_VERSIONS := 3.11 3.12 3.13

$(VENV_STAMP): $(REQUIREMENTS)
	@py=""; \
	for cand in $${PYTHON:-$(foreach v,$(PYTHON_VERSIONS),python$(v)) python3}; do \
		ver=$$("$$cand" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null) \
			|| ver=""; \
		case " $(PYTHON_VERSIONS) " in *" $$ver "*) [ -n "$$ver" ] && py="$$cand" && break;; esac; \
		if [ -n "$${PYTHON:-}" ]; then \
			if [ -n "$$ver" ]; then ver="is Python $$ver"; else ver="does not run"; fi; \
			echo "error: PYTHON=$$cand $$ver; the pinned requirements are for Python" \
			     "$(PYTHON_VERSIONS)" >&2; \
			exit 1; \
		fi; \
	done; \
	if [ -z "$$py" ]; then \
		echo "error: Python $(PYTHON_VERSIONS) is required (the ROS 2 wheels are pinned for" \
		     "them): none of $(foreach v,$(PYTHON_VERSIONS),python$(v)) python3 is one." \
		     "Install one, or run make PYTHON=/path/to/python3.12." >&2; \
		exit 1; \
	fi; \
	echo "venv: $$(command -v $$py) ($$($$py -V))"; \
	[ -x $(VENV)/bin/python ] || "$$py" -m venv $(VENV)
	@if $(VENV)/bin/python -m pip install --disable-pip-version-check -q "uv==$(UV_VERSION)" \
			>/dev/null 2>&1 \
		&& $(VENV)/bin/uv pip install --python $(VENV)/bin/python --compile-bytecode -q \
			$(foreach r,$(REQUIREMENTS),-r $(r)); then \
		echo "venv: requirements installed with uv $(UV_VERSION)"; \
	else \
		echo "venv: uv $(UV_VERSION) not available or failed; installing with pip"; \
		$(VENV)/bin/python -m pip install --disable-pip-version-check -q \
			$(foreach r,$(REQUIREMENTS),-r $(r)) 2>&1 \
			| { grep -v "is ignored: it is neither a file nor a directory" || true; }; \
	fi
	@touch $@

build: $(BUILD_STAMP)

# The list of source files is rewritten only when it changes, so that an added or deleted file
# triggers a rebuild too.
$(SRC_LIST): FORCE
	@mkdir -p $(dir $@)
	@printf '%s\n' $(SRC_FILES) | sort > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

# ament_cmake packages (modyn_interfaces) find the ROS CMake packages of the venv's wheels; a
# package of fallback/ is built only where Python cannot import it (the PyPI route: tf2_msgs)
$(BUILD_STAMP): $(VENV_STAMP) $(SRC_FILES) $(SRC_LIST) colcon.meta
	$(ROS_ENV) export AMENT_PREFIX_PATH="$(CURDIR)/$(VENV)" CMAKE_PREFIX_PATH="$(CURDIR)/$(VENV)"; \
	fallback=""; for pkg in fallback/*/; do \
		name=$$(basename $$pkg); \
		$(VENV)/bin/python -c "import importlib.util, sys; \
			sys.exit(importlib.util.find_spec('$$name') is None)" 2>/dev/null \
			|| fallback="$$fallback $$pkg"; \
	done; \
	colcon --log-base log build --base-paths src $$fallback --build-base build \
		--install-base install --metas colcon.meta --parallel-workers $(COLCON_JOBS) \
		--event-handlers summary+ status-
	@# the user's commands in the venv too: with .venv/bin on PATH (an activated venv) they
	@# run in the workspace without sourcing it first
	@for cmd in modyn modyn_system; do \
		printf '%s\n' '#!/bin/sh' "# $$cmd of the modyn workspace $(CURDIR) (written by make build)" \
			'PATH="$(VENV_BIN):$$PATH"; export PATH' '. "$(CURDIR)/install/setup.sh"' \
			"exec \"$(CURDIR)/install/modyn_bringup/bin/$$cmd\" \"\$$@\"" > $(VENV_BIN)/$$cmd; \
		chmod +x $(VENV_BIN)/$$cmd; \
	done
	@touch $@

lint: $(VENV_STAMP)
	$(VENV_BIN)/ruff check .

# ruff first and pytest last (so that pytest's summary closes the output); both always run,
# and the target fails if either failed.
# LAUNCH_PYTHONPATH: site-packages directories holding launch, launch_ros and launch_testing for
# this venv's Python (e.g. built from source); they come after the workspace on PYTHONPATH.
LAUNCH_PYTHONPATH ?=
# pytest-xdist workers (one ROS domain each, conftest.py): one per core and one more by
# default: the system tests wait on DDS and on their node processes, and a third worker on the
# 2-core machine fills that (make test from a fresh clone: 892 s wall with 2 workers, 825 s
# with 3, docs/testing.md)
TEST_JOBS ?= $(shell echo $$(( $$(nproc) + 1 )))
# extra pytest arguments, e.g. make test PYTEST_ARGS="-k stewart --durations=25"
PYTEST_ARGS ?=
PYTEST_RUN = $(WS_ENV) $(if $(LAUNCH_PYTHONPATH),export PYTHONPATH="$$PYTHONPATH:$(LAUNCH_PYTHONPATH)";) \
	export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1; \
	python -m pytest src tests -q -n $(TEST_JOBS) --dist loadgroup $(PYTEST_ARGS)
test: build
	@status=0; \
	echo "ruff check ."; $(VENV_BIN)/ruff check . || status=$$?; \
	echo "python -m pytest src tests -q -n $(TEST_JOBS) (every tier)"; \
	$(WS_ENV) $(if $(LAUNCH_PYTHONPATH),export PYTHONPATH="$$PYTHONPATH:$(LAUNCH_PYTHONPATH)";) \
	if python -c 'import launch_testing, launch_ros' 2>/dev/null; then \
		echo "launch tests: launch_testing and launch_ros found, they run"; \
	else \
		echo "launch tests: launch_testing/launch_ros not importable, they are skipped" \
		     "(make test LAUNCH_PYTHONPATH=..., docs/running.md)"; \
	fi; \
	$(PYTEST_RUN) || status=$$?; \
	exit $$status

# one tier (pytest marker of the same name, conftest.py)
test-unit test-loop test-node test-system test-scenario: test-%: build
	$(PYTEST_RUN) -m $*

# The closed-loop demo: the rx90_sim system (four processes over DDS, lockstep sim time) with and
# without feed-forward; prints the summary and writes results/demo_rx90_sim.png.
demo: build
	$(WS_ENV) python -m modyn_bringup.demo --out results

$(BENCH_STAMP): $(VENV_STAMP) $(BENCH_REQUIREMENTS)
	$(VENV)/bin/python -m pip install --disable-pip-version-check -q -r $(BENCH_REQUIREMENTS)
	@touch $@

bench: build $(BENCH_STAMP)
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py
	$(WS_ENV) python bench/trajectory.py
	$(WS_ENV) python bench/plants.py
	$(WS_ENV) python bench/stewart_dynamics.py
	$(WS_ENV) python bench/stewart_opcount.py
	$(WS_ENV) python bench/control_study.py

clean:
	rm -rf build install log results .pytest_cache .ruff_cache .hypothesis
	find src tests bench -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)

FORCE:
