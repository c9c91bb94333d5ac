"""The flat artwork of an open board in its own plane: the field (surface, points, logos, tray floors) and the
frame top (wood or leather, bevels, hinges on the bar), plus the table around it with flat clutter and the ArUco
marker. Textures are painted once per scene and warped by plane homographies for every frame."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from device.sim.scene import BoardGeometry, Scene
from device.sim.textures import bgr, cloth, material, wood

LOGO_WORDS = ["GAMMON", "Backgammon", "CHAMPION", "bg club", "TOURNAMENT", "gm", "Open 2026", "ACE POINT",
              "Club de Backgammon", "Prime"]

ARUCO_DICT = "DICT_4X4_50"


@dataclass
class PlaneTexture:
    image: np.ndarray  # BGR
    mask: np.ndarray  # uint8, 255 where this plane's surface exists
    x0: float  # world x of texture column 0
    y0: float
    px_per_cm: float

    def affine(self) -> np.ndarray:
        """texture px -> world (x, y)."""
        s = self.px_per_cm
        return np.array([[1 / s, 0, self.x0], [0, 1 / s, self.y0], [0, 0, 1.0]])


def openings(g: BoardGeometry) -> list[tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) of the holes in the frame: the two playing halves and the trays."""
    fh = g.field_h / 2
    out = [(-g.field_x, -fh, -g.bar_w / 2, fh), (g.bar_w / 2, -fh, g.field_x, fh)]
    for side in ("left", "right"):
        r = g.tray_rect(side)
        if r:
            out.append(r)
    return out


def _rect_px(r: tuple[float, float, float, float], t: PlaneTexture) -> tuple[int, int, int, int]:
    s = t.px_per_cm
    return (int(round((r[0] - t.x0) * s)), int(round((r[1] - t.y0) * s)), int(round((r[2] - t.x0) * s)),
            int(round((r[3] - t.y0) * s)))


def paint_field(scene: Scene, px_per_cm: float, rng: np.random.Generator) -> PlaneTexture:
    g, sc = scene.geometry, scene.scheme
    x0, y0 = g.outer_left, -g.height / 2
    w = int(math.ceil((g.outer_right - g.outer_left) * px_per_cm))
    h = int(math.ceil(g.height * px_per_cm))
    tex = PlaneTexture(material(sc.surface, h, w, sc.field, rng, px_per_cm), np.zeros((h, w), np.uint8), x0, y0,
                       px_per_cm)
    img = tex.image
    s = px_per_cm

    def P(x: float, y: float) -> tuple[int, int]:
        return int(round((x - x0) * s * 16)), int(round((y - y0) * s * 16))

    kind = "wood" if sc.point_material == "wood" else sc.surface
    for colour, parity in ((sc.point_a, 1), (sc.point_b, 0)):
        ptex = material(kind, h, w, colour, rng, px_per_cm, vertical=True)
        m = np.zeros((h, w), np.uint8)
        for wp in range(1, 25):
            if wp % 2 != parity:
                continue
            x, yb, direction = g.point_slot(wp)
            half = g.slot / 2 * 0.985
            tri = np.array([P(x - half, yb), P(x + half, yb), P(x, yb + direction * g.point_len)], np.int32)
            cv2.fillConvexPoly(m, tri, 255, cv2.LINE_AA, 4)
        np.copyto(img, ptex, where=(m == 255)[..., None])
        ys, xs = np.nonzero((m > 0) & (m < 255))  # anti-aliased edges: blend just those pixels
        a = (m[ys, xs].astype(np.float32) / 255)[:, None]
        img[ys, xs] = (img[ys, xs] * (1 - a) + ptex[ys, xs] * a).astype(np.uint8)
    # logos printed on the field (graphics, not pieces)
    if sc.logo_colour is not None and scene.logo:
        width = g.half_w * s * rng.uniform(0.25, 0.45)
        font = int(rng.integers(2))
        for side, flip in ((-1, rng.random() < 0.5), (1, False)):
            cx = side * (g.bar_w / 2 + g.half_w / 2)
            _logo(img, scene.logo, P(cx, 0), width, bgr(sc.logo_colour), scene.logo_box, flip, font)
    for side in ("left", "right"):
        r = g.tray_rect(side)
        if r:
            x_a, y_a, x_b, y_b = _rect_px(r, tex)
            ttex = material(sc.frame if sc.frame == "leather" else "felt", y_b - y_a, x_b - x_a, sc.tray_floor, rng,
                            px_per_cm)
            img[max(0, y_a):y_b, max(0, x_a):x_b] = ttex[: y_b - max(0, y_a), : x_b - max(0, x_a)]
    # ambient occlusion along the walls of every opening
    m = np.zeros((h, w), np.uint8)
    for r in openings(g):
        x_a, y_a, x_b, y_b = _rect_px(r, tex)
        m[y_a:y_b, x_a:x_b] = 255
    tex.mask[:] = m
    dist = cv2.distanceTransform((m > 0).astype(np.uint8), cv2.DIST_L2, 3)
    ao = cv2.convertScaleAbs(255 * (1 - 0.28 * np.exp(-dist / (0.7 * s))))
    img[:] = cv2.multiply(img, cv2.merge([ao, ao, ao]), scale=1 / 255)
    return tex


def _logo(img: np.ndarray, text: str, centre: tuple[int, int], width_px: float, colour: tuple[int, int, int],
          box: bool, flip: bool, font_choice: int) -> None:
    font = cv2.FONT_HERSHEY_TRIPLEX if font_choice else cv2.FONT_HERSHEY_SIMPLEX
    (tw, th), _ = cv2.getTextSize(text, font, 1.0, 2)
    scale = width_px / max(tw, 1)
    thick = max(1, int(scale * 2))
    (tw, th), base = cv2.getTextSize(text, font, scale, thick)
    pad = int(th * 0.5)
    patch = np.zeros((th + base + 2 * pad, tw + 2 * pad, 3), np.uint8)
    alpha = np.zeros(patch.shape[:2], np.uint8)
    if box:
        patch[:] = colour
        alpha[:] = 200
        ink = (235, 235, 235) if sum(colour) < 380 else (40, 40, 40)
        cv2.putText(patch, text, (pad, pad + th), font, scale, ink, thick, cv2.LINE_AA)
    else:
        cv2.putText(patch, text, (pad, pad + th), font, scale, colour, thick, cv2.LINE_AA)
        cv2.putText(alpha, text, (pad, pad + th), font, scale, 170, thick, cv2.LINE_AA)
    if flip:
        patch, alpha = patch[::-1, ::-1], alpha[::-1, ::-1]
    cx, cy = centre[0] // 16, centre[1] // 16
    ph, pw = patch.shape[:2]
    x0, y0 = cx - pw // 2, cy - ph // 2
    if x0 < 0 or y0 < 0 or x0 + pw > img.shape[1] or y0 + ph > img.shape[0]:
        return
    a = (alpha.astype(np.float32) / 255)[..., None]
    roi = img[y0:y0 + ph, x0:x0 + pw]
    roi[:] = (roi * (1 - a) + patch * a).astype(np.uint8)


def paint_frame(scene: Scene, px_per_cm: float, rng: np.random.Generator) -> PlaneTexture:
    g, sc = scene.geometry, scene.scheme
    x0, y0 = g.outer_left, -g.height / 2
    w = int(math.ceil((g.outer_right - g.outer_left) * px_per_cm))
    h = int(math.ceil(g.height * px_per_cm))
    s = px_per_cm
    img = material(sc.frame, h, w, sc.frame_colour, rng, px_per_cm)
    if sc.frame == "wood":
        # the bar and the end rails run the other way
        vert = wood(h, w, sc.frame_colour, rng, vertical=True, px_per_cm=px_per_cm)
        bx = int(round((-g.bar_w / 2 - x0) * s)), int(round((g.bar_w / 2 - x0) * s))
        img[:, bx[0]:bx[1]] = vert[:, bx[0]:bx[1]]
    tex = PlaneTexture(img, np.full((h, w), 255, np.uint8), x0, y0, px_per_cm)
    for r in openings(g):
        x_a, y_a, x_b, y_b = _rect_px(r, tex)
        tex.mask[y_a:y_b, x_a:x_b] = 0
    # rounded edges catch the light: a thin bright line and a darker band just inside every edge
    dist_in = cv2.distanceTransform((tex.mask > 0).astype(np.uint8), cv2.DIST_L2, 3)
    border = np.zeros((h, w), np.uint8)
    border[1:-1, 1:-1] = 1
    dist_out = cv2.distanceTransform(border, cv2.DIST_L2, 3)
    dist = np.minimum(dist_in, dist_out)
    gloss = 0.22 if sc.frame == "wood" else 0.1
    shade = 1 + gloss * np.exp(-((dist - 0.25 * s) / (0.12 * s)) ** 2) - 0.12 * np.exp(-dist / (0.35 * s))
    sh8 = cv2.convertScaleAbs(shade, alpha=200)
    img[:] = cv2.multiply(img, cv2.merge([sh8, sh8, sh8]), scale=1 / 200)
    # the seam between the two halves of the case and the hinges across it
    cx = int(round((0 - x0) * s))
    cv2.line(img, (cx, 0), (cx, h - 1), (20, 20, 20), max(1, int(0.08 * s)), cv2.LINE_AA)
    brass = (70, 150, 190) if rng.random() < 0.7 else (180, 180, 180)
    for yy in (-g.height / 4 - 2, g.height / 4 + 2):
        hw, hh = min(g.bar_w * 0.42, 2.2), min(3.0, g.height * 0.045)
        p0 = (int(round((-hw - x0) * s)), int(round((yy - hh - y0) * s)))
        p1 = (int(round((hw - x0) * s)), int(round((yy + hh - y0) * s)))
        cv2.rectangle(img, p0, p1, brass, -1, cv2.LINE_AA)
        cv2.rectangle(img, p0, p1, tuple(int(v * 0.6) for v in brass), max(1, int(0.06 * s)), cv2.LINE_AA)
        cv2.line(img, (cx, p0[1]), (cx, p1[1]), tuple(int(v * 0.5) for v in brass), max(1, int(0.1 * s)),
                 cv2.LINE_AA)
    # latches on the long sides of the case
    for yy in (-g.height / 2, g.height / 2):
        for xx in (-g.width * 0.28, g.width * 0.28):
            if rng.random() < 0.5:
                p0 = (int(round((xx - 1.2 - x0) * s)), int(round((yy - 0.5 - y0) * s)))
                p1 = (int(round((xx + 1.2 - x0) * s)), int(round((yy + 0.5 - y0) * s)))
                cv2.rectangle(img, p0, p1, brass, -1, cv2.LINE_AA)
    return tex


def paint_table(scene: Scene, bounds: tuple[float, float, float, float], px_per_cm: float,
                rng: np.random.Generator) -> PlaneTexture:
    """The table around the board with flat things on it: score cards, name cards, paper, the ArUco marker."""
    x0, y0, x1, y1 = bounds
    w = max(8, int(math.ceil((x1 - x0) * px_per_cm)))
    h = max(8, int(math.ceil((y1 - y0) * px_per_cm)))
    if scene.table_kind == "wood":
        img = wood(h, w, scene.table, rng, px_per_cm=px_per_cm)
    else:
        img = cloth(h, w, scene.table, rng, px_per_cm)
    tex = PlaneTexture(img, np.full((h, w), 255, np.uint8), x0, y0, px_per_cm)
    s = px_per_cm
    for c in scene.clutter:
        if c.kind not in ("score_card", "name_card", "paper"):
            continue
        cw, chh = c.size[0] * s, c.size[1] * s
        patch_w, patch_h = max(4, int(cw)), max(4, int(chh))
        patch = np.full((patch_h, patch_w, 3), bgr(c.colour), np.uint8)
        if c.text:
            font = cv2.FONT_HERSHEY_DUPLEX
            (tw, th), _ = cv2.getTextSize(c.text, font, 1.0, 2)
            scale = min(patch_w * 0.8 / max(tw, 1), patch_h * 0.6 / max(th, 1))
            thick = max(1, int(scale * 2))
            (tw, th), _ = cv2.getTextSize(c.text, font, scale, thick)
            cv2.putText(patch, c.text, ((patch_w - tw) // 2, (patch_h + th) // 2), font, scale, (25, 25, 25), thick,
                        cv2.LINE_AA)
        if c.kind == "score_card":
            cv2.line(patch, (patch_w // 2, 0), (patch_w // 2, patch_h), (90, 90, 90), max(1, int(0.1 * s)))
        _paste_rotated(img, patch, ((c.x - x0) * s, (c.y - y0) * s), c.yaw, shadow=True)
    for c in scene.clutter:
        if c.kind == "person":  # a player's body and arms at the table edge, out of focus
            cx, cy = (c.x - x0) * s, (c.y - y0) * s
            blob = np.zeros((h, w), np.uint8)
            cv2.ellipse(blob, (int(cx), int(cy)), (int(c.size[0] * s / 2), int(c.size[1] * s / 2)),
                        float(np.degrees(c.yaw)), 0, 360, 255, -1, cv2.LINE_AA)
            blob = cv2.GaussianBlur(blob, (0, 0), max(1.0, 1.5 * s))
            a = (blob.astype(np.float32) / 255)[..., None]
            shade = np.array(bgr(c.colour), np.float32)
            img[:] = (img * (1 - a) + shade * a * (0.75 + 0.25 * a)).astype(np.uint8)
    if scene.marker is not None:
        mid, size_cm, mx, my = scene.marker
        d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ARUCO_DICT))
        n = 120  # drawn sharp, then scaled so the black square is exactly size_cm wide
        mk = cv2.aruco.generateImageMarker(d, int(mid), n)
        border = n // 4
        patch = np.full((n + 2 * border, n + 2 * border, 3), 248, np.uint8)
        patch[border:border + n, border:border + n] = mk[..., None]
        _paste_rotated(img, patch, ((mx - x0) * s, (my - y0) * s), 0.0, shadow=True, scale=size_cm * s / n)
    return tex


def _paste_rotated(img: np.ndarray, patch: np.ndarray, centre: tuple[float, float], yaw: float,
                   shadow: bool = False, scale: float = 1.0) -> None:
    """Paste a flat thing (card, paper, marker) turned by ``yaw`` and scaled, its centre exactly at ``centre``
    (pixel-centre coordinates, as OpenCV draws and warps), with a soft contact shadow; ROI only."""
    ph, pw = patch.shape[:2]
    half = int(math.ceil(math.hypot(pw, ph) * scale / 2)) + 8
    cx, cy = int(round(centre[0])), int(round(centre[1]))
    h, w = img.shape[:2]
    x0, y0, x1, y1 = max(0, cx - half), max(0, cy - half), min(w, cx + half), min(h, cy + half)
    if x1 <= x0 or y1 <= y0:
        return
    pc = ((pw - 1) / 2, (ph - 1) / 2)  # the patch's own centre in pixel-centre coordinates
    M = cv2.getRotationMatrix2D(pc, -math.degrees(yaw), scale)
    M[0, 2] += centre[0] - pc[0] - x0
    M[1, 2] += centre[1] - pc[1] - y0
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpAffine(patch, M, size, flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0))
    mask = cv2.warpAffine(np.full((ph, pw), 255, np.uint8), M, size, flags=cv2.INTER_LINEAR)
    roi = img[y0:y1, x0:x1]
    if shadow:
        sm = cv2.GaussianBlur(np.roll(mask, (3, 3), axis=(0, 1)), (0, 0), 3).astype(np.float32) / 255
        roi[:] = (roi * (1 - 0.35 * sm[..., None])).astype(np.uint8)
    a = (mask.astype(np.float32) / 255)[..., None]
    roi[:] = (roi * (1 - a) + warped * a).astype(np.uint8)
