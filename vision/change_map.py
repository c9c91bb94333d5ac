"""Where a frame differs from an earlier one: a grey grid of the whole frame, compared cell by cell.

Why a grid: in a game most frames differ from the last read only where a hand moved a checker or the dice landed.
A grey grid of GRID_SIZE cells (6 px at 1080p, 4 px at 720p: a die covers 5-8 cells, a cube more) is made from the
same sampled image as the reader's unchanged-frame thumbnail, so it costs a fraction of a millisecond, and a stage
that reads only one part of the board (the cube, the dice) can skip a frame where no cell of its part changed.

A cell counts as changed when its grey level moved by more than CELL_CHANGE after the median move of all cells is
taken off (a global light flicker changes every cell alike and is forgiven, as the thumbnail test forgives it).
Sensor noise averaged over a cell's samples stays far below it (renders: ~0.5 grey levels); a die's pips, a checker's
rim or a cube's number moving through a cell change it by tens of levels.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import cv2
import numpy as np

GRID_SIZE = (320, 180)  # cells across, down
THUMB_SIZE = (160, 90)  # the unchanged-frame thumbnail (vision.reader.same_frame)
CELL_CHANGE = 12.0  # grey levels (0-255) a cell must move, beyond the frame's median move, to count as changed
MEDIAN_STEP = 4  # the median move is taken over every this many cells
STILL_CELLS = 1  # a frame is unchanged only if at most this many cells changed (one: a lone noise spike)
SAMPLE = 4  # the frame is first sampled to SAMPLE x the thumbnail's size (every 3rd pixel at 1080p)


@dataclass(frozen=True)
class FrameGrids:
    """The two grey summaries of one frame (float32): the thumbnail and the finer change grid."""

    thumb: np.ndarray
    grid: np.ndarray


def frame_grids(image: np.ndarray) -> FrameGrids:
    """The thumbnail and change grid of a BGR frame: sampled every few pixels, made grey, then averaged down.

    Why sampled first: averaging a 1080p frame's every pixel costs about a millisecond; sampling to 640x360 and
    averaging 4 samples per grid cell (16 per thumbnail pixel) keeps noise far below the thresholds for a third."""
    w, h = THUMB_SIZE
    if image.shape[1] > SAMPLE * w and image.shape[0] > SAMPLE * h:
        image = cv2.resize(image, (SAMPLE * w, SAMPLE * h), interpolation=cv2.INTER_NEAREST)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    grid = cv2.resize(grey, GRID_SIZE, interpolation=cv2.INTER_AREA).astype(np.float32)
    thumb = cv2.resize(grid, THUMB_SIZE, interpolation=cv2.INTER_AREA)
    return FrameGrids(thumb, grid)


def changed_cells(grid: np.ndarray, base: np.ndarray, where: Optional[np.ndarray] = None,
                  level: float = CELL_CHANGE) -> np.ndarray:
    """Cells of ``grid`` that moved more than ``level`` from ``base`` beyond the median move (of the cells in
    ``where`` when given: the part a stage reads, so a change elsewhere does not shift its median)."""
    diff = grid - base
    ref = diff[where] if where is not None and where.any() else diff.ravel()
    diff -= float(np.median(ref[::MEDIAN_STEP]))  # every few cells: the median of 57600 would cost ~0.5 ms
    out = np.abs(diff) > level
    if where is not None:
        out &= where
    return out


def cell_box(frame_shape: tuple[int, ...], box: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
    """The grid cells (c0, r0, c1, r1, end exclusive) that the frame-px box (x0, y0, x1, y1) touches."""
    H, W = frame_shape[:2]
    cw, ch = W / GRID_SIZE[0], H / GRID_SIZE[1]
    c0, r0 = int(max(0, np.floor(box[0] / cw))), int(max(0, np.floor(box[1] / ch)))
    c1 = int(min(GRID_SIZE[0], np.ceil(box[2] / cw)))
    r1 = int(min(GRID_SIZE[1], np.ceil(box[3] / ch)))
    return c0, r0, max(c0, c1), max(r0, r1)


def cells_inside(frame_shape: tuple[int, ...], box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """The grid cells (c0, r0, c1, r1, end exclusive) lying wholly inside the frame-px box (x0, y0, x1, y1)."""
    H, W = frame_shape[:2]
    cw, ch = W / GRID_SIZE[0], H / GRID_SIZE[1]
    c0, r0 = int(np.ceil(box[0] / cw - 1e-9)), int(np.ceil(box[1] / ch - 1e-9))
    c1, r1 = int(np.floor(box[2] / cw + 1e-9)), int(np.floor(box[3] / ch + 1e-9))
    return max(0, c0), max(0, r0), min(GRID_SIZE[0], max(c0, c1)), min(GRID_SIZE[1], max(r0, r1))


def cell_centres(frame_shape: tuple[int, ...]) -> np.ndarray:
    """Every cell's centre in frame px, (rows*cols, 2), row by row."""
    H, W = frame_shape[:2]
    cw, ch = W / GRID_SIZE[0], H / GRID_SIZE[1]
    xs = (np.arange(GRID_SIZE[0]) + 0.5) * cw
    ys = (np.arange(GRID_SIZE[1]) + 0.5) * ch
    return np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
