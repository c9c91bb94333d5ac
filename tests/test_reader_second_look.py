"""A lone die read where a roll throws two gets a second look at the board's guessed die scales
(vision.reader.Reader._second_look): the learnt edge's two scales can both miss a die at the edge of being read."""

from __future__ import annotations

from typing import Optional

import numpy as np
import pytest

from calibration.geometry import BoardGeometry, standard_layout
from vision.dice_scale import OneScale
from vision.observation import DieReading
from vision.reader import LONE_DIE_SHARE, Reader


def _geometry() -> BoardGeometry:
    corners = np.array([[300.0, 200.0], [1600.0, 230.0], [1650.0, 900.0], [260.0, 880.0]])
    size = (880, 480)
    return BoardGeometry.from_corners(corners, rect_size=size, image_size=(1920, 1080), **standard_layout(size, 0.06))


FOUR = DieReading(4, True, [1200.0, 520.0])
ONE = DieReading(1, True, [1290.0, 500.0])


def _reader(monkeypatch, learnt: list[DieReading], guessed: list[DieReading], incremental: bool = False,
            learnt_edge: bool = True, one_scale: Optional[list[DieReading]] = None):
    """A reader on a fixed board whose dice finder reads ``learnt`` with a learnt-scale memory and ``guessed``
    without one (the guess's scales) and ``one_scale`` (default: ``learnt``) at the second look's own scale, the
    field's last read having read at a learnt edge (``learnt_edge``) or not; returns the reader and the list of memories each call got."""
    import vision.dice

    geo = _geometry()
    reader = Reader(geo, fast_path=False, incremental=incremental)
    monkeypatch.setattr(Reader, "_board", lambda self, image, warnings: geo)
    monkeypatch.setattr(Reader, "_cube", lambda self, image, g: None)
    calls: list = []

    def find_dice(image, mask=None, die_size_px=None, board_to_image=None, memory=None):
        calls.append(memory)
        if isinstance(memory, OneScale):
            dice = learnt if one_scale is None else one_scale
        else:
            dice = learnt if memory is not None else guessed
        return [DieReading(d.value, d.flat, list(d.center)) for d in dice]

    monkeypatch.setattr(vision.dice, "find_dice", find_dice)
    monkeypatch.setattr(vision.dice, "read_learnt", lambda *a: learnt_edge)
    return reader, calls


def _values(obs) -> list:
    return sorted((d.value, tuple(d.center)) for d in obs.dice)


IMAGE = np.full((1080, 1920, 3), 120, np.uint8)


def test_the_guessed_scales_find_the_second_die_of_the_roll(monkeypatch):
    reader, calls = _reader(monkeypatch, [FOUR], [FOUR, ONE])
    obs = reader.read(IMAGE)
    assert _values(obs) == [(1, tuple(ONE.center)), (4, tuple(FOUR.center))]
    assert calls[-1] is None  # the last read was the second look, at the guess's scales
    assert all(d.half == "right" for d in obs.dice)


def test_two_dice_read_at_once_get_no_second_look(monkeypatch):
    reader, calls = _reader(monkeypatch, [FOUR, ONE], [FOUR, ONE, DieReading(3, True, [900.0, 600.0])])
    assert len(reader.read(IMAGE).dice) == 2
    assert None not in calls


@pytest.mark.parametrize("guessed", [
    [FOUR],  # the same lone die again
    [FOUR, DieReading(None, True, ONE.center)],  # a second die without a value: no roll read
    [FOUR, ONE, DieReading(3, True, [900.0, 600.0])],  # three dice: no roll either
])
def test_a_second_look_that_reads_no_whole_roll_changes_nothing(monkeypatch, guessed):
    reader, calls = _reader(monkeypatch, [FOUR], guessed, one_scale=guessed)
    assert _values(reader.read(IMAGE)) == [(4, tuple(FOUR.center))]
    assert None in calls and isinstance(calls[-1], OneScale)  # it did look, at both


def test_the_second_look_is_carried_while_the_dice_areas_stay_unchanged(monkeypatch):
    """A die lying alone for many frames (the other one under a hand) costs the guess's read once, not every
    frame: while no cell of the dice areas changed, the second look's dice are carried; a change reads again."""
    reader, calls = _reader(monkeypatch, [FOUR], [FOUR, ONE], incremental=True)
    image = IMAGE.copy()
    assert len(reader.read(image).dice) == 2
    looks = calls.count(None)
    assert looks == 1 and not any(isinstance(m, OneScale) for m in calls)  # the guess's scales made it whole
    image[5:40, 5:40] = 30  # a change far from the board and the table round it
    assert len(reader.read(image).dice) == 2
    assert calls.count(None) == looks  # carried
    image[520:560, 1100:1140] = 200  # on the field: the dice areas changed
    assert len(reader.read(image).dice) == 2
    assert calls.count(None) == looks + 1


def test_no_second_look_where_the_field_was_read_at_the_guess_scales_already(monkeypatch):
    reader, calls = _reader(monkeypatch, [FOUR], [FOUR, ONE], learnt_edge=False)
    assert _values(reader.read(IMAGE)) == [(4, tuple(FOUR.center))]
    assert None not in calls  # only the second look's own scale was read
    assert isinstance(calls[-1], OneScale)


def test_where_the_guessed_scales_miss_the_second_die_its_own_scale_may_find_it(monkeypatch):
    """The second look's own scale, LONE_DIE_SHARE of the guessed edge: between the guess's 1.0 and 1.2."""
    reader, calls = _reader(monkeypatch, [FOUR], [FOUR], one_scale=[FOUR, ONE])
    obs = reader.read(IMAGE)
    assert _values(obs) == [(1, tuple(ONE.center)), (4, tuple(FOUR.center))]
    assert None in calls and isinstance(calls[-1], OneScale)
    die_px = calls[-1].edge_px / LONE_DIE_SHARE
    assert calls[-1].scales([die_px, 1.2 * die_px], die_px) == [pytest.approx(1.1 * die_px)]


def test_a_view_reads_at_the_learnt_edge_only_once_one_is_learnt():
    from vision.dice import find_dice, read_learnt
    from vision.dice_scale import ScaleMemory

    image = np.full((400, 600, 3), 120, np.uint8)
    mask = np.zeros((400, 600), np.uint8)
    mask[50:350, 50:550] = 255
    memory = ScaleMemory()
    find_dice(image, mask=mask, die_size_px=20.0, memory=memory)
    assert not read_learnt(memory, image.shape, mask, 20.0)  # nothing learnt: the guess's scales
    memory.view((image.shape, (50, 50, 500, 300), 20.0)).sizes.extend([19.0, 19.5])
    find_dice(image, mask=mask, die_size_px=20.0, memory=memory)
    assert read_learnt(memory, image.shape, mask, 20.0)


@pytest.mark.parametrize("learnt, merged", [(None, False), (1.0, True)])
def test_the_second_look_merges_the_lone_die_read_again_at_the_learnt_edge(monkeypatch, learnt, merged):
    # a side face of the lone 4 read as a 3 at 0.72 guessed die edges from it: the guess's gap (0.65 edges) keeps it
    # as a second die and a roll of 4-3 is made up; once the view learnt its dice's edge (here the guess's own),
    # readings within 0.8 of that edge are one die, as on the first read (same_die_edge), and the 4 stays alone
    import vision.dice
    from vision.reader import die_edge_px

    die_px = die_edge_px(_geometry())
    side = DieReading(3, True, [FOUR.center[0] + 0.72 * die_px, FOUR.center[1]])
    reader, _ = _reader(monkeypatch, [FOUR], [FOUR, side], one_scale=[FOUR, side])
    monkeypatch.setattr(vision.dice, "learnt_edge", lambda *a: None if learnt is None else learnt * die_px)
    values = sorted(d.value for d in reader.read(IMAGE).dice)
    assert values == ([4] if merged else [3, 4])
