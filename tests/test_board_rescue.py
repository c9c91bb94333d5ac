"""The board rescued from the frame's straight edges when an arm across it spoils the usual outlines.

Renders with fixed seeds (rendered here, JPEG-compressed like the files `bgref render stills` writes): seed 17054
(960x540, hands always) is an arm across the whole board that the region outlines lose (the finder said "no
backgammon board found" before the rescue)."""

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from device.sim.stills import render_still
from vision import board as board_mod
from vision.board import find_board
from vision.board_rescue import frame_line_quads


def _still(seed: int) -> tuple[np.ndarray, np.ndarray]:
    still = render_still(seed, size=(960, 540), hands=True)
    ok, buf = cv2.imencode(".jpg", still.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return cv2.imdecode(buf, cv2.IMREAD_COLOR), np.array(still.label["board"]["corners"], float)


@pytest.fixture(scope="module")
def arm_across():
    return _still(17054)


def test_an_arm_across_the_board_is_rescued_from_the_frame_edges(arm_across):
    image, truth = arm_across
    geo = find_board(image)
    err = np.linalg.norm(geo.corners - truth, axis=1)
    assert err.max() < 6.0, err


def test_the_rescue_runs_only_when_the_usual_outlines_find_no_board(arm_across, monkeypatch):
    image, _ = arm_across
    monkeypatch.setattr(board_mod, "_rescue", lambda found, refused_score=None, faint=None: None)
    with pytest.raises(board_mod.BoardNotFound):
        find_board(image)


def test_frame_line_outlines_include_the_board_under_the_arm(arm_across):
    image, truth = arm_across
    s = board_mod.FIND_SIZE / max(image.shape[:2])
    small = cv2.resize(image, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    quads = frame_line_quads(small)
    assert quads
    near = [float(np.max(np.linalg.norm(board_mod.order_corners(q) / s - board_mod.order_corners(truth), axis=1)))
            for q in quads]
    assert min(near) < 0.02 * np.hypot(*image.shape[:2]), near


def test_a_plain_card_has_a_straight_outline_but_is_no_board():
    """The edges propose the card's outline; the point pattern refuses it, rescue or not."""
    image = np.full((360, 640, 3), (90, 110, 100), np.uint8)
    card = np.array([[150, 70], [500, 90], [480, 300], [170, 290]])
    cv2.fillConvexPoly(image, card.astype(np.int32), (230, 230, 225))
    quads = frame_line_quads(image)
    assert min(float(np.max(np.linalg.norm(q - card, axis=1))) for q in quads) < 4.0
    with pytest.raises(board_mod.BoardNotFound):
        find_board(image)


def test_sample_still_with_two_arms_over_the_board_is_found():
    """sample_images/stills/sim_11: one arm over the top-left quarter, one over the bottom-right; the region
    outlines take in the arm and read the points too faintly, the board re-found inside one reads clearly."""
    base = Path(__file__).resolve().parent.parent / "sample_images" / "stills"
    label = json.loads((base / "sim_11.json").read_text())
    geo = find_board(cv2.imread(str(base / "sim_11.jpg")))
    err = np.linalg.norm(geo.corners - np.array(label["board"]["corners"], float), axis=1)
    assert err.max() < 6.0, err


@pytest.fixture(scope="module")
def long_points_start():
    """The first frame of game 65535 (960x540, a known lens): the starting position on a board whose points run
    20 cm of its 25 cm half-height, its five-checker stacks as long; in the undistorted view every usual outline
    fades towards the middle by only 0.10-0.13 (the middle rows hold the tips and the stacks)."""
    from device.pipeline import recording_lens
    from device.sim.video import film_game

    game = film_game(65535, plays=1, illegal_rate=0.0, incident_rate=0.0, size=(960, 540))
    _, image, label = next(game.frames())
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return cv2.imdecode(buf, cv2.IMREAD_COLOR), recording_lens(game.info()), np.array(label["board"]["corners"])


def test_a_board_whose_points_reach_the_middle_is_rescued(long_points_start):
    image, lens, truth = long_points_start
    geo = find_board(image, lens)
    err = np.linalg.norm(geo.corners - truth, axis=1)
    assert err.max() < 4.0, err


def test_the_rescue_asks_a_fade_of_long_pointed_boards_too(long_points_start, monkeypatch):
    """Held to the usual outlines' fade (MIN_TAPER) the rescue built the right board and refused it: the referee
    never saw the start of that game. A chessboard's pattern does not fade at all (tested in test_board.py)."""
    image, lens, _ = long_points_start
    monkeypatch.setattr(board_mod, "RESCUE_TAPER", board_mod.MIN_TAPER)
    # (the search in the undistorted view alone: since session 39 find_board falls back on the frame as the camera
    # gave it when that search finds nothing, test_board_lens_fallback.py)
    with pytest.raises(board_mod.BoardNotFound):
        board_mod._find_board(image, lens)
