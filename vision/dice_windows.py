"""Windows of a scaled image packed side by side, so a second reading scale looks only where the first saw pips.

Why: at the learnt die edge a view is read at two scales a step apart (``dice_scale``), and each whole-image read
(morphology, thresholds, labelling of a ~2 MP scaled image) costs ~20 ms on 1080p. The second scale is there to
catch faces the first read in pieces (a pip split off, two pips run together); the first scale's pips show where
those faces are. So the second scale reads only windows round the first scale's candidate groups: the windows are
cut from the whole scaled image (the same pixels a whole read sees), packed into one small mosaic, read once, and
every finding is mapped back to the frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import cv2
import numpy as np

BORDER = 5  # rows and columns replicated round each window: the 9x9 morphology sees the window's edge, not the gap
BAND = 8  # no pips are taken this near a window's edge (``cut`` of the mask) ...
GAP = 20  # ... so with this gap between windows no two pips of different windows are ever linked (1.35 die edges)


@dataclass
class Mosaic:
    """Where each window of the frame (the whole scaled image) lies in the mosaic."""

    boxes: np.ndarray  # (k, 4) int: x0, y0, x1, y1 of each window in the frame
    places: np.ndarray  # (k, 2) int: top-left corner of each window in the mosaic
    shape: tuple[int, int]  # mosaic height, width

    @classmethod
    def around(cls, centres: np.ndarray, half: float, frame_shape: tuple[int, ...]) -> Optional["Mosaic"]:
        """Windows of +-``half`` pixels round ``centres`` (frame pixels), overlapping ones joined; None for none."""
        centres = np.asarray(centres, float).reshape(-1, 2)
        if len(centres) == 0:
            return None
        h, w = frame_shape[:2]
        cell = max(4.0, half / 4)  # windows are joined on a coarse grid of the frame
        gh, gw = int(np.ceil(h / cell)) + 1, int(np.ceil(w / cell)) + 1
        grid = np.zeros((gh, gw), np.uint8)
        lo = np.floor((centres - half) / cell).astype(int)
        hi = np.ceil((centres + half) / cell).astype(int)
        for (x0, y0), (x1, y1) in zip(lo, hi):
            grid[max(0, y0):max(0, y1) + 1, max(0, x0):max(0, x1) + 1] = 1
        n, _, stats, _ = cv2.connectedComponentsWithStats(grid, connectivity=8)
        boxes = []
        for x, y, bw, bh, _ in stats[1:n]:
            x0, y0 = int(max(0, x * cell)), int(max(0, y * cell))
            x1, y1 = int(min(w, (x + bw) * cell)), int(min(h, (y + bh) * cell))
            if x1 > x0 and y1 > y0:
                boxes.append((x0, y0, x1, y1))
        if not boxes:
            return None
        boxes_arr = np.array(sorted(boxes, key=lambda b: -(b[3] - b[1])), int)  # tallest first
        places, shape = _pack(boxes_arr[:, 2] - boxes_arr[:, 0], boxes_arr[:, 3] - boxes_arr[:, 1])
        return cls(boxes_arr, places, shape)

    def cut(self, frame: np.ndarray, replicate: bool = True) -> np.ndarray:
        """The windows of ``frame`` in the mosaic; the gaps are 0. ``replicate`` (an image): each window's edge runs on
        into the gap for BORDER pixels, so a filter sees no false edge there; otherwise (a mask) a band of BAND
        pixels inside each window's edge is left 0 too."""
        out = np.zeros(self.shape + frame.shape[2:], frame.dtype)
        for (x0, y0, x1, y1), (px, py) in zip(self.boxes, self.places):
            window = frame[y0:y1, x0:x1]
            if replicate:
                window = cv2.copyMakeBorder(window, BORDER, BORDER, BORDER, BORDER, cv2.BORDER_REPLICATE)
                out[py - BORDER:py + y1 - y0 + BORDER, px - BORDER:px + x1 - x0 + BORDER] = window
            else:  # a mask: nothing within BAND of the window's edge
                h, w = y1 - y0, x1 - x0
                if h > 2 * BAND and w > 2 * BAND:
                    out[py + BAND:py + h - BAND, px + BAND:px + w - BAND] = window[BAND:h - BAND, BAND:w - BAND]
        return out

    def whole_inside(self, x: float, y: float, reach: float, frame_shape: tuple[int, ...]) -> bool:
        """Whether everything within ``reach`` of mosaic point (x, y) was read: at least ``reach`` plus BAND (where
        no pips are taken) inside its window's edges, except edges on the frame's own border.

        Why: a die near a window's edge shows only the pips on the window's side; a 4 cut so that one pip was left
        was read as a one (a rendered game at 960x540, the window round the other die of the roll).
        """
        px, py = self.places[:, 0], self.places[:, 1]
        bw, bh = self.boxes[:, 2] - self.boxes[:, 0], self.boxes[:, 3] - self.boxes[:, 1]
        inside = np.nonzero((px <= x) & (x < px + bw) & (py <= y) & (y < py + bh))[0]
        if len(inside) == 0:
            return False
        k = int(inside[0])
        x0, y0, x1, y1 = (int(v) for v in self.boxes[k])
        lx, ly = x - px[k], y - py[k]
        need = reach + BAND
        h, w = frame_shape[:2]
        return bool((x0 == 0 or lx >= need) and (y0 == 0 or ly >= need)
                    and (x1 >= w or bw[k] - lx >= need) and (y1 >= h or bh[k] - ly >= need))

    def offset_at(self, x: float, y: float) -> np.ndarray:
        """What to add to a mosaic point to get its frame point: that of the window it lies in (or nearest to)."""
        px, py = self.places[:, 0], self.places[:, 1]
        bw, bh = self.boxes[:, 2] - self.boxes[:, 0], self.boxes[:, 3] - self.boxes[:, 1]
        dx = np.maximum(0, np.maximum(px - x, x - (px + bw)))
        dy = np.maximum(0, np.maximum(py - y, y - (py + bh)))
        k = int(np.argmin(dx * dx + dy * dy))
        return (self.boxes[k, :2] - self.places[k]).astype(float)


def _pack(widths: np.ndarray, heights: np.ndarray) -> tuple[np.ndarray, tuple[int, int]]:
    """Top-left corners for boxes of these sizes (tallest first) in a compact mosaic, GAP apart, and its shape.

    Each box goes where the skyline under it is lowest (bottom-left skyline packing): shelves of one row height
    left most of the mosaic empty under the shorter windows, and the mosaic's every pixel costs as much to read.
    """
    fw, fh = widths + GAP, heights + GAP  # each box's footprint with the gap right of and below it
    width = int(max(fw.max(), np.sqrt(float((fw * fh).sum())) * 1.15))
    sky = np.zeros((1, width), np.float32)
    places = []
    for w, h in zip(fw.tolist(), fh.tolist()):
        # lowest skyline over [x, x + w): a running maximum (dilation anchored at the window's left end)
        top = cv2.dilate(sky, np.ones((1, w), np.uint8), anchor=(0, 0), borderType=cv2.BORDER_REPLICATE)[0]
        x = int(np.argmin(top[:width - w + 1]))
        y = int(top[x])
        places.append((x + GAP, y + GAP))
        sky[0, x:x + w] = y + h
    return np.array(places, int), (int(sky.max()) + GAP, width + GAP)
