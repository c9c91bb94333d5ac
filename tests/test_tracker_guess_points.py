"""A guessed board ends once the reading confirms the points it was unsure of (issue 6, G2).

After a play the tracker could not judge, the believed board is a guess: no illegal call, no filling at the lift.
A guess used to end only when a reading showed the whole board point for point, which a steady misread elsewhere
(dark's 6-point, 5 checkers, read 4 in every reading here) never allows: every later play went unjudged. The guess
notes the points it may be wrong on; two still readings that show them as guessed, read with confidence, end it.
A point still in doubt keeps it a guess, and nothing is called that rests on it: a foul of the mover's is called
only when the guess holds none of his checkers on its doubtful points and no legal play fits his checkers as read
whatever the opponent holds there.
"""

from __future__ import annotations

from rules.position import Position
from tests.daemon_scenes import die
from tests.test_tracker_faults import START, Reader, _play


class TrayBlindReader(Reader):
    """The faulty reader of test_tracker_faults, with the trays unseen (counts None): a stack read short then
    leaves a checker missing, not one borne off."""

    def read_trays(self, obs) -> None:
        obs.off = {"light": None, "dark": None}


def light_opens_on_a_guess(r: Reader, unsure_points: list[int], doubted: set[int]) -> Position:
    """Light opens 3-1 (8/5 6/5) and the referee's board is then a guess unsure on ``unsure_points`` (0-based), the
    reader doubting ``doubted``: the position after light's play."""
    r.start(3, 1)
    after = _play(START, (3, 1), "8/5 6/5")
    r.show(after, "light")
    st = r.tracker.state
    st.guessed, st.unsure_points = True, unsure_points  # as a play not judged leaves it (see _guess_unsure)
    r.unsure = doubted
    return after


def _dark_fouls_after_a_guess(unsure_points: list[int], doubted: set[int]) -> Reader:
    r = TrayBlindReader(wrong={19: -4})  # dark's 6-point read one short in every reading: a steady misread
    after = light_opens_on_a_guess(r, unsure_points, doubted)
    for _ in range(3):
        r.show(after.swap(), "dark")  # nothing moves while dark picks up his dice
    dark_fouls(r, after)
    return r


def dark_fouls(r: Reader, after: Position) -> None:
    """After light's play (``after``), dark rolls 6-4 and plays 24/18 13/9 13/11, one checker too many, seen in
    four readings."""
    r.show(after.swap(), "dark", (die(6, "left"), die(4, "left")))
    legal = _play(after.swap(), (6, 4), "24/18 13/9")
    player = list(legal.player)
    player[12], player[10] = player[12] - 1, player[10] + 1  # and 13/11: one checker too many
    foul = type(legal)(tuple(player), legal.opponent)
    for _ in range(4):
        r.show(foul, "dark")


def test_a_guess_confirmed_on_its_unsure_points_lets_a_foul_on_sure_points_be_called():
    r = _dark_fouls_after_a_guess([4, 5, 7], set())  # light's 5-, 6- and 8-points (0-based)
    assert not r.tracker.state.guessed
    assert [(e["type"], e.get("player"), e.get("legal")) for e in r.alarms()] == [("play", "dark", False)]


def test_a_foul_resting_on_no_point_of_a_guess_still_in_doubt_is_called():
    # light's 6-point read with doubt in every reading keeps the guess, but it holds none of dark's checkers and
    # dark's play (read with confidence) is no legal 6-4 whatever light holds there: the foul does not rest on the
    # guess (g1643 frame 667, the other way round: light's bar/19 13/8 after a dark play not judged)
    r = _dark_fouls_after_a_guess([4, 5, 7], {6})
    assert r.tracker.state.guessed
    assert [(e["type"], e.get("player"), e.get("legal")) for e in r.alarms()] == [("play", "dark", False)]


def test_a_guess_in_doubt_where_the_mover_has_checkers_calls_nothing():
    # the guess unsure of dark's own 6-point (geometric 19, read 4 of 5 in every reading): where his checkers
    # stood is not known for sure, so no foul of his is called on it
    r = _dark_fouls_after_a_guess([4, 5, 7, 18], {6, 19})
    assert r.tracker.state.guessed
    assert r.alarms() == []


def test_a_guess_unsure_anywhere_calls_nothing():
    r = _dark_fouls_after_a_guess(None, set())  # a hit or a bear-off unseen: any point may be wrong
    assert r.alarms() == []


def test_a_tall_stack_read_as_guessed_though_doubted_confirms_the_guess():
    # the reader doubts every stack of five or more with a layer (vision.checker_doubt), so its confidence never
    # confirms one: dark's 6-point (geometric 19, five checkers) read 5 but doubted in every reading, as the guess
    # holds it, is shown (judging game 56434 frames 181-298: dark's 6-stack kept a right guess to the game's end)
    r = TrayBlindReader()
    after = light_opens_on_a_guess(r, [4, 5, 7, 18], {19})
    for _ in range(3):
        r.show(after.swap(), "dark")
    assert not r.tracker.state.guessed
    dark_fouls(r, after)
    assert [(e["type"], e.get("player"), e.get("legal")) for e in r.alarms()] == [("play", "dark", False)]
