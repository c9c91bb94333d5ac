"""Small mask helpers of the dice finder, each the same answer as the plain numpy form, without its full-frame copy.

Why: the board reader hands the finder a frame-sized 0/255 mask of the playing area. ``(mask > 0).astype(uint8)``
before ``cv2.boundingRect`` made two frame-sized temporaries (~2 ms at 1080p, more than the box itself); OpenCV
takes an 8-bit mask as it is (its non-zero pixels).
"""

from __future__ import annotations

import weakref
from typing import Callable, Hashable

import cv2
import numpy as np


def mask_box(mask: np.ndarray) -> tuple[int, int, int, int]:
    """(x, y, w, h) of the non-zero pixels of ``mask``, as ``cv2.boundingRect((mask > 0).astype(np.uint8))``."""
    if mask.dtype == np.uint8 and mask.ndim == 2:
        return tuple(int(v) for v in cv2.boundingRect(mask))  # type: ignore[return-value]
    return tuple(int(v) for v in cv2.boundingRect((mask > 0).astype(np.uint8)))  # type: ignore[return-value]


def kept_box(mask: np.ndarray) -> tuple[int, int, int, int]:
    """``mask_box(mask)``, kept with a read-only mask (see kept_mask): the same box, without scanning the frame.

    Why: the board reader hands the finder the same frame-sized mask every frame, and its box cost ~0.3 ms at
    1080p each time (once in the finder, again at each reading scale)."""
    return tuple(int(v) for v in kept_mask(mask, ("box",), lambda: np.array(mask_box(mask), np.int64)))  # type: ignore


def ones_where_set(mask: np.ndarray) -> np.ndarray:
    """A uint8 mask of 1 where ``mask > 0`` and 0 elsewhere (one OpenCV pass instead of two numpy ones)."""
    if mask.dtype == np.uint8:
        return cv2.threshold(mask, 0, 1, cv2.THRESH_BINARY)[1]
    return (mask > 0).astype(np.uint8)


_KEPT: dict[int, tuple[weakref.ref, dict[Hashable, np.ndarray]]] = {}
MAX_OWNERS = 8  # masks whose derived masks are kept (a reader holds two: the field and the wider area)
MAX_KEYS = 8  # derived masks kept per mask (the scales a game's learnt edge moves between; ~8 MB at 1080p)


def _fixed_for_good(array: np.ndarray) -> bool:
    """Whether ``array`` and every array it views are read-only: its pixels cannot change while it lives."""
    a: object = array
    while isinstance(a, np.ndarray):
        if a.flags.writeable:
            return False
        a = a.base
    return a is None


def kept_mask(owner: np.ndarray, key: Hashable, make: Callable[[], np.ndarray]) -> np.ndarray:
    """``make()``, a mask derived from ``owner``, made once per ``key`` while ``owner`` lives, when ``owner`` is
    read-only for good (the board reader's masks are, vision.reader.fixed); otherwise made afresh each call.
    The kept result is made read-only too, so no caller can change what the next frame gets.

    Why: with a saved calibration the reader hands the same playing-area mask to every frame, and the finder
    widened it by half a die and resized it to each reading scale again every frame (~0.7 ms at 1080p)."""
    if not _fixed_for_good(owner):
        return make()
    entry = _KEPT.get(id(owner))
    if entry is None or entry[0]() is not owner:
        if len(_KEPT) >= MAX_OWNERS:
            _KEPT.clear()
        entry = (weakref.ref(owner, lambda _ref, k=id(owner): _KEPT.pop(k, None)), {})
        _KEPT[id(owner)] = entry
    kept = entry[1]
    made = kept.pop(key, None)  # taken out and put back last: the least lately used goes first
    if made is None:
        if len(kept) >= MAX_KEYS:  # a learnt die edge that moves makes new scales
            kept.pop(next(iter(kept)))
        made = make()
        made.flags.writeable = False
    kept[key] = made
    return made
