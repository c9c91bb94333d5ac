"""The 24 points' layout: each half must end on its own end points, and stay there when the corners move a little.

A half shifted by one point fits the periodic point pattern almost as well as the right one; only the evidence at
the ends tells them apart. These tests check that evidence on a drawn board with exact truth."""

import cv2
import numpy as np
import pytest

from vision.board import geometry_from_corners
from vision.board_layout import _end_evidence, _slant_wave
from vision.board_synth import SynthStyle, draw_top_down, place

cv2.setNumThreads(1)


def _slant_signal(n: int, starts: list[float], pw: float) -> np.ndarray:
    """A slant profile with a triangle's one-period wave in each of 6 slots from every start."""
    sig = np.zeros(n)
    for s in starts:
        for k in range(6):
            x = np.arange(int(s + k * pw), int(s + (k + 1) * pw))
            sig[x] += np.sin(2 * np.pi * (x + 0.5 - (s + k * pw)) / pw)
    return sig


def test_end_evidence_prefers_the_true_ends_over_a_one_point_shift():
    pw = 14.0
    a, b = 30, 30 + 6 * 14 + 18  # a bar of 18 columns
    sig = _slant_signal(260, [a, b], pw)
    L = int(6 * pw)
    right = _end_evidence(sig, a, L, b, L)
    for da, db in ((-14, 0), (14, 0), (0, 14), (0, -14), (14, 14), (-14, -14)):
        assert _end_evidence(sig, a + da, L, b + db, L) < right - 0.2  # each end set wrong costs a quarter
    assert len(_slant_wave(L)) == L


def test_a_covered_end_point_is_no_evidence_against_its_half():
    pw = 14.0
    a, b = 30, 30 + 6 * 14 + 18
    sig = _slant_signal(260, [a, b], pw)
    L = int(6 * pw)
    sig[a:a + 14] = 0.0  # checkers hide the left half's first triangle on both long sides
    uncovered = _end_evidence(sig, a, L, b, L)
    covered = _end_evidence(sig, a, L, b, L, checkers_x=np.array([a + 7.0]))
    assert covered > uncovered + 0.1
    assert covered > _end_evidence(sig, a + 14, L, b, L, checkers_x=np.array([a + 7.0]))


@pytest.mark.parametrize("amp", [0.5, 3.0])
def test_points_stay_put_when_the_corners_move_a_little(amp):
    """End points hidden under checkers (the hard case); corners jittered by up to `amp` px: every reading
    must put all 24 point bases within a third of a point of the truth."""
    counts = [0] * 24
    for p, n in ((1, 5), (6, -5), (7, 5), (12, -5), (13, 5), (18, -5), (19, 5), (24, -5)):
        counts[p - 1] = n
    style = SynthStyle(trays=(False, True))
    top, layout = draw_top_down(counts, style)
    board = place(top, layout, turn_deg=-6, tilt=0.12, style=style, seed=5)
    truth = np.array([board.point_bases[p] for p in range(1, 25)])
    pw = np.linalg.norm(truth[0] - truth[1])
    rng = np.random.default_rng(11)
    for _ in range(3):
        geo = geometry_from_corners(board.image, board.corners + rng.uniform(-amp, amp, (4, 2)))
        found = geo.to_image(np.array([geo.point_base(p) for p in range(1, 25)]))
        assert np.linalg.norm(found - truth, axis=1).max() < pw / 3


def test_a_clear_board_is_not_flagged_as_ambiguous():
    from vision.board import rectify

    style = SynthStyle()
    top, layout = draw_top_down(None, style)
    board = place(top, layout, turn_deg=3, tilt=0.05, style=style, seed=2)
    geo = geometry_from_corners(board.image, board.corners)
    from vision.board_layout import find_layout

    lay = find_layout(rectify(board.image, geo))
    assert lay is not None and not lay.shift_ambiguous and lay.shift_margin > 0.1
    assert geo.layout_margin is not None and geo.layout_margin > 0.1  # the geometry carries it to the reader
