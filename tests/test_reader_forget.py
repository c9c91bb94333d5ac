"""Reader.forget(): the referee's way to make the next read a new reading of an unchanged frame."""

from __future__ import annotations

import numpy as np

from vision.reader import Reader


def _table() -> np.ndarray:
    rng = np.random.default_rng(3)
    return rng.integers(60, 200, (240, 320, 3), dtype=np.uint8)


def test_an_unchanged_frame_is_answered_from_memory_until_the_reader_forgets():
    reader = Reader()
    image = _table()
    first = reader.read(image)
    again = reader.read(image.copy())
    assert not first.extra.get("unchanged")
    assert again.extra.get("unchanged") is True
    reader.forget()
    fresh = reader.read(image.copy())
    assert not fresh.extra.get("unchanged")
