"""The doubling cube on a stream of frames of one board: searched again only where the frame changed.

Why: a whole search round the board costs ~14 ms a 1080p frame (vision.cube), for an object that moves a few times
a game. The cube lies where it lay: the watch keeps every face the last searches accepted and the grey grid
(vision.change_map) of the frame each part was last searched in. A new frame is compared cell by cell with that;
where nothing changed, the faces found there stand (the search is local: a face is read from its own outline's
pixels, so the same pixels give the same face); where cells changed, only boxes round them are searched again,
padded by a whole cube's side so that a cube touching a changed cell lies wholly inside (a cube turned to double
changes its number's cells, a cube taken away or put down its whole face). Faces touching a changed cell are dropped
(found again if still there: the padding keeps them far from a searched box's edge); a face untouched by any change
is kept, and the same outline found again in a searched box beside a change is not counted twice. Why kept rather
than searched again: the grey-level maps trace regions, and a region cut by a searched box's edge can trace another
outline than in the whole region (a still's cube lost beside a change that did not touch it). The reading is the
best face, as the whole search would report it (vision.cube.best_face).

What is not exact: a cell that changed by less than change_map.CELL_CHANGE keeps its old faces (the whole search
might, on a knife-edge face, read the new pixels otherwise), and an outline within a blur's reach of a searched
box's edge is traced a pixel differently than in the whole box; a face there is a cube half inside the padding,
which the padding keeps away from any changed cell. Measured against the whole search on the 40 sample stills, each
read as it is, with noise added (sigma 2), with a far patch moved, with the cube covered and put back: see the
reader's tests and the report of the task that made this (issue 5).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import cv2
import numpy as np

from vision.change_map import cell_box, cells_inside, changed_cells, GRID_SIZE
from vision.cube import CubeFace, CubeSizes, best_face, cube_faces, face_at, same_place, search_box
from vision.observation import CubeReading

PAD_SIDES = 1.0  # cube sides (the largest there can be at that place: CubeSizes.hi, 1.3 checker diameters, more
# than a real cube's diagonal) round a changed cell that a new search box takes in
WHOLE_SHARE = 0.7  # changed boxes covering this share of the region: one whole search instead (no overlaps)
PAD_PX = 8  # ... and this many px more: the outline maps' blur and the glyph checks' grown outline reach so far


@dataclass
class CubeLook:
    """One frame's cube: the reading, whether it was carried from earlier frames unsearched, and the px searched."""

    cube: Optional[CubeReading]
    carried: bool
    searched_px: int


@dataclass
class CubeWatch:
    """The cube read frame after frame in one ``region`` (x0, y0, x1, y1 px) at the board's ``sizes``.

    Made for one geometry and frame size (the reader makes a new one when either changes)."""

    region: tuple[int, int, int, int]
    sizes: CubeSizes
    frame_shape: tuple[int, int]
    faces: list[CubeFace] = field(default_factory=list)
    base: Optional[np.ndarray] = None  # the grid each cell was last searched in
    where: Optional[np.ndarray] = None  # the cells the region covers

    def forget(self) -> None:
        """Search the whole region at the next frame."""
        self.faces, self.base = [], None

    def look(self, image: np.ndarray, grid: np.ndarray) -> CubeLook:
        """The cube in ``image`` (BGR, ``grid`` its change_map grid): searched where cells changed since they were
        last searched, carried where none did."""
        if self.base is None or tuple(image.shape[:2]) != self.frame_shape or self.base.shape != grid.shape:
            return self._search_all(image, grid)
        if self.where is None:
            self.where = np.zeros(grid.shape, bool)
            c0, r0, c1, r1 = cell_box(self.frame_shape, self.region)
            self.where[r0:r1, c0:c1] = True
        changed = changed_cells(grid, self.base, self.where)
        if not changed.any():
            best = best_face(self.faces)
            return CubeLook(None if best is None else CubeReading(best.value, best.center), True, 0)
        again = self._in_place(image, grid, changed)
        if again is not None:
            return again
        boxes = self._boxes(changed)
        full = search_box(self.region, self.frame_shape)
        px = sum((b[2] - b[0]) * (b[3] - b[1]) for b in boxes)
        if full is None or px >= WHOLE_SHARE * (full[2] - full[0]) * (full[3] - full[1]):
            return self._search_all(image, grid)  # the changed boxes cover most of the region: search it once
        kept = [f for f in self.faces if not self._touches(f, changed)]
        found: list[CubeFace] = []
        for box in boxes:
            found.extend(f for f in cube_faces(image, region=box, side_range=self.sizes)
                         if not any(same_place(f.box, k.box) for k in kept + found))
            c0, r0, c1, r1 = cells_inside(self.frame_shape, box)
            self.base[r0:r1, c0:c1] = grid[r0:r1, c0:c1]
        # the order of a whole search: top to bottom as the boxes lie does not hold, so ties (equal scores, rare)
        # may pick another of two equal faces than the whole search would
        self.faces = kept + found
        best = best_face(self.faces)
        return CubeLook(None if best is None else CubeReading(best.value, best.center), False, px)

    def _in_place(self, image: np.ndarray, grid: np.ndarray, changed: np.ndarray) -> Optional[CubeLook]:
        """When every changed cell lies under faces already found, those faces read again in their own outlines
        (vision.cube.face_at: a cube turned in place); None when a change lies elsewhere or an outline no longer
        reads (then the boxes round the changes are searched)."""
        touched = [f for f in self.faces if self._touches(f, changed)]
        if not touched:
            return None
        under = np.zeros_like(changed)
        spans = []
        for f in touched:
            x0, y0 = f.box.min(axis=0) - PAD_PX
            x1, y1 = f.box.max(axis=0) + PAD_PX
            c0, r0, c1, r1 = cell_box(self.frame_shape, (x0, y0, x1, y1))
            under[r0:r1, c0:c1] = True
            spans.append((c0, r0, c1, r1))
        if (changed & ~under).any():
            return None
        again = [face_at(image, f.box, f.on_board) for f in touched]
        if any(f is None for f in again):
            return None
        for c0, r0, c1, r1 in spans:
            self.base[r0:r1, c0:c1] = grid[r0:r1, c0:c1]
        self.faces = [f for f in self.faces if not any(f is t for t in touched)] + again
        best = best_face(self.faces)
        px = sum(int(np.prod(f.box.max(axis=0) - f.box.min(axis=0))) for f in touched)
        return CubeLook(None if best is None else CubeReading(best.value, best.center), False, px)

    def _search_all(self, image: np.ndarray, grid: np.ndarray) -> CubeLook:
        self.frame_shape = tuple(image.shape[:2])
        self.faces = cube_faces(image, region=self.region, side_range=self.sizes)
        self.base = grid.copy()
        self.where = None
        best = best_face(self.faces)
        full = search_box(self.region, self.frame_shape)
        px = 0 if full is None else (full[2] - full[0]) * (full[3] - full[1])
        return CubeLook(None if best is None else CubeReading(best.value, best.center), False, px)

    def _boxes(self, changed: np.ndarray) -> list[tuple[int, int, int, int]]:
        """Search boxes (frame px, aligned as the whole search's, inside its box) round the changed cells: each
        changed cell padded by a cube's side, overlapping pads joined."""
        H, W = self.frame_shape
        cw, ch = W / GRID_SIZE[0], H / GRID_SIZE[1]
        full = search_box(self.region, self.frame_shape)
        if full is None:
            return []
        # the changed cells padded by the largest cube side where they lie (the largest of theirs: one dilation)
        rows, cols = np.nonzero(changed)
        if len(rows) == 0:
            return []
        centres = np.stack([(cols + 0.5) * cw, (rows + 0.5) * ch], axis=1)
        pad = PAD_SIDES * float(self.sizes.at(centres)[1].max()) + PAD_PX
        rx, ry = int(np.ceil(pad / cw)), int(np.ceil(pad / ch))
        # dilated within the changed cells' own box grown by the pad (a few changes: a few hundred cells, not 57600)
        r0, c0 = max(0, int(rows.min()) - ry), max(0, int(cols.min()) - rx)
        r1, c1 = int(rows.max()) + ry + 1, int(cols.max()) + rx + 1
        window = changed[r0:r1, c0:c1].astype(np.uint8)
        grown = cv2.dilate(window, np.ones((2 * ry + 1, 2 * rx + 1), np.uint8), borderType=cv2.BORDER_CONSTANT,
                           borderValue=0)
        n, _, stats, _ = cv2.connectedComponentsWithStats(grown, connectivity=8)
        stats[1:, 0] += c0
        stats[1:, 1] += r0
        out = []
        for i in range(1, n):
            c, r, w, h, _ = stats[i]
            box = (max(full[0], int(np.floor(c * cw))), max(full[1], int(np.floor(r * ch))),
                   min(full[2], int(np.ceil((c + w) * cw))), min(full[3], int(np.ceil((r + h) * ch))))
            aligned = search_box(box, self.frame_shape)
            if aligned is not None:
                out.append((max(full[0], aligned[0]), max(full[1], aligned[1]),
                            min(full[2], aligned[2]), min(full[3], aligned[3])))
        return out

    def _touches(self, face: CubeFace, changed: np.ndarray) -> bool:
        """Whether any cell under the face's outline (grown by a few px) changed."""
        x0, y0 = face.box.min(axis=0) - PAD_PX
        x1, y1 = face.box.max(axis=0) + PAD_PX
        c0, r0, c1, r1 = cell_box(self.frame_shape, (x0, y0, x1, y1))
        return bool(changed[r0:r1, c0:c1].any())


