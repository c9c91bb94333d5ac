"""The doubling cube: a square face larger than a die, printed with 2, 4, 8, 16, 32 or 64.

Why template matching: the cube shows one or two large glyphs, not pips. The face is rectified, its ink (the
minority polarity) cut out, and compared with the candidate numbers drawn in several of OpenCV's fonts at the four
quarter turns. Only a clear winner is reported; a logo face (the cube at 64 in the middle) is not recognised. Best
effort, measured (cubes read right / labelled; no wrong and no false reading in any of these): real board photos
0/6 (4 are logo faces; the others' fonts differ from OpenCV's: r03's "2" ranks first at IoU 0.60, r15's does not),
sample stills 21/34, renders seed 6363 23/32 and seed 7474 18/38 (outlines searched at full size; the shrunk
search's figures: _square_candidates); no cube read in 310 real dice photos. As the board's reader searches (only
round the board, at the board's scale: ``region`` and ``side_range``, see vision.reader.cube_area): sample stills
23/34, renders seed 1822 19/35, seed 1922 15/33, real photos 0/6, no wrong or false reading; ~15 ms a 1080p frame
where the whole-frame search took ~22 ms (bench frames, one core, a loaded machine). A cube off the camera's axis
shows a side face in its own colour joined to its upper face, so the ends of outlines up to MAX_BODY_RATIO long are
read as well (renders seeds 9700-9759, the reader's first read: 7 -> 10 of 25 numbered cubes and 14 -> 15 of 30
centred ones read; sample stills 10 of 14 and 14 of 20 unchanged; no wrong reading, none on the real photos or the
310 dice photos; the search's median cost on the bench frames 15.6-15.8 -> 15.9-16.7 ms).

Why it costs what it does: five maps (an edge map and four grey-level cuts) each find cubes no other map finds
(stills and seed 1822: dropping any one lost 2-5 of 42 cubes), so each is traced for contours (~5 ms of a 1080p
board); the rest is the edge map (~2.5 ms), the rotated fits (~2 ms) and the glyph reads (~3 ms). In a game the
cube is read only on changed frames without dice (the sample game: 3 reads in 223 frames).

Why so much evidence before a reading: the referee turns a change of cube value into a "double" event, so a cube
read where there is none is a false alarm, worse than a cube missed. Squares with a small mark in them are common
(keyboard keys, score cards, tiles, a die's face with pips). A cube's number is printed large, so the glyph must span
a good part of the face (MIN_GLYPH_SPAN), stand out from a plain face (MIN_CONTRAST), and the same value must win
when the outline is read a little smaller and a little larger (SCALE_CHECKS): a chance match to one crop does not
survive a change of crop, a printed number does.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Optional, Sequence

import cv2
import numpy as np

from vision.cube_digits import rank_digits, read_digits, round_blot
from vision.errors import VisionError
from vision.observation import CubeReading

CUBE_VALUES = (2, 4, 8, 16, 32, 64)
_FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX, cv2.FONT_HERSHEY_TRIPLEX)
_GLYPH = 48  # side of the normalised glyph image
MIN_SCORE = 0.72  # IoU of ink and template
MIN_MARGIN = 0.08
MIN_GLYPH_SPAN = 0.35  # the glyph's longer side as a fraction of the face's inner side (cubes measured 0.40-0.79)
MIN_CONTRAST = 40.0  # grey levels between ink and face: a cube's number is printed bold
SCALE_CHECKS = (0.9, 1.05)  # the outline read again shrunk and grown about its centre must give the same value
SCALE_MIN_SCORE = 0.6  # ... ranked first at this IoU at least
SCALE_WHERE_READ = True  # ... reading only the ink where the first read's glyph lay (see _where_read)
SCALE_INSTEAD = 1.11  # on the board, a shrink that would cut the first read's glyph: the outline grown so instead
DIGIT_READS = True  # a number the templates do not read surely is read digit by digit (vision.cube_digits)
DIGIT_SCALE_MIN_SCORE = 0.55  # ... and its shrunk and grown outlines must rank it first at this score at least
NO_LOOP_NO_8 = True  # an 8 ranked below the winner is no rival to ink that closes no loop (see _has_hole)
DIGIT_MIN_SIDE = 18.0  # px: a smaller outline's number is too coarse to read by its digits' shapes (a blurred die
# of 14 px read as a 4; real cubes read by digits: 22-31 px)
CUT_LEVELS = (64, 112, 160, 208)  # grey levels at which the image is cut to find faces as regions
MAX_BODY_RATIO = 1.8  # an outline up to this long over its width may be a cube's upper face and a side face
MIN_BODY_FILL = 0.65  # ... filling this share of its box (the two faces' outline is a hexagon, not a rectangle)
MIN_DISC_ROUNDNESS = 0.85  # a lone blot this round (4 pi area / perimeter^2) and ...
MIN_DISC_SOLIDITY = 0.96  # ... this convex is a pip, not a number (a die's 1: 0.90 and 0.98; a blurred bold 4, the
# roundest number seen: up to 0.80 and 0.94; renders seeds 9700-9759 and sample stills)


def _norm_glyph(ink: np.ndarray) -> Optional[np.ndarray]:
    """Crop to the ink's bounding box and scale it into a _GLYPH square (aspect kept, centred).

    The box and the count by OpenCV on the ink's bytes (np.nonzero's index arrays cost ~3x, four times a face)."""
    u8 = np.ascontiguousarray(ink).view(np.uint8) if ink.dtype == bool else (np.asarray(ink) != 0).view(np.uint8)
    if cv2.countNonZero(u8) < 8:
        return None
    x, y, w, h = cv2.boundingRect(u8)
    crop = u8[y:y + h, x:x + w] * np.uint8(255)
    h, w = crop.shape
    s = (_GLYPH - 4) / max(h, w)
    crop = cv2.resize(crop, (max(1, round(w * s)), max(1, round(h * s))), interpolation=cv2.INTER_AREA)
    out = np.zeros((_GLYPH, _GLYPH), np.uint8)
    y0, x0 = (_GLYPH - crop.shape[0]) // 2, (_GLYPH - crop.shape[1]) // 2
    out[y0:y0 + crop.shape[0], x0:x0 + crop.shape[1]] = crop
    return out > 127


@lru_cache(maxsize=1)
def _templates() -> list[tuple[int, np.ndarray]]:
    out = []
    for value in CUBE_VALUES:
        for font in _FONTS:
            for thick in (2, 4):
                img = np.zeros((80, 140), np.uint8)
                cv2.putText(img, str(value), (8, 62), font, 2.0, 255, thick, cv2.LINE_AA)
                glyph = _norm_glyph(img > 127)
                if glyph is not None:
                    out.append((value, glyph))
    return out


def read_cube_face(patch: np.ndarray, digits: bool = True) -> tuple[Optional[int], float]:
    """Value printed on a rectified square cube face (grey or BGR), with an IoU score; (None, score) if unsure.

    A number the whole-number templates do not read surely is read digit by digit (vision.cube_digits: a cube
    printed in another type, or its number turned on the face); not with ``digits`` off (a face proposed round a
    glyph: there the glyph alone made the face, and read by its digits a board's lettering passed as a cube's 4,
    sample still sim_23)."""
    keep = _face_glyph(patch)
    ranked = _rank_glyph(keep)
    if not ranked:
        return None, 0.0
    (best, score), (_, second) = ranked[0], ranked[1]
    if score < MIN_SCORE or score - second < MIN_MARGIN:
        if DIGIT_READS and digits and keep is not None:
            value, by_digits = read_digits(keep)
            if value is not None:
                # ranked below every face the templates read surely: its IoU is of stretched digits, a kinder
                # measure, and where both read a face the whole number's outline is the surer place
                return value, min(by_digits, MIN_SCORE - 0.01)
        return None, score
    return best, score


def _face_glyph(patch: np.ndarray) -> Optional[np.ndarray]:
    """The face's ink (its minority polarity) that could be a printed number, or None when there is no such ink.

    Ink touching the face's rim is dropped (edges, shadows). A glyph shorter than MIN_GLYPH_SPAN of the face or
    fainter than MIN_CONTRAST against the face is no cube's number.
    """
    gray = patch if patch.ndim == 2 else cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY)
    if gray.shape[:2] != (64, 64):  # a rectified face (_rectify) is already 64 px: resizing it is a copy
        gray = cv2.resize(gray, (64, 64), interpolation=cv2.INTER_AREA)
    inner = gray[6:58, 6:58]
    if int(inner.max()) - int(inner.min()) < MIN_CONTRAST:
        return None  # no ink can stand MIN_CONTRAST off the face where no two pixels do (most squares: plain)
    ink = _minority_ink(inner)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink.view(np.uint8), connectivity=8)
    side = inner.shape[0]
    x, y, w, h, area = stats.T
    touches = (x == 0) | (y == 0) | (x + w >= side) | (y + h >= side)
    wanted = ~touches & (np.maximum(w, h) >= 0.25 * side) & (area >= 12)  # every part at once, not one by one
    wanted[0] = False
    keep = wanted[labels]
    if not keep.any() or keep.mean() > 0.35:
        return None
    ys, xs = np.nonzero(keep)
    if max(np.ptp(ys), np.ptp(xs)) + 1 < MIN_GLYPH_SPAN * side:
        return None  # a small mark in a square (a key's label, a pip) is not a cube's number
    if _one_disc(keep):
        return None  # a die's lone pip, blurred large: no cube's number is one round blot (a 1 read as an 8)
    if abs(float(inner[keep].mean()) - float(inner[~ink].mean())) < MIN_CONTRAST:
        return None
    return keep


def _minority_ink(inner: np.ndarray) -> np.ndarray:
    """The face's pixels of its minority polarity (Otsu's split): the ink of a number on a plain face."""
    _, binary = cv2.threshold(inner, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    ink = binary > 0
    return ~ink if ink.mean() > 0.5 else ink


def _one_disc(ink: np.ndarray) -> bool:
    """Whether the ink is a single round blot: one outline without a hole, round (MIN_DISC_ROUNDNESS) and convex
    (MIN_DISC_SOLIDITY) as a disc is.

    Why: a die showing 1 is a square with one mark in it; blurred at a small size the pip spans a third of the face
    and its normalised shape matches an 8 better than any other template (a render's 1 read as a cube at 8). The
    cube's numbers are strokes: a 2 or 16 is far from round, a blurred 4 a triangle with a stem, and an 8, 32 or 64
    has holes or several parts.
    """
    return round_blot(ink, MIN_DISC_ROUNDNESS, MIN_DISC_SOLIDITY)


@lru_cache(maxsize=1)
def _template_stack() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The templates as one (n, 48*48) 0/1 float32 array, their values and their ink areas: every IoU of a glyph's
    four quarter turns in one matrix product (0/1 sums below 2**24 are exact in float32, so the IoUs are the
    integer counts' ratios, as a count per template would give)."""
    values = np.array([v for v, _ in _templates()])
    stack = np.array([t.ravel() for _, t in _templates()], np.float32)
    return values, stack, stack.sum(axis=1, dtype=np.float64)


def _rank_face(patch: np.ndarray) -> list[tuple[int, float]]:
    """Every cube value with its best IoU over fonts and quarter turns, best first; empty when there is no glyph."""
    return _rank_glyph(_face_glyph(patch))


def _rank_glyph(keep: Optional[np.ndarray]) -> list[tuple[int, float]]:
    """_rank_face's ranking of a face's glyph (``_face_glyph``)."""
    if keep is None:
        return []
    values, stack, sizes = _template_stack()
    turns = []
    for k in range(4):
        glyph = _norm_glyph(np.rot90(keep, k))
        if glyph is None:
            return []
        turns.append(glyph.ravel())
    glyphs = np.array(turns, np.float32).T  # (48*48, 4)
    inter = (stack @ glyphs).astype(np.float64)  # (templates, turns)
    union = sizes[:, None] + glyphs.sum(axis=0, dtype=np.float64)[None, :] - inter
    iou = np.where(union > 0, inter / np.maximum(union, 1), 0.0)
    scores: dict[int, float] = {}
    for value, v in zip(values.tolist(), iou.max(axis=1).tolist()):
        scores[value] = max(scores.get(value, 0.0), v)
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])
    if NO_LOOP_NO_8 and ranked[0][0] != 8 and 8 in scores and not _has_hole(keep):
        ranked = [kv for kv in ranked if kv[0] != 8]  # an 8 closes loops: no rival to a number that closes none
    return ranked


def _has_hole(keep: np.ndarray) -> bool:
    """Whether the ink closes a loop: a part of the face off the ink that does not reach the face's rim.

    Why: blurred at a cube's small size (a face of 12-17 px), a 2 or a 4 turned on the face fills out into a
    lump whose normalised shape an 8's template matches nearly as well as its own (judging game 73434: a 2 turned a
    quarter scored 0.75 against the 8's 0.70, refused for the margin; still 073144: a 2 ranked under an 8, 0.74 to
    0.75). An 8 is two loops, so a lump that closes none is no 8's, and an 8 ranked below its winner is taken out
    of the ranking: no rival, the winner's margin is over the next (still MIN_MARGIN). An 8 that ranks first is
    kept: its loops fill in at a face of 14-16 px, and taking it out of every lump lost those 8s (drawn faces of
    11-22 px in four types, three weights, four quarter turns, upright and 12 degrees off: 2s 144 -> 192 and 4s
    312 -> 474 of 672 each read, 8s 285 kept, no face read wrong that was not before)."""
    _, _, stats, _ = cv2.connectedComponentsWithStats((~keep).view(np.uint8), connectivity=4)
    side_y, side_x = keep.shape
    x, y, w, h, area = stats.T
    inside = (x > 0) & (y > 0) & (x + w < side_x) & (y + h < side_y) & (area >= 2)
    return bool(inside[1:].any())


def _outline_maps(gray: np.ndarray) -> list[np.ndarray]:
    """Binary maps whose contours may trace a cube face: dilated edges, and the image cut at several grey levels.

    Why both: an edge loop is lost when the face's rim touches other edges (a cube in a tray's corner, its number
    touching the rim after dilation); a light face on a darker tray (or a dark one on a light table) is still one
    region at some grey level. Contours of a cut give both the bright regions and the dark holes in them.
    """
    blurred = cv2.GaussianBlur(gray, (5, 5), 0)
    edges = cv2.dilate(cv2.Canny(blurred, 40, 120), np.ones((3, 3), np.uint8))
    maps = [edges]
    for level in CUT_LEVELS:  # blurred >= level as 0/1, in one OpenCV pass (numpy's compare and copy: ~8x)
        maps.append(cv2.threshold(blurred, level - 1, 1, cv2.THRESH_BINARY)[1])
    return maps


@dataclass(frozen=True)
class CubeSizes:
    """The side a cube's face can have across the frame, in px, on a grid of image points (``xs`` columns by
    ``ys`` rows; ``lo`` and ``hi`` have shape (len(ys), len(xs))), read between grid points bilinearly.

    Why a grid and not one range: on a tilted board a cube at the far end looks half the size of one at the near
    end; one range for the whole frame lets every square of half to twice a cube's size through (on the bench
    frames ~20 squares a frame read for their glyph, a false "8" once on a logo), the local range far fewer.
    Built by the board's reader from its geometry (vision.reader.cube_area).
    """

    xs: np.ndarray
    ys: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    # the board's outer outline (4 corners, image px): where a number with no face traced round it may be taken for
    # the cube (see _glyph_faces). Beside the board lie score sheets and clocks, whose digits are no cube's
    # (judging still 44145: a score sheet's 4); on it, only the cube carries a number
    board: Optional[np.ndarray] = None

    def at(self, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(lo, hi) side px at each of ``points`` (n, 2 image px); points beyond the grid take its edge's."""
        pts = np.asarray(points, np.float64).reshape(-1, 2)
        fx = np.interp(pts[:, 0], self.xs, np.arange(len(self.xs), dtype=np.float64))
        fy = np.interp(pts[:, 1], self.ys, np.arange(len(self.ys), dtype=np.float64))
        x0 = np.minimum(np.floor(fx).astype(int), len(self.xs) - 1)
        y0 = np.minimum(np.floor(fy).astype(int), len(self.ys) - 1)
        x1, y1 = np.minimum(x0 + 1, len(self.xs) - 1), np.minimum(y0 + 1, len(self.ys) - 1)
        tx, ty = fx - x0, fy - y0

        def lerp(grid: np.ndarray) -> np.ndarray:
            top = grid[y0, x0] * (1 - tx) + grid[y0, x1] * tx
            bottom = grid[y1, x0] * (1 - tx) + grid[y1, x1] * tx
            return top * (1 - ty) + bottom * ty

        return lerp(self.lo), lerp(self.hi)

    @property
    def bounds(self) -> tuple[float, float]:
        """The least and greatest side anywhere."""
        return float(self.lo.min()), float(self.hi.max())


OUTLINE_SIDE = 720  # pixels: outlines are looked for in the image shrunk so its shorter side is at most this
SHRINK_STEP = 12  # the shrink is a whole number of twelfths, so a part cut at multiples of 12 px shrinks alike


def shrink_factor(frame_side: float) -> float:
    """The factor outlines are searched at: OUTLINE_SIDE over the frame's shorter side, to the nearest twelfth.

    Why twelfths: a part of the frame cut at multiples of SHRINK_STEP px then shrinks to exactly the pixels the
    whole frame's shrink has there (the same source pixels weighed alike), so searching a part finds the
    same outlines as searching the whole frame would (a cube found in one and not the other, by where the pixel
    grid fell, was seen on renders).
    """
    f = OUTLINE_SIDE / float(frame_side)
    if f >= 1.0:
        return 1.0
    return max(1, round(f * SHRINK_STEP)) / SHRINK_STEP


def _boxed_like_a_square(contours: Sequence[np.ndarray], lo: float, hi: float,
                         local: Optional[Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]]] = None
                         ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Indices of the contours (4 points or more) whose upright bounding box can hold a square of side lo..hi
    (``local``: the side range at each box's centre, (n, 2) px of the searched image, instead), with the side
    range each of them must fit.

    Why vectorised: a frame's maps give thousands of contours, nearly all specks of texture; their boxes computed
    at once (every contour's points in one array, min and max per contour) leave a Python loop over a few dozen.
    The box is cv2.boundingRect's (max - min + 1 on each axis).
    """
    if not contours:
        return np.zeros(0, np.int64), np.zeros(0), np.zeros(0)
    counts = np.fromiter(map(len, contours), np.int64, len(contours))
    points = np.concatenate(contours).reshape(-1, 2)
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    lo_xy = np.stack([np.minimum.reduceat(points[:, k], starts) for k in (0, 1)], axis=1)
    hi_xy = np.stack([np.maximum.reduceat(points[:, k], starts) for k in (0, 1)], axis=1)
    size = hi_xy - lo_xy + 1
    ok = (counts >= 4) & (size.max(axis=1) >= lo) & (size.min(axis=1) <= 1.5 * hi)
    idx = np.flatnonzero(ok)
    if local is None or len(idx) == 0:
        return idx, np.full(len(idx), float(lo)), np.full(len(idx), float(hi))
    lo_i, hi_i = local((lo_xy[idx] + hi_xy[idx]) / 2.0)
    fits = (size[idx].max(axis=1) >= lo_i) & (size[idx].min(axis=1) <= 1.5 * hi_i)
    return idx[fits], lo_i[fits], hi_i[fits]


def shrink(gray: np.ndarray, f: float) -> np.ndarray:
    """The grey image shrunk by ``f`` (a shrink_factor) for the outline search.

    Why bilinear: the maps are blurred next (_outline_maps), which does the anti-aliasing that area averaging
    would; area averaging at a factor like 2/3 cost ~2.3 ms on a 1080p board's part, bilinear ~0.5 ms. Measured
    against area averaging: cubes read right the same (sample stills 23/34, renders seed 1822 19/35), none wrong.
    fx and fy, not a size: the pixel grid then follows the factor exactly (a rounded size would stretch it), so
    a part cut at multiples of SHRINK_STEP px shrinks to the whole frame's pixels there.
    """
    return cv2.resize(gray, None, fx=f, fy=f, interpolation=cv2.INTER_LINEAR) if f < 1.0 else gray


def _square_candidates(gray: np.ndarray, mask: Optional[np.ndarray], lo: float, hi: float,
                       frame_side: Optional[float] = None, sizes: Optional[CubeSizes] = None,
                       origin: tuple[int, int] = (0, 0), glyphs: Optional[list[np.ndarray]] = None
                       ) -> list[np.ndarray]:
    """Convex four-sided outlines with a square's proportions and an edge between ``lo`` and ``hi`` pixels.

    Why shrunk: the edge and grey-level maps and their contours cost ~30 ms on a 1080p frame and a cube is at
    least a fortieth of the shorter side (27 px at 1080p, 18 px at OUTLINE_SIDE): outlines are found in the
    shrunk image (1080p: 44% of the pixels) and the glyph is still read in the full image. Measured against the
    full-size search (cubes read right, none wrong either way): sample stills 21 -> 21 of 34, renders seed 8484
    21 -> 19, seed 5353 14 -> 17; shrinking to 540 lost cubes on every set (19, 17, 13). Frames of
    OUTLINE_SIDE or less (the 640x480 dice photos) are searched as they are. A contour's upright bounding box
    rules most contours out before the dearer rotated fit (a rotated square's box spans at least its side and
    at most its diagonal). ``frame_side``: the whole frame's shorter side when ``gray`` is a part of it (the
    shrink follows the frame, so a part is searched at the frame's scale). ``sizes``: the side range at each
    place (``gray``'s pixel (0, 0) being the frame's ``origin``), which every outline must fit where it lies.
    ``glyphs``: when given (and ``sizes`` holds the board), the faces proposed round glyph-sized outlines of the
    edge map whose centres lie on the board (and in ``mask``) are added to it (see _glyph_faces), in ``gray``'s px.
    """
    f = shrink_factor(frame_side or min(gray.shape[:2]))
    small = shrink(gray, f)
    out = []
    seen: set[tuple[int, int, int]] = set()
    lo_s, hi_s = lo * f, hi * f
    def sized(xy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:  # shrunk px in, shrunk px out
        lo_px, hi_px = sizes.at(xy / f + origin)
        return lo_px * f, hi_px * f

    local = sized if sizes is not None else None

    def in_mask(cx: float, cy: float) -> bool:  # gray's px
        return mask is None or bool(mask[min(max(int(cy), 0), mask.shape[0] - 1),
                                         min(max(int(cx), 0), mask.shape[1] - 1)])

    board = None if sizes is None or sizes.board is None else np.asarray(sizes.board, np.float32).reshape(-1, 1, 2)
    for k, binary in enumerate(_outline_maps(small)):
        contours, _ = cv2.findContours(binary, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        if k == 0 and glyphs is not None and board is not None:
            def on_board(cx: float, cy: float) -> bool:  # shrunk px
                cx, cy = cx / f, cy / f
                return in_mask(cx, cy) and cv2.pointPolygonTest(board, (cx + origin[0], cy + origin[1]), False) >= 0

            glyphs.extend(box / f for box in _glyph_faces(contours, lo_s, hi_s, local, small, on_board))
        for i, least, most in zip(*_boxed_like_a_square(contours, lo_s, hi_s, local)):
            c = contours[int(i)]
            rect = cv2.minAreaRect(c)
            w, h = rect[1]
            short, long_ = min(w, h), max(w, h)
            if not least <= short <= most:
                continue
            fill = cv2.contourArea(c) / max(w * h, 1e-9)
            if long_ <= 1.3 * short and long_ <= most and fill >= 0.75:
                rects = [rect]
            elif 1.3 * short < long_ <= MAX_BODY_RATIO * short and fill >= MIN_BODY_FILL:
                rects = _end_squares(rect)
            else:
                continue
            for r in rects:
                cx, cy = r[0][0] / f, r[0][1] / f
                if not in_mask(cx, cy):
                    continue
                key = (round(cx / 2), round(cy / 2), round((r[1][0] + r[1][1]) / f / 4))
                if key in seen:
                    continue  # the same outline found again in another map
                seen.add(key)
                out.append(cv2.boxPoints(r) / f)
    return out


def _end_squares(rect: tuple) -> list[tuple]:
    """The two squares at the ends of a rotated rectangle's long axis, each as wide as the rectangle (rotated
    rectangles as cv2.minAreaRect gives them).

    Why: a cube seen off the camera's axis shows a side face next to its upper one, in the same colour; the two
    trace one outline up to MAX_BODY_RATIO as long as wide, and the upper face is the square at one end of it (which
    end, the glyph read decides: the side face is squashed and its number cut by the outline)."""
    (cx, cy), (w, h), angle = rect
    short, long_ = min(w, h), max(w, h)
    theta = np.deg2rad(angle)
    axis = np.array([np.cos(theta), np.sin(theta)]) if w >= h else np.array([-np.sin(theta), np.cos(theta)])
    shift = (long_ - short) / 2.0
    return [((cx + k * shift * axis[0], cy + k * shift * axis[1]), (short, short), angle) for k in (-1.0, 1.0)]


GLYPH_OF_SIDE = (0.3, 0.7)  # a glyph's longer side: this share of the least to the greatest cube side where it lies
GLYPH_OF_FACE = 0.55  # a face proposed round a glyph: the glyph's longer side over the face's side (cubes: 0.33-0.64)
GLYPH_SHORT = 0.4  # a glyph's shorter side at least this share of its longer (one digit ~0.6, two ~0.55, a stroke less)
GLYPH_FILL = 0.45  # ... and its (dilated edge) outline filling at least this share of its box
MAX_GLYPH_READS = 8  # glyph outlines read at most per search, those of strongest contrast first (a bound on the cost;
# 6 -> 8: renders seeds 66000-66059 and 66500-66559, a black cube's 64 ranked seventh on the board read, 1 more of 96
# cubes, none more read wrong; the search's cost unchanged within noise, A/B on 20 bench frames and 20 renders at 1080p)


def _glyph_faces(contours: Sequence[np.ndarray], lo: float, hi: float,
                 local: Optional[Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]]] = None,
                 gray: Optional[np.ndarray] = None,
                 where: Optional[Callable[[float, float], bool]] = None) -> list[np.ndarray]:
    """Square faces proposed round outlines of the edge map the size of a cube's number (4 corners each).

    Why: a cube whose face is close in tone to what it lies on (a black cube on a dark bar, a red one on a red
    field) or seen off the camera's axis (its side faces, in its own colour, joined to its upper face in a
    hexagon) leaves no square outline in any map, while its number, printed bold in the other polarity, always
    traces one: judging stills 47131-47170 held 16 cubes whose number was plain to see and whose face traced no
    square. The face is taken centred on the number and turned with it, GLYPH_OF_FACE of its side; a chance
    glyph must then pass every check a face read in a traced outline passes, and _lone_number's.
    Only the MAX_GLYPH_READS of strongest contrast (``gray``: the searched image) are proposed: a frame's edge map
    holds 15-50 glyph-sized outlines, and reading them all cost ~17 ms a 720p frame. ``where`` (a centre in the
    contours' px -> bool): only glyphs where a cube may be proposed (the board) are ranked for those reads: glyphs
    off it (a clock's digits beside the board, a score sheet's) took reads from a cube's number on it (renders
    seeds 66500-66559: a red cube's 64 on the bar read once they no longer did, 1 of 48 cubes; none read wrong)."""
    if not contours:
        return []
    share_lo, share_hi = GLYPH_OF_SIDE
    glyph_sized = None
    if local is not None:
        def glyph_sized(xy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
            lo_px, hi_px = local(xy)
            return share_lo * lo_px, share_hi * hi_px

    # every contour's box against the glyph sizes where it lies, at once (a Python loop only over those that fit)
    idx, least, most = _boxed_like_a_square(contours, share_lo * lo, share_hi * hi, glyph_sized)
    rects = []
    for i, lo_i, hi_i in zip(idx, least, most):
        c = contours[int(i)]
        rect = cv2.minAreaRect(c)
        w, h = rect[1]
        short, long_ = min(w, h), max(w, h)
        if short < GLYPH_SHORT * long_ or not lo_i <= long_ <= hi_i or cv2.contourArea(c) < GLYPH_FILL * w * h:
            continue
        if where is not None and not where(rect[0][0], rect[0][1]):
            continue
        rects.append(rect)
    if not rects:
        return []
    longs = np.array([max(r[1]) for r in rects])
    contrast = np.zeros(len(rects))
    if gray is not None:
        H, W = gray.shape[:2]
        for k, r in enumerate(rects):
            half = 0.5 * longs[k]
            x0, y0 = max(int(r[0][0] - half), 0), max(int(r[0][1] - half), 0)
            x1, y1 = min(int(r[0][0] + half) + 1, W), min(int(r[0][1] + half) + 1, H)
            if x1 > x0 and y1 > y0:
                contrast[k] = float(gray[y0:y1, x0:x1].std())
    order = np.argsort(-contrast, kind="stable")[:MAX_GLYPH_READS]
    return [cv2.boxPoints((rects[k][0], (longs[k] / GLYPH_OF_FACE,) * 2, rects[k][2])) for k in order]


def _lone_number(face: np.ndarray, value: int) -> bool:
    """Whether the face proposed round a glyph holds nothing but the number ``value``: no ink of the glyph's polarity
    off the glyph, and the glyph in as many pieces as the number has digits (two when blurred into one).

    Why: a letter in a word (a name card, the board maker's print) is a glyph-sized outline with other letters a
    stroke away; a cube's number stands alone on a plain face. And a one-digit number is one stroke: two blocks of
    a calibration marker's pattern, one above the other, read as an 8 (judging stills 47161, 47168). ``face``: the
    proposed face rectified (_rectify)."""
    keep = _face_glyph(face)
    if keep is None:
        return False
    pieces = cv2.connectedComponents(keep.view(np.uint8), connectivity=8)[0] - 1
    if pieces > (1 if value < 10 else 2):
        return False
    hull = cv2.contourArea(cv2.convexHull(cv2.findNonZero(keep.view(np.uint8))))
    if hull <= 0 or float(keep.sum()) > GLYPH_SOLID * hull:
        return False  # a solid block (a marker's cell, a lit patch) read as an 8: a number is strokes
    stray = _minority_ink(face[6:58, 6:58]) & ~cv2.dilate(keep.view(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    return float(stray.mean()) <= GLYPH_STRAY


# the values a face proposed round a glyph may read: not 8, the shape any light blob with dark marks in it reads
# best as (sample still 23: a 15 px white cube showing 16, its whole face taken for a glyph and read as an 8)
GLYPH_VALUES = (2, 4, 16, 32, 64)
GLYPH_SOLID = 0.96  # a glyph-proposed face: its ink over its convex hull at most this (digits read 0.74-0.93, a
# calibration marker's solid cell 1.01-1.06 on judging stills 47131-47170: the hull of pixel centres is a little small)
GLYPH_STRAY = 0.03  # share of a glyph-proposed face's inner square that may be ink off the glyph (edge shading)


GLYPH_TIGHT = 0.6  # a proposed face read again round its glyph's ink: the ink's longer side over the face's side


def _tight_face(gray: np.ndarray, box: np.ndarray, face: np.ndarray, value: int
                ) -> tuple[Optional[np.ndarray], float]:
    """A face proposed round a glyph (``box``, read as ``face``) taken again round the glyph's own ink, its side
    the ink's longer side over GLYPH_TIGHT, where the first read held more than the lone number ``value``: (the new
    outline, its score) when it reads ``value`` alone, else (None, 0).

    Why: the proposal is centred on the glyph's outline in the dilated edge map, which can take in the cube's own
    edge or a line beside it, and is GLYPH_OF_FACE of that outline: the face then reaches past the cube, and the
    bar or table beyond (darker than a white cube's face, as dark as its number) is ink off the glyph. Renders seeds
    66000-66059 and 66500-66559: 3 more of 96 cubes read right (two white cubes' 64s on the bar, whose first faces
    were 4% and 34% such ink, and a black cube's), none more read wrong. Taken round the ink, the face keeps every
    other check: a letter in a word still has letters a stroke away, inside it."""
    keep = _face_glyph(face)
    if keep is None:
        return None, 0.0
    x, y, w, h = cv2.boundingRect(keep.view(np.uint8))
    centre_px = np.array([[[6 + x + (w - 1) / 2.0, 6 + y + (h - 1) / 2.0]]], np.float32)  # the rectified face's px
    to_image = cv2.getPerspectiveTransform(_FACE_CORNERS, box.astype(np.float32))
    centre = cv2.perspectiveTransform(centre_px, to_image)[0, 0].astype(np.float64)
    tight = centre + (box - box.mean(axis=0)) * (max(w, h) / 63.0 / GLYPH_TIGHT)
    face = _rectify(gray, tight)
    again, score = read_cube_face(face, digits=False)
    if again != value or not _lone_number(face, value):
        return None, 0.0
    return tight, score


def _scaled(box: np.ndarray, factor: float) -> np.ndarray:
    """The outline shrunk or grown about its centre."""
    centre = box.mean(axis=0)
    return centre + (box - centre) * factor


def _rectify(gray: np.ndarray, box: np.ndarray) -> np.ndarray:
    """The face inside a four-cornered outline as a 64 px square."""
    return cv2.warpPerspective(gray, cv2.getPerspectiveTransform(box.astype(np.float32), _FACE_CORNERS), (64, 64))


_FACE_CORNERS = np.array([[0, 63], [0, 0], [63, 0], [63, 63]], np.float32)  # an outline's corners in _rectify's face


def _digits_fit(box: np.ndarray) -> bool:
    """Whether a traced outline is large enough to read its number digit by digit (DIGIT_MIN_SIDE)."""
    return float(np.linalg.norm(box[1] - box[0])) >= DIGIT_MIN_SIDE


def _same_glyph(gray: np.ndarray, box: np.ndarray, value: int, digits: bool = True,
                glyph: Optional[np.ndarray] = None, factor: float = 1.0) -> bool:
    """Whether ``value`` still ranks first, at a fair score, in this (shrunk or grown) outline.

    The cross-check need not be as sure as the reading itself (a tighter crop clips the glyph's rim a little), but
    another value winning, or no glyph at all, means the first reading was a chance match. ``glyph``: the first
    reading's glyph (``_face_glyph`` of the outline this one is ``factor`` times): only the ink where it lay is
    read again (see _where_read).
    """
    keep = _face_glyph(_rectify(gray, box))
    if keep is not None and glyph is not None:
        keep = _where_read(keep, glyph, factor)
    ranked = _rank_glyph(keep)
    if bool(ranked) and ranked[0][0] == value and ranked[0][1] >= SCALE_MIN_SCORE:
        return True
    if not DIGIT_READS or not digits or keep is None:
        return False
    by_digits = rank_digits(keep)  # a number read digit by digit: checked the same way
    return bool(by_digits) and by_digits[0][0] == value and by_digits[0][1] >= DIGIT_SCALE_MIN_SCORE


GLYPH_REACH = 3  # px of the 52 px inner face: how far a scaled read's ink may lie from the first glyph's and be it


def _where_read(keep: np.ndarray, glyph: np.ndarray, factor: float) -> Optional[np.ndarray]:
    """The parts of ``keep`` (a scaled outline's glyph, _face_glyph's inner square) that touch where ``glyph`` (the
    first outline's) lies, mapped into the scaled face (its outline ``factor`` times the first about its centre);
    None when no part does.

    Why: an outline traced round a whole cube seen off the camera's axis (its upper face and side faces) holds the
    side faces' numbers at its rim, where the first read drops them (ink touching the rim). Shrunk by 0.9 they no
    longer touch it: they join the glyph, and the number read ("2" and "32" and "16" in one glyph) ranks nothing
    first, so a plainly printed 2 was not reported (renders seeds 76000-76059). The check asks whether the same
    number reads at the same place; ink where the first read saw none is another mark, not a change of crop."""
    c = (glyph.shape[1] - 1) / 2.0
    to_scaled = np.array([[1.0 / factor, 0.0, c - c / factor], [0.0, 1.0 / factor, c - c / factor]])
    at = cv2.warpAffine(glyph.view(np.uint8), to_scaled, (keep.shape[1], keep.shape[0]), flags=cv2.INTER_NEAREST)
    at = cv2.dilate(at, np.ones((2 * GLYPH_REACH + 1,) * 2, np.uint8)) > 0
    n, labels = cv2.connectedComponents(keep.view(np.uint8), connectivity=8)
    hit = np.zeros(n, bool)
    hit[np.unique(labels[at & keep])] = True
    hit[0] = False
    out = hit[labels]
    return out if out.any() else None


def _on_a_cut(box: np.ndarray, shape: tuple[int, ...], cut: tuple[bool, bool, bool, bool]) -> bool:
    """Whether an outline reaches an edge of the searched part where the part was cut from the frame.

    Why: a light area cut by the part's edge (a clock's display beside the board, cut at its "2") ends in a
    straight edge that is no edge in the frame, and a square outline closed by it may hold a digit: a sample
    still's clock read as a cube at 2. A cube that far out lies outside where the reader looks anyway.
    """
    h, w = shape[:2]
    margin = 2.0
    xs, ys = box[:, 0], box[:, 1]
    return bool((cut[0] and xs.min() < margin) or (cut[1] and ys.min() < margin)
                or (cut[2] and xs.max() > w - 1 - margin) or (cut[3] and ys.max() > h - 1 - margin))


@dataclass(frozen=True)
class CubeFace:
    """One square outline whose face read as a cube's number and passed every check: its IoU score, value and
    outline (4 corners, whole-frame px), and whether its centre lies on the board (inside CubeSizes.board; True
    when no board is known)."""

    score: float
    value: int
    box: np.ndarray
    on_board: bool = True

    @property
    def center(self) -> list[float]:
        c = self.box.mean(axis=0)
        return [float(c[0]), float(c[1])]


def read_cube(image_bgr: np.ndarray, mask: Optional[np.ndarray] = None,
              cube_size_px: Optional[float] = None, region: Optional[Sequence[int]] = None,
              side_range: Optional[tuple[float, float] | CubeSizes] = None) -> Optional[CubeReading]:
    """The doubling cube's value and centre, or None when no cube face can be read with confidence.

    ``region`` (x0, y0, x1, y1 image px): the only part of the frame searched, where a cube can lie (the board and
    the table beside it, from the board geometry); the centre is still in whole-frame px. ``side_range`` (lo, hi
    px, or a CubeSizes giving it at each place): the face's side, from the board's scale; else ``cube_size_px``
    (0.75-1.35 of it), else a fortieth
    to a fifth of the frame's shorter side. Why both: the search's cost is in the maps and contours of the pixels
    searched, and most of its dear glyph reads are of squares of the wrong size.
    """
    best = best_face(cube_faces(image_bgr, mask, cube_size_px, region, side_range))
    return None if best is None else CubeReading(value=best.value, center=best.center)


def best_face(faces: Sequence[CubeFace]) -> Optional[CubeFace]:
    """The face with the highest score, the first of equals (as the search meets them); a face on the board before
    any beside it.

    Why: a number read on the board is the cube's (nothing else on it carries one), while beside it lie clocks and
    score cards whose digits can read as well as a cube's: renders seeds 78000-78119, a clock's 4 (0.82) and 8
    (0.90), each at the end of its light display, won over a 64 read on the board at 0.76 and 0.90 (both cubes read
    wrong; both right now). A face beside the board is still reported when none on it reads (a cube laid on the
    table)."""
    best: Optional[CubeFace] = None
    for face in faces:
        if best is None or (face.on_board, face.score) > (best.on_board, best.score):
            best = face
    return best


def search_box(region: Sequence[int], shape: tuple[int, ...]) -> Optional[tuple[int, int, int, int]]:
    """``region`` widened to multiples of SHRINK_STEP and clipped to the frame (x0, y0, x1, y1), None if empty.

    Why multiples: a part cut there shrinks to the whole frame's pixels (see shrink_factor), so a part and the
    whole find the same outlines."""
    step = SHRINK_STEP
    x0, y0, x1, y1 = (int(round(v)) for v in region)
    x0, y0 = max(0, x0 - x0 % step), max(0, y0 - y0 % step)
    x1, y1 = min(shape[1], x1 + (-x1) % step), min(shape[0], y1 + (-y1) % step)
    if x1 <= x0 or y1 <= y0:
        return None
    return x0, y0, x1, y1


def cube_faces(image_bgr: np.ndarray, mask: Optional[np.ndarray] = None,
               cube_size_px: Optional[float] = None, region: Optional[Sequence[int]] = None,
               side_range: Optional[tuple[float, float] | CubeSizes] = None) -> list[CubeFace]:
    """Every outline in ``region`` read as a cube face with confidence, in the order the search meets them (the
    arguments as read_cube's, which reports the best of these).

    Why all and not the best: a reader that searches again only where the frame changed (vision.cube_watch) keeps
    the faces found elsewhere, and the best of old and new must be the best a whole search would find.
    """
    if image_bgr is None or getattr(image_bgr, "size", 0) == 0:
        raise VisionError("empty image")
    if mask is not None and not isinstance(mask, np.ndarray):
        raise TypeError("read_cube: mask must be an image-sized array")
    frame_side = float(min(image_bgr.shape[:2]))
    x0 = y0 = 0
    cut: tuple[bool, bool, bool, bool] = (False, False, False, False)  # left, top, right, bottom edges cut
    if region is not None:
        box = search_box(region, image_bgr.shape)
        if box is None:
            return []  # the region lies outside the frame: nowhere to look
        x0, y0, x1, y1 = box
        cut = (x0 > 0, y0 > 0, x1 < image_bgr.shape[1], y1 < image_bgr.shape[0])
        image_bgr = image_bgr[y0:y1, x0:x1]
        mask = None if mask is None else mask[y0:y1, x0:x1]
    gray = image_bgr if image_bgr.ndim == 2 else cv2.cvtColor(image_bgr, cv2.COLOR_BGR2GRAY)
    sizes = side_range if isinstance(side_range, CubeSizes) else None
    if sizes is not None:
        lo, hi = sizes.bounds
    elif side_range is not None:
        lo, hi = float(side_range[0]), float(side_range[1])
    elif cube_size_px:
        lo, hi = 0.75 * cube_size_px, 1.35 * cube_size_px
    else:
        lo, hi = frame_side / 40.0, frame_side / 5.0
    faces: list[CubeFace] = []
    glyphs: list[np.ndarray] = []
    squares = _square_candidates(gray, mask, lo, hi, frame_side, sizes, (x0, y0), glyphs)
    for box, proposed in [(b, False) for b in squares] + [(b, True) for b in glyphs]:
        if _on_a_cut(box, gray.shape, cut):
            continue
        face = _rectify(gray, box)
        digits = not proposed and _digits_fit(box)
        value, score = read_cube_face(face, digits=digits)
        if value is None:
            continue
        if proposed and (value not in GLYPH_VALUES or any(same_place(box + (x0, y0), f.box) for f in faces)):
            continue  # (near a face traced already, its glyph proposes nothing new; an 8: no cube)
        if proposed and not _lone_number(face, value):
            box, score = _tight_face(gray, box, face, value)  # the face may reach past the cube: read it tighter
            if box is None:
                continue  # no lone number: no cube
            face = _rectify(gray, box)
        glyph = _face_glyph(face) if SCALE_WHERE_READ else None
        on_board = _on_board(box + (x0, y0), sizes)
        known = on_board and sizes is not None and sizes.board is not None  # on a board, not a search without one
        if all(_same_glyph(gray, _scaled(box, k), value, digits, glyph, k) for k in _checks(glyph, known)):
            faces.append(CubeFace(score, value, box + (x0, y0), on_board))
    return faces


def _checks(glyph: Optional[np.ndarray], on_board: bool) -> tuple[float, ...]:
    """The factors an outline is read again at (SCALE_CHECKS), but on the board a shrink whose face would cut the
    first read's glyph (``glyph``: _face_glyph's inner square) replaced by SCALE_INSTEAD.

    Why: _face_glyph drops ink touching the face's inner rim, so an outline shrunk round a glyph that fills its face
    or lies off its centre (an outline traced a little off the cube's face, a blurred number) holds no glyph at all,
    and a number plainly read was refused for a change of crop that could not show it (renders seeds 78000-78119:
    a 64 on the bar read at 0.72 and a blurred one at 0.73, their 0.9 outlines holding no glyph). Grown instead,
    the crop still changes. Only on the board: beside it a clock's display traces a light outline tight round its
    digits, whose shrink is what refuses them (the same renders: 4 more clock digits read as faces, a 54 as a 64,
    had the change held beside the board too). Nor where no board is known (``bgref dice`` on a photo): there
    nothing says a number is the cube's."""
    if not on_board or glyph is None:
        return SCALE_CHECKS
    x, y, w, h = cv2.boundingRect(glyph.view(np.uint8))
    c = 31.5  # the 64 px face's centre (_rectify); the glyph's inner square is its px 6-57
    out = []
    for k in SCALE_CHECKS:
        if k < 1.0:
            near = c + (6 + min(x, y) - c) / k  # the glyph's extreme px in the face shrunk by k
            far = c + (6 + max(x + w, y + h) - 1 - c) / k
            if near <= 6.0 or far >= 57.0:  # on the shrunk face's inner rim (or past it): cut
                k = SCALE_INSTEAD
        out.append(k)
    return tuple(out)


def _on_board(box: np.ndarray, sizes: Optional[CubeSizes]) -> bool:
    """Whether an outline's centre (frame px) lies inside the board's outer outline (True when none is known)."""
    if sizes is None or sizes.board is None:
        return True
    c = box.mean(axis=0)
    board = np.asarray(sizes.board, np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(board, (float(c[0]), float(c[1])), False) >= 0


def same_place(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two outlines (4 corners each) are one found twice: centres within half ``b``'s side."""
    side = float(np.linalg.norm(b[1] - b[0]))
    return bool(np.hypot(*(a.mean(axis=0) - b.mean(axis=0))) < 0.5 * side)


def face_at(image_bgr: np.ndarray, box: np.ndarray, on_board: bool = True) -> Optional[CubeFace]:
    """The face read in a known outline (4 corners, frame px), with the whole search's checks (the value ranked
    first again in the outline shrunk and grown), or None when no cube's number reads there.

    Why: the cube lies where it lay; a cube turned in place (a double) is read again in its old outline at the
    cost of three glyph reads, where a search round it traces contours in five maps (vision.cube_watch).
    ``on_board``: the outline's place as the search that found it told it (CubeFace.on_board), kept; True also
    asks its shrink check as the search asks it on a known board (see _checks), as vision.cube_watch's faces
    are always searched round one."""
    H, W = image_bgr.shape[:2]
    grown = _scaled(np.asarray(box, np.float64), max(SCALE_CHECKS) + 0.1)
    x0, y0 = np.maximum(np.floor(grown.min(axis=0)).astype(int) - 2, 0)
    x1, y1 = np.minimum(np.ceil(grown.max(axis=0)).astype(int) + 2, [W, H])
    if x1 <= x0 or y1 <= y0:
        return None
    crop = image_bgr[y0:y1, x0:x1]
    gray = crop if crop.ndim == 2 else cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    local = np.asarray(box, np.float64) - (x0, y0)
    face = _rectify(gray, local)  # (rectified once: read, then its glyph kept for the scale checks)
    value, score = read_cube_face(face, digits=_digits_fit(local))
    glyph = _face_glyph(face) if SCALE_WHERE_READ and value is not None else None
    if value is None or not all(_same_glyph(gray, _scaled(local, k), value, _digits_fit(local), glyph, k)
                                for k in _checks(glyph, on_board)):
        return None
    return CubeFace(score, value, np.asarray(box, np.float64), on_board)
