"""Windows packed into a mosaic: no two overlap or come closer than the gap, and every point maps back to itself."""

from __future__ import annotations

import numpy as np

from vision.dice import find_dice
from vision.dice_scale import ScaleMemory
from vision.dice_windows import GAP, Mosaic


def test_windows_pack_apart_and_map_back():
    rng = np.random.default_rng(4)
    frame = rng.integers(0, 255, (700, 900), dtype=np.uint8)
    centres = rng.uniform(0, [900, 700], (25, 2))
    mosaic = Mosaic.around(centres, 40.0, frame.shape)
    assert mosaic is not None
    cut = mosaic.cut(frame)
    area = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in mosaic.boxes)
    assert area < frame.size and cut.size < frame.size  # the windows and the mosaic are smaller than the frame
    rects = [(px, py, px + x1 - x0, py + y1 - y0) for (x0, y0, x1, y1), (px, py) in zip(mosaic.boxes, mosaic.places)]
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:  # GAP apart in x or in y
            assert a[2] + GAP <= b[0] or b[2] + GAP <= a[0] or a[3] + GAP <= b[1] or b[3] + GAP <= a[1]
    for c in centres:  # each centre's window holds it; its pixel and the mosaic's agree, and it maps back
        k = next(k for k, (x0, y0, x1, y1) in enumerate(mosaic.boxes) if x0 <= c[0] < x1 and y0 <= c[1] < y1)
        x, y = (np.floor(c) - mosaic.boxes[k, :2] + mosaic.places[k]).astype(int)
        assert cut[y, x] == frame[int(c[1]), int(c[0])]
        assert np.allclose(np.array([x, y]) + mosaic.offset_at(x, y), np.floor(c))


def test_learnt_view_reads_the_second_scale_in_windows_alike(monkeypatch):
    """With the die edge learnt, the second scale reads windows only, and both dice are still read."""
    import vision.dice as dice_mod
    from tests.test_dice import draw_die

    windowed = []
    read_scale = dice_mod._read_scale

    def spy(*args, **kwargs):
        windowed.append(kwargs.get("windows") is not None)
        return read_scale(*args, **kwargs)

    monkeypatch.setattr(dice_mod, "_read_scale", spy)
    monkeypatch.setattr(dice_mod, "_roll_read", lambda cands: False)  # a whole roll read skips the second scale
    monkeypatch.setattr(dice_mod, "REREAD_ROLL", False)  # the last roll's re-read: tests/test_dice_reread.py

    img = np.zeros((300, 420, 3), np.uint8)
    img[:] = (70, 120, 160)
    img[40:140, 30:150] = draw_die(3, edge=30, angle=20, size=(100, 120), center=(60, 50))
    img[150:250, 260:380] = draw_die(6, edge=30, angle=-10, size=(100, 120), center=(60, 50))
    mask = np.full(img.shape[:2], 255, np.uint8)
    memory = ScaleMemory()
    for _ in range(2):
        find_dice(img, mask=mask, die_size_px=30.0, memory=memory)
    view = next(iter(memory._views.values()))
    assert view.edge() is not None  # learnt: the next read takes the windowed path
    windowed.clear()
    dice = find_dice(img, mask=mask, die_size_px=30.0, memory=memory)
    assert windowed == [False, True]
    assert sorted(d.value for d in dice) == [3, 6]
