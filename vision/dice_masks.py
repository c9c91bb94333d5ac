"""Small mask helpers of the dice finder, each the same answer as the plain numpy form, without its full-frame copy.

Why: the board reader hands the finder a frame-sized 0/255 mask of the playing area. ``(mask > 0).astype(uint8)``
before ``cv2.boundingRect`` made two frame-sized temporaries (~2 ms at 1080p, more than the box itself); OpenCV
takes an 8-bit mask as it is (its non-zero pixels).
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
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


_KEPT: "OrderedDict[tuple[int, Hashable], tuple[weakref.ref, np.ndarray]]" = OrderedDict()
_OWNED: dict[int, set[Hashable]] = {}  # each live owner's keys in _KEPT, dropped with the owner
MAX_BYTES = 8 << 20  # all kept masks together, least lately used dropped first
_kept_bytes = 0


def kept_bytes() -> int:
    """The bytes the kept masks hold now (at most MAX_BYTES, but for one mask larger than that alone)."""
    return _kept_bytes


def _fixed_for_good(array: np.ndarray) -> bool:
    """Whether ``array`` and every array it views are read-only: its pixels cannot change while it lives."""
    a: object = array
    while isinstance(a, np.ndarray):
        if a.flags.writeable:
            return False
        a = a.base
    return a is None


def _drop(entry: tuple[int, Hashable]) -> None:
    global _kept_bytes
    kept = _KEPT.pop(entry, None)
    if kept is not None:
        _kept_bytes -= kept[1].nbytes
        keys = _OWNED.get(entry[0])
        if keys is not None:
            keys.discard(entry[1])


def _owner_gone(owner_id: int) -> None:
    for key in list(_OWNED.pop(owner_id, ())):
        _drop((owner_id, key))


def kept_mask(owner: np.ndarray, key: Hashable, make: Callable[[], np.ndarray]) -> np.ndarray:
    """``make()``, a mask derived from ``owner``, made once per ``key`` while ``owner`` lives, when ``owner`` is
    read-only for good (the board reader's masks are, vision.reader.fixed); otherwise made afresh each call.
    The kept result is made read-only too, so no caller can change what the next frame gets.

    Why: with a saved calibration the reader hands the same playing-area mask to every frame, and the finder
    widened it by half a die and resized it to each reading scale again every frame (~0.7 ms at 1080p).
    Why one cache capped in bytes: a kept mask is an owner in turn (the widened mask's scaled masks), and a
    game's learnt die edge moves between widenings, so owners and keys came and went; kept per owner (8 x 8)
    the cache grew in steps to 26 MB over 2,000 frames of the sample game (session 16's daemon memory)."""
    global _kept_bytes
    if not _fixed_for_good(owner):
        return make()
    entry = (id(owner), key)
    kept = _KEPT.get(entry)
    if kept is not None and kept[0]() is owner:
        _KEPT.move_to_end(entry)  # the least lately used goes first
        return kept[1]
    if kept is not None:  # an owner gone whose id was taken by a new one before its callback ran
        _drop(entry)
    made = make()
    made.flags.writeable = False
    keys = _OWNED.get(id(owner))
    if keys is None:
        keys = _OWNED[id(owner)] = set()
        weakref.finalize(owner, _owner_gone, id(owner))
    keys.add(key)
    _KEPT[entry] = (weakref.ref(owner), made)
    _kept_bytes += made.nbytes
    while _kept_bytes > MAX_BYTES and len(_KEPT) > 1:
        _drop(next(iter(_KEPT)))
    return made
