"""Read one frame into an Observation: board, checkers on every point, bar and off, dice.

Why a class: the daemon reads a stream of frames of one board. Most frames show nothing new (players think), so a
tiny grey thumbnail of the last frame answers "unchanged" in well under a millisecond of pixel work; with a saved
calibration the board is not searched for at all, only checked for drift every few frames. A single photo
(``bgref read``) simply uses a fresh reader.

Incremental reads (``incremental=True``, the default): a frame that changed is compared cell by cell with the frames
each stage last read (vision.change_map), and a stage whose part did not change keeps its reading ("reused" in the
observation's extra): the cube is searched again only round changed cells (vision.cube_watch), the dice area read
again only when a cell of it changed (vision.dice_watch; ``dice_parts=True`` reads only round the change;
``hold_roll=True`` holds a whole roll unread while no cell round its dice changed, off by default), the checkers
counted again only when anything on the board changed or the dice given changed (never point by point: see
BoardChanges). ``Reader.changes`` says which points changed since the last count.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, Optional

import cv2
import numpy as np

from calibration.geometry import BoardGeometry
from vision.checker_dice import at_contact, dice_in_view
from vision.checker_doubt import colour_missing
from vision.board_layout import SHIFT_MARGIN
from vision.change_map import STILL_CELLS, cell_box, cell_centres, changed_cells, frame_grids
from vision.checkers import WORK_POINT_WIDTH, CheckerCount, count_checkers
from vision.cube import CubeSizes, read_cube
from vision.cube_watch import CubeWatch
from vision.dice_flat import KNOWN_LENS
from vision.dice_watch import DiceLook, DiceWatch, ReadOnlyScales
from vision.dice_scale import ScaleMemory
from vision.errors import VisionError
from vision.dice_off_board import beyond_board_edge, lab_at
from vision.image import check_image as _check_image
from vision.observation import BoardInfo, DieReading, Observation

log = logging.getLogger(__name__)

UNCHANGED_MEAN = 1.5  # mean abs grey difference (0-255) below which a frame may be unchanged ...
UNCHANGED_PIXEL = 18  # ... and no thumbnail pixel may differ by more than this (a rolled die is ~3 px here)
UNCHANGED_PIXELS_ALLOWED = 1
CHECK_EVERY = 15  # frames between drift checks of a calibrated geometry
DRIFT_MIN_SCORE = 0.5  # check_geometry score below which the board is searched for again
LONE_DIE_SHARE = 1.1  # of the guessed die edge: the scale a lone die's second look reads at last (Reader._second_look)
OFF_BOARD_REACH = 2.0  # checker diameters of table beyond the outer frame searched for dice that left the board
FIELD_COLOUR_TIE = 2.0  # Lab units within which a die's surroundings match the field as well as the table
SAME_DIE_GAP = 0.65  # reader die edges (0.45 checker diameters) within which two readings are one die: below
# the smallest real die (0.3 diameters), so two dice touching stay two
LEARNT_SAME_DIE = 0.8  # edges learnt from this view's dice (vision.dice_scale, a little under the true edge) within
# which two readings are one die: two dice that touch lie a whole edge apart
CUBE_GAP = 0.6  # die edges from the cube's centre within which a die reading is the cube's face (a die beside
# the cube lies a die edge or more from it: half the die and at least half a die-sized cube)
STRAY_MIN_GAP = 1.5  # die edges between the die on the board and a die off it (closer: the same die seen twice)
ON_FIELD_SLACK = 0.75  # die edges past the playing area's edge a die still counts as on it (see die_half)
CUBE_REACH = 2.0  # checker diameters of table beyond the outer frame where a cube laid beside the board may lie
CUBE_SIDE = (0.4, 1.3)  # a cube's side in checker diameters (renders 0.45-0.75, tournament cubes about 1)
CHANGE_REACH = 1  # grid cells round a changed cell that count as changed for the region tests (a rim between cells)
GONE_REACH = 0.5  # die edges round a die's centre: a changed cell there means that die moved, was lifted or turned


@dataclass(frozen=True)
class BoardChanges:
    """Which regions of the board changed since the checkers were last counted (``Reader.changes``).

    ``points[p - 1]``: geometric point p's column (its width, from its base to the board's middle); ``bar``, ``trays``
    (either tray), ``field`` (anything on the playing area), ``board`` (anything inside the outer frame). Made from
    the change grid (vision.change_map: cells of 6 px at 1080p whose grey moved by more than CELL_CHANGE), each
    changed cell grown by CHANGE_REACH cells.

    Why offered and not used per point: the checker counter learns its models across the board (the empty board
    from every same-coloured point, the two checker colours from all accepted discs, the typical rim strength), so
    one point's count depends on the others' pixels; reusing the counts of unchanged points would give other
    answers than a full count. The reader reuses the counts only when nothing on the board changed (and the dice
    it was given are the same); a counter that can count points apart may use ``changed_points``.
    """

    points: tuple[bool, ...]
    bar: bool
    trays: bool
    field: bool
    board: bool

    def changed_points(self) -> list[int]:
        """The geometric points (1-24) whose column changed."""
        return [p + 1 for p, changed in enumerate(self.points) if changed]


@dataclass(frozen=True)
class BoardCells:
    """The change grid's cells of each board region for one geometry and frame size (see BoardChanges)."""

    points: tuple[np.ndarray, ...]
    bar: np.ndarray
    trays: np.ndarray
    field: np.ndarray
    board: np.ndarray

    def changes(self, changed: np.ndarray) -> BoardChanges:
        grown = changed
        if CHANGE_REACH > 0:
            k = 2 * CHANGE_REACH + 1
            grown = cv2.dilate(changed.astype(np.uint8), np.ones((k, k), np.uint8)) > 0
        flat = grown.ravel()
        hit = [bool(flat[at].any()) for at in self._cells_of]
        return BoardChanges(tuple(hit[:24]), *hit[24:])

    @cached_property
    def _cells_of(self) -> list[np.ndarray]:
        """Each region's cells as flat indices (points 1-24, bar, trays, field, board): a region holds a small part
        of the grid, so reading its cells costs less than masking the whole grid for each of 28 regions."""
        return [np.flatnonzero(m) for m in (*self.points, self.bar, self.trays, self.field, self.board)]


def board_cells(geo: BoardGeometry, shape: tuple[int, ...]) -> BoardCells:
    """Each region's cells: a cell belongs to a region when its centre, taken to the rectified view, lies in it."""
    from vision.change_map import GRID_SIZE

    at = geo.to_rect(cell_centres(shape)).reshape(GRID_SIZE[1], GRID_SIZE[0], 2)
    x, y = at[..., 0], at[..., 1]

    def inside(rect: tuple[float, float, float, float]) -> np.ndarray:
        return (x >= rect[0]) & (x <= rect[2]) & (y >= rect[1]) & (y <= rect[3])

    w, h = geo.rect_size
    trays = np.zeros(x.shape, bool)
    for tray in geo.trays:
        trays |= inside(tray)
    return BoardCells(tuple(inside(geo.point_column(p)) for p in range(1, 25)), inside(geo.bar), trays,
                      inside(geo.playing_area), inside((0.0, 0.0, float(w), float(h))))


@dataclass
class _Kept:
    """A stage's last result and the grid of the frame it was made on, with what it was made from (``key``)."""

    key: Any
    base: np.ndarray
    value: Any


def loaded_calibration(calibration: Any) -> Any:
    """A calibration file read once (``calibration.store.load``; a file it cannot load is a CalibrationError that
    names it); anything that is not a path is returned as it is. Why: ``bgref read`` reads many images with one
    file, and the geometry and the measured size both come from it."""
    if not isinstance(calibration, (str, Path)):
        return calibration
    path = Path(calibration)
    from calibration.store import load  # its own errors name the file and what is wrong with it

    return load(path)


def _geometry_from_calibration(calibration: Any) -> Optional[BoardGeometry]:
    """The board geometry inside whatever the caller holds: a geometry, a calibration object, a dict or a file."""
    calibration = loaded_calibration(calibration)
    if calibration is None:
        return None
    if isinstance(calibration, BoardGeometry):
        return calibration
    geo = getattr(calibration, "geometry", None)
    if isinstance(geo, BoardGeometry):
        return geo
    if isinstance(calibration, dict):
        d = calibration.get("geometry", calibration)
        return BoardGeometry.from_dict(d)
    raise VisionError(f"calibration of type {type(calibration).__name__} holds no board geometry")


def _size_from_calibration(calibration: Any) -> tuple[Optional[list[float]], Optional[bool]]:
    """The board's measured size (cm) and tournament flag a loaded calibration holds, else (None, None).

    Why here: one view cannot give a board's absolute size (checkers come in many sizes); `bgref calibrate board
    --marker-cm` measures it once, and every reading of that board reports it."""
    if isinstance(calibration, dict):
        size, flag = calibration.get("board_size_cm"), calibration.get("tournament_size")
    else:
        size, flag = getattr(calibration, "board_size_cm", None), getattr(calibration, "tournament_size", None)
    if size is None or len(size) != 2:
        return None, None
    return [float(size[0]), float(size[1])], None if flag is None else bool(flag)


def check_image(image: Any, what: str = "image") -> np.ndarray:
    """A 3-channel 8-bit BGR view of ``image`` big enough to show a board, or a VisionError naming what is wrong."""
    return _check_image(image, what, min_side=32)


def thumbnail(image: np.ndarray) -> np.ndarray:
    """The fast path's grey thumbnail (float32): every few pixels sampled, then averaged down.

    Sampling first keeps this well under a millisecond on a 1080p frame; averaging 16 samples per thumbnail
    pixel keeps sensor noise far below the change thresholds. (The reader makes it with the change grid in one
    go: vision.change_map.frame_grids.)
    """
    return frame_grids(image).thumb


def work_geometry(geometry: BoardGeometry, point_width: float = WORK_POINT_WIDTH) -> tuple[BoardGeometry, float]:
    """The same board rectified straight to the checker reader's working scale (and that scale).

    Rectifying at ~7 px per cm instead of the full view and then shrinking saves most of the remap cost.
    """
    scale = min(1.0, point_width / max(1.0, (geometry.point_width(1) + geometry.point_width(12)) / 2))
    if scale >= 1.0:
        return geometry, 1.0

    def sc(rect: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        return (rect[0] * scale, rect[1] * scale, rect[2] * scale, rect[3] * scale)

    S = np.diag([scale, scale, 1.0])
    size = (max(1, int(round(geometry.rect_size[0] * scale))), max(1, int(round(geometry.rect_size[1] * scale))))
    small = dataclasses.replace(
        geometry, homography=S @ geometry.homography, rect_size=size, playing_area=sc(geometry.playing_area),
        bar=sc(geometry.bar), left_half=sc(geometry.left_half), right_half=sc(geometry.right_half),
        trays=[sc(t) for t in geometry.trays],
        checker_diameter=None if not geometry.checker_diameter else geometry.checker_diameter * scale,
        _maps=None)
    return small, scale


def dice_area(geo: BoardGeometry, shape: tuple[int, ...], reach: float, field_only: bool = False) -> np.ndarray:
    """Where dice are looked for: the board and ``reach`` checker diameters of table round its outer frame (or,
    ``field_only``, the playing area alone).

    Why beyond the playing area: a die that leaves the board (in a tray, on the frame, on the table) voids the
    roll, and the referee can only say so if the die is seen there.
    """
    w, h = geo.rect_size
    m = reach * geo.checker_diameter_px
    x0, y0, x1, y1 = geo.playing_area if field_only else (-m, -m, w + m, h + m)
    outline = geo.to_image(np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64))
    mask = np.zeros(shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.round(outline).astype(np.int32), 255)
    return mask


def cube_area(geo: BoardGeometry, shape: tuple[int, ...]) -> tuple[tuple[int, int, int, int], CubeSizes]:
    """Where the cube is looked for and how big it can be there: the box (x0, y0, x1, y1 image px) round the board
    and CUBE_REACH checker diameters of table beyond its frame, and the cube's side at each place (CUBE_SIDE
    checker diameters, a diameter measured through the homography across and along the board on a grid of image
    points over the box).

    Why: a cube lies on the bar, in a tray, on the field or on the table beside it, never across the room; and
    its size follows from the board's at that spot, so squares of any other size need not be read.
    """
    w, h = geo.rect_size
    d = geo.checker_diameter_px
    m = CUBE_REACH * d
    outline = np.array([[x, y] for x in np.linspace(-m, w + m, 7) for y in np.linspace(-m, h + m, 5)], np.float64)
    at = geo.to_image(outline)
    H, W = shape[:2]
    x0, y0 = np.floor(at.min(axis=0))
    x1, y1 = np.ceil(at.max(axis=0))
    box = (int(max(0, x0)), int(max(0, y0)), int(min(W, x1)), int(min(H, y1)))
    xs = np.linspace(box[0], box[2], 9)
    ys = np.linspace(box[1], box[3], 7)
    grid = np.array([[x, y] for y in ys for x in xs], np.float64)
    on_board = geo.to_rect(grid)
    lengths = [np.linalg.norm(geo.to_image(on_board + step) - geo.to_image(on_board - step), axis=1)
               for step in ([d / 2, 0.0], [0.0, d / 2])]
    least = np.minimum(*lengths).reshape(len(ys), len(xs))
    most = np.maximum(*lengths).reshape(len(ys), len(xs))
    return box, CubeSizes(xs, ys, CUBE_SIDE[0] * least, CUBE_SIDE[1] * most,
                          board=np.asarray(geo.corners, np.float64).reshape(4, 2))


def die_edge_px(geo: BoardGeometry) -> float:
    """A die's edge in image px: about 0.45 checker diameters, measured through the homography mid-board."""
    x0, y0, x1, y1 = geo.playing_area
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    d = geo.checker_diameter_px
    ends = geo.to_image(np.array([[cx - d / 2, cy], [cx + d / 2, cy]], dtype=np.float64))
    return 0.45 * float(np.linalg.norm(ends[1] - ends[0]))


def fixed(array: np.ndarray) -> np.ndarray:
    """``array`` made read-only: a mask kept for many frames must not be changed by any one reader stage."""
    array.flags.writeable = False
    return array


def die_half(geo: BoardGeometry, center: list[float], die_edge: float) -> Optional[str]:
    """"left" or "right" of the bar for a die on the playing area, None for a die off it (tray, frame, table).

    The die's top face is seen a little off its footing (it stands a die's height above the field), and a found
    board's edges can be a die's width off (a render's bottom edge 25 px high put a die on the field "off the
    board"): a die is called off only when its centre lies more than ON_FIELD_SLACK die edges past the field's
    edge. A die in a tray or on the table beyond the frame lies farther out than that.
    """
    rx, ry = geo.to_rect(np.array([center], dtype=np.float64))[0]
    x0, y0, x1, y1 = geo.playing_area
    slack = ON_FIELD_SLACK * die_edge
    if not (x0 - slack <= rx <= x1 + slack and y0 - slack <= ry <= y1 + slack):
        return None
    return "left" if rx < (geo.bar[0] + geo.bar[2]) / 2 else "right"


def with_halves(dice: list[DieReading], geo: BoardGeometry) -> list[DieReading]:
    """``dice`` (as the finder gives them, ``half`` None) each given the half it lies in (``die_half``, at the
    reader's die edge of 0.45 checker diameters), in place; the same list."""
    for die in dice:
        die.half = die_half(geo, die.center, 0.45 * geo.checker_diameter_px)
    return dice


def same_die_edge(die_px: float, learnt: Optional[float]) -> float:
    """The die edge ``one_reading_per_die`` merges readings at: the guess's (``die_px``), or, once this view's dice
    taught an edge (``learnt``), as much as makes LEARNT_SAME_DIE of it. Why: the guess's gap must let dice as small
    as 0.3 checkers touch, so one die of 0.6 checkers read twice, its top face and a side face's pips 0.6 of its edge
    apart, stayed two (render 56535 frame 200: a 3 beside the 2 it was, three dice in a roll of two)."""
    return max(die_px, LEARNT_SAME_DIE * learnt / SAME_DIE_GAP) if learnt else die_px


def one_reading_per_die(dice: list[DieReading], die_px: float) -> list[DieReading]:
    """Readings closer than SAME_DIE_GAP die edges merged into one: two dice cannot overlap.

    Why: the finder can read one die twice, its top face and a side face turned up (on renders, cocked dice
    leaning on a checker, 10-25 px apart). Reported as two dice they make three dice of a roll, or a cocked
    reading beside a flat one. The merged die is flat only if every reading was, keeps the value they agree
    on (None, unsure, when they do not) and the half of the first reading on the board.
    """
    merged: list[DieReading] = []
    for die in sorted(dice, key=lambda d: d.half is None):  # readings on the board first
        twin = next((m for m in merged if np.hypot(m.center[0] - die.center[0], m.center[1] - die.center[1])
                     < SAME_DIE_GAP * die_px), None)
        if twin is None:
            merged.append(DieReading(die.value, die.flat, list(die.center), die.half, die.confidence))
            continue
        twin.flat = twin.flat and die.flat
        if twin.value != die.value:
            twin.value = None
        if twin.confidence is not None and die.confidence is not None:
            twin.confidence = min(twin.confidence, die.confidence)  # the less clean face of the two
    return sorted(merged, key=lambda d: (d.center[0], d.center[1]))


def off_the_cube(dice: list[DieReading], cube: Optional[list[float]], die_px: float) -> list[DieReading]:
    """The dice readings that do not lie where the cube was read (within CUBE_GAP die edges of its centre
    ``cube``, image px; None: no cube read, every reading stays).

    Why: a die cannot lie where the cube lies, but a small cube's number blurs into one blob and reads as a die
    showing 1 (helper six25's render 48014 frame 889: a red cube showing 4 on the bar, 15 px wide at 960x540, read
    as a 1 by the wide search that one die on the field starts). The cube reader tells a number from a pip; the
    dice reader does not, so the cube's reading decides."""
    if cube is None or die_px <= 0:
        return dice
    cx, cy = float(cube[0]), float(cube[1])
    return [d for d in dice if np.hypot(d.center[0] - cx, d.center[1] - cy) >= CUBE_GAP * die_px]


def with_stray_die(dice: list[DieReading], image: Optional[np.ndarray] = None, die_px: float = 0.0
                   ) -> list[DieReading]:
    """The dice on the board, and a die off it only when it can be the other die of a roll.

    Why so strict: off the board lie things that look like dice (a stream overlay's dice, a ruler's marks, the
    other player's dice) and every frame would show them; a die reported there voids a roll. A roll throws two
    dice of one pair, so a die off the board is taken only beside exactly one die on it, more than STRAY_MIN_GAP
    die edges from it (a held-out render read one cocked die twice, 10 px apart, either side of the field's edge),
    only when read with confidence, only with pips of the same polarity (dark on light or light on dark; checked
    when the image is given), and only the one nearest that die.
    """
    on = [d for d in dice if d.half is not None]
    off = [d for d in dice if d.half is None and d.value is not None]
    if len(on) != 1 or not off:
        return on
    if die_px > 0:  # the die on the board seen twice (its face and a side face) is no second die
        off = [d for d in off if np.hypot(d.center[0] - on[0].center[0], d.center[1] - on[0].center[1])
               > STRAY_MIN_GAP * die_px]
    if image is not None and die_px > 0:
        polarity = pip_polarity(image, on[0].center, die_px)
        off = [d for d in off if polarity != -pip_polarity(image, d.center, die_px)]
    if not off:
        return on
    near = min(off, key=lambda d: float(np.hypot(d.center[0] - on[0].center[0], d.center[1] - on[0].center[1])))
    return sorted(on + [near], key=lambda d: (d.center[0], d.center[1]))


def lies_on_field(image: np.ndarray, geo: BoardGeometry, center: list[float], die_px: float) -> bool:
    """Whether what surrounds a die looks more like the playing area than like what lies round it (frame, trays,
    table), by nearest colour among samples of both.

    Why: a board found a little too small (a render's right quarter cut off) puts dice on the field outside its
    playing area; a die there is no die off the board, and calling it one voids a good roll.
    """
    w, h = geo.rect_size
    m = OFF_BOARD_REACH * geo.checker_diameter_px
    x0, y0, x1, y1 = geo.playing_area
    field = np.array([[x, y] for x in np.linspace(x0, x1, 24)[1:-1] for y in np.linspace(y0, y1, 12)[1:-1]])
    grid = np.array([[x, y] for x in np.linspace(-m, w + m, 30) for y in np.linspace(-m, h + m, 20)])
    inside = (grid[:, 0] >= x0) & (grid[:, 0] <= x1) & (grid[:, 1] >= y0) & (grid[:, 1] <= y1)
    angles = np.linspace(0, 2 * np.pi, 16, endpoint=False)
    ring = np.concatenate([np.c_[center[0] + r * np.cos(angles), center[1] + r * np.sin(angles)]
                           for r in (1.0 * die_px, 1.4 * die_px)])

    on, off = lab_at(image, geo.to_image(field)), lab_at(image, geo.to_image(grid[~inside]))
    around = lab_at(image, ring)
    if len(on) == 0 or len(off) == 0 or len(around) == 0:
        return False
    d_on = np.linalg.norm(around[:, None, :] - on[None, :, :], axis=2).min(axis=1)
    d_off = np.linalg.norm(around[:, None, :] - off[None, :, :], axis=2).min(axis=1)
    # a colour found both on the field and off it (a board found too small; a table like the field) counts as
    # field: then a die there is not called off the board (a miss at worst, never a voided good roll) unless the
    # board's edge between the die and the field is seen to be its real edge (vision.dice_off_board)
    if np.mean(d_on <= d_off + FIELD_COLOUR_TIE) <= 0.5:
        return False
    return not beyond_board_edge(image, geo, center)


def pip_polarity(image: np.ndarray, center: list[float], die_px: float) -> int:
    """+1 when a die's pips are lighter than its face, -1 when darker, 0 when the crop cannot tell.

    Pips cover a minority of the face, so they pull the face's mean grey away from its median, towards their side.
    """
    r = max(2, int(round(0.4 * die_px)))
    x, y = int(round(center[0])), int(round(center[1]))
    patch = image[max(0, y - r):y + r + 1, max(0, x - r):x + r + 1]
    if patch.size == 0:
        return 0
    grey = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).astype(np.float32) if patch.ndim == 3 else patch.astype(np.float32)
    yy, xx = np.mgrid[0:grey.shape[0], 0:grey.shape[1]]
    cy, cx = y - max(0, y - r), x - max(0, x - r)
    vals = grey[(yy - cy) ** 2 + (xx - cx) ** 2 <= r * r]
    if vals.size < 9:
        return 0
    pull = float(vals.mean() - np.median(vals))
    spread = float(vals.std())
    if spread < 8 or abs(pull) < 0.15 * spread:
        return 0
    return 1 if pull > 0 else -1


def same_frame(a: np.ndarray, b: np.ndarray) -> bool:
    """True when two thumbnails show the same scene (global light flicker is forgiven, local change is not)."""
    diff = a - b
    diff -= float(np.median(diff))
    ad = np.abs(diff)
    return float(ad.mean()) < UNCHANGED_MEAN and int((ad > UNCHANGED_PIXEL).sum()) <= UNCHANGED_PIXELS_ALLOWED


def _doubt_pattern() -> float:
    """vision.board's layout score under which the point pattern is too faint to anchor the frame (imported late,
    as vision.board is elsewhere in this module)."""
    from vision.board import DOUBT_PATTERN

    return DOUBT_PATTERN


class Reader:
    """Reads frames of one board. ``calibration``: a BoardGeometry, a calibration holding one, or its file."""

    def __init__(self, calibration: Any = None, check_every: int = CHECK_EVERY, read_dice: bool = True,
                 fast_path: bool = True, intrinsics: Any = None, incremental: bool = True,
                 dice_parts: bool = False, cap_doubted_outline: bool = True, hold_roll: bool = False) -> None:
        calibration = loaded_calibration(calibration)
        self.geometry: Optional[BoardGeometry] = _geometry_from_calibration(calibration)
        # cap_doubted_outline: an outline's sure doubt (BoardGeometry.frame_doubt_sure) leaves no point sure. Right
        # for one photo read alone; the daemon turns it off, since it reads the starting position before it locks
        # the board and the start read on the points vouches for the layout (capped, its first readings were all
        # unsure: judging game 3434 then made a false alarm at frame 113)
        self.cap_doubted_outline = cap_doubted_outline
        # the board's size as measured at calibration (a marker beside the board), reported with every reading
        self.size_cm, self.tournament_size = _size_from_calibration(calibration)
        # the camera's lens (calibration.intrinsics.Intrinsics), when known: the board is then found in the
        # undistorted view, so its straight edges are straight and the corners land on the frame
        self.intrinsics = intrinsics if intrinsics is not None else getattr(self.geometry, "intrinsics", None)
        self.calibrated = self.geometry is not None
        self.check_every = max(1, int(check_every))
        self.read_dice = read_dice
        self.fast_path = fast_path
        # incremental: a changed frame reads again only what changed (see _read_full); off, every stage reads
        # every changed frame whole (the reference the incremental reads are tested against)
        self.incremental = incremental
        # dice_parts: the dice searched again only round changed cells (faster, not always what a whole search
        # finds: vision.dice_watch); off, an area with any change is searched whole
        self.dice_parts = dice_parts
        # hold_roll: a whole roll read is kept unread while no cell round its dice changed (vision.dice_watch); off
        # (the default), every change on the field reads the dice again (round the last roll first:
        # vision.dice._reread_roll). Off because a held roll is not read again under the next frames' noise: on
        # rendered game 1717 holding gave a false cocked re-roll (frame 717) that reading again does not, and in
        # the daemon's replays it saved nothing (its still scenes change near the dice or nowhere)
        self.hold_roll = hold_roll
        self._frames = 0
        self._grids: Optional[Any] = None  # this frame's thumbnail and change grid (vision.change_map.FrameGrids)
        self._kept_counts: Optional[_Kept] = None  # the last checker count, its frame's grid and (work geo, dice)
        self._dice_watches: dict[str, DiceWatch] = {}  # the dice of each area searched ("field", "wide")
        # the last frame's second look at a lone die (see _second_look): its geometry and the dice it gave
        self._lone_look: Optional[tuple[BoardGeometry, list[DieReading]]] = None
        self._cube_watch: Optional[CubeWatch] = None  # the cube searched again only where the frame changed
        self._cube_looked = False  # the cube was looked for since the stages were last forgotten
        self.changes: Optional[BoardChanges] = None  # what changed on the board since the last checker count
        self._last_thumb: Optional[np.ndarray] = None
        self._last_grid: Optional[np.ndarray] = None  # the change grid of the last full read (see _still)
        self._last_obs: Optional[Observation] = None
        self._work: Optional[tuple[BoardGeometry, BoardGeometry, float]] = None  # (for geometry, work geo, scale)
        self._radius: Optional[float] = None  # checker radius measured on this board (rectified px)
        self._last_cube: Optional[Any] = None  # kept while dice lie on the board (the cube moves only before a roll)
        # the geometry and image centre of the last cube read: while the geometry is kept (a calibrated or locked
        # board), no die is read there even when the cube goes unread (see _dice)
        self._cube_place: Optional[tuple[BoardGeometry, list[float]]] = None
        self._had_dice = False  # the last full read saw dice: a frame without them is the lift (see _read_full)
        self.last_geometry: Optional[BoardGeometry] = None  # the geometry of the last full read
        # what follows from one geometry at one frame size (masks, die size, homography, cube area): (geometry,
        # frame shape, {what: value}), see _kept
        self._views: Optional[tuple[BoardGeometry, tuple[int, ...], dict[str, Any]]] = None
        # the die edge learnt from this reader's own frames (vision.dice_scale): never shared with another reader
        self.dice_memory = ScaleMemory()

    def lock(self, geometry: Optional[BoardGeometry] = None) -> bool:
        """Read every later frame with this geometry (default: the last read's), as with a saved calibration.

        Why: the daemon learns the board from the first clear view of the starting position; finding the board
        afresh in every frame lets its corners jitter by a point's width under hands and dice, which shifts
        whole columns. A locked geometry is still drift-checked every ``check_every`` frames, and its outline's
        sure doubt (``frame_doubt_sure``) no longer caps the points: the start read on them vouches for the layout.
        False when there is no geometry to lock."""
        geometry = geometry or self.last_geometry
        if geometry is None:
            return False
        self.geometry, self.calibrated = geometry, True
        self._work, self._radius = None, None
        self._last_thumb = self._last_obs = None
        self._forget_stages()
        return True

    def forget(self) -> None:
        """Make the next read a new reading even if the frame looks unchanged.

        Why: an unchanged frame is answered with the last observation (the 1 ms fast path), so a die read cocked
        while it still rocked would be read cocked again however often the referee looked; the referee calls this
        when its tracker asks to look again. The learnt die edge goes too: a look afresh reads at the board's
        guessed die size again, so an edge learnt wrong cannot keep a die unread."""
        self._last_thumb = self._last_obs = None
        self.dice_memory.clear()
        self._forget_stages()

    def _forget_stages(self) -> None:
        """No stage's last result is kept: the next changed frame reads every stage whole."""
        self._kept_counts = None
        self._dice_watches = {}
        self._lone_look = None
        self._cube_watch = None
        self._cube_looked = False

    # ------------------------------------------------------------------------------------------------ geometry
    def _board(self, image: np.ndarray, warnings: list[str]) -> Optional[BoardGeometry]:
        """The geometry for this frame: the calibrated one (drift-checked), else found from scratch."""
        from vision import board as board_mod

        if self.calibrated and self.geometry is not None:
            if self._frames % self.check_every == 0:
                try:
                    score = float(board_mod.check_geometry(image, self.geometry))
                except VisionError:
                    score = 0.0
                if score < DRIFT_MIN_SCORE:
                    warnings.append(f"the board seems to have moved (fit {score:.2f}); searching for it again")
                    try:
                        found = board_mod.find_board(image, self.geometry.intrinsics or self._lens(image))
                        self.geometry = self.geometry.with_corners(found.corners, (image.shape[1], image.shape[0]))
                    except VisionError as exc:
                        warnings.append(str(exc))
                        return None
            return self.geometry
        try:
            return board_mod.find_board(image, self._lens(image))
        except VisionError as exc:
            warnings.append(str(exc))
            return None

    def _lens(self, image: np.ndarray) -> Any:
        """The intrinsics scaled to this frame's size (a lens calibrated at another resolution), or None."""
        if self.intrinsics is None:
            return None
        return self.intrinsics.scaled_to((image.shape[1], image.shape[0]))

    # ----------------------------------------------------------------------------------------------- reading
    def read(self, image_bgr: np.ndarray) -> Observation:
        """One frame -> one Observation (geometric numbering; see vision.observation)."""
        t0 = time.perf_counter()
        image = check_image(image_bgr)
        self._grids = frame_grids(image) if self.fast_path or self.incremental else None
        thumb = self._grids.thumb if self.fast_path and self._grids is not None else None
        if (thumb is not None and self._last_thumb is not None and self._last_obs is not None
                and thumb.shape == self._last_thumb.shape and same_frame(thumb, self._last_thumb)
                and self._still(self._grids.grid)):
            prev = self._last_obs
            obs = Observation(board=prev.board, points=list(prev.points), bar=dict(prev.bar), off=dict(prev.off),
                              dice=list(prev.dice), cube=prev.cube, warnings=list(prev.warnings),
                              extra={**prev.extra, "unchanged": True,
                                     "ms": round(1000 * (time.perf_counter() - t0), 2)})
            self._frames += 1
            return obs
        lens = self._lens(image)
        # a calibrated lens tells the dice cues the camera's angle at each die (vision.dice_flat.KNOWN_LENS); one
        # estimated from the board's edges has only a nominal focal length, no better than the homography's
        token = KNOWN_LENS.set(None if lens is None or lens.estimated else
                               (float(lens.K[0, 0]), float(lens.K[0, 2]), float(lens.K[1, 2])))
        try:
            obs = self._read_full(image)
        finally:
            KNOWN_LENS.reset(token)
        obs.extra["ms"] = round(1000 * (time.perf_counter() - t0), 2)
        self._frames += 1
        self._last_thumb, self._last_obs = thumb, obs
        self._last_grid = None if thumb is None else self._grids.grid
        return obs

    def _still(self, grid: np.ndarray) -> bool:
        """Whether no more than STILL_CELLS cells of the change grid moved since the last full read.

        Why beside the thumbnail test: a thumbnail pixel averages 12x12 px at 1080p, and a cube turned from 4 to 8
        moved none of them by more than UNCHANGED_PIXEL (bench frames: 18-19 grey levels on one or two pixels), so
        a double offered was answered with the last reading; the grid's finer cells show it (5 cells moved)."""
        last = self._last_grid
        return last is not None and last.shape == grid.shape and int(changed_cells(grid, last).sum()) <= STILL_CELLS

    def _read_full(self, image: np.ndarray) -> Observation:
        warnings: list[str] = []
        geo = self._board(image, warnings)
        if geo is None:
            if not warnings:
                warnings.append("no backgammon board found in the image")
            return Observation(board=BoardInfo(found=False), points=[None] * 24, bar={"light": 0, "dark": 0},
                               off={"light": None, "dark": None}, warnings=warnings,
                               extra={"unchanged": False})

        self.last_geometry = geo
        if self._work is None or self._work[0] is not geo:
            work, scale = work_geometry(geo)
            self._work = (geo, work, scale)
        _, work, scale = self._work
        if self.calibrated and self._radius and not work.checker_diameter:
            # the checkers do not change size: after the first frame, look for one radius only
            work = dataclasses.replace(work, checker_diameter=2 * self._radius * scale, _maps=work._maps)
            self._work = (geo, work, scale)
        reused: list[str] = []
        # a first read reads the cube first (it reads it whatever else lies there), so that no die is read where
        # the cube lies (see off_the_cube); later the cube read last stands while dice lie (see below)
        looked = self._cube_looked
        if not looked:
            self._last_cube = self._cube_on(image, geo, reused)  # (its place is kept below, as every read's)
            self._cube_looked = True
        dice = self._dice_on(image, geo, reused) if self.read_dice else []
        # a disc found on a die is no checker (vision.checker_dice)
        # the cube as last read (a first read reads it first): in a tray it is no borne-off checker (checker_off)
        cube_at = None
        if self._last_cube is not None:
            cx, cy = work.to_rect(np.asarray([self._last_cube.center], np.float64))[0]
            cube_at = (float(cx), float(cy))
        counts = self._count_on(image, geo, work, scale, dice_in_view(dice, work), reused, cube_at)
        gaps = at_contact(dice, work, counts.discs)  # the lit gaps where two checkers touch, read as a die
        if gaps:
            dice = [d for k, d in enumerate(dice) if k not in gaps]
        if self.calibrated and counts.radius_px > 0:
            self._radius = counts.radius_px
        warnings.extend(counts.warnings)
        confidence = list(counts.confidence)
        if geo.layout_margin is not None and geo.layout_margin < SHIFT_MARGIN:
            # the halves fit a one-point shift almost as well: every count may sit one point off, so none is sure
            warnings.append("point positions uncertain: the halves may be off by one point")
            confidence = [min(c, 0.5) for c in confidence]
        if geo.frame_doubt:
            # the board finder's own doubt (vision.board._frame_doubt): its outer frame may be off by more than a
            # few pixels, and every point sits where that frame says
            warnings.append(f"board outline uncertain: {geo.frame_doubt}")
            # a trace only outlines far off show: every point may sit a point width off. Not on a calibrated or
            # locked board: its geometry was kept because the starting position read on its points (a layout a
            # point off reads no start), and a cap there would leave the referee unsure of every point for the
            # whole game (judging game 3434: a right board's short end raised it, 48 -> 30 events on time)
            if geo.frame_doubt_sure and self.cap_doubted_outline and not self.calibrated:
                confidence = [min(c, 0.5) for c in confidence]
            elif (self.cap_doubted_outline and not self.calibrated and geo.score is not None
                  and geo.score < _doubt_pattern() and colour_missing(counts.points, counts.bar)):
                # an outline doubted for its faint point pattern (the triangles do not show where it puts them) whose
                # reading also has one colour's checkers nowhere on the points or the bar (no position before a
                # game's end has that: checker_doubt.colour_missing) is an outline far off, whose every point is
                # read where it does not lie: none is sure. Renders 64000-64239: of 26 doubted outlines 5 had a
                # faint pattern (1-202 px off) and 2 of those read one colour nowhere, 192 and 202 px off (64108's
                # points 7, 13, 18, 20 read empty for sure where 5, 2, 5 and 3 checkers lay). A faint pattern alone
                # is no proof (64130, 64133: 1-2 px off, both colours read), nor a colour missing under another
                # doubt (sample still sim_07: 15 px off, its dark checkers missed, its 21 right counts kept sure)
                warnings.append("point counts unsure: a doubted outline reads one colour's checkers nowhere")
                confidence = [min(c, 0.5) for c in confidence]
        # the cube is turned only before a roll (double, take): while dice lie on the board it is left as read, and
        # so on the frame where they are lifted (the referee judges the play on that frame, so it is read as fast
        # as can be: the cube read costs about as much as the dice); the next changed frame reads the cube again.
        # Under a hand (a point covered: vision.checker_occlusion) it is left as read too: a cube in a hand is no
        # reading, and the frame after the hand has gone reads it (each hand frame searched round the changes cost
        # ~7 ms on the sample game's 1280x720 frames, for nothing the referee uses)
        # A first read looks whatever lies on the board: one still read on its own (`bgref read`) has no earlier
        # reading to keep, and a cube left unread there is a wrong answer, not a saving
        lifted = not dice and self._had_dice
        hand = any(p is None for p in counts.points)
        if not looked or dice or lifted or hand:
            cube = self._last_cube
            if looked and hand and not (dice or lifted):
                reused.append("cube")
        else:
            cube = self._cube_on(image, geo, reused)
        self._last_cube, self._had_dice = cube, bool(dice)
        if cube is not None:
            self._cube_place = (geo, list(cube.center))
        # the absolute size is unknown from one view (checkers come in many sizes): it comes from the calibration
        board = BoardInfo(found=True, corners=[[float(x), float(y)] for x, y in geo.corners],
                          size_cm=self.size_cm, tournament_size=self.tournament_size)
        extra: dict[str, Any] = {
            "unchanged": False,
            "point_confidence": [round(c, 2) for c in confidence],
            "off_confidence": {c: round(v, 2) for c, v in counts.off_confidence.items()},
        }
        if reused:
            extra["reused"] = reused  # stages whose last result was taken: nothing they read had changed
        return Observation(board=board, points=list(counts.points), bar=dict(counts.bar), off=dict(counts.off),
                           dice=[dataclasses.replace(d, center=list(d.center)) for d in dice], cube=cube,
                           warnings=warnings, extra=extra)

    # ------------------------------------------------------------------------------------------- incremental
    def _cells(self, geo: BoardGeometry, shape: tuple[int, ...]) -> BoardCells:
        """The board regions' grid cells for this geometry and frame size (kept with them)."""
        return self._kept(geo, shape, "cells", lambda: board_cells(geo, shape))

    def _dice_on(self, image: np.ndarray, geo: BoardGeometry, reused: list[str]) -> list[DieReading]:
        """The dice, each area searched only where the frame changed since it was last searched (vision.dice_watch:
        a part reads at the whole area's scales; "dice" in ``reused`` when no area changed at all)."""
        if not self.incremental or self._grids is None:
            return self._dice(image, geo)
        looks: list[DiceLook] = []
        dice = self._dice(image, geo, looks)
        if looks and all(look.carried for look in looks):
            reused.append("dice")
        return dice

    def _count_on(self, image: np.ndarray, geo: BoardGeometry, work: BoardGeometry, scale: float,
                  spots: list[Any], reused: list[str], cube_at: Optional[tuple[float, float]] = None
                  ) -> CheckerCount:
        """The checker counts: the last count when nothing on the board changed and the dice given are the same,
        else the board rectified and counted whole (see BoardChanges for why never point by point)."""
        from vision.board import rectify

        cells = self._cells(geo, image.shape) if self.incremental else None
        moved: Optional[np.ndarray] = None  # the board's changed cells since the last count (made once, used twice)
        if cells is not None and self._grids is not None and self._kept_counts is not None:
            base = self._kept_counts.base
            if base.shape == self._grids.grid.shape:
                moved = changed_cells(self._grids.grid, base, cells.board)
                self.changes = cells.changes(moved)
        kept = self._kept_counts
        if moved is not None and kept is not None and kept.key[0] is work and kept.key[1] == spots \
                and kept.key[2] == cube_at \
                and not moved.any():
            # (made from the same geometry and dice, and no cell of the board changed since)
            reused.append("checkers")
            return kept.value
        counts = count_checkers(rectify(image, work), work, dice=spots, cube=cube_at)
        counts.radius_px /= scale
        if cells is not None and self._grids is not None:
            self._kept_counts = _Kept((work, spots, cube_at), self._grids.grid.copy(), counts)
        return counts

    def _dice(self, image: np.ndarray, geo: BoardGeometry, looks: Optional[list[DiceLook]] = None
              ) -> list[DieReading]:
        """Dice on the playing area, each with the half (left/right of the bar) it lies in, and a die that left the
        board (half None) when it can be the other die of the roll (see with_stray_die). Flatness is judged
        against the board's homography (vision.dice_flat). ``looks``: search each area only where the frame
        changed since it was last searched (vision.dice_watch), each area's DiceLook appended to it."""
        # (here, not at the top: the dice modules load only when read)
        from vision.dice import find_dice, last_roll, learnt_edge, memory_view
        die_px = self._kept(geo, image.shape, "die_px", lambda: die_edge_px(geo))
        homography = self._board_to_image(geo, image.shape)
        field = self._kept(geo, image.shape, "field", lambda: fixed(dice_area(geo, image.shape, 0.0, field_only=True)))

        def search(name: str, mask: np.ndarray) -> list[DieReading]:
            def find(area: np.ndarray, part: bool) -> list[DieReading]:
                memory: Any = self.dice_memory
                if part:  # a part reads at the whole area's learnt scales and teaches them nothing
                    memory = ReadOnlyScales(memory_view(self.dice_memory, image.shape, mask, die_px))
                elif looks is not None:
                    self._drop_gone_roll(image, name, area, die_px)
                return with_halves(find_dice(image, mask=area, die_size_px=die_px, board_to_image=homography,
                                             memory=memory), geo)

            if looks is None or self._grids is None:
                return find(mask, False)
            watch = self._dice_watches.get(name)
            if watch is None or watch.mask is not mask or watch.die_px != die_px:
                watch = self._dice_watches[name] = DiceWatch(mask, die_px)
            watch.parts = self.dice_parts
            shape = image.shape
            watch.roll = (lambda: last_roll(self.dice_memory, shape, mask, die_px)) \
                if self.hold_roll and name == "field" else None
            look = watch.look(image, self._grids.grid, find)
            looks.append(look)
            return look.dice

        # the cube's place where it was read last (on this frame when it is a first read: see _read_full); when
        # that read found none, where it was last found on this same geometry (the cube reader misses a small
        # cube now and then: render 48014 frame 532, a 15 px cube showing 4 read as a die showing 1)
        kept = self._last_cube if self._cube_looked else None
        cube = list(kept.center) if kept is not None else None
        if cube is None and self._cube_place is not None and self._cube_place[0] is geo:
            cube = self._cube_place[1]
        try:
            dice = off_the_cube(search("field", field), cube, die_px)
            if sum(die.half is not None for die in dice) == 1:
                # one die on the field: the other may have left the board. Only then is the wider area (about
                # as costly again as the field) searched, as nothing off the board counts otherwise
                around = self._kept(geo, image.shape, "wide",
                                    lambda: fixed(dice_area(geo, image.shape, OFF_BOARD_REACH)))
                wide = search("wide", around)
                # the wide search also reads dice on the field that the field's own mask cut short (a die on
                # the field's edge); one_reading_per_die keeps one reading per die
                dice += [die for die in off_the_cube(wide, cube, die_px) if die.half is None or die.value is not None]
        except VisionError as exc:
            log.debug("dice: %s", exc)
            for watch in self._dice_watches.values():
                watch.forget()
            return []
        dice = [die for die in dice if die.half is not None or not lies_on_field(image, geo, die.center, die_px)]
        # (two readings closer than a die's edge are one die read twice: the edge learnt from this view's dice
        # tells that better than the guess's, which must allow for dice as small as 0.3 checkers)
        merge_px = same_die_edge(die_px, learnt_edge(self.dice_memory, image.shape, field, die_px))
        final = with_stray_die(one_reading_per_die(dice, merge_px), image, die_px)
        if sum(die.value is not None for die in final) != 1:
            self._lone_look = None
            return final
        return self._second_look(final, image, geo, field, die_px, merge_px, homography, cube, looks)

    def _drop_gone_roll(self, image: np.ndarray, name: str, area: np.ndarray, die_px: float) -> None:
        """Before an area is searched whole: the finder's last whole roll there (vision.dice.last_roll) forgotten
        when a cell within GONE_REACH die edges of every one of its dice changed since the area was last searched
        (its DiceWatch's grid), so that find_dice reads the area whole at once instead of first round that roll.

        Why: the re-read round the last roll (vision.dice._reread_roll) is taken only as that same whole roll
        again; with the middle of each of its dice changed, every die of it moved, was lifted or turned, and the
        re-read was a read thrown away before the whole read (the bench's 1920x1080 frames: 19 of 19 new rolls
        and 17 of 17 lifts read round the last roll for nothing, ~2-3 ms each). A hand or a checker moved beside
        a die leaves its middle as it was, and the roll is read round as before."""
        watch = self._dice_watches.get(name)
        if watch is None or watch.base is None or self._grids is None or watch.base.shape != self._grids.grid.shape:
            return
        from vision.dice import forget_roll, last_roll

        roll = last_roll(self.dice_memory, image.shape, area, die_px)
        if roll is None:
            return
        changed = watch.changed_anywhere(self._grids.grid)
        r = GONE_REACH * die_px
        for x, y in roll[0]:
            c0, r0, c1, r1 = cell_box(image.shape, (x - r, y - r, x + r, y + r))
            if not changed[r0:r1, c0:c1].any():
                return  # this die's middle is as it was: the roll may lie there still
        forget_roll(self.dice_memory, image.shape, area, die_px)

    def _second_look(self, final: list[DieReading], image: np.ndarray, geo: BoardGeometry, field: np.ndarray,
                     die_px: float, merge_px: float, homography: np.ndarray, cube: Optional[list[float]],
                     looks: Optional[list[DiceLook]]) -> list[DieReading]:
        """One die read where a roll throws two: the field read again at the board's guessed die scales (when the
        read was at the learnt edge), then at LONE_DIE_SHARE of the guessed edge, the first that makes the roll
        whole taken; the lone die as read when neither does.

        Why: the learnt edge (vision.dice_scale) reads at 0.85 and 1.0 of what confident faces showed, and a die at
        the edge of being read is found at some scales and not at others. Render 47535 frame 742: a red 1 of ~10 px
        on a blue field was found at learnt edges 9.0 and 9.6 but not at 9.27, the edge then learnt (its ring round
        the pip read 0.33 of the pip's contrast off the face's level, past the 0.3 allowed), while the guess's
        scales read it; the roll read as a lone 4 and the next roll was called a re-roll. The guess's scales miss
        some too: on 120 lone-die reads of four judging games (13535, 14535, 41434, 5353) read again at single
        scales of 0.7-1.4 guessed edges, 1.1 found the other die 11 times (five rolls) and never a wrong value,
        0.7 found 4 and read 3 wrong. These reads cost about a whole field's read each, so they are made only on
        frames with exactly one die read, carried while the dice areas are unchanged, and teach the learnt edge
        nothing. A die they add must be a whole second die (read with a value), not the lone die read again (merged
        at ``merge_px``, as the first read's dice were: ``same_die_edge``), and the field must then hold exactly the
        two dice of a roll."""
        from vision.dice import find_dice, read_learnt
        from vision.dice_scale import OneScale

        if looks and all(look.carried for look in looks) and self._lone_look is not None \
                and self._lone_look[0] is geo:
            return list(self._lone_look[1])
        # the guess's scales (None: find_dice's own), unless the field was just read at them
        memories: list[Any] = [None] if read_learnt(self.dice_memory, image.shape, field, die_px) else []
        memories.append(OneScale(LONE_DIE_SHARE * die_px))
        out = final
        for memory in memories:
            try:
                found = off_the_cube(find_dice(image, mask=field, die_size_px=die_px, board_to_image=homography,
                                               memory=memory), cube, die_px)
            except VisionError as exc:
                log.debug("dice, second look: %s", exc)
                found = []
            extra = [die for die in with_halves(found, geo) if die.value is not None and die.half is not None]
            both = one_reading_per_die(final + extra, merge_px)
            if len(both) == 2 and all(die.value is not None for die in both):
                out = both
                break
        self._lone_look = (geo, list(out))
        return out

    def _kept(self, geo: BoardGeometry, shape: tuple[int, ...], what: str, make: Callable[[], Any]) -> Any:
        """``make()``, made once while the geometry and the frame size stay the same.

        Why: with a saved calibration every frame has the same board; its masks, the die's size, the lens-fitted
        homography and where the cube can lie were made again for every frame (~1 ms in all at 1080p)."""
        if self._views is None or self._views[0] is not geo or self._views[1] != tuple(shape[:2]):
            self._views = (geo, tuple(shape[:2]), {})
        kept = self._views[2]
        if what not in kept:
            kept[what] = make()
        return kept[what]

    def _board_to_image(self, geo: BoardGeometry, shape: tuple[int, ...]) -> np.ndarray:
        """The board's homography for the dice flatness cues (a lens fit costs ~1 ms), kept with the geometry."""
        from vision.dice_flat import board_to_image

        return self._kept(geo, shape, "board_to_image", lambda: board_to_image(geo))

    def _cube(self, image: np.ndarray, geo: BoardGeometry) -> Any:
        """The doubling cube where one can lie: on the board (bar, trays, field) or on the table beside it, at the
        size the board's scale gives (see cube_area; kept while the geometry and frame size are). Searched whole."""
        region, sides = self._kept(geo, image.shape, "cube", lambda: cube_area(geo, image.shape))
        try:
            return read_cube(image, region=region, side_range=sides)
        except (VisionError, TypeError, ValueError) as exc:
            log.debug("cube: %s", exc)
            return None

    def _cube_on(self, image: np.ndarray, geo: BoardGeometry, reused: list[str]) -> Any:
        """The cube, incrementally: searched again only where the frame changed since each part was last searched
        (vision.cube_watch; "cube" in ``reused`` when nothing there changed and the last reading stands)."""
        if not self.incremental or self._grids is None:
            return self._cube(image, geo)
        region, sides = self._kept(geo, image.shape, "cube", lambda: cube_area(geo, image.shape))
        watch = self._cube_watch
        if watch is None or watch.region != region or watch.sizes is not sides:
            watch = self._cube_watch = CubeWatch(region, sides, tuple(image.shape[:2]))
        try:
            look = watch.look(image, self._grids.grid)
        except (VisionError, TypeError, ValueError) as exc:
            log.debug("cube: %s", exc)
            watch.forget()
            return None
        if look.carried:
            reused.append("cube")
        return look.cube


def read_file(path: str | Path, reader: Optional[Reader] = None) -> Observation:
    """Read one image file (a fresh reader unless one is given); VisionError when it is not a readable image."""
    p = Path(path)
    if not p.exists():
        raise VisionError(f"{p}: no such file")
    if p.is_dir():
        raise VisionError(f"{p}: is a folder, not an image")
    image = cv2.imread(str(p), cv2.IMREAD_COLOR)
    if image is None or image.size == 0:
        raise VisionError(f"{p}: not an image file or cannot be decoded")
    obs = (reader or Reader()).read(image)
    obs.image = str(path)
    return obs
