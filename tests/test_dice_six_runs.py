"""A 6 of ~11-13 px whose row pips blur together in pairs (vision.dice._parted_runs).

Why: a 6 is two parallel rows of three pips, the pips of a row about a pip's width apart; on a small die two of
them run into one short bar (twice a pip's area, elongated along the row), the face is seen as four or five blobs
and no layout fits them: rendered games at 960x540 missed sixes on most rolls.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import vision.dice as dice_mod
from vision.dice import _parted_runs
from vision.dice_layout import fit_layout
from vision.dice_pips import Pip

from tests.drawn_dice import SUPER, read_inside, sampled

FIELD, RED, WHITE = (60, 95, 150), (40, 30, 170), (235, 235, 235)
LAYOUT = {6: [(-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)], 5: [(-1, -1), (1, -1), (-1, 1), (1, 1), (0, 0)],
          4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 2: [(-1, -1), (1, 1)]}


def _die(value: int, edge: float, dx: float = 0.0, pip: float = 0.13, size: int = 80) -> np.ndarray:
    """A red die of ``edge`` px with white pips (``pip``: radius over the edge; rows 0.28 edges apart), on a brown
    field, drawn large and shrunk by pixel-area averaging as a camera samples it."""
    big = np.full((size * SUPER, size * SUPER, 3), FIELD, np.uint8)
    cx, cy = (size / 2 + dx) * SUPER, size / 2 * SUPER
    h = edge * SUPER / 2
    cv2.rectangle(big, (int(cx - h), int(cy - h)), (int(cx + h), int(cy + h)), RED, -1)
    for u, v in LAYOUT[value]:
        cv2.circle(big, (int(cx + u * 0.28 * edge * SUPER), int(cy + v * 0.28 * edge * SUPER)),
                   int(pip * edge * SUPER), WHITE, -1)
    return sampled(big, size)


@pytest.mark.parametrize("dx", [0.0, 0.33])
def test_a_six_whose_row_pips_run_together_isread_inside(dx, monkeypatch):
    image = _die(6, 13.0, dx)
    dice = read_inside(image, 13.0)
    assert [d.value for d in dice] == [6]
    assert np.hypot(dice[0].center[0] - 40 - dx, dice[0].center[1] - 40) < 2
    monkeypatch.setattr(dice_mod, "RUN_ELONGATION", np.inf)  # no run parted: the die goes unread, as before
    assert [d.value for d in read_inside(image, 13.0) if d.value is not None] == []


@pytest.mark.parametrize("value", [2, 3, 4, 5])
@pytest.mark.parametrize("edge", [11.0, 13.0])
def test_other_faces_of_small_dice_keep_their_values(value, edge):
    for dx in (0.0, 0.33, 0.66):
        assert [d.value for d in read_inside(_die(value, edge, dx), edge)] == [value]


def _pip(x: float, y: float, area: float = 10.0, elongation: float = 1.2, angle: float = 0.0) -> Pip:
    return Pip(x=x, y=y, area=area, diameter=2 * np.sqrt(area / np.pi), elongation=elongation, angle=angle,
               contrast=150.0, face=60.0, dark=False)


def test_a_run_of_two_row_pips_parts_into_the_six():
    step = 6.0  # a 6 at 2x zoom: rows y = -6 and +6, pips x = -6, 0, 6; the upper row's right two run together
    row = [_pip(-step, step), _pip(0, step), _pip(step, step)]
    run = _pip(step / 2, -step, area=20.0, elongation=4.0)
    face, runs = _parted_runs(row + [_pip(-step, -step), run], zoom=2.0)
    assert runs == [run] and len(face) == 6
    fit = fit_layout(np.array([[p.x, p.y] for p in face]))
    assert fit is not None and fit.value == 6 and fit.residual < 0.05


def test_no_run_to_part():
    row = [_pip(-6, 6), _pip(0, 6), _pip(6, 6), _pip(-6, -6)]
    assert _parted_runs(row + [_pip(3, -6, area=10.0, elongation=1.5)], zoom=2.0) is None  # round: a pip
    assert _parted_runs(row + [_pip(3, -6, area=10.0, elongation=4.0)], zoom=2.0) is None  # a pip's area: no run
    assert _parted_runs(row + [_pip(3, -6, area=120.0, elongation=4.0)], zoom=2.0) is None  # no tiny pips' run
    assert _parted_runs([_pip(0, 0), _pip(3, 0, area=20.0, elongation=4.0)], zoom=2.0) is None  # too few pips
