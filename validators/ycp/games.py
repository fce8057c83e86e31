"""The seven postcard games: one sub-package each, found by the game's id.

A game id (``the-last-glow``) names the template files; its package name
(``the_last_glow``) holds that game's ``card`` (what the postcard must show),
``rules`` (the executable rules) and ``report`` (text and JSON of results).

>>> package_name("the-last-glow")
'the_last_glow'
>>> from icp_print.validators.ycp.model import GAMES
>>> sorted(RULEBOOKS) == sorted(GAMES)
True
"""
from __future__ import annotations

from .bonnie_and_clyde import card as bonnie_and_clyde
from .lucha_libre import card as lucha_libre
from .mad_maxence import card as mad_maxence
from .model import GAMES  # noqa: F401  (the doctest compares against it)
from .protocol_g117 import card as protocol_g117
from .rulebook import Rulebook
from .the_last_glow import card as the_last_glow
from .toroball import card as toroball
from .which_side import card as which_side


def package_name(game_id: str) -> str:
    """The sub-package of a game id."""
    return game_id.replace("-", "_")


RULEBOOKS: dict[str, Rulebook] = {
    "mad-maxence": mad_maxence.RULEBOOK,
    "lucha-libre": lucha_libre.RULEBOOK,
    "protocol-g117": protocol_g117.RULEBOOK,
    "bonnie-and-clyde": bonnie_and_clyde.RULEBOOK,
    "which-side": which_side.RULEBOOK,
    "toroball": toroball.RULEBOOK,
    "the-last-glow": the_last_glow.RULEBOOK,
}
