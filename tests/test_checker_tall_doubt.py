"""Tall stacks that the counter reads short must not be read short for sure (checker_doubt, checker_arcs).

A stack of six to ten shows few rims: the checkers on top lie on checkers of their own colour. Where the counter
stops short of such a stack, what it did see says so: a faint arc across a row checker's centre (a checker on top,
``checker_arcs.layer_arcs``), or discs dropped as linked to no base in a row at the checkers' pitch past the count
or on a point read empty. Each is a doubt (the referee waits), never a count; a plain row and an empty point
showing none of it stay sure."""

from __future__ import annotations

import numpy as np
import pytest

from vision.checker_arcs import layer_arcs, layer_edges
from vision.checker_doubt import doubts


def _row(n: int, **kw):
    """The cue of a tidy dark row of ``n`` from the base, every rim clear (as the counter fills it)."""
    us = [round(0.5 + 1.04 * i, 2) for i in range(n)]
    cue = {"run_n": n, "run_sign": -1, "sign": -1, "empty": float(n), "tip": 4.5, "n": n, "disc_n": n, "whole": n,
           "half": 0, "us": us, "rims": [1.0] * n, "row_base": 0.5}
    cue.update(kw)
    return cue


def test_a_faint_arc_of_a_checker_on_top_of_a_row_of_five_doubts_the_five():
    assert doubts(_row(5)) == []
    assert doubts(_row(5, layer_arcs=[[1.05, 0.22]])) == ["arc of a checker on top"]


def test_a_faint_arc_beside_a_short_row_is_no_doubt():
    # nobody puts a checker on top of a row of three: the arc is a face's print
    assert doubts(_row(3, layer_arcs=[[1.05, 0.22]])) == []


def test_a_row_of_unlinked_discs_past_a_counted_stack_doubts_it():
    # render 72537 point 16: six dark, the base checker counted and the rest dropped as unlinked, one pitch apart
    cue = dict(_row(1), n=2, run_n=2, empty=1.71, tip=4.87,
               rejected=[["unlinked", 5.86, 0.27], ["unlinked", 4.86, 0.22], ["unlinked", 2.7, 0.1],
                         ["unlinked", 3.9, 0.09]])
    assert "row of unlinked discs beyond the stack" in doubts(cue)
    # two only, or past where rows end (the tip and a checker and a half), say nothing
    assert "row of unlinked discs beyond the stack" not in doubts(dict(cue, rejected=cue["rejected"][:2]))
    assert "row of unlinked discs beyond the stack" not in doubts(dict(cue, tip=2.5))


def _empty(**kw):
    cue = {"run_n": 0, "run_sign": 0, "empty": 0.0, "tip": 4.5, "dark_run": 0.0, "row_base": 0.5}
    cue.update(kw)
    return cue


def test_two_unlinked_discs_alone_do_not_doubt_an_empty_point():
    # sample still sim_23 point 11 (empty): two faint unlinked discs one pitch apart over a neighbour's shadow
    dropped = [["unlinked", 3.71, 0.15], ["unlinked", 2.79, 0.14]]
    assert doubts(_empty(rejected=dropped, empty=0.0, unlike_from=0.31, unlike_len=2.68)) == []


def test_discs_just_under_the_rim_floor_continue_a_row_of_unlinked_discs():
    # render 72528 point 15: ten dark read empty for sure; weak discs (rims at 0.98 of the floor) at 2.3 and 3.4,
    # unlinked ones at 4.3, 5.0 and 5.9
    dropped = [["unlinked", 5.93, 0.31], ["unlinked", 4.97, 0.16], ["unlinked", 4.33, 0.15]]
    near = [[2.29, 0.98, 0.9], [3.37, 0.98, 1.0]]
    assert doubts(_empty(rejected=dropped, tip=4.71)) == []
    assert doubts(_empty(rejected=dropped, tip=4.71, near_floor=near)) == ["row of unlinked discs"]
    # weak discs alone are no row of unlinked ones
    assert doubts(_empty(near_floor=near + [[4.4, 0.9, 1.0]])) == []


def _disc_image(centres, r, outline, face=60.0, board=140.0, size=(200, 60)):
    """A Lab-ish single-channel gradient source: dark discs on a light board, each drawn in order (later on top),
    each with a dark outline ``outline`` levels under its face."""
    h, w = size
    img = np.full((h, w), board, np.float32)
    yy, xx = np.mgrid[0:h, 0:w]
    for (x, y), o in zip(centres, outline):
        d = np.hypot(xx - x, yy - y)
        img[d <= r] = face
        img[(d > r - 1.5) & (d <= r)] = face - o
    return img


def _gradient(img):
    import cv2
    return cv2.Sobel(img, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(img, cv2.CV_32F, 0, 1, ksize=3)


def test_a_faint_outline_of_a_sixth_on_a_row_of_five_is_a_doubt_not_a_count():
    """Five dark discs down a column and a sixth on top of the first two, outlined faintly: its arc across the
    second checker's centre stands out from the other checkers' faces, too faint to count by."""
    r = 10.0
    row = [(30.0, 15.0 + 20.8 * i) for i in range(5)]
    top = (30.0, 15.0 + 10.4)
    img = _disc_image(row + [top], r, [40.0] * 5 + [6.0])
    gx, gy = _gradient(img)
    arcs = layer_arcs(gx, gy, row, r, 1.0)
    assert [(i, sure) for i, _, sure in arcs] == [(1, False)], arcs
    assert layer_edges(gx, gy, row, r, 1.0) == []
    # a plain row of five draws no arc there at all
    gx, gy = _gradient(_disc_image(row, r, [40.0] * 5))
    assert layer_arcs(gx, gy, row, r, 1.0) == []


def test_a_clear_outline_of_a_checker_on_top_is_counted_as_before():
    r = 10.0
    row = [(30.0, 15.0 + 20.8 * i) for i in range(5)]
    gx, gy = _gradient(_disc_image(row + [(30.0, 15.0 + 10.4)], r, [40.0] * 5 + [40.0]))
    assert [(i, sure) for i, _, sure in layer_arcs(gx, gy, row, r, 1.0)] == [(1, True)]
    assert [i for i, _ in layer_edges(gx, gy, row, r, 1.0)] == [1]
