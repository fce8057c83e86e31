"""Yic Yac Yoe commands: solve (text, JSON, time limit), play in the terminal,
and the clean failures of bad options."""
from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from icp_print.validators.yicyacyoe.session import play_game, render
from icp_print.validators.yicyacyoe.engine import start
from icp_print.validators.yicyacyoe.variant import Variant

from conftest import assert_clean_failure

EVERY_CELL_3X3 = "\n".join(f"{c}{r}" for r in "123" for c in "abc") + "\n"


def test_solve_json_has_value_best_moves_and_positions(run):
    result = run("solve", "yicyacyoe", "--size", "3", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["value"] == "draw" and data["best_moves"] == ["b2"]
    assert data["positions"] > 100 and data["best_moves_complete"] is True
    assert data["variant"] == {"size": 3, "row": 3, "per_turn": 1, "connected": False,
                               "shared_marks": False, "long_rows_count": True}


def test_solve_text_names_the_variant_and_the_first_player_result(run):
    result = run("solve", "yicyacyoe", "--size", "4", "--row", "2", "--per-turn", "2",
                 "--free-placement", "--shared-marks")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("4x4, rows of 2, 2 marks per turn (Youbles) anywhere, "
                                    "shared marks: loss for the first player")
    assert "searched" in result.output


def test_solve_text_for_a_lost_variant_does_not_list_every_turn(run):
    result = run("solve", "yicyacyoe", "--size", "4", "--row", "3")
    assert "loss for the first player" in result.output
    assert "every first turn loses against perfect play (16 turns)" in result.output


def test_solve_options_reach_the_solver(run):
    plain = json.loads(run("solve", "yicyacyoe", "--size", "3", "--row", "2", "--json").output)
    shared = json.loads(run("solve", "yicyacyoe", "--size", "3", "--row", "2", "--shared-marks",
                            "--json").output)
    assert plain["value"] == "loss" and shared["value"] == "win"
    exact = json.loads(run("solve", "yicyacyoe", "--size", "3", "--exact-rows", "--json").output)
    assert exact["variant"]["long_rows_count"] is False


def test_solve_time_limit_reports_bounds_so_far(run):
    result = run("solve", "yicyacyoe", "--size", "5", "--row", "3", "--time-limit", "0.3",
                 "--json")
    assert result.exit_code == 0
    data = json.loads(result.output[result.output.index("{"):])
    assert data["value"] is None and data["lower_bound"] == "loss" and data["upper_bound"] == "win"


def test_a_small_table_drops_entries_but_keeps_the_answer(run):
    def solved(*options):
        output = run("solve", "yicyacyoe", "--size", "4", *options, "--json").output
        return json.loads(output[output.index("{"):])      # after any progress lines

    whole, small = solved(), solved("--table-size", "1000")
    split = solved("--table-size", "1000", "--workers", "1")
    assert whole["value"] == small["value"] == split["value"] == "draw"
    assert whole["best_moves"] == small["best_moves"] == split["best_moves"]
    assert small["nodes"] > whole["nodes"]       # positions dropped from the table are solved again


def test_value_only_stops_before_testing_the_first_turns(run):
    output = run("solve", "yicyacyoe", "--size", "4", "--value-only", "--json").output
    data = json.loads(output[output.index("{"):])
    assert data["value"] == "draw" and data["best_moves"] == [] and data["best_moves_complete"] is False
    text = run("solve", "yicyacyoe", "--size", "3", "--value-only").output
    assert "draw for the first player" in text and "first turns were not tested" in text


def test_solve_bad_options_fail_cleanly(run):
    for args in (["--size", "3", "--row", "5"], ["--size", "0"], ["--size", "4", "--per-turn", "4"],
                 ["--row", "2"], ["--size", "x"], ["--size", "3", "--table-size", "10"],
                 ["--size", "3", "--table-size", "9" * 30],
                 ["--size", "3", "--value-only", "--workers", "1"]):
        result = run("solve", "yicyacyoe", *args)
        assert_clean_failure(result, 2)


def test_play_a_whole_game_against_perfect_play(run):
    # Offer every cell in turn: taken ones are refused, the game goes on to its end.
    result = run("play", "yicyacyoe", "--size", "3", input="b2\n" + EVERY_CELL_3X3 * 2)
    assert result.exit_code == 0, result.output
    assert "perfect play" in result.output
    assert "a draw" in result.output or "you lose" in result.output
    assert "you win" not in result.output


def test_play_bad_input_gets_a_message_and_the_same_prompt(run):
    result = run("play", "yicyacyoe", "--size", "3", input="zz\nd9\nb2 c2\n")
    assert result.exit_code == 0
    assert "cannot read 'zz'" in result.output and "off the board" in result.output
    assert "place 1 mark this turn, not 2" in result.output
    assert result.output.count("your turn: 1 mark") == 4
    assert result.output.rstrip().endswith("Game stopped.")


def test_play_end_of_input_and_quit_end_cleanly(run):
    for text in ("", "quit\n", "b2\nexit\n"):
        result = run("play", "yicyacyoe", "--size", "4", "--row", "3", input=text)
        assert result.exit_code == 0 and "Game stopped." in result.output


def test_play_computer_first_with_youbles(run):
    result = run("play", "yicyacyoe", "--size", "4", "--row", "3", "--per-turn", "2",
                 "--first", "computer", "--seed", "5", input="quit\n")
    assert result.exit_code == 0
    assert result.output.index("I place") < result.output.index("your turn: 2 marks in a straight")


def test_play_same_seed_same_game(run):
    a = run("play", "yicyacyoe", "--size", "3", "--first", "computer", "--seed", "9", input="quit\n")
    b = run("play", "yicyacyoe", "--size", "3", "--first", "computer", "--seed", "9", input="quit\n")
    assert a.output == b.output


def test_play_big_board_falls_back_to_look_ahead(run):
    result = run("play", "yicyacyoe", "--size", "7", "--row", "3", "--first", "computer", "--think",
                 "0.2", input="d4\nquit\n")
    assert result.exit_code == 0
    assert "look-ahead" in result.output and result.output.count("I place") == 2


def test_board_display_has_coordinates_and_marks_the_last_turn():
    from icp_print.validators.yicyacyoe.engine import Turn, play
    pos, _ = play(start(Variant(3)), Turn.parse("b2", 3))
    text = render(pos, Turn.parse("b2", 3))
    assert text.splitlines() == ["    a  b  c", " 3  .  .  .", " 2  . (X) .", " 1  .  .  ."]


@given(st.lists(st.text(max_size=12), max_size=6))
def test_garbage_lines_never_crash_a_game(lines):
    queue = list(lines)
    shown = []
    result = play_game(Variant(3), 0, 1.0, random.Random(0),
                       lambda prompt: queue.pop(0) if queue else None, shown.append)
    assert result is None or result.loser in (0, 1, None)
    assert shown


def test_lines_option_chooses_the_reading_of_connecting_lines(run):
    bent = json.loads(run("solve", "yicyacyoe", "--size", "3", "--per-turn", "3", "--json").output)
    straight = json.loads(run("solve", "yicyacyoe", "--size", "3", "--per-turn", "3",
                              "--lines", "straight", "--json").output)
    assert bent["variant"]["bent_lines"] is True and bent["value"] == "draw"
    assert straight["variant"]["bent_lines"] is False and straight["value"] == "loss"
    assert_clean_failure(run("solve", "yicyacyoe", "--size", "3", "--lines", "wavy"), 2)


def test_printed_board_records_the_lines_reading_and_checks(run, tmp_path):
    out = tmp_path / "b.pdf"
    result = run("yicyacyoe", "--size", "4", "--per-turn", "3", "--lines", "straight",
                 "--out", str(out))
    assert result.exit_code == 0, result.output
    from pagescan import manifest
    assert manifest(out.read_bytes())["options"]["bent_lines"] is False
    checked = run("check", str(out))
    assert checked.exit_code == 0, checked.output


def test_play_with_bent_lines_asks_for_touching_marks():
    v = Variant(3, 3, 3)
    out: list[str] = []
    answers = iter(["a1 b1 b2\n", "quit\n"])
    play_game(v, 0, 0.5, random.Random(1), lambda prompt: (out.append(prompt), next(answers))[1],
              out.append)
    assert any("touching one another" in line for line in out)
