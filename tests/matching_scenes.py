"""Traced referee scenes for the matching tests: the legal result boards of a roll and the reference a reader's
steady misreads make (``device.matching.Reference``), as the tracker builds them."""

from __future__ import annotations

from typing import Optional

from device.matching import Reference
from device.seating import Seating
from rules.moves import legal_results
from rules.position import Position


def legal_boards(seating: Seating, before: Position, dice: tuple[int, int], mover: str) -> list:
    """Every board the roll lets the mover make from ``before``, as geometric boards (once each)."""
    return list(dict.fromkeys(seating.board(r, mover) for r in legal_results(before, *dice)))


def reference(stood, missed: Optional[int] = None) -> Reference:
    """The board as it stood, every point read as it stood but ``missed`` (0-based), read as none every time (a
    lone checker the reader never found there)."""
    seen = [(n,) for n in stood.points]
    if missed is not None:
        seen[missed] = (0,)
    return Reference(stood, tuple(seen), ((0,), (0,)))
