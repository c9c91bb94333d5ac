"""Where a flat die at this spot can show anything: its outline predicted through the board camera.

Why: a die leaning 17-34 degrees on a checker or the frame keeps an almost square upper face (foreshortened by only
cos 17-34 deg = 0.83-0.96, within the pips' noise on a 20-40 px die), but turns one side face up, whose pips lie
0.05-0.35 die edges beyond where any part of a flat die can be seen, in the direction it leans. A flat die shows
its side faces only towards the camera's foot, within the parallax of its own height. The camera comes from the
board's homography (``dice_flat.camera_pose``), so the flat die's outline is predicted, not learnt: the upper face
seen in the image, put one die edge above the board, and the same square on the board below it.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

MAX_SIDE_PIP_TURN = 0.5  # |cos| between a side pip's long axis and the way out from the face: a side face seen
# obliquely squashes its pips across its edge with the upper face, i.e. along the way out
OUT_OF_REACH = 0.10  # die edges beyond the flat outline (less PIP_NOISE_PX) at which the second side pip on one side
# face means a leaning die (renders, seeds 31000/47000/61000: flat dice's reach at most -0.045, leaning dice's up to
# 0.45; lower thresholds gained 2-3 of 107 leaning dice there, too few for the margin they cost)
LARGEST_FACE = 1.9 / 1.75  # the reader's die edge is 3.5 pip-grid steps; dice are made with 3.3-3.8 (renders 3.7):
# the flat outline is drawn for the largest, so a die with far-apart pips is not called leaning for its size
PIP_NOISE_PX = 1.0  # a pip's centre and the face's outline are each found to about half a pixel (real photos: flat
# 12-13 px dice's second side pips reached 0.07 die edges without it)


@dataclass
class BoardCamera:
    """The board's homography plus the image of the board's upright direction: a point ``h`` board units above
    board point (x, y) is seen at H (x, y, 1) + h v (homogeneous).

    Why not a rotation and a translation: a homography from found corners (real photos, estimated aspect) fits no
    exact pinhole camera, and lifting an image point through an inconsistent one lands the die elsewhere (measured
    on the real photos: outlines two die edges off). This keeps the board plane exactly the homography's and takes
    from ``dice_flat.camera_pose`` only which way is up and how fast height moves in the image.
    """

    h: np.ndarray  # board -> image homography
    h_inv: np.ndarray
    v: np.ndarray  # homogeneous image of the upright direction, per board unit of height

    @classmethod
    def from_homography(cls, board_to_image: np.ndarray, shape: tuple[int, ...]) -> "BoardCamera":
        from vision.dice_flat import camera_pose, principal_point

        h = np.asarray(board_to_image, float)
        _, _, f = camera_pose(h, shape)
        cx, cy = principal_point(shape)
        shift = np.array([[1, 0, -cx], [0, 1, -cy], [0, 0, 1.0]])
        m = np.diag([1 / f, 1 / f, 1.0]) @ shift @ h  # = (r1, r2, t) / lam
        lam = 2.0 / (np.linalg.norm(m[:, 0]) + np.linalg.norm(m[:, 1]))
        r1, r2, t = m[:, 0] * lam, m[:, 1] * lam, m[:, 2] * lam
        r3 = np.cross(r1, r2)
        r3 /= np.linalg.norm(r3)
        centre = np.linalg.solve(np.stack([r1, r2, r3], axis=1), -t)  # the camera, in board units and r3
        if centre[2] < 0:
            r3 = -r3
        v = np.linalg.inv(shift) @ np.diag([f, f, 1.0]) @ r3 / lam
        return cls(h, np.linalg.inv(h), v)

    def project(self, pts: np.ndarray) -> np.ndarray:
        """Board-frame 3D points (N x 3: x, y, height) -> image pixels (N x 2)."""
        pts = np.asarray(pts, float).reshape(-1, 3)
        img = np.c_[pts[:, :2], np.ones(len(pts))] @ self.h.T + pts[:, 2:3] * self.v
        return img[:, :2] / img[:, 2:3]

    def lift(self, image_pts: np.ndarray, height: float) -> np.ndarray:
        """Image pixels (N x 2) -> board-frame 3D points ``height`` board units above the board."""
        pts = np.asarray(image_pts, float).reshape(-1, 2)
        a = np.c_[pts, np.ones(len(pts))] @ self.h_inv.T
        b = self.h_inv @ self.v
        mu = (1.0 + height * b[2]) / a[:, 2]
        xy = mu[:, None] * a[:, :2] - height * b[:2]
        return np.c_[xy, np.full(len(pts), float(height))]


def upper_face(camera: BoardCamera, center: np.ndarray, axes: np.ndarray | None, value: int, edge_px: float,
               edge: float) -> np.ndarray:
    """The upper face of a flat die seen at ``center``, in the board frame at its height ``edge`` (board units):
    the layout's own square for 4-6 pips (``axes``: canonical grid steps -> image, unit determinant; the face is
    ``edge_px`` wide), the square turned along the diagonal for 2 and 3 (their layout is a similarity, blind to the
    camera's slant), a circle through the corners for a 1 (no turn known)."""
    c3 = camera.lift(center, edge)[0]
    if axes is None or value == 1:
        a = np.linspace(0, 2 * np.pi, 16, endpoint=False)
        return c3 + np.c_[np.cos(a), np.sin(a), np.zeros(16)] * (edge / np.sqrt(2))
    axes = np.asarray(axes, float)
    if value >= 4:
        corners = center + np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], float) @ axes.T * (edge_px / 2.0)
        return camera.lift(corners, edge)
    diag = camera.lift(center + axes @ np.array([1.0, 1.0]), edge)[0] - c3
    diag[2] = 0.0
    n = np.linalg.norm(diag)
    if n <= 0:
        return upper_face(camera, center, None, 1, edge_px, edge)
    d = diag / n * (edge / np.sqrt(2))
    p = np.array([-d[1], d[0], 0.0])
    return c3 + np.array([d, p, -d, -p])


def flat_outline(camera: BoardCamera, top: np.ndarray, edge: float) -> np.ndarray:
    """Image outline (convex hull) of a flat die with upper face ``top`` (board frame): that face and the same one
    on the board under it."""
    bottom = top - np.array([0.0, 0.0, edge])
    pts = camera.project(np.vstack([top, bottom])).astype(np.float32)
    return cv2.convexHull(pts).reshape(-1, 2)


def side_pips_out_of_reach(side_xy: np.ndarray, side_angle: np.ndarray, center: np.ndarray, outline: np.ndarray,
                           edge_px: float, sides: np.ndarray | None = None) -> float:
    """Die edges beyond the flat outline (less the pips' noise) of the second-farthest pip that looks like a side
    face's (its long axis across the way out); -inf with fewer than two. One stray blob is no evidence; two on one
    side face are, so with ``sides`` (which edge of the upper face each pip lies beside) the two must share one:
    texture on either side of a flat die is no side face (renders, seed 61000)."""
    if side_xy is None or len(side_xy) < 2 or edge_px <= 0:
        return -np.inf
    xy = np.asarray(side_xy, float)
    out = np.arctan2(xy[:, 1] - center[1], xy[:, 0] - center[0])
    across = np.abs(np.cos(np.asarray(side_angle, float) - out)) <= MAX_SIDE_PIP_TURN
    if across.sum() < 2:
        return -np.inf
    poly = outline.astype(np.float32).reshape(-1, 1, 2)
    beyond = np.array([-cv2.pointPolygonTest(poly, (float(x), float(y)), True) for x, y in xy[across]])
    side = np.zeros(len(beyond), int) if sides is None else np.asarray(sides)[across]
    best = -np.inf
    for k in np.unique(side):
        on_side = np.sort(beyond[side == k])
        if len(on_side) >= 2:
            best = max(best, float((on_side[-2] - PIP_NOISE_PX) / edge_px))
    return best


def leaning(near_xy: np.ndarray, near_angle: np.ndarray, cues: dict, center: np.ndarray, board_to_image: np.ndarray,
            edge_px: float, shape: tuple[int, ...], edge_board: float, sides: np.ndarray | None = None) -> bool:
    """Two side-face pips of this die (``near_xy``, long axes ``near_angle``) beyond where a flat die at its place
    could show them: it leans. ``cues``: the face's ``face_axes`` and ``value`` (``dice_flat.tilt_cues``)."""
    if near_xy is None or len(near_xy) < 2 or edge_board <= 0:
        return False
    try:
        camera = BoardCamera.from_homography(board_to_image, shape)
    except (np.linalg.LinAlgError, ZeroDivisionError):  # a degenerate homography: no camera, no evidence
        return False
    if not (np.all(np.isfinite(camera.v)) and np.all(np.isfinite(camera.h_inv))):
        return False
    edge_px, edge_board = edge_px * LARGEST_FACE, edge_board * LARGEST_FACE
    top = upper_face(camera, np.asarray(center, float), cues.get("face_axes"), int(cues.get("value") or 1),
                     edge_px, edge_board)
    outline = flat_outline(camera, top, edge_board)
    if not np.all(np.isfinite(outline)):
        return False
    return side_pips_out_of_reach(near_xy, near_angle, center, outline, edge_px, sides) > OUT_OF_REACH
