"""The board's ends: a card lying against one end is not part of the frame."""

import cv2
import numpy as np
import pytest

from vision.board import find_board
from vision.board_synth import SynthStyle, draw_top_down, place

cv2.setNumThreads(1)


def _with_card(seed: int, width: float, cover: float, colour: tuple[int, int, int]):
    """A drawn board with a card (``width`` of the board's length, covering ``cover`` of the end) lying against
    its left end on the table."""
    style = SynthStyle()
    top, layout = draw_top_down(None, style)
    board = place(top, layout, turn_deg=5.0, tilt=0.08, fill=0.7, style=style, seed=seed)
    c = board.corners
    out = (c[0] + c[3]) / 2 - c.mean(axis=0)
    out /= np.linalg.norm(out)
    length = np.linalg.norm(c[1] - c[0])
    p0, p1 = c[0] + (0.5 - cover / 2) * (c[3] - c[0]), c[0] + (0.5 + cover / 2) * (c[3] - c[0])
    card = np.array([p0, p1, p1 + out * width * length, p0 + out * width * length])
    image = board.image.copy()
    cv2.fillConvexPoly(image, np.int32(np.round(card)), colour)
    return image, board


@pytest.mark.parametrize("seed, width, cover, colour", [
    (3, 0.08, 0.8, (245, 245, 245)),
    (7, 0.10, 1.0, (200, 230, 250)),
])
def test_a_card_against_an_end_is_not_taken_for_the_frame(seed, width, cover, colour):
    image, board = _with_card(seed, width, cover, colour)
    geo = find_board(image)
    assert np.linalg.norm(geo.corners - board.corners, axis=1).max() < 4.0


@pytest.mark.parametrize("seed", [
    4148,  # a light tray inside a dark frame on a dark cloth: the tray's outer edge is no frame edge
    5183,  # a dark tray on a dark table at one end: the ends are alike, the other end shows its tray
])
def test_a_tray_on_a_dark_table_stays_inside_the_frame(seed):
    from device.sim.stills import render_still

    still = render_still(seed)
    truth = np.array(still.label["board"]["corners"], float)
    geo = find_board(still.image)
    assert np.linalg.norm(geo.corners - truth, axis=1).max() < 5.0
