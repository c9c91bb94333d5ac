"""Connected groups of items linked in pairs (union-find): pips sharing a die face, discs in a row of checkers."""

from __future__ import annotations

from typing import Iterable

import numpy as np


def components(n: int, pairs: Iterable[tuple[int, int]]) -> np.ndarray:
    """A group label per item 0..n-1; items linked through any chain of ``pairs`` share a label."""
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    linked = set()
    for i, j in pairs:
        i, j = int(i), int(j)
        linked.add(i)
        linked.add(j)
        a, b = root(i), root(j)
        if a != b:
            parent[a] = b
    # an item in no pair is its own root: only the linked ones are looked up (the same labels)
    out = np.arange(n, dtype=np.int64)
    for i in linked:
        out[i] = root(i)
    return out
