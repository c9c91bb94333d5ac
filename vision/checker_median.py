"""Medians of small float arrays along one axis, with ``np.median``'s values and less of its overhead.

Why: the checker counter takes some forty medians a frame (a board's colour under a point, the glare round a
stack, an empty tray's columns), mostly over a few hundred Lab pixels. ``np.median`` spends more time checking
and converting than partitioning there, and partitions along a strided axis; a partition of a contiguous copy
picks the same middle values, and an even count takes the same mean of the two middle ones (their sum halved, in
the array's own type).
"""

from __future__ import annotations

import numpy as np


def median_along(v: np.ndarray, axis: int = 0) -> np.ndarray:
    """``np.median(v, axis=axis)`` of a float32 or float64 array without NaN (any other, or one with a NaN or
    nothing along ``axis``, goes to numpy: half floats, for one, are averaged in single precision there)."""
    n = v.shape[axis]
    if n == 0 or v.dtype not in (np.float32, np.float64) or np.isnan(v).any():
        return np.median(v, axis=axis)
    w = np.ascontiguousarray(np.moveaxis(v, axis, -1))
    k = n // 2
    if n % 2:
        return np.partition(w, k, axis=-1)[..., k]
    part = np.partition(w, (k - 1, k), axis=-1)
    return (part[..., k - 1] + part[..., k]) / v.dtype.type(2)
