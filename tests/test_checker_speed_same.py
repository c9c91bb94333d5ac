"""Speed rewrites of the checker counter (issue 5 speed) give exactly what the plain forms they replaced gave: each
quick form is checked against the plain one, written out here, on random inputs with ties and edge cases."""

from __future__ import annotations

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from vision.checker_discs import (SIDE_PERCENTILE, SIDE_SAMPLES, STRONG_N, EdgeVotes, _distinct_median, _strongest,
                                  _weaker_side, colour_gradient, hough_votes)
from vision.checker_runs import BAND, GAP_SLOTS, MATCH_FRACTION, CheckerColour, run_end, run_length


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
