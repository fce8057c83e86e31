"""Attaching a file to a finished PDF by appending an incremental update.

The PDF reportlab wrote stays byte for byte as it is; after it come the
attached file, its file specification, a new version of the catalog naming it,
a new document-information dictionary, and a cross-reference section that
points back to the original one (PDF 1.7, section 7.5.6).  No PDF library is
loaded and nothing is parsed but the trailer and two small dictionaries, so
writing a PDF costs little more than drawing it.

>>> from reportlab.pdfgen.canvas import Canvas
>>> import io
>>> buffer = io.BytesIO()
>>> canvas = Canvas(buffer, invariant=1)
>>> canvas.showPage(); canvas.save()
>>> pdf = attach(buffer.getvalue(), "notes.json", b'{"a": 1}', {"Producer": "me"})
>>> from pypdf import PdfReader
>>> reader = PdfReader(io.BytesIO(pdf))
>>> reader.attachments["notes.json"][0], reader.metadata["/Producer"]
(b'{"a": 1}', 'me')
"""
from __future__ import annotations

import hashlib
import re
import zlib
from collections.abc import Mapping

_TAIL = re.compile(rb"trailer\s*<<(?P<trailer>.*?)>>\s*startxref\s*(?P<xref>\d+)\s*%%EOF\s*$", re.S)


def attach(pdf: bytes, name: str, data: bytes, info: Mapping[str, str]) -> bytes:
    """``pdf`` with ``data`` attached as ``name`` and ``info`` set in its document information."""
    tail = _TAIL.search(pdf)
    if tail is None:
        raise ValueError("not a PDF with a classic trailer")
    trailer, previous = tail["trailer"], int(tail["xref"])
    root, old_info, size = (_number(trailer, key) for key in (b"Root", b"Info", b"Size"))
    file_number, spec_number = size, size + 1
    packed = zlib.compress(data, 9)
    objects = {
        file_number: b"<< /Type /EmbeddedFile /Filter /FlateDecode /Length %d /Params << /Size %d >> >>\n"
                     b"stream\n%s\nendstream" % (len(packed), len(data), packed),
        spec_number: b"<< /Type /Filespec /F %s /UF %s /EF << /F %d 0 R >> >>"
                     % (_string(name), _string(name), file_number),
        root: b"<< %s /Names << /EmbeddedFiles << /Names [ %s %d 0 R ] >> >> >>"
              % (_dictionary(pdf, root), _string(name), spec_number),
        old_info: b"<< %s %s >>" % (_without(_dictionary(pdf, old_info), info),
                                    b" ".join(b"/%s %s" % (k.encode(), _string(v)) for k, v in info.items())),
    }
    out = bytearray(pdf if pdf.endswith(b"\n") else pdf + b"\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += b"%d 0 obj\n%s\nendobj\n" % (number, objects[number])
    xref = len(out)
    out += b"xref\n0 1\n0000000000 65535 f \n"
    for number in sorted(offsets):
        out += b"%d 1\n%010d 00000 n \n" % (number, offsets[number])
    digest = hashlib.md5(pdf + data).hexdigest().encode()
    out += (b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /Prev %d /ID [ <%s> <%s> ] >>\n"
            b"startxref\n%d\n%%%%EOF\n" % (spec_number + 1, root, old_info, previous, digest, digest, xref))
    return bytes(out)


def _number(trailer: bytes, key: bytes) -> int:
    match = re.search(rb"/" + key + rb"\s+(\d+)", trailer)
    if match is None:
        raise ValueError(f"the trailer has no /{key.decode()}")
    return int(match[1])


def _dictionary(pdf: bytes, number: int) -> bytes:
    """The inside of object ``number``'s dictionary, as the PDF wrote it."""
    match = re.search(rb"(?:^|\n)%d 0 obj\s*<<(.*?)>>\s*endobj" % number, pdf, re.S)
    if match is None:
        raise ValueError(f"object {number} is not a dictionary")
    return match[1].strip()


def _without(entries: bytes, keys: Mapping[str, str]) -> bytes:
    """A dictionary's entries without those named in ``keys`` (string values only)."""
    for key in keys:
        entries = re.sub(rb"/" + key.encode() + rb"\s*\((?:\\.|[^\\)])*\)", b"", entries)
    return entries.strip()


def _string(text: str) -> bytes:
    """A PDF text string: literal when ASCII, else UTF-16 with its byte-order mark.

    >>> _string("a (b)"), _string("é")
    (b'(a \\\\(b\\\\))', b'<feff00e9>')
    """
    if text.isascii():
        return b"(" + text.encode().replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"
    return b"<feff" + text.encode("utf-16-be").hex().encode() + b">"
