"""Labels of a rendered frame in the shape of `bgref read`'s observation (vision/observation.py), computed from
the scene and the camera alone: nothing is read back from the pixels except the mask of what a hand covers."""

from __future__ import annotations

from typing import Any, Optional

import cv2
import numpy as np

from device.sim.board_art import ARUCO_DICT
from device.sim.camera import Camera
from device.sim.draw import cube_vertices
from device.sim.layout import off_side
from device.sim.scene import BoardGeometry, Scene

OCCLUDED_SHARE = 0.12  # a point counts as covered when a hand hides this much of its column


def view_of(scene: Scene, cam: Camera) -> tuple[bool, bool]:
    """(portrait, turned): whether the board's long side runs closer to vertical in the image, and whether,
    after the quarter turn clockwise that makes it landscape, the world's bottom-right corner shows top-left."""
    g = scene.geometry
    c = cam.project(np.array([[0, 0, g.frame_z], [10, 0, g.frame_z], [0, 10, g.frame_z]]))
    ex = c[1] - c[0]
    portrait = bool(abs(ex[0]) < abs(ex[1]))
    if portrait:  # rotate the image a quarter turn clockwise: (x, y) -> (-y, x)
        ex = np.array([-ex[1], ex[0]])
    return portrait, bool(ex[0] < 0)


def label_point(world_point: int, turned: bool) -> int:
    return (world_point - 1 + 12) % 24 + 1 if turned else world_point


def world_of_label(label: int, turned: bool) -> int:
    return label_point(label, turned)  # a half turn is its own inverse


def world_point_at(g: BoardGeometry, x: float, y: float) -> Optional[int]:
    """The world point whose column holds (x, y) on the field, or None (bar, trays, outside)."""
    if not g.bar_w / 2 < abs(x) < g.field_x or abs(y) > g.field_h / 2:
        return None
    k = min(5, int((abs(x) - g.bar_w / 2) // g.slot))  # 0 = next to the bar
    if x > 0:
        return 6 - k if y > 0 else 19 + k
    return 7 + k if y > 0 else 18 - k


def point_region(g: BoardGeometry, wp: int, n: int) -> np.ndarray:
    """World polygon (at field level) of the column a point's checkers occupy."""
    x, yb, direction = g.point_slot(wp)
    length = max(g.point_len, (min(n, 8) + 0.3) * g.checker_d)
    hw = g.slot / 2
    y1 = yb + direction * length
    return np.array([[x - hw, yb, g.field_z], [x + hw, yb, g.field_z], [x + hw, y1, g.field_z],
                     [x - hw, y1, g.field_z]])


def _ordered(corners_world: np.ndarray, cam: Camera, turned: bool) -> list[list[float]]:
    """TL, TR, BR, BL in image pixels of a world rectangle given TL, TR, BR, BL in world terms."""
    uv = cam.project(corners_world)
    order = [2, 3, 0, 1] if turned else [0, 1, 2, 3]
    return [[round(float(uv[i][0]), 1), round(float(uv[i][1]), 1)] for i in order]


def _covered(poly_uv: np.ndarray, occ_small: np.ndarray, scale: float) -> float:
    m = np.zeros_like(occ_small)
    cv2.fillConvexPoly(m, np.round(poly_uv * scale).astype(np.int32), 255)
    area = int((m > 0).sum())
    if area == 0:
        return 0.0
    return float(((m > 0) & (occ_small > 127)).sum()) / area


def make_label(scene: Scene, cam: Camera, occluder: Optional[np.ndarray] = None, image: Optional[str] = None
               ) -> dict[str, Any]:
    g = scene.geometry
    portrait, turned = view_of(scene, cam)
    fz, tz = g.field_z, g.frame_z
    L, R, T, B = g.outer_left, g.outer_right, -g.height / 2, g.height / 2
    outer = np.array([[L, T, tz], [R, T, tz], [R, B, tz], [L, B, tz]])
    fx, fh = g.field_x, g.field_h / 2
    play = np.array([[-fx, -fh, fz], [fx, -fh, fz], [fx, fh, fz], [-fx, fh, fz]])
    scale = 0.25
    occ_small = None
    if occluder is not None and occluder.any():
        occ_small = cv2.resize(occluder, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)

    points = [0] * 24
    occluded: list[int] = []
    for p in range(1, 25):
        wp = world_of_label(p, turned)
        n = scene.world_points[wp - 1]
        points[p - 1] = int(n)
        if occ_small is not None:
            share = _covered(cam.project(point_region(g, wp, abs(n))), occ_small, scale)
            if share > OCCLUDED_SHARE:
                occluded.append(p)

    if occluder is not None and occluder.any():
        # a checker whose top a hand hides makes its point unreadable, however little of the column is covered
        hidden = set()
        pieces = [c for c in scene.checkers if not c.edge and c.z < 0]
        tops = cam.project(np.array([[c.x, c.y, c.z - g.checker_t] for c in pieces])) if pieces else []
        for c, uv in zip(pieces, tops):
            wp = world_point_at(g, c.x, c.y)
            if wp is not None and _under(occluder, uv):
                hidden.add(label_point(wp, turned))
        occluded = sorted(set(occluded) | hidden)

    bar_scored = True
    off: dict[str, Optional[int]] = {"light": int(scene.off["light"]), "dark": int(scene.off["dark"])}
    if occ_small is not None:
        bar_poly = cam.project(np.array([[-g.bar_w / 2, -fh, tz], [g.bar_w / 2, -fh, tz], [g.bar_w / 2, fh, tz],
                                         [-g.bar_w / 2, fh, tz]]))
        bar_scored = _covered(bar_poly, occ_small, scale) <= OCCLUDED_SHARE
        end, in_tray = off_side(g, scene.home_right)
        for colour in ("light", "dark"):
            seat = scene.light_seat if colour == "light" else ("top" if scene.light_seat == "bottom" else "bottom")
            sign = 1.0 if seat == "bottom" else -1.0
            if in_tray:
                x0, y0, x1, y1 = g.tray_rect(end)  # type: ignore[misc]
                ya, yb = (0.0, y1) if sign > 0 else (y0, 0.0)
            else:
                x0, x1 = (R, R + 2.5 * g.checker_d) if end == "right" else (L - 2.5 * g.checker_d, L)
                ya, yb = (0.0, 4 * g.checker_d) if sign > 0 else (-4 * g.checker_d, 0.0)
            poly = cam.project(np.array([[x0, ya, fz], [x1, ya, fz], [x1, yb, fz], [x0, yb, fz]]))
            if _covered(poly, occ_small, scale) > 0.3:
                off[colour] = None

    dice = []
    for die in scene.dice:
        verts, Rm = cube_vertices(die.x, die.y, die.z, die.size, die.yaw, die.tilt if die.cocked else 0.0)
        top = verts[:4].mean(axis=0)
        uv = cam.project(top[None])[0]
        if occluder is not None and _under(occluder, uv):
            continue
        if not (0 <= uv[0] < cam.width and 0 <= uv[1] < cam.height):
            continue
        on_board = abs(die.x) <= g.field_x and abs(die.y) <= fh
        half = None
        if on_board:
            right = die.x >= 0
            half = "right" if right != turned else "left"
        d: dict[str, Any] = {"value": int(die.value), "flat": not die.cocked,
                             "center": [round(float(uv[0]), 1), round(float(uv[1]), 1)]}
        if half:
            d["half"] = half
        dice.append(d)

    cube = None
    if scene.cube is not None:
        c = scene.cube
        verts, _ = cube_vertices(c.x, c.y, c.z, c.size, c.yaw, 0.0)
        uv = cam.project(verts[:4].mean(axis=0)[None])[0]
        if not (occluder is not None and _under(occluder, uv)) and 0 <= uv[0] < cam.width and 0 <= uv[1] < cam.height:
            cube = {"value": int(c.value), "center": [round(float(uv[0]), 1), round(float(uv[1]), 1)]}

    light_seat = scene.light_seat if not turned else ("top" if scene.light_seat == "bottom" else "bottom")
    label: dict[str, Any] = {}
    if image is not None:
        label["image"] = image
    label.update({
        "board": {"found": True, "corners": _ordered(outer, cam, turned), "size_cm": g.size_cm(),
                  "tournament_size": g.tournament_size(), "visible": "whole"},
        "points": points,
        "bar": {"light": int(scene.bar["light"]), "dark": int(scene.bar["dark"])},
        "off": off,
        "dice": dice,
        "cube": cube,
        "warnings": [],
        "occluded_points": occluded,
        "bar_scored": bar_scored,
        "playing_area": _ordered(play, cam, turned),
        "visible": "whole",
        "portrait": portrait,
        "light_seat": light_seat,
        "camera": cam.to_dict(),
        "scene": scene.describe(),
    })
    if scene.marker is not None:
        mid, size_cm, mx, my = scene.marker
        s = size_cm / 2
        corners = cam.project(np.array([[mx - s, my - s, 0], [mx + s, my - s, 0], [mx + s, my + s, 0],
                                        [mx - s, my + s, 0]]))
        label["marker"] = {"dictionary": ARUCO_DICT, "id": int(mid), "size_cm": round(size_cm, 2),
                           "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in corners]}
    return label


def _under(mask: np.ndarray, uv: np.ndarray) -> bool:
    x, y = int(round(uv[0])), int(round(uv[1]))
    return 0 <= x < mask.shape[1] and 0 <= y < mask.shape[0] and mask[y, x] > 127
