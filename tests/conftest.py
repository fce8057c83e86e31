"""Shared fixtures: a CLI runner and a hypothesis profile sized for CI."""
from __future__ import annotations

import os

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, settings

from icp_print.cli.main import main

settings.register_profile("ci", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow,
                                                 HealthCheck.function_scoped_fixture])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture
def run():
    """Run ``icp-print`` with arguments; returns the click Result."""
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None):
        return runner.invoke(main, list(args), input=input, catch_exceptions=False)

    return invoke


def assert_clean_failure(result, code: int) -> None:
    """A failure is one clear message and an exit code, never a traceback."""
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    assert "internal error" not in result.output
