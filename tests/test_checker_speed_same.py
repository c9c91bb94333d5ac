"""Speed rewrites of the checker counter (issue 5 speed) give exactly what the plain forms they replaced gave: each
quick form is checked against the plain one, written out here, on random inputs with ties and edge cases."""

from __future__ import annotations

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from vision.checker_discs import (EDGE_MIN, SIDE_PERCENTILE, SIDE_SAMPLES, STRONG_N, EdgeVotes, _distinct_median,
                                  _refine_plain, _strongest, _weaker_side, colour_gradient, gradient_and_magnitude,
                                  hough_votes, local_peaks, refine)
from vision.checker_off import DIFFERS, unlike_tray
from vision.checker_runs import BAND, GAP_SLOTS, MATCH_FRACTION, CheckerColour, row_run_lengths, run_end, run_length


def _plain_strongest(found: list, min_dist: float) -> float:
    """``_strongest`` as first written: a sorted tuple per candidate."""
    cands = sorted(((float(s), float(x), float(y)) for _, fx, fy, fs, _, _ in found for x, y, s in zip(fx, fy, fs)),
                   reverse=True)[:4 * STRONG_N]
    return _distinct_median(cands, min_dist)  # (the step after the sort is shared: only the sort was rewritten)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), sizes=st.lists(st.integers(0, 40), min_size=0, max_size=3))
def test_strongest_is_the_tuple_sort(seed: int, sizes: list[int]) -> None:
    rng = np.random.default_rng(seed)
    # few distinct scores and places, so ties in score (and in score and x) are common
    found = [(10.0, rng.integers(0, 30, n).astype(np.float64), rng.integers(0, 30, n).astype(np.float64),
              rng.integers(0, 6, n).astype(np.float64) * 7.5, np.zeros(n), np.full(n, "whole", dtype=object))
             for n in sizes]
    assert _strongest(found, 4.0) == _plain_strongest(found, 4.0)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), n=st.integers(0, 30))
def test_weaker_side_is_two_partitions(seed: int, n: int) -> None:
    rng = np.random.default_rng(seed)
    good = np.where(rng.random((n, 2 * SIDE_SAMPLES)) < 0.3, 0.0, rng.integers(0, 5, (n, 2 * SIDE_SAMPLES)) * 9.0)
    k = int(SIDE_PERCENTILE / 100 * SIDE_SAMPLES)
    right = np.partition(good[:, :SIDE_SAMPLES], k, axis=1)[:, k]
    left = np.partition(good[:, SIDE_SAMPLES:], k, axis=1)[:, k]
    assert np.array_equal(_weaker_side(good), np.minimum(right, left))


def _plain_hough(gx: np.ndarray, gy: np.ndarray, r: float, edges: EdgeVotes) -> np.ndarray:
    """``hough_votes`` as first written: one bincount per direction."""
    h, w = gx.shape
    e = edges
    acc = np.zeros(h * w, np.float32)
    if len(e.xs):
        dx, dy = r * e.ux, r * e.uy
        for along in (True, False):
            cx = np.rint(e.xs + dx if along else e.xs - dx).astype(np.int32)
            cy = np.rint(e.ys + dy if along else e.ys - dy).astype(np.int32)
            ok = (cx.view(np.uint32) < w) & (cy.view(np.uint32) < h)
            acc += np.bincount(cy[ok] * w + cx[ok], minlength=h * w).astype(np.float32)
    acc = acc.reshape(h, w)
    acc = cv2.GaussianBlur(acc, (0, 0), 1.0) * (2 * np.pi * 1.0 ** 2)
    return acc / (2 * np.pi * r)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), r=st.floats(3.0, 12.0))
def test_hough_votes_is_two_bincounts(seed: int, r: float) -> None:
    rng = np.random.default_rng(seed)
    lab = (rng.random((60, 80, 3)) * 255).astype(np.float32)
    lab[rng.random((60, 80)) < 0.5] = 128.0  # flat patches: pixels that do not vote
    gx, gy = colour_gradient(lab)
    edges = EdgeVotes.of(gx, gy)
    assert np.array_equal(hough_votes(gx, gy, r, edges=edges), _plain_hough(gx, gy, r, edges))


def _plain_run_length(lab: np.ndarray, cx: float, base_y: float, toward: float, length: float,
                      point_width: float, colour: CheckerColour, slot: float) -> float:
    """``run_length`` as first written: one einsum over the band and a float mean per row."""
    h, w = lab.shape[:2]
    x0 = int(max(0, round(cx - BAND * point_width)))
    x1 = int(min(w, round(cx + BAND * point_width) + 1))
    if toward > 0:
        band = lab[int(max(0, round(base_y))):int(min(h, round(base_y + length))), x0:x1]
    else:
        band = lab[int(max(0, round(base_y - length))):int(min(h, round(base_y))), x0:x1][::-1]
    if band.size == 0 or x1 <= x0:
        return 0.0
    diff = band - colour.lab[None, None, :]
    rows = (np.einsum("ijk,ijk->ij", diff, diff) < colour.tolerance ** 2).mean(axis=1) >= MATCH_FRACTION
    return run_end(rows, max(1, int(GAP_SLOTS * slot)), int(0.25 * slot))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), toward=st.sampled_from([1.0, -1.0]), wide=st.booleans())
def test_run_length_is_the_einsum_form(seed: int, toward: float, wide: bool) -> None:
    rng = np.random.default_rng(seed)
    dtype = np.float32 if wide else np.float64
    centre = rng.uniform(0, 255, 3).astype(dtype)
    colour = CheckerColour(centre, float(rng.uniform(8.0, 30.0)))
    lab = (centre + rng.normal(0, 18.0, (120, 90, 3))).astype(dtype)  # near the colour: rows on the share's edge
    base = 0.0 if toward > 0 else 119.0
    args = (lab, float(rng.uniform(10, 80)), base, toward, 110.0, float(rng.uniform(20, 40)), colour, 18.0)
    assert run_length(*args) == _plain_run_length(*args)


# ---- issue 5, second pass: each quick form against the plain one it replaced

def _plain_peaks(acc: np.ndarray, min_dist: float, floor: float) -> tuple[np.ndarray, np.ndarray]:
    """``local_peaks`` as first written: the whole view dilated by the ellipse."""
    k = max(3, int(round(min_dist)) | 1)
    dil = cv2.dilate(acc, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    ys, xs = np.nonzero((acc >= dil) & (acc > floor))
    return xs, ys


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), h=st.integers(1, 50), w=st.integers(1, 50), min_dist=st.floats(0.5, 14.0),
       floor=st.sampled_from([0.0, 0.18, 0.3]))
def test_local_peaks_is_the_whole_dilation(seed: int, h: int, w: int, min_dist: float, floor: float) -> None:
    rng = np.random.default_rng(seed)
    acc = (rng.integers(0, 5, (h, w)) * 0.1).astype(np.float32)  # plateaus and ties everywhere
    got, want = local_peaks(acc, min_dist, floor), _plain_peaks(acc, min_dist, floor)
    assert all(np.array_equal(a, b) for a, b in zip(got, want))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), r=st.floats(3.0, 14.0))
def test_refine_of_whole_pixels_is_the_plain_refine(seed: int, r: float) -> None:
    rng = np.random.default_rng(seed)
    gx = rng.integers(-3, 4, (40, 60)).astype(np.float32) * 10.0  # few values: equal scores at several shifts
    gy = rng.integers(-3, 4, (40, 60)).astype(np.float32) * 10.0
    xs, ys = rng.integers(0, 60, 30), rng.integers(0, 40, 30)  # inside and at the view's edges
    got, want = refine(gx, gy, xs, ys, r), _refine_plain(gx, gy, xs, ys, r)
    assert all(np.array_equal(a, b) for a, b in zip(got, want))


def _plain_edges(gx: np.ndarray, gy: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, ...]:
    """``EdgeVotes.of`` as first written: the magnitude of the whole view."""
    mag = np.sqrt(gx * gx + gy * gy)
    at = np.flatnonzero(mag > EDGE_MIN)
    at = at[mask.ravel()[at] > 0]
    m = mag.ravel()[at]
    ys, xs = np.divmod(at, gx.shape[1])
    return xs, ys, m, gx.ravel()[at] / np.maximum(m, 1e-6), gy.ravel()[at] / np.maximum(m, 1e-6)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1))
def test_edge_votes_are_those_of_the_whole_magnitude(seed: int) -> None:
    rng = np.random.default_rng(seed)
    gx = rng.normal(0, 20, (30, 40)).astype(np.float32)
    gy = rng.normal(0, 20, (30, 40)).astype(np.float32)
    gx[0, :5], gy[0, :5] = EDGE_MIN, 0.0  # exactly on the threshold
    mask = (rng.random((30, 40)) < 0.7).astype(np.uint8)
    e = EdgeVotes.of(gx, gy, mask)
    assert all(np.array_equal(a, b) for a, b in zip((e.xs, e.ys, e.mag, e.ux, e.uy), _plain_edges(gx, gy, mask)))


def _plain_gradient(lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``colour_gradient`` with numpy's masked copy."""
    channels = cv2.split(lab)
    gxs = [cv2.Sobel(c, cv2.CV_32F, 1, 0, ksize=3) * w for c, w in zip(channels, (1.0, 1.6, 1.6))]
    gys = [cv2.Sobel(c, cv2.CV_32F, 0, 1, ksize=3) * w for c, w in zip(channels, (1.0, 1.6, 1.6))]
    gx, gy = gxs[0].copy(), gys[0].copy()
    best = gx * gx + gy * gy
    for cx, cy in zip(gxs[1:], gys[1:]):
        mag = cx * cx + cy * cy
        more = mag > best
        np.copyto(gx, cx, where=more)
        np.copyto(gy, cy, where=more)
        best = np.maximum(best, mag)
    return gx, gy


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1))
def test_colour_gradient_is_the_masked_copy(seed: int) -> None:
    rng = np.random.default_rng(seed)
    lab = rng.integers(0, 6, (30, 40, 3)).astype(np.float32) * 20.0  # equal magnitudes in several channels
    assert all(np.array_equal(a, b) for a, b in zip(colour_gradient(lab), _plain_gradient(lab)))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), smooth=st.booleans())
def test_gradient_magnitude_is_the_chosen_gradients(seed: int, smooth: bool) -> None:
    """The squared magnitude the channel choice leaves is gx * gx + gy * gy of the chosen gradient, bit for bit, and
    the edge votes made from it are those made from the gradient alone (find_discs passes it on)."""
    rng = np.random.default_rng(seed)
    h, w = (int(v) for v in rng.integers(3, 70, 2))
    lab = rng.integers(0, 6, (h, w, 3)).astype(np.float32) * float(rng.uniform(1.0, 40.0))  # ties between channels
    if smooth:
        lab = cv2.GaussianBlur(lab, (0, 0), 0.7)
    gx, gy, mag2 = gradient_and_magnitude(lab)
    assert all(np.array_equal(a, b) for a, b in zip((gx, gy), _plain_gradient(lab)))
    plain = gx * gx
    plain += gy * gy
    assert mag2.dtype == plain.dtype and np.array_equal(mag2, plain)
    mask = (rng.random((h, w)) < 0.7).astype(np.uint8)
    for m in (None, mask):
        a, b = EdgeVotes.of(gx, gy, m, mag2=mag2), EdgeVotes.of(gx, gy, m)
        assert all(np.array_equal(x, y) for x, y in zip((a.xs, a.ys, a.mag, a.ux, a.uy), (b.xs, b.ys, b.mag, b.ux, b.uy)))


def _plain_unlike_tray(strip: np.ndarray, empty: np.ndarray, bend: int) -> np.ndarray:
    """``unlike_tray`` as first written: the nearest of every shifted column, for every pixel."""
    padded = np.concatenate([np.repeat(empty[:1], bend, axis=0), empty, np.repeat(empty[-1:], bend, axis=0)])
    n = strip.shape[1]
    best = np.full(strip.shape[:2], np.inf, np.float32)
    for s in range(2 * bend + 1):
        d = strip - padded[None, s:s + n]
        np.minimum(best, d[..., 0] * d[..., 0] + d[..., 1] * d[..., 1] + d[..., 2] * d[..., 2], out=best)
    return best > DIFFERS ** 2


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), bend=st.integers(0, 6), n=st.integers(1, 30))
def test_unlike_tray_is_the_nearest_shifted_column(seed: int, bend: int, n: int) -> None:
    rng = np.random.default_rng(seed)
    empty = rng.uniform(60, 200, (n, 3)).astype(np.float32)
    strip = (empty[None] + rng.normal(0, DIFFERS, (50, n, 3))).astype(np.float32)  # near the threshold
    assert np.array_equal(unlike_tray(strip, empty, bend), _plain_unlike_tray(strip, empty, bend))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), toward=st.sampled_from([1.0, -1.0]), base=st.floats(-20, 140))
def test_row_runs_are_one_run_length_per_column(seed: int, toward: float, base: float) -> None:
    rng = np.random.default_rng(seed)
    centre = rng.uniform(0, 255, 3).astype(np.float32)
    colour = CheckerColour(centre, float(rng.uniform(8.0, 30.0)))
    lab = (centre + rng.normal(0, 18.0, (120, 90, 3))).astype(np.float32)
    centres = [float(c) for c in rng.uniform(-10, 100, 7)]  # some off the view
    widths = [float(w) for w in rng.uniform(5, 30, 7)]
    got = row_run_lengths(lab, centres, widths, base, toward, 80.0, colour, 18.0)
    assert got == [run_length(lab, c, base, toward, 80.0, w, colour, 18.0) for c, w in zip(centres, widths)]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), n=st.integers(0, 40))
def test_lights_are_is_light_of_each(seed: int, n: int) -> None:
    from vision.checker_colours import ColourSplit

    rng = np.random.default_rng(seed)
    split = ColourSplit(rng.uniform(0, 255, 3).astype(np.float32), rng.uniform(0, 255, 3).astype(np.float32), 1.0)
    mid = (split.light + split.dark) / 2  # discs half-way: the two distances nearly tie
    discs = [type("D", (), {"lab": tuple(float(v) for v in mid + rng.normal(0, 3.0, 3))})() for _ in range(n)]
    assert split.lights(discs) == [split.is_light(d) for d in discs]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), shape=st.lists(st.integers(1, 9), min_size=1, max_size=3),
       wide=st.booleans(), data=st.data())
def test_median_along_is_numpys_median(seed: int, shape: list[int], wide: bool, data: st.DataObject) -> None:
    from vision.checker_median import median_along

    rng = np.random.default_rng(seed)
    axis = data.draw(st.integers(0, len(shape) - 1))
    v = (rng.integers(0, 4, shape) * 0.3 + rng.normal(0, 1e-3, shape) * rng.integers(0, 2)).astype(
        np.float64 if wide else np.float32)  # ties and near-ties, even and odd counts
    got, want = median_along(v, axis), np.median(v, axis=axis)
    assert got.dtype == want.dtype and np.array_equal(got, want)


@settings(max_examples=30, deadline=None)
@given(us=st.lists(st.floats(0.0, 12.0), max_size=12))
def test_pitch_is_the_clipped_numpy_median(us: list[float]) -> None:
    from vision.checker_layers import pitch_of

    us = sorted(us)
    steps = [b - a for a, b in zip(us, us[1:]) if 0.8 < b - a < 1.35]
    assert pitch_of(us) == (float(np.clip(np.median(steps), 0.95, 1.15)) if steps else 1.03)


def _plain_run_end(rows: np.ndarray, gap_max: int, start_slack: int) -> float:
    """``run_end`` as first written: np.flatnonzero and np.diff."""
    on = np.flatnonzero(rows)
    if not len(on) or on[0] > start_slack + 1:
        return 0.0
    breaks = np.flatnonzero(np.diff(on) - 1 > gap_max)
    return float(on[breaks[0]] + 1 if len(breaks) else on[-1] + 1)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), n=st.integers(0, 200), share=st.floats(0.0, 1.0),
       gap=st.integers(0, 8), slack=st.integers(0, 8), as_list=st.booleans())
def test_run_end_is_the_flatnonzero_form(seed: int, n: int, share: float, gap: int, slack: int,
                                          as_list: bool) -> None:
    rows = np.random.default_rng(seed).random(n) < share
    got = run_end(rows.tolist() if as_list else rows, gap, slack)
    assert got == _plain_run_end(rows, gap, slack)
    assert run_end(rows[None, :], gap, slack) == got  # (a row given as a 1 x n array: its values flat, as before)


def _plain_frame_colours(lab: np.ndarray, inner: tuple[float, float, float, float]) -> list[np.ndarray]:
    """``frame_colours`` as first written: ``np.median`` of each strip."""
    from vision.checker_occlusion import FRAME_MARGIN

    h, w = lab.shape[:2]
    x0, y0, x1, y1 = inner
    strips = []
    for a, b, horizontal in ((0.0, y0, True), (y1, float(h), True), (0.0, x0, False), (x1, float(w), False)):
        cut = (b - a) * FRAME_MARGIN
        lo, hi = (int(a), int(b - cut)) if a == 0.0 else (int(a + cut), int(b))
        if horizontal:
            strip = lab[max(0, lo):min(h, hi), int(max(0, x0)):int(min(w, x1))]
        else:
            strip = lab[int(max(0, y0)):int(min(h, y1)), max(0, lo):min(w, hi)]
        if strip.size >= 3 * 4:
            strips.append(np.median(strip.reshape(-1, 3), axis=0).astype(np.float32))
    return strips


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), h=st.integers(4, 40), w=st.integers(4, 60))
def test_frame_colours_are_the_strips_medians(seed: int, h: int, w: int) -> None:
    from vision.checker_occlusion import frame_colours

    rng = np.random.default_rng(seed)
    lab = rng.integers(0, 6, (h, w, 3)).astype(np.float32) * 17.5  # few values: ties and even counts
    inner = tuple(float(v) for v in (rng.uniform(0, w / 2), rng.uniform(0, h / 2), rng.uniform(w / 2, w),
                                     rng.uniform(h / 2, h)))
    got, want = frame_colours(lab, inner), _plain_frame_colours(lab, inner)
    assert len(got) == len(want) and all(a.dtype == b.dtype and np.array_equal(a, b) for a, b in zip(got, want))


def _plain_cover(band: np.ndarray, template: np.ndarray, start: int, end: int) -> tuple[float, float, np.ndarray]:
    """``column_cover``'s figures as first written, with ``np.median``."""
    seen = band[start:end:2, ::2].reshape(-1, 3)
    diff = seen - template[start:end:2, ::2].reshape(-1, 3)
    lift, own = np.median(diff, axis=0), np.median(seen, axis=0)
    return (round(float(np.median(np.linalg.norm(seen - own, axis=1))), 1),
            round(float(np.median(np.linalg.norm(diff - lift, axis=1))), 1), own)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), length=st.integers(20, 80))
def test_column_cover_is_the_plain_medians(seed: int, length: int) -> None:
    from vision.checker_unseen import column_cover

    rng = np.random.default_rng(seed)
    band = rng.integers(0, 8, (length, 9, 3)).astype(np.float32) * 11.0
    template = rng.integers(0, 8, (length, 9, 3)).astype(np.float32) * 11.0
    rows = np.ones(length, bool)
    colours = [rng.uniform(0, 255, 3).astype(np.float32) for _ in range(2)]
    out = column_cover(rows, band, template, 4.0, colours)
    even, lift, own = _plain_cover(band, template, 0, length)
    assert (out["cover_even"], out["cover_lift"]) == (even, lift)
    assert out["cover_colour"] == round(min(float(np.linalg.norm(own - c)) for c in colours), 1)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), n=st.integers(0, 6), h=st.integers(1, 60), w=st.integers(1, 25))
def test_add_discs_is_add_disc_of_each(seed: int, n: int, h: int, w: int) -> None:
    from vision.checker_empty import add_disc, add_discs

    rng = np.random.default_rng(seed)
    # centres on, near and off the band, half-pixel places and radii (ties at a disc's edge), a negative radius
    discs = [(float(rng.integers(-20, 2 * h + 20)) / 2, float(rng.integers(-20, 2 * w + 20)) / 2,
              float(rng.integers(-2, 40)) / 4) for _ in range(n)]
    start = rng.random((h, w)) < 0.1
    want, got = start.copy(), start.copy()
    for along, across, r in discs:
        add_disc(want, along, across, r)
    add_discs(got, discs)
    assert np.array_equal(got, want)
