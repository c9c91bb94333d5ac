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


class IntrinsicsError(CalibrationError):
    """Calibration photos or an intrinsics file that cannot be used."""


@dataclass
class Intrinsics:
    """Camera matrix and distortion coefficients (OpenCV's model) for one image size."""

    K: np.ndarray
    dist: np.ndarray
    image_size: tuple[int, int]  # w, h the calibration was made at
    rms: Optional[float] = None

    def scaled_to(self, size: tuple[int, int]) -> "Intrinsics":
        """The same lens at another resolution of the same sensor crop (frames may be downscaled)."""
        sx, sy = size[0] / self.image_size[0], size[1] / self.image_size[1]
        if abs(sx - 1) < 1e-9 and abs(sy - 1) < 1e-9:
            return self
        K = self.K.copy()
        K[0, :] *= sx
        K[1, :] *= sy
        K[2, 2] = 1.0
        return Intrinsics(K, self.dist.copy(), (int(size[0]), int(size[1])), self.rms)

    def undistort_points(self, pts: np.ndarray) -> np.ndarray:
        p = np.asarray(pts, dtype=np.float64).reshape(-1, 1, 2)
        return cv2.undistortPoints(p, self.K, self.dist, P=self.K).reshape(-1, 2)

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
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Intrinsics":
        try:
            K = np.array(d["K"], dtype=np.float64).reshape(3, 3)
            dist = np.array(d["dist"], dtype=np.float64).ravel()
            size = (int(d["image_size"][0]), int(d["image_size"][1]))
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise IntrinsicsError(f"camera intrinsics: missing or bad field ({exc})") from exc
        return cls(K, dist, size, d.get("rms"))


