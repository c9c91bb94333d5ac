"""The cheaper ways of counting checkers give the very same masks as the plain formulas they replace."""

import cv2
import numpy as np
from hypothesis import given, settings, strategies as st

from vision.checker_empty import add_disc, disc_mask
from vision.checker_occlusion import UNLIKE_BOARD, skin_mask


def _whole_band_disc(shape, along, across, r):
    yy, xx = np.arange(shape[0])[:, None], np.arange(shape[1])[None, :]
    return (yy - along) ** 2 + (xx - across) ** 2 <= r * r


@settings(max_examples=150, deadline=None)
@given(h=st.integers(1, 160), w=st.integers(1, 40), along=st.floats(-40, 200), across=st.floats(-40, 80),
       r=st.one_of(st.floats(0, 30), st.integers(0, 30).map(float)))
def test_disc_mask_is_the_whole_band_formula(h, w, along, across, r):
    assert np.array_equal(disc_mask((h, w), along, across, r), _whole_band_disc((h, w), along, across, r))


def test_add_disc_adds_to_what_is_there():
    mask = np.zeros((60, 20), bool)
    mask[0, 0] = True
    add_disc(mask, 30.5, 10.2, 6.5)
    expected = _whole_band_disc((60, 20), 30.5, 10.2, 6.5)
    expected[0, 0] = True
    assert np.array_equal(mask, expected)


def test_skin_mask_keeps_exactly_the_skin_unlike_every_colour():
    rng = np.random.default_rng(7)
    # skin-toned BGR everywhere, Lab values spread round the known colours so many lie near the threshold
    bgr = np.zeros((40, 50, 3), np.uint8)
    bgr[...] = (120, 150, 200)
    colours = [np.array([60.0, 140.0, 150.0], np.float32), np.array([200.0, 128.0, 128.0], np.float32)]
    lab = (colours[0] + rng.normal(0, UNLIKE_BOARD, (40, 50, 3))).astype(np.float32)
    lab[20:] = (colours[1] + rng.normal(0, UNLIKE_BOARD, (20, 50, 3))).astype(np.float32)
    got = skin_mask(bgr, lab, [colours[0], None, colours[1]])
    far = np.ones((40, 50), bool)
    for c in colours:
        diff = lab - c
        far &= np.einsum("ijk,ijk->ij", diff, diff) > UNLIKE_BOARD ** 2
    # the same pixels, after the speck-dropping opening the mask always gets
    opened = cv2.morphologyEx(far.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)) > 0
    assert 0 < opened.sum() < opened.size
    assert np.array_equal(got, opened)


def test_unlike_tray_is_the_nearest_shifted_column_formula():
    from vision.checker_off import DIFFERS, unlike_tray
    rng = np.random.default_rng(11)
    strip = rng.normal(120, DIFFERS, (90, 17, 3)).astype(np.float32)
    empty = rng.normal(120, DIFFERS, (17, 3)).astype(np.float32)
    bend = 2
    padded = np.concatenate([np.repeat(empty[:1], bend, axis=0), empty, np.repeat(empty[-1:], bend, axis=0)])
    best = np.full(strip.shape[:2], np.inf, np.float32)
    for s in range(2 * bend + 1):
        diff = strip - padded[None, s:s + 17]
        best = np.minimum(best, np.einsum("ijk,ijk->ij", diff, diff))
    expected = best > DIFFERS ** 2
    assert 0 < expected.sum() < expected.size
    assert np.array_equal(unlike_tray(strip, empty, bend), expected)


def test_squared_length_is_the_channel_einsum():
    from vision.checker_empty import _squared_length
    rng = np.random.default_rng(5)
    for dtype in (np.float32, np.float64):
        v = rng.normal(0, 40, (4, 50, 13, 3)).astype(dtype)
        assert np.array_equal(_squared_length(v), np.einsum("pijk,pijk->pij", v, v))
        assert np.array_equal(_squared_length(v[0]), np.einsum("ijk,ijk->ij", v[0], v[0]))


def test_six_views_sort_like_numpy_nan_last():
    from vision.checker_empty import _sort_six
    rng = np.random.default_rng(3)
    views = rng.choice([np.nan, -1.0, 0.0, 1.0, 2.5, 7.0], size=(6, 400, 3)).astype(np.float32)
    assert np.array_equal(np.stack(_sort_six(views)), np.sort(views, axis=0), equal_nan=True)


def test_median_of_six_views_is_numpys_median_with_left_out_views():
    from vision.checker_empty import _median_views_and_all
    rng = np.random.default_rng(4)
    samples = rng.normal(100, 30, (6, 30, 12, 3)).astype(np.float32)
    valid = rng.random((6, 30, 12)) < 0.7
    med, known, every = _median_views_and_all(samples, valid)
    assert np.array_equal(every, np.median(samples, axis=0).astype(np.float32))
    masked = np.where(valid[..., None], samples, np.nan)
    expected = np.nanmedian(masked, axis=0)
    ok = valid.sum(axis=0) >= 3
    assert ok.any() and not ok.all()
    assert np.array_equal(known, ok)
    assert np.allclose(med[ok], expected[ok], rtol=0, atol=1e-4)


def test_settled_is_allclose():
    from vision.checker_colours import _settled
    rng = np.random.default_rng(8)
    agree = 0
    for _ in range(2000):
        y = rng.normal(50, 30, 3).astype(np.float32)
        x = (y + rng.choice([0.0, 1e-9, 1e-6, 1e-4, 1e-3, np.inf], 3) * rng.choice([1, -1, 50], 3)).astype(np.float32)
        assert _settled(x, y) == np.allclose(x, y)
        agree += bool(np.allclose(x, y))
    assert 0 < agree < 2000
