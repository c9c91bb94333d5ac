"""No foul called on a reading in which the opponent's checkers have moved (issue 6, render 1645 at 1280x720).

Frame 582: light's play was still waiting for its verdict when dark had rolled (his dice misread) and played; the
reading then held dark's checkers on new points, and light was called for 'the opponent's checkers moved', 35
frames after the lift (a false alarm and, as dark's turn was never seen, a 'roll out of turn' next). In the
mover's turn the opponent's checkers only leave points (hit): a board with them on new points is his play or a
misread, never the mover's foul. The mover is judged on his own checkers: legal when they show a legal play
exactly, else not judged.
"""

from __future__ import annotations

from rules.position import Position
from tests.daemon_scenes import die
from tests.test_tracker_faults import _play, light_played


def _light_moved(position: Position) -> Position:
    """``position`` (dark on roll) with one of light's checkers moved 13/10 (light's own numbering)."""
    light = list(position.opponent)
    light[12], light[9] = light[12] - 1, light[9] + 1
    return Position(position.player, tuple(light))


def test_a_foul_on_a_board_where_the_opponent_has_moved_too_is_not_called():
    r, after = light_played()
    r.show(after.swap(), "dark", (die(6, "left"), die(4, "left")))
    mine = list(after.swap().player)
    mine[12], mine[10] = mine[12] - 1, mine[10] + 1  # 13/11: one checker two pips on a 6-4
    board = _light_moved(Position(tuple(mine), after.swap().opponent))
    out = []
    for _ in range(4):
        out += r.show(board, "dark")
    assert not [e for e in out if e["type"] == "play"]
    assert [e.get("code") for e in out if e["type"] == "warning"] == ["unsure_reading"]
    assert r.alarms() == []


def test_the_movers_legal_play_shows_on_his_checkers_when_the_opponent_has_moved_too():
    r, after = light_played()
    r.show(after.swap(), "dark", (die(6, "left"), die(4, "left")))
    board = _light_moved(_play(after.swap(), (6, 4), "24/18 13/9"))
    out = r.show(board, "dark")
    assert [(e["type"], e.get("play"), e.get("legal")) for e in out] == [("play", "24/18 13/9", True)]
    assert r.alarms() == []


def test_the_mover_rolling_next_after_such_a_verdict_is_no_roll_out_of_turn():
    # render 2702 frame 927: dark's play judged on his checkers with light's 4-3 already played (a die left on
    # dark's half kept the verdict waiting); dark's next roll was then 'dark rolled, but it is light's turn', an
    # alarm, twice. The opponent's turn went by unseen: said, and the roll taken as dark's
    r, after = light_played()
    r.show(after.swap(), "dark", (die(6, "left"), die(4, "left")))
    board = _light_moved(_play(after.swap(), (6, 4), "24/18 13/9"))
    r.show(board, "dark")
    out = r.show(board, "dark", (die(5, "left"), die(2, "left")))
    assert [(e["type"], e.get("code"), e.get("player")) for e in out] == [
        ("warning", "unsure_reading", "light"), ("roll", None, "dark")]
    assert r.alarms() == []


def test_a_play_judged_on_the_movers_checkers_after_a_roll_read_with_one_die_tells_the_other():
    # judging game 83434 frame 928 (session 41): a roll read with one die in every reading, the lift read with a
    # checker of the opponent's on a new point: the foul-whatever-the-die rule (one die known) held the reading
    # illegal, the mover's checkers alone then showed a legal play, and that verdict went to the rules engine
    # with one die: an IndexError, the reading dropped ('the referee failed on this reading'). The play tells the
    # other die, as a legal play read with one die does
    r, after = light_played()
    for _ in range(5):
        r.show(after.swap(), "dark", (die(6, "left"),))
    board = _light_moved(_play(after.swap(), (6, 4), "24/18 13/9"))
    out = r.show(board, "dark")
    assert not [e for e in out if e.get("code") == "referee_fault"]
    assert [(e["type"], e.get("play"), e.get("legal"), e.get("dice"), e.get("inferred")) for e in out] == [
        ("roll", None, None, [6, 4], True), ("play", "24/18 13/9", True, [6, 4], None)]
    assert r.alarms() == []
