"""Render one camera frame of a scene: warp the flat artwork (table, field, frame) by plane homographies, draw the
3D objects (checkers, dice, cube, hands, tall clutter) with their shadows in depth order, light it, distort it
through the lens and add the sensor's blur, noise and JPEG. The static part of a scene is kept in a
:class:`Stage` so that the frames of a video only redraw what moves."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Optional

import cv2
import numpy as np

from device.sim import draw
from device.sim.board_art import openings, paint_field, paint_frame, paint_table
from device.sim.camera import Camera, distortion_map
from device.sim.draw import Projector
from device.sim.scene import DIE_COLOURS, CheckerPiece, Scene
from device.sim.textures import bgr, checker_face


@dataclass
class Effects:
    """Per-scene camera and light effects (the noise itself is drawn fresh every frame)."""

    blur_sigma: float = 0.0
    noise_sigma: float = 2.0
    jpeg_quality: Optional[int] = None
    vignette: float = 0.2
    grey: bool = False  # a monochrome camera (or a phone's black-and-white mode)

    @classmethod
    def random(cls, rng: np.random.Generator) -> "Effects":
        return cls(blur_sigma=float(rng.choice([0.0, 0.0, rng.uniform(0.4, 1.4)])),
                   noise_sigma=float(rng.uniform(0.8, 5.0)), jpeg_quality=int(rng.integers(62, 96)),
                   vignette=float(rng.uniform(0.0, 0.45)), grey=bool(rng.random() < 0.04))


@dataclass
class Stage:
    """Everything about a scene and camera that does not change from frame to frame."""

    scene: Scene
    camera: Camera
    proj: Projector
    margin: tuple[int, int]
    base: np.ndarray  # canvas with table, clutter, board walls and field
    frame_img: np.ndarray  # canvas-sized frame top
    frame_alpha: np.ndarray  # float32 0..1
    board_box: tuple[int, int, int, int]  # canvas bbox of the board
    map_x: np.ndarray
    map_y: np.ndarray
    gain: np.ndarray  # final-image uint8 HxWx3 light gain x128
    glare: Optional[np.ndarray]  # final-image uint8 HxWx3 share of the way to white x255
    sprites: dict[str, list[np.ndarray]]
    effects: Effects
    die_tex: dict[tuple, list[np.ndarray]] = field(default_factory=dict)


def _light_vector(scene: Scene) -> np.ndarray:
    L = scene.lighting
    az, el = (L.azimuth, L.elevation) if L else (1.0, 1.2)
    v = np.array([math.cos(az) * math.cos(el), math.sin(az) * math.cos(el), -math.sin(el)])
    return v / np.linalg.norm(v)


def build_stage(scene: Scene, cam: Camera, rng: np.random.Generator, effects: Optional[Effects] = None) -> Stage:
    g = scene.geometry
    w, h = cam.width, cam.height
    mx0, my0 = distortion_map(cam, (0, 0))
    mxm = int(math.ceil(max(0.0, -float(mx0.min()), float(mx0.max()) - w))) + 4
    mym = int(math.ceil(max(0.0, -float(my0.min()), float(my0.max()) - h))) + 4
    mxm, mym = min(mxm, w // 2), min(mym, h // 2)
    map_x, map_y = mx0 + mxm, my0 + mym
    cw, ch = w + 2 * mxm, h + 2 * mym
    Kc = cam.K.copy()
    Kc[0, 2] += mxm
    Kc[1, 2] += mym
    P = Projector(cam.R, cam.t, Kc, (cw, ch), _light_vector(scene))

    # image scale at the board, to size the textures
    ppc = float(cam.K[0, 0]) / max(20.0, float(np.mean(P.depth(np.array([[0, 0, g.field_z]])))))
    board_ppc = float(np.clip(ppc * 1.2, 4, 2600 / (g.outer_right - g.outer_left)))
    table_ppc = float(np.clip(ppc * 0.5, 2, 10))

    # ---- table: the part of the z = 0 plane the canvas sees
    Hinv = np.linalg.inv(P.plane(0.0))
    corners = np.array([[0, 0, 1], [cw, 0, 1], [cw, ch, 1], [0, ch, 1]], np.float64) @ Hinv.T
    corners = corners[:, :2] / corners[:, 2:3]
    bx0, by0 = np.clip(corners.min(axis=0), -250, 250)
    bx1, by1 = np.clip(corners.max(axis=0), -250, 250)
    table_ppc = min(table_ppc, 2200 / max(1.0, bx1 - bx0 + 4), 2200 / max(1.0, by1 - by0 + 4))
    table = paint_table(scene, (bx0 - 2, by0 - 2, bx1 + 2, by1 + 2), table_ppc, rng)
    base = cv2.warpPerspective(table.image, P.plane(0.0) @ table.affine(), (cw, ch), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REFLECT)

    # ---- tall clutter beside the board, and borne-off checkers stacked on the table
    light_dir2 = (float(P.light[0]), float(P.light[1]))
    sprites = {col: [checker_face(scene.colour_rgb(col), scene.checkers_pair.style, 40, rng, light_dir2)
                     for _ in range(3)] for col in ("light", "dark")}
    shadow = np.zeros((ch, cw), np.uint8)
    tall = [c for c in scene.clutter if c.kind in ("clock", "cup") and not on_field(scene, c)]
    for c in tall:
        if c.kind == "clock":
            draw.box_shadow(P, shadow, draw.draw_box_object(np.zeros_like(base), P, c.x, c.y, c.yaw, c.size,
                                                            c.colour), 0.0)
        else:
            pts = np.concatenate([draw.circle3d(c.x, c.y, 0, c.size[0], 16), draw.circle3d(c.x, c.y, -c.size[2],
                                                                                            c.size[0], 16)])
            draw.fill(shadow, cv2.convexHull(P(P.shadow_of(pts, 0.0)).astype(np.float32)).reshape(-1, 2), 255)
    _apply_shadow(base, shadow, scene, None)
    for c in sorted(tall, key=lambda c: -P.depth(np.array([[c.x, c.y, 0]]))[0]):
        if c.kind == "clock":
            draw.draw_box_object(base, P, c.x, c.y, c.yaw, c.size, c.colour, _clock_face(c, rng))
        else:
            draw.draw_cup(base, P, c.x, c.y, 0.0, c.size[0], c.size[2], c.colour)

    # ---- the board: outer walls, field through the openings, inner walls
    fz, tz = g.field_z, g.frame_z
    L, R, T, B = g.outer_left, g.outer_right, -g.height / 2, g.height / 2
    outer = np.array([[L, T], [R, T], [R, B], [L, B]])
    wall_col = scene.scheme.frame_colour
    for i in range(4):
        a, b = outer[i], outer[(i + 1) % 4]
        quad = np.array([[a[0], a[1], 0], [b[0], b[1], 0], [b[0], b[1], tz], [a[0], a[1], tz]])
        n = np.array([b[1] - a[1], -(b[0] - a[0]), 0.0])
        n /= np.linalg.norm(n)
        lit = 0.45 + 0.4 * max(0.0, float(np.dot(n, P.light)))
        draw.fill(base, P(quad), draw.shade(wall_col, lit))
    # board shadow on the table
    sh = np.zeros((ch, cw), np.uint8)
    top = np.column_stack([outer, np.full(4, tz)])
    draw.fill(sh, cv2.convexHull(P(np.concatenate([P.shadow_of(top, 0.0), top])).astype(np.float32)).reshape(-1, 2),
              255)
    field_tex = paint_field(scene, board_ppc, rng)
    frame_tex = paint_frame(scene, board_ppc, rng)
    Hf = P.plane(fz) @ field_tex.affine()
    board_uv = P(np.array([[L, T, 0], [R, T, 0], [R, B, 0], [L, B, 0], [L, T, tz], [R, T, tz], [R, B, tz],
                           [L, B, tz]]))
    x0 = int(max(0, math.floor(board_uv[:, 0].min()) - 2))
    y0 = int(max(0, math.floor(board_uv[:, 1].min()) - 2))
    x1 = int(min(cw, math.ceil(board_uv[:, 0].max()) + 2))
    y1 = int(min(ch, math.ceil(board_uv[:, 1].max()) + 2))
    Tr = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]])
    size = (x1 - x0, y1 - y0)
    fimg = cv2.warpPerspective(field_tex.image, Tr @ Hf, size, flags=cv2.INTER_LINEAR)
    fmask = cv2.warpPerspective(field_tex.mask, Tr @ Hf, size, flags=cv2.INTER_LINEAR)
    a = (fmask.astype(np.float32) / 255)[..., None]
    roi = base[y0:y1, x0:x1]
    roi[:] = (roi * (1 - a) + fimg * a).astype(np.uint8)
    for (ox0, oy0, ox1, oy1) in openings(g):
        rect = [(ox0, oy0), (ox1, oy0), (ox1, oy1), (ox0, oy1)]
        for i in range(4):
            (ax, ay), (bx, by) = rect[i], rect[(i + 1) % 4]
            quad = np.array([[ax, ay, fz], [bx, by, fz], [bx, by, tz], [ax, ay, tz]])
            n = -np.array([by - ay, -(bx - ax), 0.0])  # walls face into the opening
            n /= np.linalg.norm(n)
            lit = 0.4 + 0.45 * max(0.0, float(np.dot(n, P.light)))
            draw.fill(base, P(quad), draw.shade(wall_col, lit))
    # the frame's walls cast shadows onto the field away from the light
    wall_shadow = np.zeros((ch, cw), np.uint8)
    for (ox0, oy0, ox1, oy1) in openings(g):
        rect = [(ox0, oy0), (ox1, oy0), (ox1, oy1), (ox0, oy1)]
        for i in range(4):
            (ax, ay), (bx, by) = rect[i], rect[(i + 1) % 4]
            top_edge = np.array([[ax, ay, tz], [bx, by, tz]])
            cast = P.shadow_of(top_edge, fz)
            quad = np.array([[ax, ay, fz], [bx, by, fz], cast[1], cast[0]])
            draw.fill(wall_shadow, cv2.convexHull(P(quad).astype(np.float32)).reshape(-1, 2), 255)
    open_mask = np.zeros((ch, cw), np.uint8)
    open_mask[y0:y1, x0:x1] = fmask
    wall_shadow = cv2.bitwise_and(wall_shadow, cv2.threshold(open_mask, 127, 255, cv2.THRESH_BINARY)[1])
    _apply_shadow(base, wall_shadow, scene, (x0, y0, x1, y1))
    Ht = P.plane(tz) @ frame_tex.affine()
    frame_img = np.zeros_like(base)
    frame_alpha = np.zeros((ch, cw), np.float32)
    frame_img[y0:y1, x0:x1] = cv2.warpPerspective(frame_tex.image, Tr @ Ht, size, flags=cv2.INTER_LINEAR)
    frame_alpha[y0:y1, x0:x1] = cv2.warpPerspective(frame_tex.mask, Tr @ Ht, size,
                                                    flags=cv2.INTER_LINEAR).astype(np.float32) / 255
    # the board's own shadow on the table goes under it
    _apply_shadow(base, sh, scene, None, exclude=(x0, y0, x1, y1, fmask, frame_alpha))

    effects = effects or Effects.random(rng)
    gain, glare = _light_maps(scene, cam, rng, effects.vignette)
    return Stage(scene=scene, camera=cam, proj=P, margin=(mxm, mym), base=base, frame_img=frame_img,
                 frame_alpha=frame_alpha, board_box=(x0, y0, x1, y1), map_x=map_x, map_y=map_y, gain=gain,
                 glare=glare, sprites=sprites, effects=effects)


def on_field(scene: Scene, c) -> bool:
    """A thing standing inside the board's playing area (rather than on the table)."""
    g = scene.geometry
    return abs(c.x) < g.field_x and abs(c.y) < g.field_h / 2


def _clock_face(c, rng: np.random.Generator) -> np.ndarray:
    n_w, n_h = 160, int(160 * c.size[1] / c.size[0])
    img = np.full((n_h, n_w, 3), bgr(c.colour), np.uint8)
    for k in range(2):
        x0 = 10 + k * n_w // 2
        cv2.rectangle(img, (x0, n_h // 4), (x0 + n_w // 2 - 20, 3 * n_h // 4), (150, 170, 160), -1)
        txt = f"{int(rng.integers(0, 9))}:{int(rng.integers(10, 59))}"
        cv2.putText(img, txt, (x0 + 4, 3 * n_h // 4 - 6), cv2.FONT_HERSHEY_SIMPLEX, 0.9, (30, 30, 30), 2, cv2.LINE_AA)
    return img


def _apply_shadow(img: np.ndarray, mask: np.ndarray, scene: Scene, box: Optional[tuple[int, int, int, int]],
                  exclude=None, blur: float = 0.0) -> None:
    L = scene.lighting
    softness = L.ambient if L else 0.4
    strength = 0.55 * (1 - softness) + 0.15
    if box is None:
        bx, by, bw, bh = cv2.boundingRect(mask)
        if bw == 0:
            return
        box = (bx, by, bx + bw, by + bh)
    bx0, by0, bx1, by1 = box
    pad = int(6 + 3 * blur)
    bx0, by0 = max(0, bx0 - pad), max(0, by0 - pad)
    bx1, by1 = min(img.shape[1], bx1 + pad), min(img.shape[0], by1 + pad)
    m = mask[by0:by1, bx0:bx1].astype(np.float32) / 255
    sigma = max(0.8, blur if blur else 1.5 + 4 * softness)
    m = cv2.GaussianBlur(m, (0, 0), sigma)
    if exclude is not None:
        x0, y0, x1, y1, fmask, frame_alpha = exclude
        keep = np.ones(img.shape[:2], np.float32)
        keep[y0:y1, x0:x1] *= 1 - np.maximum(fmask.astype(np.float32) / 255, frame_alpha[y0:y1, x0:x1])
        m = m * keep[by0:by1, bx0:bx1]
    roi = img[by0:by1, bx0:bx1]
    roi[:] = (roi * (1 - strength * m[..., None])).astype(np.uint8)


def _light_maps(scene: Scene, cam: Camera, rng: np.random.Generator, vignette: float
                ) -> tuple[np.ndarray, Optional[np.ndarray]]:
    """Full-size uint8 maps: light gain x128 (colour, falloff, vignetting) and glare x255 (or None)."""
    w, h = cam.width, cam.height
    L = scene.lighting
    sw, sh = max(8, w // 16), max(8, h // 16)
    ys, xs = np.mgrid[0:sh, 0:sw].astype(np.float32)
    u, v = (xs + 0.5) / sw * 2 - 1, (ys + 0.5) / sh * 2 - 1
    ang = L.azimuth if L else 0.0
    grad = 1 + (L.gradient if L else 0.1) * (u * math.cos(ang) + v * math.sin(ang)) / 1.4
    r2 = u ** 2 + (v * h / w) ** 2
    grad *= 1 - vignette * np.clip(r2, 0, 2) / 1.6
    col = np.array(L.colour if L else (1, 1, 1), np.float32)[::-1] * (L.exposure if L else 1.0)
    small = np.clip(grad[..., None] * col[None, None, :] * 128, 0, 255).astype(np.uint8)
    gain = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    glare = None
    if L and L.glare > 0:
        gx, gy = L.glare_at
        uv = cam.project(np.array([[gx, gy, scene.geometry.field_z]]))[0]
        rad = cam.K[0, 0] * rng.uniform(3, 9) / max(30.0, cam.height_cm)
        gmap = np.exp(-(((xs + 0.5) * w / sw - uv[0]) ** 2 + ((ys + 0.5) * h / sh - uv[1]) ** 2) / (2 * rad ** 2))
        g8 = np.clip(gmap * L.glare * 255, 0, 255).astype(np.uint8)
        glare = cv2.resize(cv2.merge([g8, g8, g8]), (w, h), interpolation=cv2.INTER_LINEAR)
    return gain, glare


# ------------------------------------------------------------------------------------------------ one frame
@dataclass
class FrameResult:
    image: np.ndarray  # final BGR uint8 image
    occluder: np.ndarray  # uint8 mask (final image) of hands and things in front of the board
    dice_verts: list[np.ndarray]  # world corners of each scene die
    cube_verts: Optional[np.ndarray]


def render_frame(stage: Stage, rng: np.random.Generator, scene: Optional[Scene] = None) -> FrameResult:
    """Draw the moving parts of ``scene`` (default: the stage's own) over the stage and pass it through the camera.

    ``scene`` may differ from the stage's scene only in checkers, dice, cube and hands (a video frame)."""
    scene = scene or stage.scene
    g = scene.geometry
    P = stage.proj
    img = stage.base.copy()
    ch, cw = img.shape[:2]
    d, t = g.checker_d, g.checker_t
    fz, tz = g.field_z, g.frame_z

    low = [c for c in scene.checkers if c.z > tz + 1e-6 or (c.z > -0.01)]  # on the field / trays / table
    high = [c for c in scene.checkers if c not in low]  # on the bar
    # shadows of everything on the field, then the objects far to near
    shadow = np.zeros((ch, cw), np.uint8)
    items: list[tuple[float, str, object]] = []
    for c in low:
        floor = 0.0 if c.z > -0.01 else fz
        draw.checker_shadow(P, shadow, c, d, t, floor)
        items.append((float(P.depth(np.array([[c.x, c.y, c.z - t / 2]]))[0]), "checker", c))
    dice_verts: list[np.ndarray] = []
    for k, die in enumerate(scene.dice):
        verts, _ = draw.cube_vertices(die.x, die.y, die.z, die.size, die.yaw, die.tilt if die.cocked else 0.0)
        draw.box_shadow(P, shadow, verts, die.z)
        items.append((float(P.depth(verts.mean(axis=0)[None])[0]), "die", k))
    cube_verts = None
    cube_high = scene.cube is not None and scene.cube.z <= tz + 0.01
    if scene.cube is not None:
        cube_verts, _ = draw.cube_vertices(scene.cube.x, scene.cube.y, scene.cube.z, scene.cube.size,
                                           scene.cube.yaw, 0.0)
    if scene.cube is not None and not cube_high:
        draw.box_shadow(P, shadow, cube_verts, scene.cube.z)
        items.append((float(P.depth(cube_verts.mean(axis=0)[None])[0]), "cube", 0))
    cups = [c for c in scene.clutter if c.kind == "cup" and on_field(scene, c)]
    for c in cups:  # dice cups standing on the field (they hide what is behind them)
        pts = np.concatenate([draw.circle3d(c.x, c.y, fz, c.size[0], 16),
                              draw.circle3d(c.x, c.y, fz - c.size[2], c.size[0], 16)])
        draw.fill(shadow, cv2.convexHull(P(P.shadow_of(pts, fz)).astype(np.float32)).reshape(-1, 2), 255)
        items.append((float(P.depth(np.array([[c.x, c.y, fz - c.size[2] / 2]]))[0]), "cup", c))
    if shadow.any():
        _apply_shadow(img, shadow, scene, stage.board_box)
    _draw_items(img, stage, scene, items, dice_verts)
    # frame top over the field
    x0, y0, x1, y1 = stage.board_box
    a = stage.frame_alpha[y0:y1, x0:x1, None]
    roi = img[y0:y1, x0:x1]
    roi[:] = (roi * (1 - a) + stage.frame_img[y0:y1, x0:x1] * a).astype(np.uint8)
    # things on top of the frame: checkers on the bar, the cube on the bar
    items = []
    shadow[:] = 0
    for c in high:
        draw.checker_shadow(P, shadow, c, d, t, tz)
        items.append((float(P.depth(np.array([[c.x, c.y, c.z - t / 2]]))[0]), "checker", c))
    if scene.cube is not None and cube_high:
        draw.box_shadow(P, shadow, cube_verts, scene.cube.z)
        items.append((float(P.depth(cube_verts.mean(axis=0)[None])[0]), "cube", 0))
    if items:
        _apply_shadow(img, shadow, scene, stage.board_box)
        _draw_items(img, stage, scene, items, dice_verts)
    # hands, with soft shadows cast on the board
    occluder = np.zeros((ch, cw), np.uint8)
    for c in cups:
        pts = np.concatenate([draw.circle3d(c.x, c.y, fz, c.size[0], 24),
                              draw.circle3d(c.x, c.y, fz - c.size[2], c.size[0], 24)])
        draw.fill(occluder, cv2.convexHull(P(pts).astype(np.float32)).reshape(-1, 2), 255)
    if scene.hands:
        hshadow = np.zeros((ch, cw), np.uint8)
        for hand in scene.hands:
            for pa, pb, ra, rb, _ in draw.hand_parts(hand, fz):
                if draw._clip_near(P, pa, pb) is None:
                    continue
                sa, sb = P.shadow_of(pa[None], fz)[0], P.shadow_of(pb[None], fz)[0]
                draw.fill(hshadow, draw._capsule(P, sa, sb, ra, rb), 255)
        _apply_shadow(img, hshadow, scene, None, blur=max(4.0, cw / 120))
        for hand in scene.hands:
            if hand.holding:  # the checker between the fingertips, drawn under the fingers
                tip = draw.hand_parts(hand, fz)[-3][1]
                held = CheckerPiece(float(tip[0]), float(tip[1]), float(tip[2]) + 1.2, hand.holding)
                draw.draw_checker(img, P, held, d, t, scene.colour_rgb(hand.holding), stage.sprites[hand.holding][0])
            draw.draw_hand(img, P, hand, fz, occluder, rng)
    return _through_lens(stage, img, occluder, rng, dice_verts, cube_verts)


def _draw_items(img: np.ndarray, stage: Stage, scene: Scene, items: list, dice_verts: list) -> None:
    g = scene.geometry
    P = stage.proj
    items.sort(key=lambda it: -it[0])
    for _, kind, obj in items:
        if kind == "checker":
            c = obj
            k = int(abs(c.x * 7.3 + c.y * 3.1)) % 3
            draw.draw_checker(img, P, c, g.checker_d, g.checker_t, scene.colour_rgb(c.colour),
                              stage.sprites[c.colour][k])
        elif kind == "die":
            die = scene.dice[obj]
            body, pip, transl = DIE_COLOURS[die.colour]
            key = (die.value, die.north, die.colour)
            tex = stage.die_tex.get(key)
            if tex is None:
                tex = draw.die_textures(die, body, pip, transl)
                stage.die_tex[key] = tex
            dice_verts.append(draw.draw_die(img, P, die, tex))
        elif kind == "cube":
            draw.draw_cube(img, P, scene.cube, draw.cube_textures(scene.cube))
        elif kind == "cup":
            draw.draw_cup(img, P, obj.x, obj.y, g.field_z, obj.size[0], obj.size[2], obj.colour)


def _through_lens(stage: Stage, canvas: np.ndarray, occluder: np.ndarray, rng: np.random.Generator,
                  dice_verts: list, cube_verts) -> FrameResult:
    """Lens distortion, light, blur, sensor noise and JPEG, all in uint8 OpenCV ops (fast, little memory)."""
    img = cv2.remap(canvas, stage.map_x, stage.map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    occ = cv2.remap(occluder, stage.map_x, stage.map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    img = cv2.multiply(img, stage.gain, scale=1 / 128)
    if stage.glare is not None:
        img = cv2.add(img, cv2.multiply(cv2.subtract(255, img), stage.glare, scale=1 / 255))
    e = stage.effects
    if e.blur_sigma > 0.05:
        img = cv2.GaussianBlur(img, (0, 0), e.blur_sigma)
    if e.noise_sigma > 0:
        h, w = img.shape[:2]
        noise = rng.standard_normal((h // 2, w // 2, 3), dtype=np.float32) * e.noise_sigma
        noise = cv2.resize(noise, (w, h), interpolation=cv2.INTER_LINEAR)
        img = cv2.add(img, noise, dtype=cv2.CV_8U)
    if e.grey:
        img = cv2.cvtColor(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    if e.jpeg_quality:
        ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(e.jpeg_quality)])
        img = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return FrameResult(image=img, occluder=occ, dice_verts=dice_verts, cube_verts=cube_verts)
