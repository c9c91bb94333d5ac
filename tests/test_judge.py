"""Judging observed plays: every verdict code on hand-made positions, and no false alarm on any legal play."""

from __future__ import annotations

import random

import pytest

from rules.judge import CODES, judge
from rules.errors import InvalidPosition
from rules.moves import apply_play, legal_plays, legal_results
from rules.position import Position


def P(mine: dict, theirs: dict, bar: int = 0, their_bar: int = 0) -> Position:
    """A position with the opponent's checkers given on the MOVER's point numbers."""
    return Position.from_points(mine, {25 - p: n for p, n in theirs.items()}, bar, their_bar)


START = Position.start()
# the start position from the mover's side, opponent's checkers on the mover's point numbers
START_THEIRS = {1: 2, 12: 5, 17: 3, 19: 5}


def verdict(before, dice, after):
    v = judge(before, dice, after)
    assert v.code in CODES
    return v


def test_legal_play_is_explained():
    v = verdict(START, (3, 1), apply_play(START, [(8, 5), (6, 5)]))
    assert v.legal and v.play.notation() == "8/5 6/5" and v.reason is None and v.code == "legal"


def test_same_position_by_another_route_is_legal():
    after = apply_play(START, [(24, 21), (21, 20)])
    v = verdict(START, (3, 1), after)
    assert v.legal and v.play.notation() == "24/20"


def test_every_legal_play_is_legal_and_none_raises_a_false_alarm():
    rng = random.Random(7)
    positions = [START, P({13: 1, 6: 2, 8: 2}, {7: 1, 3: 1, 20: 2}), P({6: 2, 5: 3, 2: 3}, {20: 2}),
                 P({13: 5, 6: 5, 8: 3}, {19: 2, 22: 1, 12: 2}, bar=2)]
    for pos in positions:
        for dice in rng.sample([(a, b) for a in range(1, 7) for b in range(a, 7)], 8):
            for play in legal_plays(pos, *dice):
                v = judge(pos, dice, play.position)
                assert v.legal, (pos.position_id(), dice, play.notation(), v.reason)


def test_no_play_possible_and_none_made_is_legal():
    pos = P({6: 2}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2}, bar=1)
    v = verdict(pos, (6, 6), pos)
    assert v.legal and v.code == "no_play" and v.play.notation() == "(no play)"


def test_moves_that_do_not_match_the_dice():
    v = verdict(START, (3, 1), apply_play(START, [(13, 10), (13, 9)]))
    assert not v.legal and v.code == "dice_mismatch"
    assert "3-1" in v.reason and v.closest


def test_landing_on_a_held_point():
    # 5-5 from the start: 6/1(2) lands on the opponent's 2-checker point, and they are put on the bar
    after = P({24: 2, 13: 3, 8: 5, 6: 3, 1: 2}, {12: 5, 17: 3, 19: 5}, their_bar=2)
    v = verdict(START, (5, 5), after)
    assert v.code == "blocked_point"
    assert "point 1" in v.reason and "holds with 2 checkers" in v.reason


def test_jumping_through_held_points_with_one_checker():
    pos = P({13: 1, 6: 4}, {7: 2, 8: 2, 20: 2})
    after = P({2: 1, 6: 4}, {7: 2, 8: 2, 20: 2})
    v = verdict(pos, (6, 5), after)
    assert v.code == "blocked_point" and ("point 7" in v.reason or "point 8" in v.reason)


def test_moving_while_a_checker_is_on_the_bar():
    pos = P({6: 5, 13: 4, 8: 3}, {19: 2, 20: 2, 21: 2, 22: 1, 23: 2, 24: 2, 12: 4}, bar=2)
    v = verdict(pos, (3, 3), apply_play(pos, [(25, 22), (13, 10), (13, 10), (8, 5)]))
    assert v.code == "bar_first" and "on the bar" in v.reason
    assert all(p.notation().startswith("bar/22*(2)") for p in v.closest)


def test_not_using_the_whole_roll():
    v = verdict(START, (3, 1), apply_play(START, [(8, 5)]))
    assert v.code == "not_whole_roll" and "whole roll" in v.reason
    v = verdict(START, (6, 6), apply_play(START, [(24, 18), (13, 7), (13, 7)]))
    assert v.code == "not_whole_roll" and "3 of the four 6s" in v.reason


def test_smaller_die_when_the_larger_had_to_be_played():
    pos = P({24: 1, 1: 7, 2: 7}, {13: 2, 12: 2})
    v = verdict(pos, (6, 5), apply_play(pos, [(24, 19)]))
    assert v.code == "larger_die" and "24/18" in v.reason
    assert [p.notation() for p in v.closest] == ["24/18"]


def test_bearing_off_before_all_are_home():
    pos = P({9: 1, 6: 3, 4: 3}, {20: 2})
    v = verdict(pos, (4, 2), apply_play(pos, [(4, 0), (9, 7)]))
    assert v.code == "bearoff_not_home" and "outside the home board" in v.reason


def test_bearing_off_with_a_higher_number_while_a_checker_is_higher():
    pos = P({6: 2, 5: 3, 2: 3}, {24: 2, 20: 3})
    v = verdict(pos, (6, 4), apply_play(pos, [(5, 0), (6, 2)]))
    assert v.code == "bearoff_higher" and "higher point 6" in v.reason


def test_checkers_appearing_or_vanishing():
    # an opponent checker vanished from the board
    v = verdict(START, (3, 1), P({24: 2, 13: 5, 8: 2, 6: 4, 5: 2}, {1: 2, 12: 4, 17: 3, 19: 5}))
    assert v.code == "wrong_total" and "vanished" in v.reason
    # one of ours appeared (before: 14 on the board, one borne off)
    pos = P({6: 5, 5: 5, 4: 4}, {20: 2})
    v = verdict(pos, (2, 1), P({6: 5, 5: 5, 4: 3, 3: 1, 2: 1}, {20: 2}))
    assert v.code == "wrong_total" and "appeared" in v.reason
    # seen totals from the camera
    v = judge(START, (3, 1), apply_play(START, [(8, 5), (6, 5)]), seen_totals=(15, 15))
    assert v.legal
    v = judge(START, (3, 1), apply_play(START, [(8, 5), (5, 4)]), seen_totals=(14, 15))
    assert v.code == "wrong_total" and "14 checkers" in v.reason


def test_checker_vanishing_from_outside():
    # a checker disappears from the 13 point with 6-5: more pips gone than the roll gives
    after = P({24: 2, 13: 4, 8: 3, 6: 5}, START_THEIRS)
    v = verdict(START, (6, 5), after)
    assert v.code == "wrong_total" and "vanished from point 13" in v.reason


def test_backward_move_and_wrong_bear_off_are_dice_mismatches():
    v = verdict(START, (3, 1), P({24: 2, 13: 4, 8: 3, 6: 5, 14: 1}, START_THEIRS))
    assert v.code == "dice_mismatch" and "backwards" in v.reason
    pos = P({4: 1, 2: 1, 1: 3}, {20: 2})
    v = verdict(pos, (1, 1), P({1: 3}, {20: 2}))  # 4/off and 2/off with 1-1
    assert v.code == "dice_mismatch" and "1-1" in v.reason


def test_random_observations_never_crash_and_legal_means_a_legal_result():
    """Legal results and mutated ones (a checker moved, removed, or an opposing checker moved) on random positions:
    the verdict is legal exactly when the observed position is a legal result."""
    from test_gnubg_property import random_requests

    rng = random.Random(11)
    codes = set()
    for pid, d1, d2 in random_requests(41, 300):
        before = Position.from_position_id(pid)
        results = list(legal_results(before, d1, d2))
        after = rng.choice(results)
        mine, theirs = list(after.player), list(after.opponent)
        side = mine if rng.random() < 0.7 else theirs
        occupied = [i for i in range(25) if side[i]]
        if occupied and rng.random() < 0.8:
            side[rng.choice(occupied)] -= 1
            if rng.random() < 0.8:
                side[rng.randrange(25)] += 1
        try:
            observed = Position(tuple(mine), tuple(theirs))
        except InvalidPosition:
            continue
        v = judge(before, (d1, d2), observed)
        assert v.legal == (observed in results), (pid, d1, d2, observed.position_id(), v.reason)
        assert v.legal or (v.reason and v.closest)
        codes.add(v.code)
    assert {"legal", "dice_mismatch", "opponent_moved", "wrong_total"} <= codes


def test_opponent_moved_other_than_by_a_hit():
    after_play = apply_play(START, [(8, 5), (6, 5)])
    moved = P({24: 2, 13: 5, 8: 2, 6: 4, 5: 2}, {1: 2, 12: 5, 17: 2, 16: 1, 19: 5})
    v = verdict(START, (3, 1), moved)
    assert after_play != moved and v.code == "opponent_moved"


def test_no_play_made_when_one_existed():
    v = verdict(START, (3, 1), START)
    assert v.code == "no_play_made" and len(v.closest) == 3


def test_play_made_when_none_existed():
    pos = P({6: 2, 13: 3}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2}, bar=1)
    after = apply_play(pos, [(13, 7)])
    v = verdict(pos, (6, 6), after)
    assert v.code == "play_when_none" and "bar" in v.reason and v.closest[0].notation() == "(no play)"


def test_hit_is_not_an_opponent_move():
    pos = P({13: 2, 6: 3}, {10: 1, 20: 2})
    after = apply_play(pos, [(13, 10), (10, 9)])
    v = verdict(pos, (3, 1), after)
    assert v.legal and v.play.notation() == "13/10*/9"


@pytest.mark.parametrize("dice", [(0, 3), (3, 9)])
def test_bad_dice_raise(dice):
    from rules.errors import InvalidRoll

    with pytest.raises(InvalidRoll):
        judge(START, dice, START)


def test_verdict_json_shape():
    d = judge(START, (3, 1), START).to_dict()
    assert set(d) == {"legal", "play", "reason", "closest", "code"}
    assert d["legal"] is False and d["play"] is None and isinstance(d["closest"][0], str)
