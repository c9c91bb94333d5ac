"""Drawing projected 3D objects onto the undistorted canvas: checkers (discs with rim and gloss), dice and the
doubling cube (textured cubes), hands and forearms, tall things on the table. Each function draws one object
with anti-aliasing and, where it casts one, adds its shadow footprint to a shadow mask."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

import cv2
import numpy as np

from device.sim.scene import CheckerPiece, CubePiece, DiePiece, HandPiece, RGB
from device.sim.textures import bgr, cube_face, die_face

SHIFT = 4  # sub-pixel bits for cv2 drawing
ONE = 1 << SHIFT


@dataclass
class Projector:
    """World cm -> canvas pixels (undistorted camera shifted by the canvas margin)."""

    R: np.ndarray
    t: np.ndarray
    K: np.ndarray  # canvas camera matrix
    size: tuple[int, int]  # canvas (w, h)
    light: np.ndarray  # unit vector pointing TO the light (world)

    def __call__(self, pts: np.ndarray) -> np.ndarray:
        pts = np.asarray(pts, dtype=np.float64).reshape(-1, 3)
        cam = pts @ self.R.T + self.t
        uv = cam[:, :2] / cam[:, 2:3]
        return uv @ self.K[:2, :2].T + self.K[:2, 2]

    def depth(self, pts: np.ndarray) -> np.ndarray:
        pts = np.asarray(pts, dtype=np.float64).reshape(-1, 3)
        return (pts @ self.R.T + self.t)[:, 2]

    @property
    def centre(self) -> np.ndarray:
        return -self.R.T @ self.t

    def plane(self, z: float) -> np.ndarray:
        return self.K @ np.column_stack([self.R[:, 0], self.R[:, 1], self.R[:, 2] * z + self.t])

    def shadow_of(self, pts: np.ndarray, z_floor: float) -> np.ndarray:
        """Where points fall on the plane z = z_floor along the light direction."""
        pts = np.asarray(pts, dtype=np.float64).reshape(-1, 3)
        lz = self.light[2]  # negative: the light is above
        s = (pts[:, 2] - z_floor) / lz
        return pts - s[:, None] * self.light[None, :]


def _ipts(uv: np.ndarray) -> np.ndarray:
    return np.round(uv * ONE).astype(np.int32).reshape(-1, 1, 2)


def fill(img: np.ndarray, uv: np.ndarray, colour, convex: bool = True) -> None:
    if convex:
        cv2.fillConvexPoly(img, _ipts(uv), colour, cv2.LINE_AA, SHIFT)
    else:
        cv2.fillPoly(img, [_ipts(uv)], colour, cv2.LINE_AA, SHIFT)


def circle3d(cx: float, cy: float, z: float, r: float, n: int = 40) -> np.ndarray:
    a = np.linspace(0, 2 * math.pi, n, endpoint=False)
    return np.stack([cx + r * np.cos(a), cy + r * np.sin(a), np.full(n, z)], axis=1)


def blend_sprite(img: np.ndarray, sprite: np.ndarray, H: np.ndarray, bbox_uv: np.ndarray,
                 alpha_scale: float = 1.0) -> None:
    """Warp a BGRA sprite by homography H (sprite px -> canvas px) into img, only inside the bbox."""
    h, w = img.shape[:2]
    x0 = max(0, int(math.floor(bbox_uv[:, 0].min())) - 2)
    y0 = max(0, int(math.floor(bbox_uv[:, 1].min())) - 2)
    x1 = min(w, int(math.ceil(bbox_uv[:, 0].max())) + 2)
    y1 = min(h, int(math.ceil(bbox_uv[:, 1].max())) + 2)
    if x1 <= x0 or y1 <= y0:
        return
    T = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]])
    warped = cv2.warpPerspective(sprite, T @ H, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    a = warped[..., 3:4].astype(np.float32) * (alpha_scale / 255.0)
    roi = img[y0:y1, x0:x1]
    roi[:] = (roi.astype(np.float32) * (1 - a) + warped[..., :3].astype(np.float32) * a).astype(np.uint8)


def shade(colour: RGB, k: float) -> tuple[int, int, int]:
    b, g, r = bgr(colour)
    return (int(min(255, b * k)), int(min(255, g * k)), int(min(255, r * k)))


# ------------------------------------------------------------------------------------------------ checkers
def checker_shadow(P: Projector, mask: np.ndarray, c: CheckerPiece, d: float, t: float, z_floor: float) -> None:
    r = d / 2
    if c.edge:
        pts = np.concatenate([_edge_circle(c, r, t, +1), _edge_circle(c, r, t, -1)])
    else:
        pts = np.concatenate([circle3d(c.x, c.y, c.z, r, 24), circle3d(c.x, c.y, c.z - t, r, 24)])
    sh = P.shadow_of(pts, z_floor)
    fill(mask, cv2.convexHull(P(sh).astype(np.float32)).reshape(-1, 2), 255)


def _edge_circle(c: CheckerPiece, r: float, t: float, side: int, n: int = 32) -> np.ndarray:
    """One face of a checker standing on edge (its axis along y), bottom touching z = c.z."""
    a = np.linspace(0, 2 * math.pi, n, endpoint=False)
    y = c.y + side * t / 2
    lean = math.sin(c.tilt)  # leaning a little toward its neighbour
    zs = c.z - r + r * np.sin(a)
    return np.stack([c.x + r * np.cos(a), y + (zs - c.z) * lean, zs], axis=1)


def draw_checker(img: np.ndarray, P: Projector, c: CheckerPiece, d: float, t: float, colour: RGB,
                 sprite: np.ndarray) -> None:
    r = d / 2
    lum = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
    side_col = shade(colour, 0.62 if lum > 90 else 1.35)
    if c.edge:
        f1, f2 = _edge_circle(c, r, t, +1), _edge_circle(c, r, t, -1)
        u1, u2 = P(f1), P(f2)
        fill(img, cv2.convexHull(np.concatenate([u1, u2]).astype(np.float32)).reshape(-1, 2), side_col)
        near = u1 if P.depth(f1).mean() < P.depth(f2).mean() else u2
        fill(img, near, shade(colour, 0.9))
        cv2.polylines(img, [_ipts(near)], True, shade(colour, 0.7), 1, cv2.LINE_AA, SHIFT)
        return
    bottom = circle3d(c.x, c.y, c.z, r)
    top = circle3d(c.x, c.y, c.z - t, r)
    ub, ut = P(bottom), P(top)
    hull = cv2.convexHull(np.concatenate([ub, ut]).astype(np.float32)).reshape(-1, 2)
    fill(img, hull, shade(side_col, 0.75) if lum > 90 else side_col)
    # the side band: lit toward the light, darker away
    n = len(ub)
    for i in range(n):
        j = (i + 1) % n
        quad = np.array([ub[i], ub[j], ut[j], ut[i]])
        nx, ny = math.cos(2 * math.pi * (i + 0.5) / n), math.sin(2 * math.pi * (i + 0.5) / n)
        lit = 0.55 + 0.6 * max(0.0, nx * P.light[0] + ny * P.light[1])
        fill(img, quad, shade(colour, lit * (0.8 if lum > 90 else 1.6)))
    size = sprite.shape[0]
    A = np.array([[2 * r / size, 0, c.x - r], [0, 2 * r / size, c.y - r], [0, 0, 1.0]])
    H = P.plane(c.z - t) @ A
    blend_sprite(img, sprite, H, ut)
    # a crisp edge highlight on the rim facing the light
    a0 = math.atan2(P.light[1], P.light[0])
    arc = circle3d(c.x, c.y, c.z - t, r * 0.97, 40)
    ang = np.linspace(0, 2 * math.pi, 40, endpoint=False)
    sel = np.cos(ang - a0) > 0.5
    if sel.sum() > 2:
        idx = np.where(sel)[0]
        idx = np.roll(idx, -int(np.argmax(np.diff(np.concatenate([idx, [idx[0] + 40]])) > 1)) - 1)
        seg = P(arc[idx])
        hl = tuple(int(min(255, v + 70)) for v in bgr(colour))
        cv2.polylines(img, [_ipts(seg)], False, hl, 1, cv2.LINE_AA, SHIFT)
    cv2.polylines(img, [_ipts(ut)], True, shade(colour, 0.72 if lum > 90 else 0.6), 1, cv2.LINE_AA, SHIFT)


# ------------------------------------------------------------------------------------------------ dice, cube
_FACES = [  # local normal, vertex indices (of the 8 corners)
    ((0, 0, -1), (0, 1, 2, 3)),  # top (z up is negative)
    ((0, 0, 1), (7, 6, 5, 4)),  # bottom
    ((0, -1, 0), (4, 5, 1, 0)),  # north (-y)
    ((0, 1, 0), (3, 2, 6, 7)),  # south
    ((1, 0, 0), (1, 5, 6, 2)),  # east
    ((-1, 0, 0), (4, 0, 3, 7)),  # west
]
_CORNERS = np.array([[-1, -1, -1], [1, -1, -1], [1, 1, -1], [-1, 1, -1],
                     [-1, -1, 1], [1, -1, 1], [1, 1, 1], [-1, 1, 1]], dtype=np.float64) / 2


def _rot(yaw: float, tilt: float) -> np.ndarray:
    cy, sy = math.cos(yaw), math.sin(yaw)
    ct, st = math.cos(tilt), math.sin(tilt)
    Rz = np.array([[cy, -sy, 0], [sy, cy, 0], [0, 0, 1.0]])
    Rx = np.array([[1, 0, 0], [0, ct, -st], [0, st, ct]])
    return Rz @ Rx


def cube_vertices(x: float, y: float, z_rest: float, size: float, yaw: float, tilt: float
                  ) -> tuple[np.ndarray, np.ndarray]:
    """World corners of a cube resting at z_rest (its lowest corner touches it), and its rotation."""
    R = _rot(yaw, tilt)
    local = _CORNERS * size @ R.T
    centre_z = z_rest - local[:, 2].max()
    return local + np.array([x, y, centre_z]), R


def die_values(top: int, north: int) -> list[int]:
    """Face values in _FACES order for a die with ``top`` up and ``north`` toward -y (opposite faces sum to 7)."""
    rest = [v for v in range(1, 7) if v not in (top, 7 - top, north, 7 - north)]
    east = min(rest)
    return [top, 7 - top, north, 7 - north, east, 7 - east]


def _draw_box(img: np.ndarray, P: Projector, verts: np.ndarray, R: np.ndarray, textures: list[np.ndarray],
              alpha: float = 1.0) -> None:
    cam = P.centre
    faces = []
    for k, (normal, idx) in enumerate(_FACES):
        nw = R @ np.array(normal, dtype=np.float64)
        fc = verts[list(idx)].mean(axis=0)
        if np.dot(nw, cam - fc) <= 0:
            continue
        faces.append((P.depth(fc[None])[0], k, nw, idx))
    faces.sort(key=lambda f: -f[0])
    for _, k, nw, idx in faces:
        tex = textures[k]
        n = tex.shape[0]
        uv = P(verts[list(idx)]).astype(np.float32)
        src = np.float32([[0, 0], [n, 0], [n, n], [0, n]])
        H = cv2.getPerspectiveTransform(src, uv)
        lit = 0.6 + 0.55 * max(0.0, float(np.dot(nw, P.light)))
        t = np.clip(tex[..., :3].astype(np.float32) * lit, 0, 255).astype(np.uint8)
        a = tex[..., 3] if tex.shape[2] == 4 else np.full(tex.shape[:2], 255, np.uint8)
        # antialiased edge: shrink alpha at the border by one texel
        spr = np.dstack([t, a])
        blend_sprite(img, spr, H.astype(np.float64), uv, alpha)
        cv2.polylines(img, [_ipts(uv)], True, shade((t[n // 2, 2, 2], t[n // 2, 2, 1], t[n // 2, 2, 0]), 0.8), 1,
                      cv2.LINE_AA, SHIFT)


def die_textures(die: DiePiece, body: RGB, pip: RGB, translucency: float) -> list[np.ndarray]:
    vals = die_values(die.value, die.north)
    out = []
    for k, v in enumerate(vals):
        face = die_face(v, body, pip, 64, rotate=(k + die.value) % 4)
        if translucency > 0:
            # pips stay opaque; the body lets the background through a little
            pipmask = np.abs(face.astype(np.int16) - np.array(bgr(body), np.int16)).sum(axis=2) > 60
            a = np.where(pipmask, 255, int(255 * (1 - translucency * 0.6))).astype(np.uint8)
        else:
            a = np.full(face.shape[:2], 255, np.uint8)
        out.append(np.dstack([face, a]))
    return out


def draw_die(img: np.ndarray, P: Projector, die: DiePiece, textures: list[np.ndarray]) -> np.ndarray:
    verts, R = cube_vertices(die.x, die.y, die.z, die.size, die.yaw, die.tilt if die.cocked else 0.0)
    _draw_box(img, P, verts, R, textures)
    return verts


def box_shadow(P: Projector, mask: np.ndarray, verts: np.ndarray, z_floor: float) -> None:
    sh = P.shadow_of(verts, z_floor)
    fill(mask, cv2.convexHull(P(sh).astype(np.float32)).reshape(-1, 2), 255)


CUBE_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "white": ((236, 234, 228), (20, 20, 20)),
    "black": ((24, 24, 26), (236, 236, 236)),
    "red": ((170, 20, 30), (250, 250, 250)),
    "ivory": ((228, 218, 190), (40, 30, 20)),
}


def cube_textures(cube: CubePiece) -> list[np.ndarray]:
    body, ink = CUBE_COLOURS[cube.colour]
    values = [2, 4, 8, 16, 32, 64]
    top = cube.value
    others = [v for v in values if v != top]
    order = [top, others[0], others[1], others[2], others[3], others[4]]
    out = []
    for k, v in enumerate(order):
        f = cube_face(v, body, ink, 96, rotate=k % 4)
        out.append(np.dstack([f, np.full(f.shape[:2], 255, np.uint8)]))
    return out


def draw_cube(img: np.ndarray, P: Projector, cube: CubePiece, textures: list[np.ndarray]) -> np.ndarray:
    verts, R = cube_vertices(cube.x, cube.y, cube.z, cube.size, cube.yaw, 0.0)
    _draw_box(img, P, verts, R, textures)
    return verts


# ------------------------------------------------------------------------------------------------ hands
def _capsule(P: Projector, a: np.ndarray, b: np.ndarray, ra: float, rb: float, n: int = 16) -> np.ndarray:
    pts = np.concatenate([circle3d_sphere(a, ra, n), circle3d_sphere(b, rb, n)])
    return cv2.convexHull(P(pts).astype(np.float32)).reshape(-1, 2)


def _clip_near(P: Projector, a: np.ndarray, b: np.ndarray, near: float = 15.0
               ) -> Optional[tuple[np.ndarray, np.ndarray]]:
    """Cut a segment where it comes closer than ``near`` cm to the camera (an arm reaching up past the lens)."""
    da, db = P.depth(a[None])[0], P.depth(b[None])[0]
    if da < near and db < near:
        return None
    if da < near:
        a = b + (a - b) * (db - near) / (db - da)
    elif db < near:
        b = a + (b - a) * (da - near) / (da - db)
    return a, b


def circle3d_sphere(c: np.ndarray, r: float, n: int) -> np.ndarray:
    """Points on the horizontal and a vertical circle of a sphere: enough for a convex silhouette."""
    a = np.linspace(0, 2 * math.pi, n, endpoint=False)
    h = np.stack([c[0] + r * np.cos(a), c[1] + r * np.sin(a), np.full(n, c[2])], axis=1)
    v = np.stack([c[0] + r * np.cos(a), np.full(n, c[1]), c[2] + r * np.sin(a)], axis=1)
    return np.concatenate([h, v])


def hand_parts(hand: HandPiece, z_field: float) -> list[tuple[np.ndarray, np.ndarray, float, float, str]]:
    """3D capsules (a, b, radius_a, radius_b, 'skin'|'sleeve') of a forearm and hand reaching for (x, y)."""
    seat_dir = {"bottom": (0.0, 1.0), "top": (0.0, -1.0), "left": (-1.0, 0.0), "right": (1.0, 0.0)}[hand.seat]
    sx, sy = seat_dir
    tip = np.array([hand.x, hand.y, z_field - hand.lift])
    # the arm comes from the seat, swung sideways by 'spread'
    ux, uy = -sx, -sy
    px, py = -uy, ux  # perpendicular
    back = np.array([ux, uy, 0.0])
    perp = np.array([px, py, 0.0])
    up = np.array([0, 0, -1.0])
    swing = hand.spread / 30.0
    dirv = back - swing * perp
    dirv /= np.linalg.norm(dirv)
    wrist = tip - dirv * 16 + up * 3.0
    knuckle = tip - dirv * 8 + up * 2.2
    elbow = wrist - dirv * 27 + up * 7.0
    shoulder = elbow - dirv * 28 + up * 12.0
    perp2 = np.cross(dirv, up)
    parts: list[tuple[np.ndarray, np.ndarray, float, float, str]] = []
    parts.append((shoulder, elbow, 6.0, 4.6, "sleeve" if hand.sleeve else "skin"))
    sleeve_end = elbow + (wrist - elbow) * (0.55 if hand.sleeve else 0.0)
    if hand.sleeve:
        parts.append((elbow, sleeve_end, 4.6, 4.0, "sleeve"))
    parts.append((sleeve_end if hand.sleeve else elbow, wrist, 3.8 if hand.sleeve else 4.0, 2.7, "skin"))
    parts.append((wrist, knuckle, 3.6, 4.0, "skin"))  # palm
    for k, off in enumerate((-2.7, -0.9, 0.9, 2.6)):
        base = knuckle + perp2 * off
        length = (6.8, 7.6, 7.2, 5.8)[k]
        fdir = dirv + perp2 * off * 0.04
        fdir /= np.linalg.norm(fdir)
        end = base + fdir * length - up * 1.8
        parts.append((base, end, 0.95, 0.75, "skin"))
    thumb_base = wrist + perp2 * 3.0 + dirv * 2.0
    thumb_end = knuckle + perp2 * 3.8 + dirv * 3.5 - up * 1.0
    parts.append((thumb_base, thumb_end, 1.3, 0.9, "skin"))
    return parts


def draw_hand(img: np.ndarray, P: Projector, hand: HandPiece, z_field: float, occluder: np.ndarray,
              rng: Optional[np.random.Generator] = None) -> None:
    """Draw a forearm and hand (rounded shading, motion blur) and add what it covers to ``occluder``."""
    parts = hand_parts(hand, z_field)
    h, w = img.shape[:2]
    layer = np.zeros((h, w, 3), np.uint8)
    mask = np.zeros((h, w), np.uint8)
    for a, b, ra, rb, kind in parts:
        clipped = _clip_near(P, a, b)
        if clipped is None:
            continue
        a, b = clipped
        poly = _capsule(P, a, b, ra, rb)
        col = bgr(hand.skin) if kind == "skin" else bgr(hand.sleeve or hand.skin)
        fill(layer, poly, col)
        fill(mask, poly, 255)
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return
    x0, x1, y0, y1 = xs.min(), xs.max() + 1, ys.min(), ys.max() + 1
    m = mask[y0:y1, x0:x1]
    dist = cv2.distanceTransform((m > 127).astype(np.uint8), cv2.DIST_L2, 3)
    scale = max(1.0, float(np.percentile(dist[m > 127], 95)) if (m > 127).any() else 1.0)
    roundness = np.sqrt(np.clip(dist / scale, 0, 1))
    sh = 0.62 + 0.45 * roundness
    lay = layer[y0:y1, x0:x1].astype(np.float32) * sh[..., None]
    if rng is not None:
        lay *= (1 + 0.04 * cv2.resize(rng.standard_normal((max(2, (y1 - y0) // 12), max(2, (x1 - x0) // 12)))
                                      .astype(np.float32), (x1 - x0, y1 - y0)))[..., None]
    lay = np.clip(lay, 0, 255)
    a = m.astype(np.float32) / 255.0
    if hand.blur > 1:
        k = int(hand.blur) | 1
        kernel = np.zeros((k, k), np.float32)
        kernel[k // 2, :] = 1.0 / k
        ang = math.degrees(math.atan2(hand.y, hand.x))
        rot = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), ang, 1.0)
        kernel = cv2.warpAffine(kernel, rot, (k, k))
        kernel /= max(kernel.sum(), 1e-6)
        lay = cv2.filter2D(lay * a[..., None], -1, kernel)
        a = cv2.filter2D(a, -1, kernel)
        lay = lay / np.maximum(a[..., None], 1e-3)
    roi = img[y0:y1, x0:x1].astype(np.float32)
    img[y0:y1, x0:x1] = np.clip(roi * (1 - a[..., None]) + lay * a[..., None], 0, 255).astype(np.uint8)
    occluder[y0:y1, x0:x1] = np.maximum(occluder[y0:y1, x0:x1], (a * 255).astype(np.uint8))


# ------------------------------------------------------------------------------------------------ table things
def draw_box_object(img: np.ndarray, P: Projector, x: float, y: float, yaw: float, size: tuple[float, float, float],
                    colour: RGB, top_texture: Optional[np.ndarray] = None) -> np.ndarray:
    """A box standing on the table (a chess clock, a dice cup seen as a box); returns its corners."""
    sx, sy, sz = size
    c, s = math.cos(yaw), math.sin(yaw)
    local = np.array([[-sx / 2, -sy / 2], [sx / 2, -sy / 2], [sx / 2, sy / 2], [-sx / 2, sy / 2]])
    xy = local @ np.array([[c, s], [-s, c]]) + np.array([x, y])
    top = np.column_stack([xy, np.full(4, -sz)])
    bottom = np.column_stack([xy, np.zeros(4)])
    verts = np.concatenate([top, bottom])
    cam = P.centre
    for i in range(4):
        j = (i + 1) % 4
        quad = np.array([bottom[i], bottom[j], top[j], top[i]])
        mid = quad.mean(axis=0)
        normal = np.cross(bottom[j] - bottom[i], np.array([0, 0, -1.0]))
        normal /= np.linalg.norm(normal)
        if np.dot(normal, mid - np.array([x, y, mid[2]])) < 0:
            normal = -normal
        if np.dot(normal, cam - mid) > 0:
            lit = 0.5 + 0.5 * max(0.0, float(np.dot(normal, P.light)))
            fill(img, P(quad), shade(colour, lit))
    uv = P(top)
    if top_texture is not None:
        n_h, n_w = top_texture.shape[:2]
        H = cv2.getPerspectiveTransform(np.float32([[0, 0], [n_w, 0], [n_w, n_h], [0, n_h]]), uv.astype(np.float32))
        tex = top_texture if top_texture.shape[2] == 4 else np.dstack(
            [top_texture, np.full(top_texture.shape[:2], 255, np.uint8)])
        blend_sprite(img, tex, H, uv)
    else:
        fill(img, uv, shade(colour, 1.05))
    return verts


def draw_cup(img: np.ndarray, P: Projector, x: float, y: float, z0: float, r: float, hgt: float, colour: RGB) -> None:
    """A leather dice cup standing upright: side, rim and dark inside."""
    bottom = circle3d(x, y, z0, r * 0.92, 40)
    top = circle3d(x, y, z0 - hgt, r, 40)
    fill(img, cv2.convexHull(np.concatenate([P(bottom), P(top)]).astype(np.float32)).reshape(-1, 2),
         shade(colour, 0.7))
    fill(img, P(top), shade(colour, 1.0))
    fill(img, P(circle3d(x, y, z0 - hgt, r * 0.85, 40)), shade(colour, 0.35))
