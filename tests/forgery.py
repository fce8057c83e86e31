"""Damaging and forging icp-print PDFs the way a broken disk or a hostile user would."""
from __future__ import annotations

import json
import zlib

MANIFEST_MARK = b'"format": "icp-print-manifest/1"'


def manifest_span(pdf: bytes) -> tuple[int, int]:
    """Where the attached manifest's JSON text lies in the PDF's bytes (stored uncompressed)."""
    mark = pdf.index(MANIFEST_MARK)
    start = pdf.rindex(b"stream", 0, mark) + len(b"stream")
    while pdf[start:start + 1] in (b"\r", b"\n"):
        start += 1
    end = pdf.index(b"endstream", mark)
    while pdf[end - 1:end] in (b"\r", b"\n"):
        end -= 1
    return start, end


def with_manifest(pdf: bytes, change) -> bytes:
    """The same PDF with ``change(manifest)`` applied to its manifest, every byte offset kept
    (the new JSON is written compactly and padded with spaces to the old length)."""
    start, end = manifest_span(pdf)
    manifest = json.loads(pdf[start:end])
    change(manifest)
    text = json.dumps(manifest, separators=(",", ":"), ensure_ascii=False).encode()
    assert len(text) <= end - start, "the forged manifest must not be longer than the original"
    return pdf[:start] + text.ljust(end - start) + pdf[end:]


def inflating_stream_pdf(pdf: bytes, inflated_bytes: int) -> bytes:
    """``pdf`` with page 1's drawing replaced by a small stream that inflates to ``inflated_bytes``."""
    from io import BytesIO

    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import DecodedStreamObject, NameObject, StreamObject

    packer = zlib.compressobj(9)
    chunk = b"0 0 m\n" * (1 << 16)
    parts, made = [], 0
    while made < inflated_bytes:
        parts.append(packer.compress(chunk))
        made += len(chunk)
    parts.append(packer.flush())
    writer = PdfWriter(clone_from=PdfReader(BytesIO(pdf)))
    stream = StreamObject()
    stream._data = b"".join(parts)
    stream[NameObject("/Filter")] = NameObject("/FlateDecode")
    writer.pages[0][NameObject("/Contents")] = writer._add_object(stream)
    assert not isinstance(stream, DecodedStreamObject)
    out = BytesIO()
    writer.write(out)
    return out.getvalue()
