"""A plain synthetic board drawn with OpenCV: exact ground truth for tests and benchmarks of the board finder.

Not a renderer (device/sim does photoreal scenes); this draws the essentials only (frame, trays, field, 24
triangles in two colours, bar, checkers by geometric counts) top-down, then places it in a frame with a
perspective warp, so corners and point positions are known exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

import cv2
import numpy as np

BGR = tuple[int, int, int]


@dataclass
class SynthStyle:
    frame: BGR = (40, 60, 90)
    field: BGR = (170, 200, 215)
    point_a: BGR = (30, 30, 30)
    point_b: BGR = (60, 90, 200)
    bar: BGR = (40, 60, 90)
    tray: BGR = (60, 80, 110)
    light: BGR = (235, 235, 235)
    dark: BGR = (25, 25, 120)
    table: BGR = (120, 90, 40)
    trays: tuple[bool, bool] = (True, True)


@dataclass
class SynthBoard:
    image: np.ndarray
    corners: np.ndarray  # outer frame TL,TR,BR,BL in image px
    playing_area: np.ndarray  # 4 image points
    point_bases: dict[int, tuple[float, float]] = field(default_factory=dict)  # image px


def draw_top_down(counts: Optional[Sequence[int]] = None, style: SynthStyle = SynthStyle(), scale: float = 10.0
                  ) -> tuple[np.ndarray, dict]:
    """A top-down board of ~55x44 cm (scale px per cm); returns the image and its layout in those pixels."""
    s = scale
    frame, tray_w, bar_w, pw, field_h = 2.0 * s, 4.0 * s, 3.5 * s, 3.7 * s, 40.0 * s
    left_tray = tray_w if style.trays[0] else 0.0
    right_tray = tray_w if style.trays[1] else 0.0
    W = int(round(2 * frame + left_tray + right_tray + (frame if left_tray else 0) + (frame if right_tray else 0)
                  + 12 * pw + bar_w))
    H = int(round(field_h + 2 * frame))
    img = np.full((H, W, 3), style.frame, np.uint8)
    x = frame
    layout: dict = {"trays": []}
    if left_tray:
        cv2.rectangle(img, (int(x), int(frame)), (int(x + left_tray), int(H - frame)), style.tray, -1)
        layout["trays"].append((x, frame, x + left_tray, H - frame))
        x += left_tray + frame
    x0 = x
    lx0, lx1 = x0, x0 + 6 * pw
    rx0, rx1 = lx1 + bar_w, lx1 + bar_w + 6 * pw
    y0, y1 = frame, H - frame
    cv2.rectangle(img, (int(round(lx0)), int(round(y0))), (int(round(rx1)), int(round(y1))), style.field, -1)
    cv2.rectangle(img, (int(round(lx1)), 0), (int(round(rx0)), H), style.bar, -1)
    if right_tray:
        tx = rx1 + frame
        cv2.rectangle(img, (int(tx), int(frame)), (int(tx + right_tray), int(H - frame)), style.tray, -1)
        layout["trays"].append((tx, frame, tx + right_tray, H - frame))
    tri_h = 0.42 * (y1 - y0)
    bases = {}
    for p in range(1, 25):
        if p <= 6:
            cx, bottom = rx1 - (p - 0.5) * pw, True
        elif p <= 12:
            cx, bottom = lx1 - (p - 6.5) * pw, True
        elif p <= 18:
            cx, bottom = lx0 + (p - 12.5) * pw, False
        else:
            cx, bottom = rx0 + (p - 18.5) * pw, False
        by = y1 if bottom else y0
        ty = by - tri_h if bottom else by + tri_h
        colour = style.point_a if p % 2 else style.point_b
        tri = np.array([[cx - pw / 2, by], [cx + pw / 2, by], [cx, ty]]) * 16
        cv2.fillConvexPoly(img, np.round(tri).astype(np.int32), colour, lineType=cv2.LINE_AA, shift=4)
        bases[p] = (cx, by)
    if counts is not None:
        r = 0.46 * pw
        for p, n in enumerate(counts, start=1):
            if not n:
                continue
            cx, by = bases[p]
            step = -2 * r if p <= 12 else 2 * r
            for i in range(abs(n)):
                cy = by + (0.5 * step) + i * step * (1 if i < 5 else 0.5)
                col = style.light if n > 0 else style.dark
                c = (int(round(cx * 16)), int(round(cy * 16)))
                cv2.circle(img, c, int(round(r * 16)), col, -1, cv2.LINE_AA, shift=4)
                cv2.circle(img, c, int(round(r * 16)), tuple(int(v * 0.6) for v in col), max(1, int(s / 8)),
                           cv2.LINE_AA, shift=4)
    layout.update(playing_area=(lx0, y0, rx1, y1), left_half=(lx0, y0, lx1, y1), right_half=(rx0, y0, rx1, y1),
                  point_bases=bases, size=(W, H))
    return img, layout


def place(top_down: np.ndarray, layout: dict, image_size: tuple[int, int] = (1280, 960), tilt: float = 0.1,
          turn_deg: float = 8.0, fill: float = 0.7, style: SynthStyle = SynthStyle(), seed: int = 0,
          shift: tuple[float, float] = (0.0, 0.0)) -> SynthBoard:
    """Warp a top-down board into a frame: rotated by turn_deg, keystoned by tilt, covering `fill` of the width."""
    rng = np.random.default_rng(seed)
    W, H = layout["size"]
    iw, ih = image_size
    src = np.array([[0, 0], [W, 0], [W, H], [0, H]], np.float64)
    w = fill * iw
    h = w * H / W
    c = np.array([iw / 2 + shift[0], ih / 2 + shift[1]])
    rect = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    rect[:2, 0] *= 1 - tilt  # far side narrower (camera tilted)
    a = np.deg2rad(turn_deg)
    R = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    dst = rect @ R.T + c
    Hm = cv2.getPerspectiveTransform(src.astype(np.float32), dst.astype(np.float32))
    bg = np.empty((ih, iw, 3), np.uint8)
    bg[:] = style.table
    noise = rng.normal(0, 4, (ih, iw, 1))
    bg = np.clip(bg.astype(np.float64) + noise, 0, 255).astype(np.uint8)
    warped = cv2.warpPerspective(top_down, Hm, (iw, ih), flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(np.full((H, W), 255, np.uint8), Hm, (iw, ih), flags=cv2.INTER_LINEAR)
    alpha = (mask.astype(np.float64) / 255)[..., None]
    out = (warped * alpha + bg * (1 - alpha)).astype(np.uint8)
    x0, y0, x1, y1 = layout["playing_area"]
    pa = cv2.perspectiveTransform(np.array([[[x0, y0]], [[x1, y0]], [[x1, y1]], [[x0, y1]]], np.float64), Hm)
    bases = {p: tuple(cv2.perspectiveTransform(np.array([[b]], np.float64), Hm).ravel())
             for p, b in layout["point_bases"].items()}
    return SynthBoard(out, dst, pa.reshape(4, 2), bases)


def bend(board: SynthBoard, k1: float, K: Optional[np.ndarray] = None) -> SynthBoard:
    """The same board seen through a lens with radial distortion ``k1`` (one-term model of
    ``vision.board_lens``; K defaults to its nominal camera): straight edges bow, truth points move with them."""
    from vision.board_lens import distort, nominal_camera, undistort

    h, w = board.image.shape[:2]
    K = nominal_camera((w, h)) if K is None else K
    xs, ys = np.meshgrid(np.arange(w, dtype=np.float64), np.arange(h, dtype=np.float64))
    src = undistort(np.stack([xs, ys], axis=-1), k1, K).astype(np.float32)  # each output px looks up its source
    img = cv2.remap(board.image, src[..., 0], src[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    bases = {p: tuple(distort(np.array(b, float), k1, K)) for p, b in board.point_bases.items()}
    return SynthBoard(img, distort(board.corners, k1, K), distort(board.playing_area, k1, K), bases)
