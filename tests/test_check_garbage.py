"""`check` on damaged or forged PDFs: one clear message, never a traceback."""
from __future__ import annotations

import json

from click.testing import CliRunner
from forgery import blank_pdf_with_manifest
from hypothesis import given
from hypothesis import strategies as st

from icp_print.cli.main import main

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["game", "pages", "paper", "components", "label", "count", "kind",
                         "trim_mm", "side", "width_mm", "height_mm", "data", "format"]), inner, max_size=5),
    max_leaves=15)
manifests = st.fixed_dictionaries(
    {"format": st.just("icp-print-manifest/1")},
    optional={"game": st.sampled_from(["ryb", "calibration", "chess", ""]) | st.text(max_size=4),
              "pages": json_values, "paper": json_values, "components": json_values,
              "options": json_values})


def _check(tmp_path_factory, data: bytes):
    f = tmp_path_factory.mktemp("pdf") / "x.pdf"
    f.write_bytes(data)
    return CliRunner().invoke(main, ["check", str(f)])


@given(manifests)
def test_forged_manifests_never_cause_a_traceback(tmp_path_factory, manifest):
    result = _check(tmp_path_factory, blank_pdf_with_manifest(json.dumps(manifest).encode()))
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output and "internal error" not in result.output


@given(st.binary(max_size=300))
def test_random_bytes_after_a_pdf_header_never_cause_a_traceback(tmp_path_factory, blob):
    result = _check(tmp_path_factory, b"%PDF-1.4\n" + blob)
    assert result.exit_code == 2
    assert "Traceback" not in result.output and "internal error" not in result.output


def test_manifest_that_is_not_json(tmp_path_factory):
    result = _check(tmp_path_factory, blank_pdf_with_manifest(b"{not json"))
    assert result.exit_code == 2 and "manifest is not valid JSON" in result.output
