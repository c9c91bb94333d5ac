"""The dice on a stream of frames of one board: searched again only where the frame changed.

Why: a whole dice search of the board costs about as much as counting the checkers (~17 ms at 1080p, more on the
frame where the dice are lifted: no roll to stop at), yet between two reads a hand moved a checker or the dice were
lifted, and the rest of the board is the very same. The watch keeps the dice its last searches found and the grey
grid (vision.change_map) of the frame each part was last searched in. Where no cell changed, the dice found there
stand; round changed cells, padded by PAD_EDGES die edges so that a die touching a changed cell lies wholly inside,
the dice finder reads again; a die touching a changed cell is dropped (found again if still there), one found again
where a kept die lies is not counted twice.

The finder reads a part with the scales it would read the whole area with (the learnt die edge of the whole area's
view, vision.dice_scale), and a part's read teaches that edge nothing: only whole reads do, as they did before.
What is not exact: the finder's answer depends on the area it reads, not only on a die's own pixels (it skips its
second scale once a whole area shows both dice of a roll read with confidence, vision.dice._roll_read, which a part
holding one die never does; a centre moved by a fraction of a pixel with the crop). On rendered game 1505 (1280x720,
314 frames, 205 read in full), part reads and whole reads of the same frame from the same state gave other dice on
~25 frames, most under moving hands where whole reads themselves flip between frames (a 5-5 read as 0, 1 or 2 dice).
So the reader reads parts only when asked (``Reader(dice_parts=True)``); by default a change anywhere in an area
reads the whole area again (``parts=False``), and only an area where no cell changed keeps its dice. A cell that
moved by less than change_map.CELL_CHANGE keeps its dice either way.

A whole roll held (``roll``, the reader's ``hold_roll``): when the last search read a whole roll (both dice, flat,
read with confidence: vision.dice.last_roll), the finder's next read of the area would look only round that roll
(vision.dice._reread_roll) and take it only as the same whole roll. While no cell within that read's reach of either
die changed, the roll is kept unread: a hand moving checkers elsewhere no longer costs a dice read (~5 ms at 1080p on
the bench's in-game frames). Not exact either: the re-read of a new frame sees the same scene under new sensor noise,
which may move a centre by a fraction of a pixel or, for a die read at the edge of confidence, fail the roll.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Optional

import cv2
import numpy as np

from vision.change_map import GRID_SIZE, cell_box, cells_inside, changed_cells
from vision.observation import DieReading

PAD_EDGES = 1.6  # die edges round a changed cell that a new search takes in (a face's pips reach ~0.6, its outline
# rays ~1.6 of an edge: vision.dice.WINDOW_HALF)
WHOLE_SHARE = 0.5  # changed parts covering this share of the area: one whole search instead
SAME_DIE = 0.65  # die edges within which a die found again is one kept (vision.reader.SAME_DIE_GAP)


class ReadOnlyScales:
    """A die-scale memory for a part's read: the scales of the whole area's learnt edge, learning nothing.

    Why: the finder keeps its learnt die edge per searched box (vision.dice_scale.ScaleMemory), so a part's box
    would start from the guess's five scales and learn apart; this hands it the whole area's edge."""

    def __init__(self, scale: Any) -> None:
        self._scale = scale

    def view(self, key: Hashable) -> "ReadOnlyScales":
        return self

    def scales(self, guess_scales: list[float], guess: Optional[float] = None) -> list[float]:
        return self._scale.scales(guess_scales, guess)

    def learn(self, confident_sizes: list[float]) -> None:
        """Nothing: only whole reads teach the die's edge."""

    def edge(self) -> Optional[float]:
        """The whole area's learnt edge (vision.dice: a face far under it is a side face's pips)."""
        edge = getattr(self._scale, "edge", None)
        return edge() if callable(edge) else None


@dataclass
class DiceLook:
    """One frame's dice in one area: the readings, whether they were carried unsearched, and the px searched."""

    dice: list[DieReading]
    carried: bool
    searched_px: int


@dataclass
class DiceWatch:
    """The dice in one area (``mask``: 255 where a die's centre counts) of frames of one size, ``die_px`` an edge.

    ``find(mask, part)`` reads the dice inside ``mask`` (``part``: True for a part's read, see ReadOnlyScales)."""

    mask: np.ndarray
    die_px: float
    parts: bool = True  # False: a change anywhere in the area reads the whole area again (exact; see the docstring)
    dice: list[DieReading] = field(default_factory=list)
    base: Optional[np.ndarray] = None
    where: Optional[np.ndarray] = None  # the grid cells the mask touches
    box: Optional[tuple[int, int, int, int]] = None  # the mask's bounding box (x0, y0, x1, y1)
    last: Optional[DiceLook] = None  # the last look (what it searched)
    # the finder's last whole roll after a whole search (vision.dice.last_roll: centres, reach px), or None
    roll: Optional[Callable[[], Optional[tuple[np.ndarray, float]]]] = None
    held: Optional[tuple[np.ndarray, float]] = None  # the roll the last whole search read, kept while still
    # this look's cells changed anywhere in the frame since ``base`` (``changed_anywhere``), made once a look
    _anywhere: Optional[np.ndarray] = field(default=None, repr=False)

    def forget(self) -> None:
        self.dice, self.base, self.held = [], None, None

    def look(self, image: np.ndarray, grid: np.ndarray,
             find: Callable[[np.ndarray, bool], list[DieReading]]) -> DiceLook:
        """The dice in ``image`` (``grid`` its change grid): carried where no cell changed, else read by
        ``find`` round the changes (``parts``) or in the whole area. The look is kept as ``last``."""
        self.last = self._look(image, grid, find)
        return self.last

    def changed_anywhere(self, grid: np.ndarray) -> np.ndarray:
        """The cells changed since ``base`` anywhere in the frame (not only in the area: a roll's re-read windows
        reach past its edge), made once for the look in progress (``_near_roll`` and the reader's test of a roll
        gone, ``vision.reader.Reader._drop_gone_roll``, both ask it)."""
        assert self.base is not None
        if self._anywhere is None:
            self._anywhere = changed_cells(grid, self.base)
        return self._anywhere

    def _look(self, image: np.ndarray, grid: np.ndarray,
              find: Callable[[np.ndarray, bool], list[DieReading]]) -> DiceLook:
        self._anywhere = None
        if self.where is None:
            self.where = cv2.resize(self.mask, GRID_SIZE, interpolation=cv2.INTER_AREA) > 0
            x, y, w, h = cv2.boundingRect((self.mask > 0).astype(np.uint8))
            self.box = (x, y, x + w, y + h)
        if self.base is None or self.base.shape != grid.shape:
            return self._search_all(grid, find)
        changed = changed_cells(grid, self.base, self.where)
        if not changed.any():
            return DiceLook(list(self.dice), True, 0)
        if self.held is not None and not self._near_roll(grid, image.shape):
            return DiceLook(list(self.dice), True, 0)  # the roll lies as it lay (see the module's docstring)
        if not self.parts:
            return self._search_all(grid, find)
        self.held = None  # a part's read reads no whole roll
        boxes = self._boxes(changed, image.shape)
        whole = (self.box[2] - self.box[0]) * (self.box[3] - self.box[1])
        px = sum((b[2] - b[0]) * (b[3] - b[1]) for b in boxes)
        if px >= WHOLE_SHARE * whole:
            return self._search_all(grid, find)
        kept = [d for d in self.dice if not self._touches(d, changed, image.shape)]
        found: list[DieReading] = []
        for x0, y0, x1, y1 in boxes:
            part = np.zeros_like(self.mask)
            part[y0:y1, x0:x1] = self.mask[y0:y1, x0:x1]
            if part.any():
                found.extend(d for d in find(part, True) if not any(self._same(d, k) for k in kept + found))
            c0, r0, c1, r1 = cells_inside(image.shape, (x0, y0, x1, y1))
            self.base[r0:r1, c0:c1] = grid[r0:r1, c0:c1]
        self.dice = sorted(kept + found, key=lambda d: (d.center[0], d.center[1]))
        return DiceLook(list(self.dice), False, px)

    def _search_all(self, grid: np.ndarray, find: Callable[[np.ndarray, bool], list[DieReading]]) -> DiceLook:
        self.dice = find(self.mask, False)
        self.base = grid.copy()
        self.held = self.roll() if self.roll is not None else None
        assert self.box is not None
        return DiceLook(list(self.dice), False, (self.box[2] - self.box[0]) * (self.box[3] - self.box[1]))

    def _boxes(self, changed: np.ndarray, shape: tuple[int, ...]) -> list[tuple[int, int, int, int]]:
        """Frame-px boxes round the changed cells, each padded by PAD_EDGES die edges, overlapping ones joined,
        inside the mask's box."""
        H, W = shape[:2]
        cw, ch = W / GRID_SIZE[0], H / GRID_SIZE[1]
        pad = PAD_EDGES * self.die_px
        rx, ry = int(np.ceil(pad / cw)), int(np.ceil(pad / ch))
        grown = cv2.dilate(changed.astype(np.uint8), np.ones((2 * ry + 1, 2 * rx + 1), np.uint8))
        n, _, stats, _ = cv2.connectedComponentsWithStats(grown, connectivity=8)
        assert self.box is not None
        out = []
        for i in range(1, n):
            c, r, w, h, _ = stats[i]
            box = (max(self.box[0], int(np.floor(c * cw))), max(self.box[1], int(np.floor(r * ch))),
                   min(self.box[2], int(np.ceil((c + w) * cw))), min(self.box[3], int(np.ceil((r + h) * ch))))
            if box[2] > box[0] and box[3] > box[1]:
                out.append(box)
        return out

    def _near_roll(self, grid: np.ndarray, shape: tuple[int, ...]) -> bool:
        """Whether any cell within the held roll's reach of one of its dice changed since the last search (every
        cell of the frame counts, in or out of the area: the re-read's windows reach past its edge)."""
        assert self.held is not None and self.base is not None
        centres, reach = self.held
        changed = self.changed_anywhere(grid)
        for x, y in centres:
            c0, r0, c1, r1 = cell_box(shape, (x - reach, y - reach, x + reach, y + reach))
            if changed[r0:r1, c0:c1].any():
                return True
        return False

    def _touches(self, die: DieReading, changed: np.ndarray, shape: tuple[int, ...]) -> bool:
        """Whether a changed cell lies within a die edge of the die's centre (the die moved, was lifted, turned)."""
        x, y = die.center
        r = self.die_px
        c0, r0, c1, r1 = cell_box(shape, (x - r, y - r, x + r, y + r))
        return bool(changed[r0:r1, c0:c1].any())

    def _same(self, a: DieReading, b: DieReading) -> bool:
        return bool(np.hypot(a.center[0] - b.center[0], a.center[1] - b.center[1]) < SAME_DIE * self.die_px)
