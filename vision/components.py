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

    for i, j in pairs:
        a, b = root(int(i)), root(int(j))
        if a != b:
            parent[a] = b
    return np.array([root(i) for i in range(n)], dtype=np.int64)
