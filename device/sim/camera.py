"""A pinhole camera with lens distortion above the board, as a Raspberry Pi camera would be mounted."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

import cv2
import numpy as np

PI_RESOLUTIONS: list[tuple[int, int]] = [(1536, 864), (1920, 1080), (2304, 1296), (1640, 1232)]


@dataclass
class Camera:
    """World-to-image: x_cam = R @ X + t, then K and OpenCV distortion (k1, k2, p1, p2, k3)."""

    K: np.ndarray
    dist: np.ndarray
    R: np.ndarray
    t: np.ndarray
    width: int
    height: int
    height_cm: float
    tilt_deg: float
    turn_deg: float

    @property
    def rvec(self) -> np.ndarray:
        return cv2.Rodrigues(self.R)[0].ravel()

    @property
    def centre(self) -> np.ndarray:
        return -self.R.T @ self.t

    def project(self, pts: np.ndarray, distort: bool = True) -> np.ndarray:
        """Image pixels of world points (N, 3)."""
        pts = np.asarray(pts, dtype=np.float64).reshape(-1, 3)
        if not distort:
            cam = pts @ self.R.T + self.t
            uv = cam[:, :2] / cam[:, 2:3]
            return uv @ self.K[:2, :2].T + self.K[:2, 2]
        out, _ = cv2.projectPoints(pts, self.rvec, self.t, self.K, self.dist)
        return out.reshape(-1, 2)

    def depth(self, pts: np.ndarray) -> np.ndarray:
        pts = np.asarray(pts, dtype=np.float64).reshape(-1, 3)
        return (pts @ self.R.T + self.t)[:, 2]

    def plane_homography(self, z: float, K: Optional[np.ndarray] = None) -> np.ndarray:
        """Homography from world (x, y) on the plane Z = z to undistorted pixels of camera matrix ``K``."""
        K = self.K if K is None else K
        M = np.column_stack([self.R[:, 0], self.R[:, 1], self.R[:, 2] * z + self.t])
        return K @ M

    def to_dict(self) -> dict:
        return {
            "K": [[round(float(v), 3) for v in row] for row in self.K],
            "dist": [round(float(v), 5) for v in self.dist.ravel()],
            "rvec": [round(float(v), 6) for v in self.rvec],
            "tvec": [round(float(v), 4) for v in self.t],
            "height_cm": round(self.height_cm, 1),
            "tilt_deg": round(self.tilt_deg, 2),
            "turn_deg": round(self.turn_deg, 2),
            "width": self.width,
            "height": self.height,
        }


def look_at(eye: np.ndarray, target: np.ndarray, up_world: np.ndarray, roll: float) -> np.ndarray:
    """Rotation whose camera z looks from eye to target, image up ~ ``up_world``, then rolled about the axis."""
    z = target - eye
    z = z / np.linalg.norm(z)
    y = -up_world + np.dot(up_world, z) * z  # image y points down = away from 'up'
    y = y / np.linalg.norm(y)
    x = np.cross(y, z)
    R = np.stack([x, y, z])
    c, s = math.cos(roll), math.sin(roll)
    Rz = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1.0]])
    return Rz @ R


def make_camera(
    width: int,
    height: int,
    height_cm: float,
    tilt_deg: float,
    tilt_dir: float,
    turn_deg: float,
    target: tuple[float, float],
    focal_px: float,
    dist: np.ndarray,
    principal_jitter: tuple[float, float] = (0.0, 0.0),
) -> Camera:
    """A camera ``height_cm`` above the table, looking at ``target`` tilted by ``tilt_deg`` from straight down
    (the eye displaced toward ``tilt_dir``, radians in the table plane), rolled by ``turn_deg``."""
    tilt = math.radians(tilt_deg)
    tx, ty = target
    horiz = height_cm * math.tan(tilt)
    eye = np.array([tx + horiz * math.cos(tilt_dir), ty + horiz * math.sin(tilt_dir), -height_cm])
    tgt = np.array([tx, ty, 0.0])
    # 'up' in the image is world -y (the top seat) before the turn
    up = np.array([0.0, -1.0, 0.0])
    if abs(np.dot(up, (tgt - eye) / np.linalg.norm(tgt - eye))) > 0.99:
        up = np.array([1.0, 0.0, 0.0])
    R = look_at(eye, tgt, up, math.radians(turn_deg))
    t = -R @ eye
    K = np.array([[focal_px, 0, width / 2 + principal_jitter[0]], [0, focal_px, height / 2 + principal_jitter[1]],
                  [0, 0, 1.0]])
    return Camera(K=K, dist=np.asarray(dist, dtype=np.float64).reshape(5), R=R, t=t, width=width, height=height,
                  height_cm=height_cm, tilt_deg=tilt_deg, turn_deg=turn_deg)


def random_camera(
    rng: np.random.Generator,
    board_corners_world: np.ndarray,
    size: Optional[tuple[int, int]] = None,
    portrait: bool = False,
    fill: Optional[float] = None,
    allow_flip: bool = True,
) -> Camera:
    """A random mounting: height 55-130 cm, tilt up to 25 deg, turn up to 15 deg (or about 90 for a portrait view,
    or about 180: the camera on the other side), focal length chosen so the board fills a realistic share of the
    frame and stays wholly inside it."""
    w, h = size or PI_RESOLUTIONS[int(rng.integers(len(PI_RESOLUTIONS)))]
    height_cm = float(rng.uniform(55, 130))
    tilt = float(abs(rng.normal(0, 10))) if rng.random() < 0.85 else float(rng.uniform(12, 25))
    tilt = min(tilt, 25.0)
    tilt_dir = float(rng.uniform(0, 2 * math.pi))
    turn = float(np.clip(rng.normal(0, 5), -15, 15))
    if portrait:
        turn += 90.0 if rng.random() < 0.5 else -90.0
    elif rng.random() < 0.15 and allow_flip:
        turn += 180.0
    k1 = float(rng.uniform(-0.25, 0.08))
    dist = np.array([k1, float(rng.uniform(-0.05, 0.1)) * (1 if k1 < 0 else 0.2), float(rng.normal(0, 0.001)),
                     float(rng.normal(0, 0.001)), 0.0])
    cx, cy = board_corners_world[:, 0].mean(), board_corners_world[:, 1].mean()
    target = (cx + float(rng.normal(0, 3)), cy + float(rng.normal(0, 3)))
    jitter = (float(rng.normal(0, w * 0.01)), float(rng.normal(0, h * 0.01)))
    fill = fill or float(rng.uniform(0.62, 0.94))
    f = w * 0.8
    for _ in range(12):
        cam = make_camera(w, h, height_cm, tilt, tilt_dir, turn, target, f, dist, jitter)
        uv = cam.project(board_corners_world)
        x0, y0 = uv.min(axis=0)
        x1, y1 = uv.max(axis=0)
        share = max((x1 - x0) / w, (y1 - y0) / h)
        inside = x0 > 0.02 * w and y0 > 0.02 * h and x1 < 0.98 * w and y1 < 0.98 * h
        if inside and abs(share - fill) < 0.02:
            return cam
        f *= fill / share if share > 0 else 1.0
        if not inside and share <= fill + 0.02:
            f *= 0.95
    # fall back: shrink until the board is inside the frame
    for _ in range(30):
        cam = make_camera(w, h, height_cm, tilt, tilt_dir, turn, target, f, dist, jitter)
        uv = cam.project(board_corners_world)
        if uv[:, 0].min() > 2 and uv[:, 1].min() > 2 and uv[:, 0].max() < w - 2 and uv[:, 1].max() < h - 2:
            return cam
        f *= 0.93
    return cam


@lru_cache(maxsize=8)
def _distortion_map_cached(key: tuple) -> tuple[np.ndarray, np.ndarray]:
    width, height, Kf, distf, margin_x, margin_y = key
    K = np.array(Kf).reshape(3, 3)
    dist = np.array(distf)
    step = 8
    xs = np.arange(0, width + step, step, dtype=np.float32)
    ys = np.arange(0, height + step, step, dtype=np.float32)
    gx, gy = np.meshgrid(xs, ys)
    pts = np.stack([gx.ravel(), gy.ravel()], axis=1).reshape(-1, 1, 2).astype(np.float64)
    und = cv2.undistortPoints(pts, K, dist, None, None, K,
                                  (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 40, 1e-4)).reshape(-1, 2)
    mx = und[:, 0].reshape(gx.shape).astype(np.float32) + margin_x
    my = und[:, 1].reshape(gx.shape).astype(np.float32) + margin_y
    # upsample the coarse map: bilinear interpolation of a smooth field
    full_w, full_h = xs.size * step, ys.size * step
    mx = cv2.resize(mx, (full_w, full_h), interpolation=cv2.INTER_LINEAR)
    my = cv2.resize(my, (full_w, full_h), interpolation=cv2.INTER_LINEAR)
    # cv2.resize aligns pixel centres; correct the half-step shift of the upsampling
    shift = (step - 1) / 2.0
    M = np.float32([[1, 0, shift], [0, 1, shift]])
    mx = cv2.warpAffine(mx, M, (width, height), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                        borderMode=cv2.BORDER_REPLICATE)
    my = cv2.warpAffine(my, M, (width, height), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                        borderMode=cv2.BORDER_REPLICATE)
    return mx, my


def distortion_map(cam: Camera, margin: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """remap() maps from the undistorted canvas (offset by ``margin``) to the distorted camera image."""
    key = (cam.width, cam.height, tuple(cam.K.ravel().round(6)), tuple(cam.dist.ravel().round(8)),
           margin[0], margin[1])
    return _distortion_map_cached(key)
