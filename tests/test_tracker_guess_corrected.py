"""A guess is corrected where readings show its doubtful points otherwise, with confidence (issue 6, "re-read and
recover").

A play not judged leaves the likeliest legal board as a guess. When the play was in fact illegal, the guess is
wrong exactly where the checkers landed; the readings after it show those points as they stand, with confidence,
but as a count one off the guess they passed for misreads, so the guess never ended and every later foul went
unsaid (judging game 38535, frame 641 on). A change of the guess on its unsure points that keeps each colour's
count of checkers, read so in two readings, is taken; one that adds or drops a checker is a misread and is not.
"""

from __future__ import annotations

from device.tracker import _board_json
from rules.position import Position
from tests.test_tracker_faults import START, Reader, _play
from tests.test_tracker_guess_points import TrayBlindReader, dark_fouls


def _on_a_wrong_guess(r: Reader) -> tuple[Position, tuple[int, ...], tuple[int, ...]]:
    """Light opens 3-1 (8/5 6/5), but the referee's board is a guess with one of light's checkers on his 4-point
    instead of his 5-point, unsure of both: the position as it truly stands, and the guess's and truth's points."""
    r.start(3, 1)
    truth = _play(START, (3, 1), "8/5 6/5")
    r.show(truth, "light")
    board = r.tracker.seating.board(truth, "light")
    guess = list(board.points)
    guess[4] -= 1  # light's 5-point (geometric, 0-based 4): 1 of 2
    guess[3] += 1  # light's 4-point: a checker that is not there
    st = r.tracker.state
    st.board = _board_json(type(board)(tuple(guess), board.bar, board.off))
    # the reading at the lift showed the truth there, doubted: kept as the reader's steady misreads of the guess
    # (see GameTracker._believe), so later readings of it cost nothing against the guess
    st.seen, st.seen_bar = [[n] for n in board.points], [[n] for n in board.bar]
    st.guessed, st.unsure_points = True, [3, 4]  # as a play not judged leaves it (see _guess_unsure)
    return truth, tuple(guess), board.points


def test_a_wrong_guess_read_otherwise_twice_is_corrected_and_the_next_foul_is_called():
    r = Reader()
    truth, _, points = _on_a_wrong_guess(r)
    for _ in range(4):
        r.show(truth.swap(), "dark")  # nothing moves while dark picks up his dice
    assert tuple(r.tracker.state.board[0]) == points
    assert not r.tracker.state.guessed  # the corrected points then read as believed: the guess ends
    dark_fouls(r, truth)
    assert [(e["type"], e.get("player"), e.get("legal")) for e in r.alarms()] == [("play", "dark", False)]


def test_one_reading_otherwise_corrects_nothing():
    r = Reader()
    truth, guess, _ = _on_a_wrong_guess(r)
    r.show(truth.swap(), "dark")
    assert tuple(r.tracker.state.board[0]) == guess
    assert r.tracker.state.guessed


def test_a_reading_that_drops_a_checker_of_the_guess_is_no_correction():
    # the guess's 4-point read empty, its 5-point read as guessed: light one checker short, a misread (a lone
    # checker missed), not where the guess went wrong
    r = TrayBlindReader()
    truth, guess, _ = _on_a_wrong_guess(r)
    for _ in range(4):
        r.show(truth.swap(), "dark", wrong={5: 1, 4: 0})
    assert tuple(r.tracker.state.board[0]) == guess
    assert r.tracker.state.guessed
