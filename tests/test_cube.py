"""Doubling cube reader: drawn cube faces at several turns, and no cube where there is none."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.cube import read_cube, read_cube_face

SHARED = Path(__file__).resolve().parents[2] / "shared"
DICE_SET = SHARED / "dice" / "matteop65" / "images"
REAL_BOARDS = SHARED / "real"


def draw_cube(value: int, turn: int = 0, edge: int = 70, face=(230, 230, 225), ink=(30, 30, 30)) -> np.ndarray:
    """A cube face seen from above on a dark green field, the number in Hershey Duplex, turned by quarter turns."""
    tile = np.zeros((edge, edge, 3), np.uint8)
    tile[:] = face
    scale = 1.3 if value < 10 else 1.0
    (w, h), _ = cv2.getTextSize(str(value), cv2.FONT_HERSHEY_DUPLEX, scale, 3)
    cv2.putText(tile, str(value), ((edge - w) // 2, (edge + h) // 2), cv2.FONT_HERSHEY_DUPLEX, scale, ink, 3,
                cv2.LINE_AA)
    tile = np.ascontiguousarray(np.rot90(tile, turn))
    img = np.zeros((480, 640, 3), np.uint8)
    img[:] = (40, 90, 40)
    img[200:200 + edge, 300:300 + edge] = tile
    return cv2.GaussianBlur(img, (3, 3), 0.7)


@pytest.mark.parametrize("value", [2, 4, 8, 16, 32, 64])
@pytest.mark.parametrize("turn", [0, 1, 3])
def test_drawn_cube_is_read(value, turn):
    cube = read_cube(draw_cube(value, turn))
    assert cube is not None and cube.value == value
    assert abs(cube.center[0] - 335) < 6 and abs(cube.center[1] - 235) < 6


def test_light_number_on_dark_cube():
    cube = read_cube(draw_cube(32, 2, face=(25, 25, 25), ink=(235, 235, 235)))
    assert cube is not None and cube.value == 32


def test_no_cube_on_plain_field_or_blank_face():
    assert read_cube(np.full((240, 320, 3), 90, np.uint8)) is None
    assert read_cube_face(np.full((64, 64), 200, np.uint8))[0] is None


def test_mask_must_be_an_array():
    with pytest.raises(TypeError):
        read_cube(draw_cube(2), mask="not a mask")  # type: ignore[arg-type]


def draw_key(text: str, scale: float, edge: int = 70, face=(40, 40, 40), ink=(230, 230, 230)) -> np.ndarray:
    """A keyboard key seen from above: a dark square on a light desk with a small light label, like "Fn"."""
    img = np.zeros((480, 640, 3), np.uint8)
    img[:] = (180, 185, 190)
    img[200:200 + edge, 300:300 + edge] = face
    (w, h), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_DUPLEX, scale, 2)
    cv2.putText(img, text, (300 + (edge - w) // 2, 200 + (edge + h) // 2), cv2.FONT_HERSHEY_DUPLEX, scale, ink, 2,
                cv2.LINE_AA)
    return cv2.GaussianBlur(img, (3, 3), 0.7)


@pytest.mark.parametrize("text", ["8", "2", "64"])
def test_small_label_in_a_square_is_no_cube(text):
    """A key's or a card's small label in a square outline is not a cube's number (a false "double" otherwise)."""
    assert read_cube(draw_key(text, 0.45)) is None


def test_faint_number_is_no_cube():
    """A number barely darker than its face (a watermark, a shadow's shape) is not printed ink."""
    assert read_cube(draw_cube(8, face=(200, 200, 200), ink=(175, 175, 175))) is None
    assert read_cube(draw_cube(8, face=(200, 200, 200), ink=(60, 60, 60))).value == 8


@pytest.mark.parametrize("value", [2, 8, 64])
def test_soft_rim_on_a_light_table_is_read(value):
    """A white cube slightly out of focus on a light table: its rim gives too weak an edge for Canny, but the face
    is still one bright region at some grey level."""
    img = np.full((480, 640, 3), 180, np.uint8)
    img[200:280, 300:380] = draw_cube(value, edge=80)[200:280, 300:380]
    cube = read_cube(cv2.GaussianBlur(img, (0, 0), 2.0))
    assert cube is not None and cube.value == value
    assert abs(cube.center[0] - 340) < 6 and abs(cube.center[1] - 240) < 6


@pytest.mark.parametrize("pips", [4, 5, 6])
def test_die_face_is_no_cube(pips):
    """A die's face is a square with dark marks too: its pips must not be taken for a cube's number."""
    spots = {4: [(18, 18), (52, 18), (18, 52), (52, 52)],
             5: [(18, 18), (52, 18), (35, 35), (18, 52), (52, 52)],
             6: [(18, 15), (52, 15), (18, 35), (52, 35), (18, 55), (52, 55)]}[pips]
    img = np.zeros((480, 640, 3), np.uint8)
    img[:] = (40, 90, 40)
    img[200:270, 300:370] = (235, 235, 235)
    for x, y in spots:
        cv2.circle(img, (300 + x, 200 + y), 6, (20, 20, 20), -1, cv2.LINE_AA)
    assert read_cube(cv2.GaussianBlur(img, (3, 3), 0.7)) is None


@pytest.mark.skipif(not DICE_SET.is_dir(), reason="real dice photos ../shared/dice/matteop65 not present")
def test_no_cube_in_real_dice_photos():
    """310 real photos of dice on a table (a laptop's keys in some) hold no cube: any reading is a false double."""
    cv2.setNumThreads(1)
    false = [p.name for p in sorted(DICE_SET.glob("*.jpg")) if read_cube(cv2.imread(str(p))) is not None]
    assert false == []


@pytest.mark.skipif(not REAL_BOARDS.is_dir(), reason="real board photos ../shared/real not present")
def test_real_boards_without_cube_read_none_and_cubes_read_never_wrong():
    """On the labelled real photos a cube reading is either the labelled cube's value or nothing."""
    for label in sorted(REAL_BOARDS.glob("r*.json")):
        image = next(p for p in (label.with_suffix(".jpg"), label.with_suffix(".png")) if p.exists())
        cube = json.loads(label.read_text())["cube"]
        got = read_cube(cv2.imread(str(image)))
        if cube is None:
            assert got is None, label.name
        elif got is not None:
            assert got.value == cube["value"], label.name
            assert np.hypot(got.center[0] - cube["center"][0], got.center[1] - cube["center"][1]) < 40, label.name


@pytest.mark.parametrize("value, edge", [(2, 50), (16, 70), (64, 90)])
def test_cube_in_a_1080p_frame_is_found_in_the_shrunk_search(value, edge):
    """A 1080p frame's outlines are searched shrunk (vision.cube.OUTLINE_SIDE): a cube of 50-90 px (2-3.3x the
    least cube side searched, a fortieth of the frame's height) is still found, read right, and placed in full-frame
    pixels."""
    img = np.zeros((1080, 1920, 3), np.uint8)
    img[:] = (40, 90, 40)
    img[500:500 + edge + 40, 900:900 + edge + 40] = draw_cube(value, 1, edge=edge)[180:220 + edge, 280:320 + edge]
    cube = read_cube(img)
    assert cube is not None and cube.value == value
    assert abs(cube.center[0] - (920 + edge / 2)) < 4 and abs(cube.center[1] - (520 + edge / 2)) < 4


def _frame_with_cube(value: int, at: tuple[int, int], edge: int = 60) -> np.ndarray:
    """A 1080p green frame with one drawn cube face whose top-left corner is at ``at``."""
    img = np.zeros((1080, 1920, 3), np.uint8)
    img[:] = (40, 90, 40)
    x, y = at
    img[y - 20:y + edge + 20, x - 20:x + edge + 20] = draw_cube(value, 0, edge=edge)[180:220 + edge, 280:320 + edge]
    return img


def test_a_region_is_searched_alone_and_reports_whole_frame_pixels():
    """The reader searches only where a cube can lie: a cube there is read at its place in the frame, one outside
    the region is not looked at, and a square outside the side range is not read."""
    img = _frame_with_cube(4, (1301, 407))
    cube = read_cube(img, region=(1000, 200, 1700, 900), side_range=(30.0, 120.0))
    assert cube is not None and cube.value == 4
    assert abs(cube.center[0] - 1331) < 4 and abs(cube.center[1] - 437) < 4
    assert read_cube(img, region=(0, 0, 900, 1080), side_range=(30.0, 120.0)) is None
    assert read_cube(img, region=(1000, 200, 1700, 900), side_range=(80.0, 200.0)) is None


def test_a_part_shrinks_to_the_same_pixels_as_the_frame():
    """Outlines are searched at twelfths of full size, a part cut at multiples of 12 px: the part's shrunk pixels
    are the frame's, wherever the part was cut (a cube was found or lost by where the pixel grid fell)."""
    from vision.cube import SHRINK_STEP, shrink, shrink_factor

    rng = np.random.default_rng(5)
    gray = rng.integers(0, 256, (1080, 1920), dtype=np.uint8)
    f = shrink_factor(1080)
    assert f < 1.0 and abs(f * SHRINK_STEP - round(f * SHRINK_STEP)) < 1e-9
    whole = shrink(gray, f)
    x0, y0 = 5 * SHRINK_STEP, 11 * SHRINK_STEP
    part = shrink(gray[y0:y0 + 600, x0:x0 + 900], f)
    i, j = round(y0 * f), round(x0 * f)
    assert np.array_equal(part, whole[i:i + part.shape[0], j:j + part.shape[1]])


def test_a_display_cut_by_the_searched_part_s_edge_is_no_cube():
    """Sample still 15: a clock beside the board shows "5:20". A searched part whose left edge (x = 192) runs
    through the clock's light display closes a square round its "2" with that cut, which read as a cube at 2 (the
    reader's part for this still's board began there). Outlines reaching a cut edge are not read."""
    image = cv2.imread(str(Path(__file__).resolve().parents[1] / "sample_images" / "stills" / "sim_15.jpg"))
    for x0 in (180, 192, 204):
        cube = read_cube(image, region=(x0, 100, 991, 720), side_range=(18.0, 62.0))
        assert cube is None or np.hypot(cube.center[0] - 210, cube.center[1] - 263) > 60, x0


STILLS = Path(__file__).resolve().parents[1] / "sample_images" / "stills"


@pytest.mark.parametrize("name", ["sim_00", "sim_21"])
def test_a_first_read_reads_the_cube_with_dice_on_the_board(name):
    """A still read on its own (`bgref read`) has dice on the board and a cube at 4 (sim_00) or 16 (sim_21): the
    reader used to leave the cube unread whenever dice lay there (a saving meant for a game's later frames), so
    the observation said no cube."""
    from vision.reader import Reader
    cv2.setNumThreads(1)
    label = json.loads((STILLS / f"{name}.json").read_text())
    assert label["dice"] and label["cube"]["value"] != 64
    got = Reader().read(cv2.imread(str(STILLS / f"{name}.jpg"))).cube
    assert got is not None and got.value == label["cube"]["value"]
    assert np.hypot(got.center[0] - label["cube"]["center"][0], got.center[1] - label["cube"]["center"][1]) < 20


def test_a_die_showing_one_is_no_cube():
    """Render seed 9752: no cube, a die showing 1 whose blurred pip, normalised, matched an 8 best; a first read
    that looks for the cube with dice on the board read it as a cube at 8."""
    sim = pytest.importorskip("device.sim.stills", reason="the renderer (device.sim) is not available")
    from vision.reader import Reader
    cv2.setNumThreads(1)
    still = sim.render_still(9752)
    assert still.label["cube"] is None and [d["value"] for d in still.label["dice"]] == [1]
    assert Reader().read(still.image).cube is None


def test_a_lone_round_blot_is_a_pip_and_a_number_is_not():
    """_one_disc: a filled disc is a pip; a bold 4, 8 or 2 drawn as the renders' and OpenCV's fonts draw them is not."""
    from vision.cube import _one_disc
    disc = np.zeros((52, 52), np.uint8)
    cv2.circle(disc, (26, 26), 9, 255, -1, cv2.LINE_AA)
    assert _one_disc(disc > 127)
    for text in ("4", "8", "2"):
        img = np.zeros((52, 52), np.uint8)
        cv2.putText(img, text, (12, 40), cv2.FONT_HERSHEY_DUPLEX, 1.2, 255, 4, cv2.LINE_AA)
        assert not _one_disc(cv2.GaussianBlur(img, (5, 5), 1.5) > 127), text


def _read_rendered_cube(seed: int):
    """The cube read on render ``seed`` in its area as the reader finds it from the label's board, and the label's."""
    sim = pytest.importorskip("device.sim.stills", reason="the renderer (device.sim) is not available")
    from tests.label_geometry import label_geometry
    from vision.reader import cube_area
    cv2.setNumThreads(1)
    still = sim.render_still(seed)
    region, sides = cube_area(label_geometry(still.label), still.image.shape)
    return read_cube(still.image, region=region, side_range=sides), still.label["cube"]


def test_a_cube_showing_a_side_face_is_read_from_its_upper_face():
    """Render seed 9736: a red cube at 8 on the table, seen off the camera's axis, shows a side face (32) in its
    own colour beside its upper face; the two trace one outline 1.8 times as long as wide, which no square fit
    took. The upper face is the square at one end of it."""
    got, want = _read_rendered_cube(9736)
    assert got is not None and got.value == want["value"] == 8
    assert np.hypot(got.center[0] - want["center"][0], got.center[1] - want["center"][1]) < 30


def test_a_cube_s_side_face_numbers_do_not_spoil_the_scale_checks():
    """Render seed 76024: a black cube at 2 on the field, seen off the camera's axis; its outline is traced round
    the whole cube, side faces and all. Read in that outline the 2 ranks first (the side faces' numbers, 32 and 16,
    touch the rim and are dropped); shrunk by 0.9 they no longer touch it and joined the glyph, so the plain 2 was
    not reported. The scale checks read only the ink where the first read's glyph lay."""
    got, want = _read_rendered_cube(76024)
    assert got is not None and got.value == want["value"] == 2
    assert np.hypot(got.center[0] - want["center"][0], got.center[1] - want["center"][1]) < 30


def test_ink_off_the_first_glyph_is_not_read_again():
    """_where_read keeps the parts of a scaled read's glyph that lie where the first glyph lay (mapped through the
    scale) and drops the rest; nothing kept is None."""
    from vision.cube import _where_read
    glyph = np.zeros((52, 52), bool)
    glyph[16:36, 20:32] = True
    keep = np.zeros((52, 52), bool)
    keep[17:35, 21:31] = True  # the same glyph, a little smaller (the outline grown)
    keep[2:8, 40:48] = True  # a side face's mark, come inside the rim
    got = _where_read(keep, glyph, 1.05)
    assert got is not None and got[20, 25] and not got[4, 44]
    far = np.zeros((52, 52), bool)
    far[2:8, 40:48] = True
    assert _where_read(far, glyph, 0.9) is None
