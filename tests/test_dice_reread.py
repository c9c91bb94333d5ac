"""A learnt view reads the last frame's roll round where it lay first, and the whole field when that is no roll.

Why: the dice lie still while hands move checkers round them; re-reading the whole field each such frame cost
~13 ms at 1080p. The windows' reading is taken only as a whole roll: a die that moved is found by the whole read.
"""

from __future__ import annotations

import numpy as np
import pytest

import vision.dice as dice_mod
from vision.dice import find_dice
from vision.dice_scale import ScaleMemory
from tests.test_dice import draw_die

EDGE = 40


def _roll(a: tuple[int, int], b: tuple[int, int], second_value: int = 3) -> np.ndarray:
    """Two dice, a 5 at ``a`` and ``second_value`` at ``b``, on one plain field."""
    img = draw_die(5, edge=EDGE, angle=12, size=(260, 480), center=a)
    other = draw_die(second_value, edge=EDGE, angle=-20, size=(260, 480), center=b)
    near = np.zeros(img.shape[:2], bool)
    near[max(0, b[1] - EDGE):b[1] + EDGE, max(0, b[0] - EDGE):b[0] + EDGE] = True
    img[near] = other[near]
    return img


def _field(shape: tuple[int, ...]) -> np.ndarray:
    mask = np.full(shape[:2], 255, np.uint8)
    mask.flags.writeable = False  # as the reader hands it (vision.reader.fixed)
    return mask


def _whole_reads(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Records, per reading scale called, whether it read the whole field (no windows)."""
    calls: list[bool] = []
    plain = dice_mod._read_scale

    def spy(*args, **kwargs):
        calls.append(kwargs.get("windows") is None)
        return plain(*args, **kwargs)

    monkeypatch.setattr(dice_mod, "_read_scale", spy)
    return calls


def _learnt(img: np.ndarray, mask: np.ndarray) -> ScaleMemory:
    memory = ScaleMemory()
    for _ in range(2):  # the first read learns the edge (two agreeing faces), the second reads at it
        find_dice(img, mask=mask, die_size_px=float(EDGE), memory=memory)
    return memory


def test_a_roll_that_stayed_is_read_round_where_it_lay(monkeypatch: pytest.MonkeyPatch) -> None:
    img = _roll((120, 110), (330, 150))
    mask = _field(img.shape)
    memory = _learnt(img, mask)
    monkeypatch.setattr(dice_mod, "REREAD_ROLL", False)
    whole = find_dice(img, mask=mask, die_size_px=float(EDGE), memory=memory)
    monkeypatch.setattr(dice_mod, "REREAD_ROLL", True)
    calls = _whole_reads(monkeypatch)
    again = find_dice(img, mask=mask, die_size_px=float(EDGE), memory=memory)
    assert sorted(d.value for d in whole) == [3, 5]
    assert [(d.value, d.flat) for d in again] == [(d.value, d.flat) for d in whole]
    assert np.allclose([d.center for d in again], [d.center for d in whole], atol=0.5)
    assert calls and not any(calls)  # read round the roll only


def test_a_die_that_moved_sends_the_read_back_to_the_whole_field(monkeypatch: pytest.MonkeyPatch) -> None:
    before = _roll((120, 110), (330, 150))
    mask = _field(before.shape)
    memory = _learnt(before, mask)
    after = _roll((120, 110), (400, 60), second_value=6)  # the second die thrown again, elsewhere
    calls = _whole_reads(monkeypatch)
    found = find_dice(after, mask=mask, die_size_px=float(EDGE), memory=memory)
    assert sorted(d.value for d in found) == [5, 6]
    assert any(calls)  # the whole field was read after the windows' read fell short of a roll


def test_a_still_roll_read_short_of_a_roll_sends_the_read_to_the_whole_field(monkeypatch: pytest.MonkeyPatch) -> None:
    img = _roll((120, 110), (330, 150))
    mask = _field(img.shape)
    memory = _learnt(img, mask)
    calls = _whole_reads(monkeypatch)
    monkeypatch.setattr(dice_mod, "_roll_read", lambda faces: False)  # the windows' faces are no whole roll
    found = find_dice(img, mask=mask, die_size_px=float(EDGE), memory=memory)
    assert calls[0] is False and any(calls)  # tried the windows, then read the whole field
    assert sorted(d.value for d in found) == [3, 5]


def test_a_kept_resize_gives_the_faces_a_fresh_one_gives() -> None:
    img = _roll((120, 110), (330, 150))
    gray = dice_mod._gray(img)
    scaled: dict = {}
    first = dice_mod._read_scale(gray, float(EDGE), None, scaled=scaled)
    kept = dice_mod._read_scale(gray, float(EDGE), None, scaled=scaled)
    fresh = dice_mod._read_scale(gray, float(EDGE), None)
    assert len(scaled) == 1 and len(fresh) == 2
    for faces in (first, kept):
        assert [(c.value, c.confidence) for c in faces] == [(c.value, c.confidence) for c in fresh]
        assert np.allclose([c.center for c in faces], [c.center for c in fresh])


def test_a_roll_read_whole_only_at_both_scales_is_read_again_round_where_it_lay(monkeypatch: pytest.MonkeyPatch
                                                                              ) -> None:
    """A roll that the learnt edge's first scale reads short (a face in pieces) and its second scale makes whole
    is read again in the windows round it at both scales, not over the whole field; with no face round the roll
    at the first scale (the dice lifted) the second is not read there."""
    img = _roll((120, 110), (330, 150))
    mask = _field(img.shape)
    memory = _learnt(img, mask)
    plain = dice_mod._read_scale
    view = memory.view((img.shape, dice_mod.kept_box(mask), float(EDGE)))

    def the_three_in_pieces(gray, die_px, *args, **kwargs):  # the first scale (the learnt edge) reads only the 5
        faces = plain(gray, die_px, *args, **kwargs)
        return [c for c in faces if c.value != 3] if die_px > 0.95 * view.edge() else faces

    monkeypatch.setattr(dice_mod, "_read_scale", the_three_in_pieces)
    whole = find_dice(img, mask=mask, die_size_px=float(EDGE), memory=memory)  # the whole field, both scales
    calls = _whole_reads(monkeypatch)
    again = find_dice(img, mask=mask, die_size_px=float(EDGE), memory=memory)
    assert sorted(d.value for d in whole) == [3, 5]
    assert [(d.value, d.flat) for d in again] == [(d.value, d.flat) for d in whole]
    assert calls == [False, False]  # both scales in the windows round the roll, nothing over the whole field

    lifted = np.full_like(img, int(np.median(img)))
    calls.clear()
    assert find_dice(lifted, mask=mask, die_size_px=float(EDGE), memory=memory) == []
    assert calls[:2] == [False, True]  # the first scale's windows, then the whole field
