"""Procedural materials (wood grain, felt, leather, table cloth) and the sprites drawn onto 3D objects
(checker faces, die faces, cube faces). Everything BGR uint8 as OpenCV draws it; colours come in as RGB."""

from __future__ import annotations

import math

import cv2
import numpy as np

from device.sim.scene import RGB


def bgr(c: RGB) -> tuple[int, int, int]:
    return (int(c[2]), int(c[1]), int(c[0]))


def smooth_noise(h: int, w: int, cell: float, rng: np.random.Generator) -> np.ndarray:
    """Band-limited noise in [-1, 1] with features about ``cell`` pixels across."""
    gh, gw = max(2, int(h / cell) + 2), max(2, int(w / cell) + 2)
    g = rng.standard_normal((gh, gw), dtype=np.float32)
    n = cv2.resize(g, (w, h), interpolation=cv2.INTER_CUBIC)
    return np.clip(n / 1.5, -1, 1)


def fine_noise(h: int, w: int, rng: np.random.Generator, sigma: float = 0.6) -> np.ndarray:
    n = rng.standard_normal((h, w), dtype=np.float32)
    return cv2.GaussianBlur(n, (0, 0), sigma) if sigma > 0 else n


def _tint(shade: np.ndarray, colour: RGB) -> np.ndarray:
    """Colour image from a brightness field around 1.0."""
    b, g, r = bgr(colour)
    shade = shade.astype(np.float32, copy=False)
    return cv2.merge([cv2.convertScaleAbs(shade, alpha=float(v)) for v in (b, g, r)])


def wood(h: int, w: int, colour: RGB, rng: np.random.Generator, vertical: bool = False, px_per_cm: float = 10
         ) -> np.ndarray:
    """Wood veneer: growth rings bent by low-frequency noise, fine pores, slow colour variation."""
    if vertical:
        return np.ascontiguousarray(np.rot90(wood(w, h, colour, rng, False, px_per_cm)))
    ys = np.arange(h, dtype=np.float32)[:, None]
    warp = smooth_noise(h, w, max(8.0, 6 * px_per_cm), rng) * (1.5 * px_per_cm)
    warp_x = cv2.resize(smooth_noise(h, max(2, w // 20), max(4.0, h / 6), rng), (w, h))
    freq = rng.uniform(0.35, 0.9) / px_per_cm
    rings = np.sin(2 * math.pi * freq * (ys + warp + warp_x * 4 * px_per_cm))
    rings = np.sign(rings) * np.abs(rings) ** 0.6
    pores = cv2.resize(rng.standard_normal((h, max(2, w // 12)), dtype=np.float32), (w, h))
    slow = smooth_noise(h, w, 20 * px_per_cm, rng)
    shade = 1.0 + 0.10 * rings + 0.035 * pores + 0.08 * slow + 0.012 * fine_noise(h, w, rng, 1.0)
    return _tint(shade, colour)


def felt(h: int, w: int, colour: RGB, rng: np.random.Generator, px_per_cm: float = 10) -> np.ndarray:
    shade = 1.0 + 0.035 * fine_noise(h, w, rng, 1.2) + 0.04 * smooth_noise(h, w, 8 * px_per_cm, rng) \
        + 0.03 * smooth_noise(h, w, max(2.0, 0.6 * px_per_cm), rng)
    return _tint(shade, colour)


def leather(h: int, w: int, colour: RGB, rng: np.random.Generator, px_per_cm: float = 10) -> np.ndarray:
    grain = fine_noise(h, w, rng, max(0.8, px_per_cm * 0.06))
    grain = cv2.Laplacian(grain, cv2.CV_32F)
    shade = 1.0 + 0.03 * np.tanh(grain * 2) + 0.04 * smooth_noise(h, w, 12 * px_per_cm, rng)
    return _tint(shade, colour)


def material(kind: str, h: int, w: int, colour: RGB, rng: np.random.Generator, px_per_cm: float = 10,
             vertical: bool = False) -> np.ndarray:
    if kind == "wood":
        return wood(h, w, colour, rng, vertical, px_per_cm)
    if kind == "felt":
        return felt(h, w, colour, rng, px_per_cm)
    return leather(h, w, colour, rng, px_per_cm)


def cloth(h: int, w: int, colour: RGB, rng: np.random.Generator, px_per_cm: float) -> np.ndarray:
    """Table cloth with a weave, folds and a printed pattern now and then."""
    shade = 1.0 + 0.025 * fine_noise(h, w, rng, 1.0) + 0.07 * smooth_noise(h, w, 25 * px_per_cm, rng)
    if rng.random() < 0.35:
        # a faint repeating print (like a hotel carpet or table cloth)
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
        period = rng.uniform(4, 9) * px_per_cm
        pat = np.sin(xs / period * 2 * math.pi + 2 * np.sin(ys / period * math.pi)) * np.cos(ys / period * 2.3)
        shade += 0.05 * pat
    return _tint(shade, colour)


# ------------------------------------------------------------------------------------------------ sprites
def checker_face(colour: RGB, style: str, r: int, rng: np.random.Generator, light_dir: tuple[float, float]
                 ) -> np.ndarray:
    """BGRA top face of a checker, ``2r`` pixels across, world-aligned (so the highlight faces the light)."""
    size = 2 * r
    ys, xs = np.mgrid[0:size, 0:size].astype(np.float32)
    dx, dy = (xs - r + 0.5) / r, (ys - r + 0.5) / r
    rad = np.sqrt(dx * dx + dy * dy)
    lum = (0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]) / 255
    shade = np.ones((size, size), np.float32)
    if style == "tournament":
        # raised outer rim, a groove inside it, a shallow dished centre
        shade += 0.10 * np.exp(-((rad - 0.90) / 0.05) ** 2) * (1 if lum < 0.5 else -0.6)
        shade -= 0.18 * np.exp(-((rad - 0.78) / 0.025) ** 2)
        shade -= 0.06 * np.clip(1 - rad / 0.7, 0, 1)
    elif style == "pearl":
        swirl = smooth_noise(size, size, r / 1.5, rng)
        shade += 0.07 * np.sin(swirl * 3 + dx * 2)
        shade -= 0.14 * np.exp(-((rad - 0.8) / 0.03) ** 2)
    elif style == "wood":
        g = wood(size, size, (255, 255, 255), rng, bool(rng.random() < 0.5), px_per_cm=r / 2)
        shade *= g[..., 1].astype(np.float32) / 230.0
        shade -= 0.12 * np.exp(-((rad - 0.85) / 0.04) ** 2)
    else:
        shade -= 0.08 * np.exp(-((rad - 0.88) / 0.04) ** 2)
    # gloss: a broad highlight toward the light and a darker far edge
    lx, ly = light_dir
    gloss = np.exp(-(((dx - 0.45 * lx) ** 2 + (dy - 0.45 * ly) ** 2) / 0.10))
    shade += (0.18 if style != "wood" else 0.08) * gloss * (1.3 - lum)
    shade -= 0.07 * np.clip(-(dx * lx + dy * ly), 0, 1) * rad
    shade += 0.02 * fine_noise(size, size, rng, 0.8)
    base = np.array(bgr(colour), np.float32)
    img = shade[..., None] * base[None, None, :]
    if lum < 0.25:  # dark checkers show gloss as an added white sheen, not a multiplied one
        img += (gloss * 40 * (1.1 - lum))[..., None]
    img = np.clip(img, 0, 255).astype(np.uint8)
    alpha = np.clip((1.0 - rad) * r * 1.0 + 0.5, 0, 1)
    return np.dstack([img, (alpha * 255).astype(np.uint8)])


PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def die_face(value: int, body: RGB, pip: RGB, n: int = 96, rotate: int = 0) -> np.ndarray:
    """A die face with its pips, ``n`` px square; ``rotate`` quarter turns (2, 3, 6 are not symmetric)."""
    img = np.zeros((n, n, 3), np.uint8)
    img[:] = bgr(body)
    # slightly rounded edges read darker
    ys, xs = np.mgrid[0:n, 0:n].astype(np.float32)
    edge = np.minimum(np.minimum(xs, n - 1 - xs), np.minimum(ys, n - 1 - ys)) / n
    img = (img.astype(np.float32) * (0.82 + 0.18 * np.clip(edge / 0.08, 0, 1))[..., None]).astype(np.uint8)
    step = n * 0.27
    pr = max(2, int(round(n * 0.085 if value != 1 else n * 0.11)))
    for px, py in PIPS[value]:
        cx, cy = n / 2 + px * step, n / 2 + py * step
        cv2.circle(img, (int(round(cx * 16)), int(round(cy * 16))), pr * 16, bgr(pip), -1, cv2.LINE_AA, 4)
    return np.ascontiguousarray(np.rot90(img, rotate))


def cube_face(value: int, body: RGB, ink: RGB, n: int = 128, rotate: int = 0) -> np.ndarray:
    img = np.zeros((n, n, 3), np.uint8)
    img[:] = bgr(body)
    ys, xs = np.mgrid[0:n, 0:n].astype(np.float32)
    edge = np.minimum(np.minimum(xs, n - 1 - xs), np.minimum(ys, n - 1 - ys)) / n
    img = (img.astype(np.float32) * (0.8 + 0.2 * np.clip(edge / 0.1, 0, 1))[..., None]).astype(np.uint8)
    text = str(value)
    scale = 2.2 if len(text) == 1 else 1.6
    (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_DUPLEX, scale, 4)
    cv2.putText(img, text, ((n - tw) // 2, (n + th) // 2), cv2.FONT_HERSHEY_DUPLEX, scale, bgr(ink), 4, cv2.LINE_AA)
    return np.ascontiguousarray(np.rot90(img, rotate))
