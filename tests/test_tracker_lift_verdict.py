"""Verdicts at the lift when the reading of the mover's checkers is enough (issue 6, G7: within 3 frames).

g1641 frame 721: light's 7/2 6/2 was read exactly at the lift, but two of dark's blots went unseen in that reading;
the tracker waited for the missing checkers and judged the play only when dark rolled, ten frames late. In the
mover's turn the opponent's checkers only leave points for the bar, so his checkers the reader misses say nothing
about the play: the mover's checkers read exactly as one legal result is that play, judged at once. Never an
illegal call on such a reading.
"""

from __future__ import annotations

from rules.position import Position
from tests.daemon_scenes import die
from tests.test_tracker_faults import START, Reader, _play


class TraysCounted(Reader):
    """A reader that counts the trays (empty before any bear-off): a checker it misses on a point is missing."""

    def read_trays(self, obs) -> None:
        obs.off["light"], obs.off["dark"] = 0, 0


def _light_blots(reader: type = Reader) -> tuple[Reader, Position]:
    """Light opened 3-1 with 24/21 6/5 (blots on his 21 and 5, geometric 21 and 5), seen; dark rolled 6-4."""
    r = reader()
    r.start(3, 1)
    after = _play(START, (3, 1), "24/21 6/5")
    r.show(after, "light")
    r.show(after.swap(), "dark", (die(6, "left"), die(4, "left")))
    return r, after



def _plays(out: list) -> list:
    """The play events among ``out``, as (type, play, legal)."""
    return [(e["type"], e.get("play"), e.get("legal")) for e in out if e["type"] == "play"]

def test_the_movers_play_read_exactly_is_judged_at_the_lift_though_the_opponents_blots_go_unseen():
    r, after = _light_blots()
    played = _play(after.swap(), (6, 4), "24/18 13/9")
    first = r.show(played, "dark", wrong={21: 0, 5: 0})  # the lift: light's two blots not found, with confidence
    out = r.show(played, "dark", wrong={21: 0, 5: 0})  # read again (a checker missing): said, and judged
    assert first == []
    assert [(e["type"], e.get("code"), e.get("play")) for e in out] == [
        ("warning", "checker_missing", None), ("play", "legal", "24/18 13/9")]
    assert r.alarms() == []


def test_an_illegal_play_read_with_the_opponents_blots_unseen_is_no_verdict_at_the_lift():
    r, after = _light_blots()
    mine = list(after.swap().player)
    mine[12], mine[10] = mine[12] - 1, mine[10] + 1  # 13/11: one checker two pips on a 6-4
    board = Position(tuple(mine), after.swap().opponent)
    out = r.show(board, "dark", wrong={21: 0, 5: 0}) + r.show(board, "dark", wrong={21: 0, 5: 0})
    assert [e for e in out if e["type"] == "play"] == []
    assert r.alarms() == []


def test_a_play_read_with_its_blots_unseen_is_weighed_at_the_lift():
    # g1641 frame 594: a reading lacking three of the mover's checkers (lone ones, read as none) was weighed only
    # once the opponent had rolled; weighed at the lift it shows one legal result, the verdict that roll brought
    r, after = _light_blots(TraysCounted)
    played = _play(after.swap(), (6, 4), "24/20* 8/2")  # dark's blots on geometric 1, 5 and 23
    r.unsure = {1}  # where his 24-point stood, the reader unsure now
    out = r.show(played, "dark", wrong={1: 0, 5: 0, 23: 0})
    assert _plays(out) == [
        ("play", "24/20* 8/2", True)]
    assert r.alarms() == []


def test_the_movers_play_is_judged_at_the_lift_though_an_opponents_stack_is_read_wildly_short():
    # g1651 frame 303: dark's 6-stack read as one checker (confidently) at the lift; light's play read exactly
    # waited 19 frames, for a reading of that stack
    r, after = _light_blots()
    played = _play(after.swap(), (6, 4), "24/18 13/9")
    out = r.show(played, "dark", wrong={6: 1})  # light's 6-point (4 checkers after 6/5) read as one
    assert _plays(out) == [
        ("play", "24/18 13/9", True)]
    assert r.alarms() == []


def test_the_opponents_checkers_unseen_at_such_a_lift_are_no_steady_misread_after_it():
    # race 4242 frame 767: kept as 'how the reader sees this board', dark's points misread at light's lift made a
    # foul of dark's 35 frames on read as a legal play (his unseen checkers taken for unchanged ones)
    r, after = _light_blots()
    played = _play(after.swap(), (6, 4), "24/18 13/9")
    for _ in range(2):
        r.show(played, "dark", wrong={21: 0, 5: 0})
    assert [e.get("play") for e in r.events if e["type"] == "play"][-1] == "24/18 13/9"
    seen = r.tracker.state.seen
    assert seen is not None and seen[20] == [1] and seen[4] == [1]  # light's blots: as the board holds them


def test_no_verdict_at_the_lift_on_a_guessed_board():
    # game 9191: a play judged at the lift on a guessed board (the opponent's checkers gone) kept the guess from
    # ending at the next clean verdict, and the later plays, an illegal 6-4 among them, went unjudged. On a guess
    # the lift reading of the mover's checkers is no verdict: the play waits, as before the lift rules
    r, after = _light_blots()
    r.tracker.state.guessed = True  # the believed board is a guess (an earlier play was not judged)
    played = _play(after.swap(), (6, 4), "24/18 13/9")
    out = r.show(played, "dark", wrong={21: 0, 5: 0}) + r.show(played, "dark", wrong={21: 0, 5: 0})
    assert [e for e in out if e["type"] == "play"] == []
    assert r.alarms() == []


def test_a_verdict_at_the_lift_on_a_guess_sure_of_every_checker_of_the_movers():
    # renders 10400 and 10402: a guess unsure only of the opponent's points (here light's blot on 21) holds the
    # mover's checkers for sure, so his play read exactly at the lift rests on nothing guessed: judged then, not at
    # the opponent's roll 9-10 frames on
    r, after = _light_blots()
    r.tracker.state.guessed, r.tracker.state.unsure_points = True, [20]  # geometric 21: light's blot
    played = _play(after.swap(), (6, 4), "24/18 13/9")
    out = r.show(played, "dark", wrong={21: 0, 5: 0}) + r.show(played, "dark", wrong={21: 0, 5: 0})
    assert _plays(out) == [("play", "24/18 13/9", True)]
    assert r.alarms() == []


def test_no_verdict_at_the_lift_on_a_guess_unsure_of_a_point_of_the_movers():
    r, after = _light_blots()
    r.tracker.state.guessed, r.tracker.state.unsure_points = True, [20, 11]  # geometric 12: dark's midpoint
    played = _play(after.swap(), (6, 4), "24/18 13/9")
    out = r.show(played, "dark", wrong={21: 0, 5: 0}) + r.show(played, "dark", wrong={21: 0, 5: 0})
    assert [e for e in out if e["type"] == "play"] == []
    assert r.alarms() == []
