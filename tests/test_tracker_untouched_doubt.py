"""A point the reader doubts that the play not judged could not touch leaves no doubt in the guess (issue 6, R10).

race 4242 frame 935: dark's play was not judged, and the board became a guess unsure of every point the reader
doubted in that reading, light's 7-stack among them (read 7 every time, with doubt). Light's 8/2 on 3-1 next was
then 'not sure', since the guess was unsure of a point of his own, and so was every play after it. A point the
opponent of the unjudged mover held with two checkers or more is one no play of the mover's, whatever his roll,
lands on or hits, and the opponent's checkers do not move in his turn: read as it stood, the reader's doubt about
its count says nothing about the play, and the guess is not unsure of it.
"""

from __future__ import annotations

from rules.position import Position
from tests.daemon_scenes import die
from tests.test_tracker_lost_track import SEATING, _feed, _moving, _play, _reading

SIX = SEATING.geometric("light", 6)  # light's 6-point: four checkers after his 8/5 6/5, doubted in every reading


def _doubting(obs, points):
    """The reading with the reader unsure of light's 6-point and of ``points`` (geometric)."""
    conf = [0.95] * 24
    for p in {SIX, *points}:
        conf[p - 1] = 0.3
    obs.extra["point_confidence"] = conf
    return obs


def _light_fouls_after_dark_s_play_not_judged():
    tracker = _moving(guessed=False)  # dark to play 6-4 after light's 8/5 6/5
    before = Position.from_position_id(tracker.state.before)
    after = _play(before, (6, 4), "24/18 13/9")
    nine = SEATING.geometric("dark", 9)  # the checker dark moved to his 9-point, not found (read 0, doubted)
    out = _feed(tracker, [_doubting(_reading(after.swap(), "light", short={nine: 0}), {nine}) for _ in range(4)],
                50)
    assert [(e["type"], e.get("code"), e.get("player")) for e in out] == [("warning", "unsure_reading", "dark")]
    assert tracker.state.guessed
    board = after.swap()  # light's turn: the 9-point now read as it stands
    out = _feed(tracker, [_doubting(_reading(board, "light", (die(2, "right"), die(1, "right"))), set())], 100)
    assert [(e["type"], e.get("dice")) for e in out] == [("roll", [2, 1])]
    mine = list(board.player)
    mine[23], mine[20], mine[12], mine[10] = mine[23] - 1, mine[20] + 1, mine[12] - 1, mine[10] + 1
    foul = Position(tuple(mine), board.opponent)  # 24/21 13/11 on 2-1: five pips for three
    out = _feed(tracker, [_doubting(_reading(foul, "light"), set()) for _ in range(2)], 110)
    return tracker, out


def test_a_doubted_stack_the_unjudged_play_could_not_touch_leaves_the_guess_sure_of_it():
    tracker, out = _light_fouls_after_dark_s_play_not_judged()
    assert SIX - 1 not in (tracker.state.unsure_points or [])


def test_a_foul_after_a_play_not_judged_is_called_though_the_reader_doubts_a_stack_nobody_could_touch():
    tracker, out = _light_fouls_after_dark_s_play_not_judged()
    calls = [(e["type"], e.get("player"), e.get("legal")) for e in out if e.get("alert_id")]
    assert calls == [("play", "light", False)]
