"""A one or a two read where two touching checkers of a point meet is the board showing through beside their contact
(rendered game 21535, frame 102: a "2" read there hid light's lift for 21 frames), never a die lying flat; a die
beside the row, or between checkers that do not touch, is kept."""

from __future__ import annotations

import numpy as np

from vision.checker_dice import at_contact
from vision.observation import DieReading

R = 12.5  # checker radius in the view's px


class _View:
    """A view whose rectified px are the image's (the reader's work geometry, reduced to what at_contact uses)."""

    checker_diameter_px = 2 * R

    @staticmethod
    def to_rect(pts: np.ndarray) -> np.ndarray:
        return np.asarray(pts, float)


def _row(x: float, ys: list[float], point: int = 7, colour: str = "dark") -> list[dict]:
    return [{"x": x, "y": y, "r": R, "where": point, "colour": colour} for y in ys]


def _die(value: int, x: float, y: float) -> DieReading:
    return DieReading(value=value, flat=True, center=[x, y], half="left")


def test_a_two_at_the_contact_of_two_touching_checkers_is_their_gap():
    discs = _row(200.0, [300.0, 274.0, 248.0])
    dice = [_die(2, 200.5, 261.5), _die(5, 400.0, 150.0)]
    assert at_contact(dice, _View(), discs) == {0}


def test_a_one_there_is_the_contact_itself():
    assert at_contact([_die(1, 200.0, 287.0)], _View(), _row(200.0, [300.0, 274.0])) == {0}


def test_a_die_beside_the_row_or_between_checkers_apart_is_kept():
    discs = _row(200.0, [300.0, 274.0]) + _row(260.0, [300.0, 240.0], point=8)  # point 8's two lie apart
    dice = [_die(2, 225.0, 287.0), _die(2, 260.0, 270.0), _die(6, 200.0, 287.0)]
    assert at_contact(dice, _View(), discs) == set()


def test_checkers_of_two_points_side_by_side_are_no_contact():
    discs = _row(200.0, [300.0]) + _row(226.0, [300.0], point=8)
    assert at_contact([_die(2, 213.0, 300.0)], _View(), discs) == set()


def test_a_one_in_a_wedge_beside_the_contact_is_the_board_lit_between_the_checkers():
    # renders 67113, 67126, 67148, 67208, 67335: the lit wedge of board either side of two touching checkers' contact,
    # read as a third die (a one), 0.5-1 checker radius off the contact: beyond CONTACT_REACH, within both rims
    discs = _row(200.0, [300.0, 274.0])
    dice = [_die(1, 208.0, 287.0), _die(1, 191.5, 286.0), _die(4, 400.0, 150.0)]
    assert at_contact(dice, _View(), discs) == {0, 1}


def test_a_one_against_one_checker_or_off_the_wedge_is_kept():
    discs = _row(200.0, [300.0, 274.0])
    dice = [_die(1, 200.0, 313.5),  # against the lower checker's rim only (far from the upper one's)
            _die(1, 222.0, 287.0),  # beside the contact, a die's width out: clear of both rims
            _die(2, 213.5, 310.0)]  # nestled against the lower checker, off the wedge
    assert at_contact(dice, _View(), discs) == set()
