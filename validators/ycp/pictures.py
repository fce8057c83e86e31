"""Reading the special postcard pictures' parameters, by picture name; each
game with such a picture reads it in its own package."""
from __future__ import annotations

from ..errors import InputError
from .model import Picture
from .protocol_g117.pictures import PairedActions, RingField, paired_actions, ring_field


def read_picture(pic: Picture) -> RingField | PairedActions | None:
    """Read a picture's parameters, raising :class:`InputError` if they are unusable.

    The compass reads the rules' scatter table and has no parameters of its own.
    """
    if pic.picture == "ring-battlefield":
        return ring_field(pic)
    if pic.picture == "paired-actions":
        return paired_actions(pic)
    if set(pic.params) - {"table"}:
        raise InputError(f"unknown key {sorted(set(pic.params) - {'table'})[0]!r}", field=f"front.{pic.id}")
    return None
