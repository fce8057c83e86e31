"""The YCP games that can be played to the end by computer players, one engine each.

Mad Maxence is played from its adventure booklet, which is not published, so
it has no engine.
"""
from __future__ import annotations

from .bonnie_and_clyde.play import GAME as BONNIE_AND_CLYDE
from .lucha_libre.play import GAME as LUCHA_LIBRE
from .protocol_g117.play import GAME as PROTOCOL_G117
from .the_last_glow.play import GAME as THE_LAST_GLOW
from .toroball.play import GAME as TOROBALL
from .which_side.play import GAME as WHICH_SIDE

ENGINES = (LUCHA_LIBRE, PROTOCOL_G117, BONNIE_AND_CLYDE, WHICH_SIDE, TOROBALL, THE_LAST_GLOW)
