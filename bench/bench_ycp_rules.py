"""Time the YCP rules engines and print a table: python bench/bench_ycp_rules.py"""
from __future__ import annotations

import random
import time
from itertools import product

from icp_print.validators.ycp.the_last_glow import rules as last_glow_rules
from icp_print.validators.ycp.lucha_libre import rules as lucha_libre_rules
from icp_print.validators.ycp.mad_maxence import rules as mad_maxence_rules


def timed(label: str, work) -> None:
    start = time.perf_counter()
    detail = work()
    print(f"{label:<52}{(time.perf_counter() - start) * 1000:>10.1f} ms  {detail}")


def every_roll_of_five() -> str:
    total = 0
    for roll in product(range(1, 7), repeat=5):
        total += len(lucha_libre_rules.ways_to_use(roll, "blue-demon"))
    return f"7776 rolls, {total} plays"


def move_odds_every_wrestler() -> str:
    lucha_libre_rules.move_odds.cache_clear()
    lucha_libre_rules.moves_for.cache_clear()
    for w in lucha_libre_rules.rules().wrestlers:
        lucha_libre_rules.move_odds(w, 5)
    return "4 wrestlers x 5 dice"


def combat_odds_grid() -> str:
    mad_maxence_rules._odds.cache_clear()
    n = 0
    for tech, cb, foe in product(range(1, 6), range(1, 6), range(1, 6)):
        mad_maxence_rules.combat_odds(tech, cb, foe, 0)
        n += 1
    return f"{n} fights, exact"


def seeded_fights() -> str:
    rng = random.Random(1)
    wins = sum(mad_maxence_rules.fight(3, 4, 3, 0, rng).result == "victory" for _ in range(10000))
    return f"10000 fights, {wins} won"


def storm_moves() -> str:
    n = 0
    for column, line, roll in product(range(1, 7), range(1, 7), range(1, 7)):
        last_glow_rules.resolve_heart((column, line), roll, (3, 3))
        n += 1
    return f"{n} heart moves"


if __name__ == "__main__":
    print(f"{'work':<52}{'time':>10}     detail")
    timed("Lucha Libre: all ways to use every 5-dice roll", every_roll_of_five)
    timed("Lucha Libre: exact move odds, cold cache", move_odds_every_wrestler)
    timed("Mad Maxence: exact combat odds, TECH/Cb/foe 1-5", combat_odds_grid)
    timed("Mad Maxence: seeded fights", seeded_fights)
    timed("The Last Glow: every heart, line and roll", storm_moves)
