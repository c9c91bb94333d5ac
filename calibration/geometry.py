"""Where the board is in the image: the outer frame, the rectified top-down view and every named area in it.

Everything the camera sees is placed on the board through one :class:`BoardGeometry`. The outer frame's four
corners fix a homography to a rectified view in which the board's long sides are horizontal; the playing area,
the bar, both halves, the bear-off trays and all 24 points are rectangles and points of that view, so the checker
and dice readers never deal with perspective.

Numbering is geometric (see ``vision/observation.py``): point 1 is the bottom-right point of the playing area,
1-12 run right to left along the bottom (1-6 right of the bar), 13-24 left to right along the top.

When camera intrinsics are known the rectification includes undistortion: points are undistorted before the
homography, and the per-pixel warp maps (built once, cached) fold both steps into one ``cv2.remap``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

import cv2
import numpy as np

from calibration.errors import CalibrationError
from calibration.intrinsics import Intrinsics

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in rectified pixels

RECT_WIDTH = 880  # rectified width in px: ~16 px per cm on a tournament board, fast to remap
GEOMETRY_VERSION = 1


class GeometryError(CalibrationError):
    """A board geometry that cannot be built or read (degenerate corners, bad field in a saved file)."""


def _rect(values: Sequence[float], name: str) -> Rect:
    try:
        x0, y0, x1, y1 = (float(v) for v in values)
    except (TypeError, ValueError) as exc:
        raise GeometryError(f"board geometry: '{name}' must be four numbers x0,y0,x1,y1, got {values!r}") from exc
    if not (x1 > x0 and y1 > y0):
        raise GeometryError(f"board geometry: '{name}' is empty or inverted: {values!r}")
    return (x0, y0, x1, y1)


def order_corners(points: np.ndarray) -> np.ndarray:
    """Order four image points TL, TR, BR, BL as the image shows them (no landscape/portrait decision)."""
    pts = np.asarray(points, dtype=np.float64).reshape(4, 2)
    centre = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(angles)]  # clockwise on screen (y down), starting somewhere
    start = int(np.argmin(pts[:, 0] + pts[:, 1]))  # top-left: smallest x+y
    return np.roll(pts, -start, axis=0)


def landscape_corners(points: np.ndarray) -> np.ndarray:
    """Order four corners in the geometric convention: long sides horizontal, bottom = nearer the image bottom.

    A portrait board is numbered as if the image were turned a quarter turn clockwise: then the image's left
    side becomes the top, so TL is the image's bottom-left corner.
    """
    pts = order_corners(points)
    top = np.linalg.norm(pts[1] - pts[0]) + np.linalg.norm(pts[2] - pts[3])
    side = np.linalg.norm(pts[3] - pts[0]) + np.linalg.norm(pts[2] - pts[1])
    if side > top:
        pts = pts[[3, 0, 1, 2]]
    return pts


def rotate_corners(corners: np.ndarray) -> np.ndarray:
    """The other reading of the same quadrilateral: a quarter turn (TL <- BL) of the corner order."""
    c = np.asarray(corners, dtype=np.float64).reshape(4, 2)
    return c[[3, 0, 1, 2]]


def aspect_of(corners: np.ndarray) -> float:
    """Width/height of the quadrilateral from mean opposite side lengths (perspective ignored)."""
    c = np.asarray(corners, dtype=np.float64).reshape(4, 2)
    w = (np.linalg.norm(c[1] - c[0]) + np.linalg.norm(c[2] - c[3])) / 2
    h = (np.linalg.norm(c[3] - c[0]) + np.linalg.norm(c[2] - c[1])) / 2
    if h < 1e-6:
        raise GeometryError("board geometry: degenerate corners (zero height)")
    return float(w / h)


@dataclass
class BoardGeometry:
    """The board as the camera sees it: outer frame corners, homography and every area in rectified pixels.

    ``corners`` are the outer frame TL, TR, BR, BL in image pixels (geometric convention, long sides
    horizontal). ``homography`` maps (undistorted) image pixels to the rectified view of size ``rect_size``
    whose edges are the outer frame. ``left_half``/``right_half`` are the two halves of the playing area
    either side of the ``bar``; the 6 points of each half are equally wide.
    """

    corners: np.ndarray
    homography: np.ndarray
    rect_size: tuple[int, int]
    playing_area: Rect
    bar: Rect
    left_half: Rect
    right_half: Rect
    trays: list[Rect] = field(default_factory=list)
    image_size: Optional[tuple[int, int]] = None  # w, h of the frames this geometry is for
    intrinsics: Optional[Intrinsics] = None
    triangle_frac: float = 0.42  # triangle height / playing-area height
    checker_diameter: Optional[float] = None  # measured diameter in rectified px (None: estimated from points)
    edge_reference: Optional[dict[str, Any]] = None  # samples for check_geometry (drift), see vision.board
    score: Optional[float] = None  # how well the board pattern fitted when found (0-1)
    # how clearly the found halves beat a one-point shift (vision.board_layout.Layout.shift_margin; None: not
    # found here, e.g. loaded from a file); below vision.board_layout.SHIFT_MARGIN the points may be off by one
    layout_margin: Optional[float] = field(default=None, compare=False)
    # why the outer frame found may be off by more than a few pixels (None: the evidence agreed, or the corners
    # were given); readers should say so: the points sit where the frame says, so counts near it may be wrong
    frame_doubt: Optional[str] = field(default=None, compare=False)
    # the frame doubt is one that outlines found right do not show (vision.board._sure_doubt): no point is sure
    frame_doubt_sure: bool = field(default=False, compare=False)
    _maps: Optional[tuple[np.ndarray, np.ndarray]] = field(default=None, repr=False, compare=False)

    # ----------------------------------------------------------------------------------------------- building
    @classmethod
    def from_corners(
        cls,
        corners: np.ndarray,
        playing_area: Rect,
        bar: Rect,
        left_half: Rect,
        right_half: Rect,
        trays: Sequence[Rect] = (),
        rect_size: Optional[tuple[int, int]] = None,
        image_size: Optional[tuple[int, int]] = None,
        intrinsics: Optional[Intrinsics] = None,
        **extra: Any,
    ) -> "BoardGeometry":
        c = np.asarray(corners, dtype=np.float64).reshape(4, 2)
        if rect_size is None:
            rect_size = default_rect_size(c, intrinsics)
        H = homography_for(c, rect_size, intrinsics)
        return cls(c, H, (int(rect_size[0]), int(rect_size[1])), _rect(playing_area, "playing_area"),
                   _rect(bar, "bar"), _rect(left_half, "left_half"), _rect(right_half, "right_half"),
                   [_rect(t, "trays") for t in trays], image_size, intrinsics, **extra)

    # ------------------------------------------------------------------------------------------------- points
    def _half_for(self, p: int) -> tuple[Rect, int, bool]:
        """(half rect, index 0-5 from the half's left edge, bottom row?) of point p."""
        if not 1 <= p <= 24:
            raise GeometryError(f"point {p} is not a point (1-24)")
        if p <= 6:
            return self.right_half, 6 - p, True
        if p <= 12:
            return self.left_half, 12 - p, True
        if p <= 18:
            return self.left_half, p - 13, False
        return self.right_half, p - 19, False

    def point_width(self, p: int = 1) -> float:
        half, _, _ = self._half_for(p)
        return (half[2] - half[0]) / 6.0

    def point_x(self, p: int) -> float:
        half, i, _ = self._half_for(p)
        return half[0] + (i + 0.5) * (half[2] - half[0]) / 6.0

    def point_base(self, p: int) -> tuple[float, float]:
        """Centre of the base of triangle p (on the playing area's long edge), rectified px."""
        half, _, bottom = self._half_for(p)
        return (self.point_x(p), half[3] if bottom else half[1])

    def point_tip(self, p: int) -> tuple[float, float]:
        """The tip of triangle p, rectified px."""
        half, _, bottom = self._half_for(p)
        h = (half[3] - half[1]) * self.triangle_frac
        return (self.point_x(p), half[3] - h if bottom else half[1] + h)

    def point_column(self, p: int) -> Rect:
        """The rectangle along which point p's checkers stack: its width, from the base to the board's middle."""
        half, _, bottom = self._half_for(p)
        x = self.point_x(p)
        w = self.point_width(p) / 2
        mid = (half[1] + half[3]) / 2
        return (x - w, mid, x + w, half[3]) if bottom else (x - w, half[1], x + w, mid)

    @property
    def checker_diameter_px(self) -> float:
        """Checker diameter in rectified px: measured at calibration, else 0.95 point widths."""
        if self.checker_diameter:
            return float(self.checker_diameter)
        return 0.95 * (self.point_width(1) + self.point_width(12)) / 2

    # ------------------------------------------------------------------------------------------------ mapping
    def to_rect(self, pts: np.ndarray) -> np.ndarray:
        """Image px -> rectified px (undistorting first when intrinsics are known)."""
        p = np.asarray(pts, dtype=np.float64).reshape(-1, 2)
        if self.intrinsics is not None:
            p = self.intrinsics.undistort_points(p)
        return cv2.perspectiveTransform(p.reshape(-1, 1, 2), self.homography).reshape(-1, 2)

    def to_image(self, pts: np.ndarray) -> np.ndarray:
        """Rectified px -> image px (re-distorting when intrinsics are known)."""
        p = np.asarray(pts, dtype=np.float64).reshape(-1, 1, 2)
        out = cv2.perspectiveTransform(p, np.linalg.inv(self.homography)).reshape(-1, 2)
        if self.intrinsics is not None:
            out = self.intrinsics.distort_points(out)
        return out

    def warp_maps(self) -> tuple[np.ndarray, np.ndarray]:
        """Fixed-point remap tables rectified -> image, built once per geometry (the per-frame cost is a remap)."""
        if self._maps is None:
            w, h = self.rect_size
            if self.intrinsics is not None:
                # OpenCV's undistort map with R = H K and an identity new camera: each rectified pixel p goes
                # to K^-1 H^-1 p (normalised undistorted ray), then through the lens model to the image
                K = self.intrinsics.K
                self._maps = cv2.initUndistortRectifyMap(K, self.intrinsics.dist, self.homography @ K,
                                                         np.eye(3), (w, h), cv2.CV_16SC2)
            else:
                xs, ys = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
                grid = np.stack([xs.ravel(), ys.ravel()], axis=1)
                src = cv2.perspectiveTransform(grid.reshape(-1, 1, 2), np.linalg.inv(self.homography))
                src = src.reshape(h, w, 2)
                self._maps = cv2.convertMaps(src[..., 0].copy(), src[..., 1].copy(), cv2.CV_16SC2)
        return self._maps

    # ---------------------------------------------------------------------------------------------- file form
    def to_dict(self) -> dict[str, Any]:
        def r(rect: Rect) -> list[float]:
            return [round(float(v), 2) for v in rect]

        return {
            "version": GEOMETRY_VERSION,
            "corners": [[round(float(x), 2), round(float(y), 2)] for x, y in self.corners],
            "homography": [[float(v) for v in row] for row in self.homography],
            "rect_size": [int(self.rect_size[0]), int(self.rect_size[1])],
            "playing_area": r(self.playing_area),
            "bar": r(self.bar),
            "left_half": r(self.left_half),
            "right_half": r(self.right_half),
            "trays": [r(t) for t in self.trays],
            "image_size": None if self.image_size is None else [int(v) for v in self.image_size],
            "intrinsics": None if self.intrinsics is None else self.intrinsics.to_dict(),
            "triangle_frac": round(float(self.triangle_frac), 4),
            "checker_diameter": None if self.checker_diameter is None else round(float(self.checker_diameter), 2),
            "edge_reference": self.edge_reference,
            "score": None if self.score is None else round(float(self.score), 4),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "BoardGeometry":
        if not isinstance(d, dict):
            raise GeometryError("board geometry: expected an object")
        if d.get("version", GEOMETRY_VERSION) != GEOMETRY_VERSION:
            raise GeometryError(f"board geometry: version {d.get('version')!r} is not {GEOMETRY_VERSION}")
        try:
            corners = np.array(d["corners"], dtype=np.float64).reshape(4, 2)
            rect_size = (int(d["rect_size"][0]), int(d["rect_size"][1]))
            intr = Intrinsics.from_dict(d["intrinsics"]) if d.get("intrinsics") else None
            H = d.get("homography")
            H = np.array(H, dtype=np.float64).reshape(3, 3) if H is not None else homography_for(
                corners, rect_size, intr)
            size = d.get("image_size")
            return cls(
                corners=corners,
                homography=H,
                rect_size=rect_size,
                playing_area=_rect(d["playing_area"], "playing_area"),
                bar=_rect(d["bar"], "bar"),
                left_half=_rect(d["left_half"], "left_half"),
                right_half=_rect(d["right_half"], "right_half"),
                trays=[_rect(t, "trays") for t in d.get("trays") or []],
                image_size=None if size is None else (int(size[0]), int(size[1])),
                intrinsics=intr,
                triangle_frac=float(d.get("triangle_frac", 0.42)),
                checker_diameter=d.get("checker_diameter"),
                edge_reference=d.get("edge_reference"),
                score=d.get("score"),
            )
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise GeometryError(f"board geometry: missing or bad field ({exc!r})") from exc

    def layout_fractions(self) -> dict[str, Any]:
        """The areas as fractions of the rectified size: a layout that survives a re-found outer frame."""
        w, h = self.rect_size

        def f(rect: Rect) -> list[float]:
            return [rect[0] / w, rect[1] / h, rect[2] / w, rect[3] / h]

        return {"playing_area": f(self.playing_area), "bar": f(self.bar), "left_half": f(self.left_half),
                "right_half": f(self.right_half), "trays": [f(t) for t in self.trays],
                "triangle_frac": self.triangle_frac}

    def with_corners(self, corners: np.ndarray, image_size: Optional[tuple[int, int]] = None) -> "BoardGeometry":
        """The same board layout on a new outer frame (the board moved; its insides did not change)."""
        lay = self.layout_fractions()
        c = np.asarray(corners, dtype=np.float64).reshape(4, 2)
        w, h = self.rect_size

        def back(fr: list[float]) -> Rect:
            return (fr[0] * w, fr[1] * h, fr[2] * w, fr[3] * h)

        return BoardGeometry.from_corners(
            c, back(lay["playing_area"]), back(lay["bar"]), back(lay["left_half"]), back(lay["right_half"]),
            [back(t) for t in lay["trays"]], rect_size=self.rect_size,
            image_size=image_size or self.image_size, intrinsics=self.intrinsics,
            triangle_frac=self.triangle_frac, checker_diameter=self.checker_diameter)


def default_rect_size(corners: np.ndarray, intrinsics: Optional[Intrinsics] = None) -> tuple[int, int]:
    """Rectified size: fixed width, height from the frame's aspect (clamped to plausible board shapes)."""
    c = np.asarray(corners, dtype=np.float64).reshape(4, 2)
    if intrinsics is not None and intrinsics.estimated:
        # a lens fitted to the board's edges has only a nominal focal length: straighten, but take the shape
        # as seen (the perspective-free aspect needs the true focal length)
        aspect = aspect_of(intrinsics.undistort_points(c))
    elif intrinsics is not None:
        # through a known lens the rectangle's true shape is known (see calibration.size.true_aspect)
        from calibration.size import true_aspect

        try:
            aspect = true_aspect(c, intrinsics)
        except (cv2.error, np.linalg.LinAlgError, ValueError):
            aspect = aspect_of(intrinsics.undistort_points(c))
        if not np.isfinite(aspect):
            aspect = aspect_of(intrinsics.undistort_points(c))
    else:
        aspect = aspect_of(c)
    aspect = min(max(aspect, 0.9), 2.2)
    return RECT_WIDTH, int(round(RECT_WIDTH / aspect))


def homography_for(corners: np.ndarray, rect_size: tuple[int, int],
                   intrinsics: Optional[Intrinsics] = None) -> np.ndarray:
    """Homography from (undistorted) image px to the rectified view whose edges are the outer frame."""
    c = np.asarray(corners, dtype=np.float64).reshape(4, 2)
    if intrinsics is not None:
        c = intrinsics.undistort_points(c)
    w, h = rect_size
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], dtype=np.float64)
    H, _ = cv2.findHomography(c, dst)
    if H is None or not np.all(np.isfinite(H)) or abs(np.linalg.det(H)) < 1e-12:
        raise GeometryError(f"board geometry: corners {c.round(1).tolist()} do not form a quadrilateral")
    return H


def standard_layout(rect_size: tuple[int, int], tray_frac: float = 0.0) -> dict[str, Any]:
    """A typical board's areas as rectified rects: used when the image gives no better evidence.

    ``tray_frac`` is each end tray's width as a fraction of the board's length (0 = no trays).
    """
    w, h = rect_size
    frame = 0.035 * w
    tray = tray_frac * w
    x0, x1 = frame + tray, w - frame - tray
    y0, y1 = frame, h - frame
    bar_w = 0.06 * (x1 - x0)
    mid = (x0 + x1) / 2
    bar = (mid - bar_w / 2, y0, mid + bar_w / 2, y1)
    trays = [] if tray <= 0 else [(frame, y0, frame + tray * 0.9, y1), (w - frame - tray * 0.9, y0, w - frame, y1)]
    return {"playing_area": (x0, y0, x1, y1), "bar": bar, "left_half": (x0, y0, bar[0], y1),
            "right_half": (bar[2], y0, x1, y1), "trays": trays}
