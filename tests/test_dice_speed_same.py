"""Speed rewrites of the dice reader (session 34) give exactly what the plain forms they replaced gave: each quick
form is checked against the plain one, written out here, on drawn dice and noise."""

from __future__ import annotations

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from vision.dice import _pip_array
from vision.dice_pips import FIGURES, PipList, face_images, find_pips, group_pips


def _field(seed: int) -> np.ndarray:
    """A grey field with dice-like squares of dark and light pips, touching pips and grain."""
    rng = np.random.default_rng(seed)
    img = (rng.normal(128, 18, (160, 220))).clip(0, 255).astype(np.uint8)
    img = cv2.GaussianBlur(img, (0, 0), 1.2)
    for _ in range(int(rng.integers(1, 6))):
        x, y = int(rng.integers(10, 190)), int(rng.integers(10, 130))
        face, ink = (235, 30) if rng.random() < 0.5 else (40, 220)
        cv2.rectangle(img, (x, y), (x + 24, y + 24), face, -1)
        for _ in range(int(rng.integers(1, 7))):
            cv2.circle(img, (x + int(rng.integers(4, 21)), y + int(rng.integers(4, 21))), int(rng.integers(1, 4)),
                       ink, -1)
    return cv2.GaussianBlur(img, (0, 0), 0.6)


def _plain_figs(pips: list) -> np.ndarray:
    """The figures as group_pips first built them: a tuple per pip."""
    return np.array([(p.x, p.y, p.diameter, p.area, p.elongation, p.angle, p.contrast, p.face, p.dark)
                     for p in pips], np.float64).reshape(-1, len(FIGURES))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), masked=st.booleans())
def test_pip_figures_are_the_pips_own(seed: int, masked: bool) -> None:
    images = face_images(_field(seed))
    mask = None
    if masked:
        mask = np.zeros(images.gray.shape, np.uint8)
        mask[20:140, 30:200] = 1
    pips = find_pips(images, mask)
    assert isinstance(pips, PipList)
    assert pips.figs.dtype == np.float64 and pips.figs.shape == (len(pips), len(FIGURES))
    assert np.array_equal(pips.figs, _plain_figs(pips))  # bit for bit: the same doubles
    assert np.array_equal(_pip_array(pips), np.array([[p.x, p.y] for p in pips]).reshape(-1, 2))
    plain = list(pips)  # no figures: built from the Pip objects, as before
    for tiny in (0.0, 4.5):
        assert group_pips(pips, images, tiny) == group_pips(plain, images, tiny)


def test_a_changed_list_is_read_from_its_pips() -> None:
    images = face_images(_field(7))
    pips = find_pips(images)
    assert len(pips) >= 2
    shorter = PipList(pips, pips.figs)
    del shorter[0]  # the figures no longer match the list: they are not used
    assert np.array_equal(_pip_array(shorter), np.array([[p.x, p.y] for p in shorter]).reshape(-1, 2))
    assert group_pips(shorter, images) == group_pips(list(shorter), images)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), dark=st.booleans())
def test_side_path_is_the_plain_median_and_mean(seed: int, dark: bool) -> None:
    from vision.dice_flat import MAX_OFF_DIE, OFF_DIE_SHADE, SidePath
    from vision.dice_pips import Pip

    rng = np.random.default_rng(seed)
    patch = rng.integers(0, 4, (40, 44, 3)).astype(np.uint8) * 60 + 20  # few values: ties, even counts
    centre = rng.uniform(10, 30, 2)
    path = SidePath(patch, (3.0, 5.0), centre + (3.0, 5.0), float(rng.uniform(2, 8)), dark)
    yy, xx = np.arange(40)[:, None], np.arange(44)[None, :]
    disc = ((xx - path.center[0]) ** 2 + (yy - path.center[1]) ** 2 <= max(1.0, 0.9 * path.step) ** 2) & path.bright
    if disc.sum() >= 3:
        want = np.median(path.chroma[disc], axis=0)
        assert path.face.dtype == want.dtype and np.array_equal(path.face, want)
    else:
        assert path.face is None
    for _ in range(10):
        pip = Pip(float(rng.uniform(-5, 50)), float(rng.uniform(-5, 45)), 4.0, float(rng.uniform(1, 4)), 1.2, 0.0,
                  50.0, 100.0, dark)
        if path.face is None:
            assert path(pip)
            continue
        end = np.array([pip.x, pip.y], float) - path.origin
        length = float(np.hypot(*(end - path.center)))
        stop = max(0.0, length - 0.5 * pip.diameter)
        t = np.linspace(0.0, stop / length if length > 0 else 0.0, max(4, int(stop)))
        pts = np.rint(path.center + t[:, None] * (end - path.center)).astype(int)
        pts = pts[(pts[:, 0] >= 0) & (pts[:, 0] < 44) & (pts[:, 1] >= 0) & (pts[:, 1] < 40)]
        if len(pts) == 0:
            assert path(pip)
            continue
        off = np.abs(path.chroma[pts[:, 1], pts[:, 0]] - path.face).max(axis=1) > OFF_DIE_SHADE
        assert path(pip) == (float(np.mean(off & path.bright[pts[:, 1], pts[:, 0]])) <= MAX_OFF_DIE)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), h=st.integers(1, 40), w=st.integers(1, 40), binary=st.booleans())
def test_face_images_are_the_plain_closing_and_opening(seed: int, h: int, w: int, binary: bool) -> None:
    """face_images' closing and opening (the ellipse split into its 7x7 core and the 8 pixels round it, session 38)
    are cv2.morphologyEx's by the ellipse itself, to the pixel, at the image's edges too and on images smaller than
    the ellipse; so are the two hats."""
    from vision.dice_pips import KERNEL, _SPLIT

    assert _SPLIT  # the split is taken (without it the plain filter runs: nothing faster, nothing to check)
    rng = np.random.default_rng(seed)
    img = rng.integers(0, 256, (h, w), dtype=np.uint8)
    if binary:
        img = np.where(img > 128, 255, 0).astype(np.uint8)
    for gray in (img, _field(seed)):
        images = face_images(gray)
        closed = cv2.morphologyEx(gray, cv2.MORPH_CLOSE, KERNEL)
        opened = cv2.morphologyEx(gray, cv2.MORPH_OPEN, KERNEL)
        assert np.array_equal(images.closed, closed)
        assert np.array_equal(images.opened, opened)
        assert np.array_equal(images.blackhat, cv2.subtract(closed, gray))
        assert np.array_equal(images.tophat, cv2.subtract(gray, opened))
