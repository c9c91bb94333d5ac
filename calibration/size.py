"""The board's physical size: from a printed ArUco marker lying flat beside it, or its shape from the lens.

A marker of known side length in the board's plane fixes the plane's metric scale: the homography from the
marker's image corners to its true square maps the board's corners to centimetres, perspective included (after
undistortion when the lens is known). Without a marker, known intrinsics still give the board's true aspect
ratio (a rectangle seen through a known pinhole), but not its scale.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import cv2
import numpy as np

from calibration.errors import CalibrationError
from calibration.intrinsics import Intrinsics

DEFAULT_DICTIONARY = "DICT_4X4_50"
TOURNAMENT_SHORT_CM = (44.0, 66.0)  # open size of a tournament board, short side ...
TOURNAMENT_LONG_CM = (55.0, 88.0)  # ... and long side
SIZE_TOLERANCE_CM = 1.0


class MarkerError(CalibrationError):
    """No usable ArUco marker, or an unknown dictionary name."""


@dataclass
class Marker:
    id: int
    corners: np.ndarray  # 4x2 image px, ArUco order (TL, TR, BR, BL of the printed marker)


def _dictionary(name: str):
    if not hasattr(cv2.aruco, name) or not name.startswith("DICT_"):
        raise MarkerError(f"unknown ArUco dictionary {name!r} (e.g. DICT_4X4_50, DICT_5X5_100)")
    return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, name))


def find_markers(image: np.ndarray, dictionary: str = DEFAULT_DICTIONARY) -> list[Marker]:
    """All markers of one dictionary in an image, corners refined to sub-pixel."""
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    det = cv2.aruco.ArucoDetector(_dictionary(dictionary), params)
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    corners, ids, _ = det.detectMarkers(gray)
    if ids is None:
        return []
    return [Marker(int(i), np.asarray(c, float).reshape(4, 2)) for c, i in zip(corners, ids.ravel())]


DEFAULT_FRAME_HEIGHT_CM = 1.5  # the frame's top above the table the marker lies on


def size_from_marker(board_corners: np.ndarray, marker: Marker, marker_cm: float,
                     intrinsics: Optional[Intrinsics] = None,
                     frame_height_cm: float = DEFAULT_FRAME_HEIGHT_CM) -> tuple[float, float]:
    """(long, short) side of the board's outer frame in cm, measured in the marker's plane.

    The frame's top stands ``frame_height_cm`` above the table, so it is nearer the camera and looks a little
    larger than it is. With intrinsics the marker's pose gives the camera's height and the point under it, and
    the corners are pulled towards that point by (H - h) / H; without intrinsics no correction is made."""
    if not marker_cm or marker_cm <= 0:
        raise MarkerError(f"--marker-cm must be the marker's printed side length in cm (got {marker_cm})")
    m = marker.corners
    b = np.asarray(board_corners, float).reshape(4, 2)
    if intrinsics is not None:
        m, b = intrinsics.undistort_points(m), intrinsics.undistort_points(b)
    square = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], float) * marker_cm
    H, _ = cv2.findHomography(m, square)
    if H is None:
        raise MarkerError("the ArUco marker's corners are degenerate")
    cm = cv2.perspectiveTransform(b.reshape(-1, 1, 2), H).reshape(4, 2)
    if intrinsics is not None and frame_height_cm:
        obj = np.c_[square, np.zeros(4)].astype(np.float64)
        ok, rvec, tvec = cv2.solvePnP(obj, m.reshape(-1, 1, 2), intrinsics.K, None, flags=cv2.SOLVEPNP_IPPE)
        if ok:
            R, _ = cv2.Rodrigues(rvec)
            centre = (-R.T @ tvec).ravel()  # camera centre in marker coordinates (cm)
            height = abs(float(centre[2]))
            if height > 2 * frame_height_cm:
                nadir = centre[:2]
                cm = nadir + (cm - nadir) * (height - frame_height_cm) / height
    w = (np.linalg.norm(cm[1] - cm[0]) + np.linalg.norm(cm[2] - cm[3])) / 2
    h = (np.linalg.norm(cm[3] - cm[0]) + np.linalg.norm(cm[2] - cm[1])) / 2
    return float(max(w, h)), float(min(w, h))


def true_aspect(board_corners: np.ndarray, intrinsics: Intrinsics) -> float:
    """Width/height (corner order TL,TR,BR,BL) of the rectangle the corners show, through a known lens.

    With H mapping the unit square to the image, H = K [r1 r2 t] diag(w, h, 1) up to scale, so
    |K^-1 h1| / |K^-1 h2| = w / h.
    """
    b = intrinsics.undistort_points(np.asarray(board_corners, float).reshape(4, 2))
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], float)
    H, _ = cv2.findHomography(unit, b)
    Kinv = np.linalg.inv(intrinsics.K)
    a = np.linalg.norm(Kinv @ H[:, 0])
    c = np.linalg.norm(Kinv @ H[:, 1])
    return float(a / c)


def is_tournament_size(long_cm: float, short_cm: float) -> bool:
    """Open size within the tournament range (44x55 cm to 66x88 cm), to the measuring tolerance."""
    t = SIZE_TOLERANCE_CM
    return (TOURNAMENT_LONG_CM[0] - t <= long_cm <= TOURNAMENT_LONG_CM[1] + t
            and TOURNAMENT_SHORT_CM[0] - t <= short_cm <= TOURNAMENT_SHORT_CM[1] + t)
