"""Three round letters in the middle of a word printed on the board are a row of three evenly spaced blobs on a plain
field: a three. The letters before and after them lie one spacing beyond each end along the row (renders 67221 and
67280: "TOURNAMENT" and "Backgammon" read as a third die showing 3, with confidence); a die's three ends at its
face's corners, so nothing of its ink lies there on both sides."""

from __future__ import annotations

from vision.dice import _in_a_line_of_print
from vision.dice_pips import Pip


def _blob(x: float, y: float, contrast: float = 60.0, elongation: float = 1.1, dark: bool = False) -> Pip:
    return Pip(x, y, 12.0, 4.0, elongation, 0.0, contrast, 60.0, dark)


ROW = [_blob(100.0, 50.0), _blob(110.0, 50.5), _blob(120.0, 50.0)]  # three letters, 10 px apart


def test_a_row_running_on_at_both_ends_is_print():
    letters = ROW + [_blob(89.0, 50.0, elongation=2.0), _blob(131.5, 51.0, contrast=40.0, elongation=1.4)]
    assert _in_a_line_of_print(ROW, letters)


def test_a_diagonal_three_running_on_both_ways_is_print_too():
    three = [_blob(100.0, 100.0), _blob(107.0, 107.0), _blob(114.0, 114.0)]
    assert _in_a_line_of_print(three, three + [_blob(93.5, 92.0), _blob(121.0, 122.0)])


def test_a_three_with_nothing_or_one_thing_beyond_its_ends_is_kept():
    assert not _in_a_line_of_print(ROW, ROW)
    assert not _in_a_line_of_print(ROW, ROW + [_blob(90.0, 50.0)])  # the word's first three letters: the die decides
    # blobs beyond both ends, but off the row (another die's pips beside it), fainter than the three's ink, or of the
    # other polarity, are no print of this row
    beside = [_blob(90.0, 60.0), _blob(130.0, 40.0)]
    faint = [_blob(90.0, 50.0, contrast=20.0), _blob(130.0, 50.0, contrast=20.0)]
    other = [_blob(90.0, 50.0, dark=True), _blob(130.0, 50.0, dark=True)]
    for extra in (beside, faint, other):
        assert not _in_a_line_of_print(ROW, ROW + extra)
