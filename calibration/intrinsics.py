"""Camera intrinsics: the lens model that lets the referee straighten a wide Raspberry Pi lens's bent lines.

Calibrated with OpenCV from photos of a chessboard or a ChArUco board (``bgref calibrate camera``), saved as a
small JSON file; the board geometry uses it to undistort before rectifying.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Sequence

import cv2
import numpy as np

from calibration.errors import CalibrationError

INTRINSICS_VERSION = 1
UNDISTORT_CRITERIA = (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 50, 1e-6)  # steps, px (normalised: ~1e-3 px)


class IntrinsicsError(CalibrationError):
    """Calibration photos or an intrinsics file that cannot be used."""


@dataclass
class Intrinsics:
    """Camera matrix and distortion coefficients (OpenCV's model) for one image size."""

    K: np.ndarray
    dist: np.ndarray
    image_size: tuple[int, int]  # w, h the calibration was made at
    rms: Optional[float] = None
    # fitted to the board's own edges (vision.board_lens) rather than calibrated from a pattern: a guess at
    # the lens with a nominal focal length, good for straightening the board, not for measuring with
    estimated: bool = False

    def scaled_to(self, size: tuple[int, int]) -> "Intrinsics":
        """The same lens at another resolution of the same sensor crop (frames may be downscaled)."""
        sx, sy = size[0] / self.image_size[0], size[1] / self.image_size[1]
        if abs(sx - 1) < 1e-9 and abs(sy - 1) < 1e-9:
            return self
        K = self.K.copy()
        K[0, :] *= sx
        K[1, :] *= sy
        K[2, 2] = 1.0
        return Intrinsics(K, self.dist.copy(), (int(size[0]), int(size[1])), self.rms, self.estimated)

    def undistort_points(self, pts: np.ndarray) -> np.ndarray:
        """Distorted -> ideal pixels (same K), iterated to convergence.

        Why always to convergence: OpenCV's default stops after 5 steps, which is near enough in the middle of a
        frame but not near the edge of a wide lens. On a lens 120 degrees across (render game 31434: f = 0.29
        image widths, k1 -0.07, k2 0.09; a Pi Camera Module 3 Wide sees 102) it put a board corner 127 px short of
        where it lies (1009, 508 for 1125, 557), so the board's homography was sheared, every point of one half
        was read one point off and the referee never saw the starting position (0 of 61 events). On narrower
        lenses the steps left 1-3.5 px (render 6690, k1 -0.22 at f = 0.49 image widths)."""
        p = np.asarray(pts, dtype=np.float64).reshape(-1, 1, 2)
        return cv2.undistortPoints(p, self.K, self.dist, None, None, self.K, UNDISTORT_CRITERIA).reshape(-1, 2)

    def distort_points(self, pts: np.ndarray) -> np.ndarray:
        p = np.asarray(pts, dtype=np.float64).reshape(-1, 2)
        Kinv = np.linalg.inv(self.K)
        norm = np.c_[p, np.ones(len(p))] @ Kinv.T
        obj = np.c_[norm[:, :2] / norm[:, 2:3], np.ones(len(p))].reshape(-1, 1, 3)
        out, _ = cv2.projectPoints(obj, np.zeros(3), np.zeros(3), self.K, self.dist)
        return out.reshape(-1, 2)

    def to_dict(self) -> dict[str, Any]:
        return {
            "K": [[float(v) for v in row] for row in self.K],
            "dist": [float(v) for v in np.ravel(self.dist)],
            "image_size": [int(self.image_size[0]), int(self.image_size[1])],
            "rms": None if self.rms is None else float(self.rms),
            **({"estimated": True} if self.estimated else {}),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Intrinsics":
        try:
            K = np.array(d["K"], dtype=np.float64).reshape(3, 3)
            dist = np.array(d["dist"], dtype=np.float64).ravel()
            size = (int(d["image_size"][0]), int(d["image_size"][1]))
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise IntrinsicsError(f"camera intrinsics: missing or bad field ({exc})") from exc
        return cls(K, dist, size, d.get("rms"), bool(d.get("estimated", False)))

    @classmethod
    def from_camera(cls, camera: dict[str, Any], size: Optional[tuple[int, int]] = None) -> "Intrinsics":
        """The lens a rendered still's label or a recording's video.json states (``camera``: K, dist, width,
        height; ``size`` (w, h) where the block gives none). It stands in for `bgref calibrate camera`'s file, which
        a Pi would have. Raises IntrinsicsError when the block cannot be used."""
        if not isinstance(camera, dict):
            raise IntrinsicsError("camera intrinsics: no camera block")
        w = camera.get("width") or (size[0] if size else None)
        h = camera.get("height") or (size[1] if size else None)
        return cls.from_dict({"K": camera.get("K"), "dist": camera.get("dist"), "image_size": [w, h]})




def save_intrinsics(intr: Intrinsics, path: str | Path, extra: Optional[dict[str, Any]] = None) -> None:
    d = {"version": INTRINSICS_VERSION, "kind": "bgref camera intrinsics", **intr.to_dict(), **(extra or {})}
    try:
        Path(path).write_text(json.dumps(d, indent=1) + "\n")
    except OSError as exc:
        raise IntrinsicsError(f"{path}: cannot write the intrinsics file ({exc.strerror})") from None


def load_intrinsics(path: str | Path) -> Intrinsics:
    """Read an intrinsics file (or the `intrinsics` part of a calibration file)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        raise IntrinsicsError(f"{path}: no such intrinsics file (make one with `bgref calibrate camera`)") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise IntrinsicsError(f"{path}: cannot read the intrinsics file ({exc})") from None
    except ValueError as exc:
        raise IntrinsicsError(f"{path}: not valid JSON (line {getattr(exc, 'lineno', '?')})") from None
    if isinstance(data, dict) and isinstance(data.get("intrinsics"), dict):
        data = data["intrinsics"]
    if not isinstance(data, dict):
        raise IntrinsicsError(f"{path}: not an intrinsics file")
    if data.get("version", INTRINSICS_VERSION) != INTRINSICS_VERSION:
        raise IntrinsicsError(f"{path}: intrinsics version {data.get('version')!r}; this bgref reads "
                              f"version {INTRINSICS_VERSION}")
    try:
        return Intrinsics.from_dict(data)
    except IntrinsicsError as exc:
        raise IntrinsicsError(f"{path}: {exc}") from None


@dataclass
class PatternViews:
    """Matched 3D pattern points and 2D image points of the photos where the pattern was found."""

    object_points: list[np.ndarray]
    image_points: list[np.ndarray]
    image_size: tuple[int, int]
    used: list[str]
    skipped: list[str]


def _grey_of_same_size(name: str, img: np.ndarray, views: PatternViews) -> np.ndarray:
    """The photo in grey; every calibration photo must come from one camera mode (one image size)."""
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY) if img.ndim == 3 else img
    size = (gray.shape[1], gray.shape[0])
    if views.image_size != (0, 0) and size != views.image_size:
        raise IntrinsicsError(f"{name}: {size[0]}x{size[1]} px, but the other photos are "
                              f"{views.image_size[0]}x{views.image_size[1]}: use one camera mode")
    return gray


def find_chessboard_views(images: Sequence[tuple[str, np.ndarray]], inner_corners: tuple[int, int],
                          square_mm: float) -> PatternViews:
    """Inner chessboard corners (cols x rows) in each photo, refined to sub-pixel (OpenCV's SB detector)."""
    cols, rows = inner_corners
    obj = np.zeros((cols * rows, 3), np.float32)
    obj[:, :2] = np.mgrid[0:cols, 0:rows].T.reshape(-1, 2) * square_mm
    views = PatternViews([], [], (0, 0), [], [])
    for name, img in images:
        gray = _grey_of_same_size(name, img, views)
        size = (gray.shape[1], gray.shape[0])
        ok, corners = cv2.findChessboardCornersSB(gray, (cols, rows), flags=cv2.CALIB_CB_EXHAUSTIVE)
        if not ok:
            ok, corners = cv2.findChessboardCorners(gray, (cols, rows))
            if ok:
                corners = cv2.cornerSubPix(gray, corners, (5, 5), (-1, -1),
                                           (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 40, 0.01))
        views.image_size = size
        if not ok:
            views.skipped.append(name)
            continue
        views.object_points.append(obj.copy())
        views.image_points.append(np.asarray(corners, np.float32).reshape(-1, 1, 2))
        views.used.append(name)
    return views


def find_charuco_views(images: Sequence[tuple[str, np.ndarray]], squares: tuple[int, int], square_mm: float,
                       marker_mm: float, dictionary: str = "DICT_4X4_50") -> PatternViews:
    """ChArUco corners in each photo (OpenCV's CharucoDetector); views with fewer than 6 corners are skipped."""
    if not hasattr(cv2.aruco, dictionary):
        raise IntrinsicsError(f"unknown ArUco dictionary {dictionary!r}")
    board = cv2.aruco.CharucoBoard(squares, square_mm, marker_mm,
                                   cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary)))
    det = cv2.aruco.CharucoDetector(board)
    views = PatternViews([], [], (0, 0), [], [])
    for name, img in images:
        gray = _grey_of_same_size(name, img, views)
        size = (gray.shape[1], gray.shape[0])
        views.image_size = size
        ch_corners, ch_ids, _, _ = det.detectBoard(gray)
        if ch_ids is None or len(ch_ids) < 6:
            views.skipped.append(name)
            continue
        obj, imgp = board.matchImagePoints(ch_corners, ch_ids)
        views.object_points.append(np.asarray(obj, np.float32).reshape(-1, 1, 3))
        views.image_points.append(np.asarray(imgp, np.float32).reshape(-1, 1, 2))
        views.used.append(name)
    return views


def calibrate(views: PatternViews, min_views: int = 3) -> Intrinsics:
    """OpenCV's camera calibration over the found views; the RMS reprojection error is kept."""
    if len(views.used) < min_views:
        skipped = f" (pattern not found in: {', '.join(views.skipped)})" if views.skipped else ""
        raise IntrinsicsError(f"camera calibration needs the pattern in at least {min_views} photos, found it in "
                              f"{len(views.used)}{skipped}")
    rms, K, dist, _, _ = cv2.calibrateCamera(
        [np.asarray(o, np.float32).reshape(-1, 3) for o in views.object_points],
        [np.asarray(p, np.float32).reshape(-1, 2) for p in views.image_points],
        views.image_size, None, None)
    if not np.all(np.isfinite(K)) or K[0, 0] <= 0:
        raise IntrinsicsError("camera calibration did not converge: take photos with the pattern at varied angles")
    return Intrinsics(np.asarray(K, float), np.asarray(dist, float).ravel(), views.image_size, float(rms))
