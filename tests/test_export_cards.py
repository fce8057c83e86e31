"""``--export-cards DIR``: one PNG and one PDF per card face and back, with the bleed, at the
chosen resolution, named in deck order, listed with their counts in ``cards.csv``; all or none."""
from __future__ import annotations

import csv
import io

import pytest
from PIL import Image
from pypdf import PdfReader

from icp_print.generators.export import POD_BLEED
from icp_print.validators.pdfcheck import read_manifest

from conftest import assert_clean_failure

MM_PER_INCH = 25.4


def _export(run, tmp_path, command: str, *options: str):
    folder = tmp_path / "cards"
    result = run(command, "--out", str(tmp_path / "deck.pdf"), "--export-cards", str(folder), *options)
    assert result.exit_code == 0, result.output
    _, manifest = read_manifest(tmp_path / "deck.pdf")
    with open(folder / "cards.csv", newline="") as listing:
        rows = list(csv.DictReader(listing))
    return folder, manifest, rows


def _imposed(manifest: dict) -> list[str]:
    """Labels of the cut components on the front sheets, in sheet order (a sheet printed
    whole, such as the score sheet, is not cut)."""
    return [c["label"] for page in manifest["pages"] if page["side"] == "front"
            for c in page["components"] if c.get("cut", True)]


@pytest.mark.parametrize("command, options, bleed", [
    ("ryb", ("--dpi", "120"), POD_BLEED),
    ("ryb", ("--dpi", "90", "--bleed", "2", "--card-size", "mini"), 2.0),
    ("yeah-items", ("--dpi", "75", "--paper", "letter"), POD_BLEED),
    ("yield", ("--dpi", "40"), POD_BLEED),
    ("ycp", ("--dpi", "30", "--postcard", "us"), POD_BLEED),
])
def test_every_face_is_the_card_plus_its_bleed_in_pixels_at_the_dpi(run, tmp_path, command, options,
                                                                    bleed):
    folder, manifest, rows = _export(run, tmp_path, command, *options)
    dpi = int(options[options.index("--dpi") + 1])
    sizes = {c["label"]: (c["width_mm"], c["height_mm"]) for c in manifest["components"]}
    assert rows
    for row in rows:
        w, h = sizes[row["card"]]
        image = Image.open(folder / row["file"])
        expected = (round((w + 2 * bleed) / MM_PER_INCH * dpi), round((h + 2 * bleed) / MM_PER_INCH * dpi))
        assert image.size == expected, row
        assert image.info["dpi"] == pytest.approx((dpi, dpi), abs=0.05)   # stored per metre
        page = PdfReader(folder / row["pdf"]).pages[0]
        assert float(page.mediabox.width) * MM_PER_INCH / 72 == pytest.approx(w + 2 * bleed, abs=0.01)
        assert float(page.mediabox.height) * MM_PER_INCH / 72 == pytest.approx(h + 2 * bleed, abs=0.01)
        trim = [float(v) * MM_PER_INCH / 72 for v in page.trimbox]
        assert trim == pytest.approx([bleed, bleed, bleed + w, bleed + h], abs=0.01)


def test_the_listing_agrees_with_the_manifest(run, tmp_path):
    folder, manifest, rows = _export(run, tmp_path, "ryb", "--dpi", "30")
    counts = {c["label"]: c["count"] for c in manifest["components"]}
    imposed = _imposed(manifest)
    fronts = [r for r in rows if r["side"] == "front"]
    assert [r["card"] for r in fronts] == list(dict.fromkeys(imposed))       # each card once, deck order
    assert all(int(r["count"]) == counts[r["card"]] == imposed.count(r["card"]) for r in rows)
    assert sum(int(r["count"]) for r in fronts) == len(imposed)
    assert "ryb:score-sheet" not in {r["card"] for r in rows}               # a sheet, not a card
    assert {r["side"] for r in rows} == {"front", "back"}
    listed = {r["file"] for r in rows} | {r["pdf"] for r in rows} | {"cards.csv"}
    assert {p.name for p in folder.iterdir()} == listed
    for side in ("front", "back"):                                           # names sort in deck order
        files = [r["file"] for r in rows if r["side"] == side]
        assert files == sorted(files)


def test_the_art_runs_into_the_bleed(run, tmp_path):
    folder, _, rows = _export(run, tmp_path, "ryb", "--dpi", "60")
    first = next(r for r in rows if r["card"].startswith("ryb:goal:red") and r["side"] == "front")
    image = Image.open(folder / first["file"]).convert("RGB")
    red, green, blue = image.getpixel((image.width // 2, 0))     # the title band, past the trim
    assert red > 150 and green < 100 and blue < 100


def test_the_export_is_byte_identical_run_to_run(run, tmp_path):
    first, _, _ = _export(run, tmp_path / "a", "yeah-items", "--dpi", "40")
    second, _, _ = _export(run, tmp_path / "b", "yeah-items", "--dpi", "40")
    assert sorted(p.name for p in first.iterdir()) == sorted(p.name for p in second.iterdir())
    assert all((first / p.name).read_bytes() == p.read_bytes() for p in second.iterdir())


def test_the_export_does_not_depend_on_the_sheet_layout(run, tmp_path):
    flat, _, _ = _export(run, tmp_path / "flat", "yeah-items", "--dpi", "30")
    folded, _, _ = _export(run, tmp_path / "folded", "yeah-items", "--dpi", "30", "--layout", "gutterfold")
    assert sorted(p.name for p in flat.iterdir()) == sorted(p.name for p in folded.iterdir())
    assert all((flat / p.name).read_bytes() == p.read_bytes() for p in folded.iterdir())


def test_gauge_sheets_are_not_exported_as_cards(run, tmp_path):
    result = run("ycp", "--gauges", "--out", str(tmp_path / "g.pdf"), "--export-cards", str(tmp_path / "c"))
    assert_clean_failure(result, 2)
    assert "--gauges" in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_folder_that_is_a_file_is_refused_and_nothing_written(run, tmp_path):
    blocker = tmp_path / "cards"
    blocker.write_bytes(b"a file")
    result = run("ryb", "--out", str(tmp_path / "deck.pdf"), "--export-cards", str(blocker))
    assert_clean_failure(result, 2)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards"]
    assert blocker.read_bytes() == b"a file"


def test_an_unwritable_export_leaves_no_pdf(run, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_bytes(b"x")
    result = run("ryb", "--out", str(tmp_path / "deck.pdf"), "--export-cards", str(blocker / "cards"),
                 "--dpi", "30")
    assert_clean_failure(result, 2)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_an_earlier_exports_files_are_replaced_and_others_kept(run, tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "999-ryb-goal-white-1-front.png").write_bytes(b"from an earlier, longer deck")
    (folder / "cards.csv").write_bytes(b"old listing")
    (folder / "notes.txt").write_bytes(b"the user's own")
    result = run("ryb", "--out", str(tmp_path / "deck.pdf"), "--export-cards", str(folder), "--dpi", "30")
    assert result.exit_code == 0, result.output
    assert "(removed 1 older file)" in result.output
    names = {p.name for p in folder.iterdir()}
    assert "999-ryb-goal-white-1-front.png" not in names and "notes.txt" in names
    assert (folder / "cards.csv").read_bytes().startswith(b"file,pdf,card,side,count")


def test_a_listing_row_per_face_with_both_files(run, tmp_path):
    folder, _, rows = _export(run, tmp_path, "yeah-items", "--dpi", "30")
    for row in rows:
        assert row["file"].endswith(f"-{row['side']}.png") and row["pdf"] == row["file"][:-4] + ".pdf"
        assert (folder / row["file"]).read_bytes().startswith(b"\x89PNG")
        assert len(PdfReader(io.BytesIO((folder / row["pdf"]).read_bytes())).pages) == 1
