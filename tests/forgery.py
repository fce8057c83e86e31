"""Damaging and forging icp-print PDFs the way a broken disk or a hostile user would."""
from __future__ import annotations

import json
import zlib

MANIFEST_NAME = "icp-print-manifest.json"


def manifest_of(pdf: bytes) -> dict:
    """The manifest attached to an icp-print PDF."""
    from io import BytesIO

    from pypdf import PdfReader
    return json.loads(PdfReader(BytesIO(pdf)).attachments[MANIFEST_NAME][0])


def blank_pdf_with_manifest(text: bytes) -> bytes:
    """A one-page blank A4 PDF (made by pypdf, not icp-print) with ``text`` attached as its manifest."""
    from io import BytesIO

    from pypdf import PdfWriter
    writer = PdfWriter()
    writer.add_blank_page(595, 842)
    writer.add_attachment(MANIFEST_NAME, text)
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def with_manifest_text(pdf: bytes, text: bytes) -> bytes:
    """The same PDF (pages, metadata) with ``text`` as its attached manifest, byte for byte."""
    from io import BytesIO

    from pypdf import PdfWriter
    writer = PdfWriter(clone_from=BytesIO(pdf))
    names = writer._root_object["/Names"]["/EmbeddedFiles"]["/Names"]
    spec = names[names.index(MANIFEST_NAME) + 1].get_object()
    spec["/EF"]["/F"].get_object().set_data(text)
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def with_manifest(pdf: bytes, change) -> bytes:
    """The same PDF with ``change(manifest)`` applied to its manifest, nothing else touched."""
    manifest = manifest_of(pdf)
    change(manifest)
    return with_manifest_text(pdf, json.dumps(manifest, ensure_ascii=False).encode())


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
