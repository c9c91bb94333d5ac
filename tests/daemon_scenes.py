"""Synthetic still scenes for daemon tests: a Position plus dice and cube, drawn as a geometric Observation.

Used to drive the game tracker exactly as the stabiliser would, without rendering: the tracker's decisions (who
rolls, which play, legal or not) are checked against the rules engine's own move generator.
"""

from __future__ import annotations

from typing import Iterator, Optional

from device.seating import Seating
from device.sources import Frame, Source
from rules.position import Position
from vision.observation import BoardInfo, CubeReading, DieReading, Observation

CORNERS = [[100.0, 100.0], [1100.0, 100.0], [1100.0, 700.0], [100.0, 700.0]]


def die(value: Optional[int], half: Optional[str], flat: bool = True) -> DieReading:
    x = {"right": 850.0, "left": 350.0, None: 1200.0}[half]
    return DieReading(value=value, flat=flat, center=[x, 400.0], half=half)


def scene(seating: Seating, position: Position, mover: str, dice: tuple = (), cube: Optional[tuple] = None,
          confidence: Optional[list] = None) -> Observation:
    """The observation of ``position`` (with ``mover`` on roll) under ``seating``; cube = (value, "top"|...)."""
    board = seating.board(position, mover)
    cube_reading = None
    if cube is not None:
        y = {"top": 160.0, "middle": 400.0, "bottom": 640.0}[cube[1]]
        cube_reading = CubeReading(cube[0], [600.0, y])
    extra = {}
    if confidence is not None:
        extra["point_confidence"] = confidence
    return Observation(
        board=BoardInfo(found=True, corners=CORNERS),
        points=list(board.points),
        bar={"light": board.bar[0], "dark": board.bar[1]},
        off={"light": board.off[0], "dark": board.off[1]},
        dice=list(dice),
        cube=cube_reading,
        extra=extra,
    )


class Driver:
    """Feeds scenes to a tracker with increasing frame numbers and collects the events."""

    def __init__(self, tracker, seating: Seating) -> None:
        self.tracker = tracker
        self.seating = seating
        self.frame = 0
        self.events: list[dict] = []

    def show(self, position: Position, mover: str, dice: tuple = (), cube: Optional[tuple] = None,
             **kw) -> list[dict]:
        self.frame += 5
        out = self.tracker.feed(scene(self.seating, position, mover, dice, cube, **kw), self.frame,
                                self.frame / 10)
        self.events.extend(out)
        return out

    def types(self) -> list[str]:
        return [e["type"] for e in self.events]


class SceneSource(Source):
    """Still scenes ``(position, mover, dice)`` as label-only frames (the oracle's way), each held for three frames,
    so the stabiliser accepts every scene."""

    def __init__(self, seating: Seating, scenes: list[tuple]) -> None:
        super().__init__()
        self.seating = seating
        self.scenes = scenes

    def frames(self) -> Iterator[Frame]:
        index = 0
        for position, mover, dice in self.scenes:
            label = scene(self.seating, position, mover, dice).to_dict()
            label["hands"] = False
            for _ in range(3):
                yield Frame(index, index / 10, None, label=dict(label, frame=index))
                index += 1
