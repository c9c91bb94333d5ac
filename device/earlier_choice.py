"""An earlier play's other legal result carried to the board of today: the pure part of re-examining a choice.

Why: when a reading of a play fits two legal results (5-1 as 8/3 7/6 or as 11/6 8/7: the same checkers counted
on nearby points), the tracker believes one of them. If it chose wrong, the next play of those checkers, made from
the true board, looks illegal from the believed one ('a checker moved backwards'): one misread carried forward
into a false alarm (session 14's judging game 14434, frame 1025). The plays made since the choice moved other
checkers too, so the other result is carried over as a change: the checkers the two results place differently
(``Change``), applied to the board believed now (``carried``), where nothing else stands on those points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from device.seating import Board


@dataclass(frozen=True)
class Change:
    """What another legal result of a play holds instead of the chosen one: per point (0-based) and for the bar
    and trays (light, dark), the other result's count minus the chosen one's (geometric: + light, - dark)."""

    points: tuple[tuple[int, int], ...]  # (point, delta) where the two results differ
    bar: tuple[int, int]
    off: tuple[int, int]

    @classmethod
    def between(cls, chosen: Board, other: Board) -> "Change":
        return cls(tuple((i, o - c) for i, (c, o) in enumerate(zip(chosen.points, other.points)) if o != c),
                   (other.bar[0] - chosen.bar[0], other.bar[1] - chosen.bar[1]),
                   (other.off[0] - chosen.off[0], other.off[1] - chosen.off[1]))

    def touches(self) -> set[int]:
        return {i for i, _ in self.points}

    def as_json(self) -> list:
        return [[list(p) for p in self.points], list(self.bar), list(self.off)]

    @classmethod
    def from_json(cls, data: list) -> "Change":
        return cls(tuple((int(i), int(d)) for i, d in data[0]), (int(data[1][0]), int(data[1][1])),
                   (int(data[2][0]), int(data[2][1])))


def carried(board: Board, chosen: Board, change: Change) -> Optional[Board]:
    """``board`` (believed now, after plays made since the choice) with the other result's checkers in place of the
    chosen one's, or None when the plays since then touched those checkers: a point the change touches must hold
    now what the chosen result left there (nobody moved onto it, off it, or hit there), and the bar and trays of
    the colours it moves must be as the chosen result left them. Only then is the other result, carried over,
    the board the game would stand at had the choice gone the other way."""
    if any(board.points[i] != chosen.points[i] for i, _ in change.points):
        return None
    if any(change.bar[k] and board.bar[k] != chosen.bar[k] for k in (0, 1)):
        return None
    if any(change.off[k] and board.off[k] != chosen.off[k] for k in (0, 1)):
        return None
    points = list(board.points)
    for i, d in change.points:
        points[i] += d
    bar = (board.bar[0] + change.bar[0], board.bar[1] + change.bar[1])
    off = (board.off[0] + change.off[0], board.off[1] + change.off[1])
    if min(bar) < 0 or min(off) < 0:
        return None
    return Board(tuple(points), bar, off, board.missing)
