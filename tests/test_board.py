"""The board finder on drawn boards with exact truth, on the real labelled photos, drift checks and
`bgref calibrate` end to end."""

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from calibration.calibfile import Calibration
from calibration.start import start_counts
from device.cli import main
from vision.board import (BoardCutOff, BoardNotFound, MultipleBoards, check_geometry, find_board, geometry_from_corners,
                          rectify, track_board)
from vision.board_synth import SynthStyle, draw_top_down, place
from vision.calibrate_board import calibrate_board
from vision.board_eval import evaluate_corners

REAL = Path(__file__).resolve().parents[2] / "shared" / "real"

cv2.setNumThreads(1)


def _point_errors(geo, board) -> np.ndarray:
    return np.array([np.linalg.norm(geo.to_image(np.array([geo.point_base(p)]))[0] - np.array(board.point_bases[p]))
                     for p in range(1, 25)])


@pytest.mark.parametrize("turn, tilt, trays, counts", [
    (0.0, 0.0, (True, True), None),
    (-12.0, 0.15, (False, True), "top-left"),
    (15.0, 0.2, (False, False), "bottom-right"),
])
def test_finds_a_drawn_board_to_a_few_pixels(turn, tilt, trays, counts):
    style = SynthStyle(trays=trays)
    top, layout = draw_top_down(start_counts(counts) if counts else None, style)
    board = place(top, layout, turn_deg=turn, tilt=tilt, style=style, seed=1)
    geo = find_board(board.image)
    corner_err = np.linalg.norm(geo.corners - board.corners, axis=1)
    pw = np.linalg.norm(np.array(board.point_bases[1]) - np.array(board.point_bases[2]))
    assert corner_err.max() < 5.0, corner_err
    assert _point_errors(geo, board).max() < 0.25 * pw
    assert len(geo.trays) == sum(trays)


def test_rectified_view_shows_the_points_where_the_geometry_says():
    style = SynthStyle()
    top, layout = draw_top_down(None, style)
    board = place(top, layout, turn_deg=7, tilt=0.1, style=style)
    geo = geometry_from_corners(board.image, board.corners)
    view = rectify(board.image, geo)
    assert view.shape[:2] == (geo.rect_size[1], geo.rect_size[0])
    # point 1 is drawn in point_a colour, point 2 in point_b colour: sample just inside their bases
    for p, colour in ((1, style.point_a), (2, style.point_b), (13, style.point_a), (24, style.point_b)):
        x, y = geo.point_base(p)
        y += 8 if p > 12 else -8
        assert np.abs(view[int(y), int(x)].astype(int) - colour).max() < 40, p
    assert _point_errors(geo, board).max() < 3.0


def test_no_board_and_two_boards():
    rng = np.random.default_rng(0)
    table = np.clip(rng.normal(120, 20, (600, 900, 3)), 0, 255).astype(np.uint8)
    with pytest.raises(BoardNotFound):
        find_board(table)
    style = SynthStyle()
    top, layout = draw_top_down(None, style)
    a = place(top, layout, image_size=(1600, 600), fill=0.42, shift=(-400, 0), style=style)
    b = place(top, layout, image_size=(1600, 600), fill=0.42, shift=(400, 0), style=style)
    mask = np.zeros(a.image.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.round(b.corners).astype(np.int32), 255)
    both = a.image.copy()
    both[mask > 0] = b.image[mask > 0]
    with pytest.raises(MultipleBoards) as exc:
        find_board(both)
    assert "more than one" in str(exc.value)


def test_textures_are_not_boards():
    """Blurred noise has structure at every scale; a board must show points that fade towards the middle."""
    rng = np.random.default_rng(5)
    found = 0
    for _ in range(8):
        image = cv2.GaussianBlur(rng.integers(0, 255, (360, 480, 3), dtype=np.uint8), (0, 0), rng.uniform(0.5, 4))
        try:
            find_board(image)
            found += 1
        except (BoardNotFound, BoardCutOff):  # either way the noise is not taken for a board to referee
            pass
    assert found <= 1


def test_drift_check_tells_a_moved_board_from_a_still_one():
    style = SynthStyle()
    top, layout = draw_top_down(start_counts("bottom-left"), style)
    board = place(top, layout, turn_deg=4, tilt=0.05, style=style)
    geo = geometry_from_corners(board.image, board.corners)
    assert check_geometry(board.image, geo) > 0.9
    small = cv2.resize(board.image, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    assert check_geometry(small, geo) > 0.8  # any resolution of the same view
    darker = (board.image * 0.6).astype(np.uint8)  # the lights dimmed: still the same board
    assert check_geometry(darker, geo) > 0.8
    moved_board = place(top, layout, turn_deg=4, tilt=0.05, style=style, shift=(25, 10))
    assert check_geometry(moved_board.image, geo) < 0.5
    same, score, refound = track_board(board.image, geo)
    assert same is geo and not refound and score > 0.9
    new, score, refound = track_board(moved_board.image, geo)
    assert refound and score < 0.5
    assert np.linalg.norm(new.corners - moved_board.corners, axis=1).max() < 5


@pytest.mark.parametrize("home", ["top-right", "bottom-left"])
def test_calibrate_board_learns_seating_from_the_start(home, tmp_path):
    style = SynthStyle()
    top, layout = draw_top_down(start_counts(home), style)
    board = place(top, layout, turn_deg=-6, tilt=0.08, style=style)
    cal = calibrate_board(board.image, source="synthetic")
    assert cal.light_seat == ("top" if home.startswith("top") else "bottom")
    assert cal.home["light"] == list(range(1, 25))[{"bottom-right": 0, "bottom-left": 6, "top-left": 12,
                                                     "top-right": 18}[home]:][:6]
    assert {"light", "dark", "point_odd", "point_even"} <= set(cal.colours)
    light, dark = cal.colours["light"].mean[0], cal.colours["dark"].mean[0]
    assert light > dark
    pw = cal.geometry.point_width(1)
    assert 0.75 * pw < cal.checker_diameter_px < 1.0 * pw


def test_calibrate_command_end_to_end(tmp_path, capsys):
    style = SynthStyle()
    top, layout = draw_top_down(start_counts("top-right"), style)
    board = place(top, layout, turn_deg=3, tilt=0.05, style=style)
    image = tmp_path / "start.png"
    cv2.imwrite(str(image), board.image)
    out = tmp_path / "board.json"
    capsys.readouterr()
    assert main(["calibrate", "board", str(image), "-o", str(out)]) == 0
    cal = Calibration.load(out)
    assert cal.light_seat == "top" and cal.dice_half == {"light": "left", "dark": "right"}
    # how large a die will show is said at set-up, with what to do when the dice reader cannot read it
    from vision.dice import MIN_DIE_PX
    from vision.reader import die_edge_px

    said = [line for line in capsys.readouterr().out.splitlines() if line.startswith("a die will be about")]
    die = die_edge_px(cal.geometry)
    assert len(said) == 1 and f"about {die:.1f} px across" in said[0]
    assert ("camera closer" in said[0]) == (die < MIN_DIE_PX)
    assert main(["calibrate", "check", str(image), "--calibration", str(out)]) == 0

    # a position that is not the start: one clear line, exit code 2
    counts = start_counts("top-right")
    counts[18] -= 2
    counts[20] += 2
    top, layout = draw_top_down(counts, style)
    cv2.imwrite(str(image), place(top, layout, turn_deg=3, tilt=0.05, style=style).image)
    capsys.readouterr()
    assert main(["calibrate", "board", str(image), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "starting position" in err and "saw" in err
    assert main(["calibrate", "board", str(tmp_path / "missing.jpg"), "-o", str(out)]) == 2


needs_real = pytest.mark.skipif(not REAL.is_dir(), reason=f"real labelled photos not found at {REAL}")


@needs_real
def test_real_photos_chessboard_rejected_and_tournament_photo_found():
    chess = cv2.imread(str(REAL / "r18.png"))
    with pytest.raises(BoardNotFound):
        find_board(chess)
    label = json.loads((REAL / "r19.json").read_text())
    geo = find_board(cv2.imread(str(REAL / "r19.jpg")))
    err = np.linalg.norm(geo.corners - np.array(label["board"]["corners"], float), axis=1)
    assert err.mean() < 20, err


@needs_real
def test_evaluate_corners_reports_every_labelled_photo(tmp_path):
    for name in ("r18", "r22"):
        for ext in (".json", ".jpg", ".png"):
            if (REAL / f"{name}{ext}").exists():
                (tmp_path / f"{name}{ext}").write_bytes((REAL / f"{name}{ext}").read_bytes())
    res = evaluate_corners([tmp_path])
    assert res["images"] == 2 and res["rejected"] == 1 and res["false_found"] == 0
    assert res["found"] + res["missed"] == 1


@pytest.mark.parametrize("trays", [(True, True), (False, True)])
def test_halves_keep_their_end_points_when_checkers_hide_them(trays):
    """Stacks on every half's outer and bar-side points hide those triangles; a half must not slide one point
    into the bar or a tray (the whole-column shift seen on real photos)."""
    counts = [0] * 24
    for p, n in ((1, 5), (6, -5), (7, 5), (12, -5), (13, 5), (18, -5), (19, 5), (24, -5)):
        counts[p - 1] = n
    style = SynthStyle(trays=trays)
    top, layout = draw_top_down(counts, style)
    board = place(top, layout, turn_deg=4, tilt=0.1, style=style, seed=3)
    geo = geometry_from_corners(board.image, board.corners)
    pw = np.linalg.norm(np.array(board.point_bases[1]) - np.array(board.point_bases[2]))
    assert _point_errors(geo, board).max() < 0.3 * pw
    for t in geo.trays:  # every tray is a real strip
        assert t[2] > t[0] and t[3] > t[1]


@pytest.mark.parametrize("side", ["left", "right", "top"])
def test_a_board_running_off_the_image_is_cut_off_and_a_whole_one_is_not(side):
    """A camera that shows only part of the board must say so (not read a shifted layout); the same board
    whole in the image is found."""
    style = SynthStyle()
    top, layout = draw_top_down(start_counts("bottom-right"), style)
    board = place(top, layout, turn_deg=0.0, tilt=0.1, style=style, seed=2)
    pw = abs(board.point_bases[1][0] - board.point_bases[2][0])
    img = board.image
    crop = {"left": img[:, int(board.point_bases[12][0] + 0.8 * pw):],
            "right": img[:, :int(board.point_bases[1][0] - 0.8 * pw)],
            "top": img[int(board.point_bases[13][1] + 1.0 * pw):]}[side]
    with pytest.raises(BoardCutOff):
        find_board(np.ascontiguousarray(crop))
    assert find_board(img).score > 0


def _arm_over_the_top_side_and_grain_beside(seed: int = 3):
    """A drawn board whose top frame edge is half hidden by an arm, on a table with long straight grain lines."""
    style = SynthStyle(trays=(True, False))
    top, layout = draw_top_down(start_counts("bottom-right"), style)
    board = place(top, layout, turn_deg=-6, tilt=0.15, style=style, seed=seed)
    img = board.image.copy()
    c = board.corners
    a, b = c[0] + 0.3 * (c[1] - c[0]), c[0] + 0.75 * (c[1] - c[0])
    arm = np.array([a + (0, -400), b + (0, -400), b + (0, 40), a + (0, 40)], np.int32)
    cv2.fillConvexPoly(img, arm, (120, 160, 215))
    mask = np.zeros(img.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, c.astype(np.int32), 255)
    cv2.fillConvexPoly(mask, arm, 255)
    grain = img.copy()
    d = c[1] - c[0]
    down = (c[3] - c[0]) / np.linalg.norm(c[3] - c[0])
    for k in range(-30, 40):
        p = c[3] + down * (12 * k)
        cv2.line(grain, tuple((p - 2 * d).astype(int)), tuple((p + 2 * d).astype(int)), (90, 62, 25), 3)
    return np.where(mask[..., None] > 0, img, grain), board


def test_frame_edge_half_hidden_by_an_arm_and_table_grain_are_told_apart():
    from vision.board_frame import outer_frame_lines

    img, board = _arm_over_the_top_side_and_grain_beside()
    # from the true playing area: the frame's four edges, not the grain lines beside it or the field's edge
    corners = outer_frame_lines(img, board.playing_area)
    assert np.linalg.norm(corners - board.corners, axis=1).max() < 3.0
    # from scratch: the corners under the arm stay on the frame (the column profiles alone lose that side)
    geo = find_board(img)
    assert np.linalg.norm(geo.corners[:2] - board.corners[:2], axis=1).max() < 5.0
