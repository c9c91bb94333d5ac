"""What one camera frame shows: the observation `bgref read` prints and the daemon consumes.

Numbering is geometric (no player knowledge): with the board's long sides horizontal in the image, point 1 is
the bottom-right point of the playing area, points 1-12 run right to left along the bottom (1-6 right of the
bar), 13-24 run left to right along the top (19-24 right of the bar). Counts are +n for the light colour (the one
of higher luminance), -n for dark, 0 for empty, None for a point that cannot be seen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional


@dataclass
class BoardInfo:
    found: bool
    corners: Optional[list[list[float]]] = None  # outer frame TL, TR, BR, BL in image pixels
    size_cm: Optional[list[float]] = None
    tournament_size: Optional[bool] = None

    def to_dict(self) -> dict[str, Any]:
        if not self.found:
            return {"found": False}
        return {
            "found": True,
            "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in (self.corners or [])],
            "size_cm": None if self.size_cm is None else [round(float(v), 1) for v in self.size_cm],
            "tournament_size": self.tournament_size,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "BoardInfo":
        return cls(
            found=bool(d.get("found")),
            corners=d.get("corners"),
            size_cm=d.get("size_cm"),
            tournament_size=d.get("tournament_size"),
        )


@dataclass
class DieReading:
    value: Optional[int]  # 1-6, or None when the pips cannot be counted
    flat: bool
    center: list[float]  # image pixels
    half: Optional[str] = None  # "left" | "right" of the bar as the image shows it; None outside the board
    # how clean the face's pips are (0-1, vision.dice_sure); None: not said (a label, a scripted scene): taken as sure
    confidence: Optional[float] = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "value": self.value,
            "flat": self.flat,
            "center": [round(float(self.center[0]), 1), round(float(self.center[1]), 1)],
        }
        if self.half is not None:
            d["half"] = self.half
        if self.confidence is not None:
            d["confidence"] = round(float(self.confidence), 2)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "DieReading":
        conf = d.get("confidence")
        return cls(value=d.get("value"), flat=bool(d.get("flat")), center=list(d.get("center") or [0, 0]),
                   half=d.get("half"), confidence=None if conf is None else float(conf))


@dataclass
class CubeReading:
    value: int  # 2, 4, ..., 64 (the 64/logo face when centred)
    center: list[float]

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "center": [round(float(self.center[0]), 1), round(float(self.center[1]), 1)]}


@dataclass
class Observation:
    """One frame's reading. ``to_dict`` gives exactly the JSON shape of `bgref read --json`."""

    board: BoardInfo
    points: list[Optional[int]] = field(default_factory=lambda: [0] * 24)  # index 0 = point 1
    bar: dict[str, int] = field(default_factory=lambda: {"light": 0, "dark": 0})
    off: dict[str, Optional[int]] = field(default_factory=lambda: {"light": None, "dark": None})
    dice: list[DieReading] = field(default_factory=list)
    cube: Optional[CubeReading] = None
    warnings: list[str] = field(default_factory=list)
    image: Optional[str] = None
    extra: dict[str, Any] = field(default_factory=dict)  # additional fields (timings, confidences, ...)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        if self.image is not None:
            d["image"] = self.image
        d.update(
            board=self.board.to_dict(),
            points=list(self.points),
            bar=dict(self.bar),
            off=dict(self.off),
            dice=[die.to_dict() for die in self.dice],
            cube=None if self.cube is None else self.cube.to_dict(),
            warnings=list(self.warnings),
        )
        d.update(self.extra)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Observation":
        """Read an observation or a label file of the same shape (extra label fields land in ``extra``)."""
        known = {"image", "board", "points", "bar", "off", "dice", "cube", "warnings"}
        cube = d.get("cube")
        return cls(
            board=BoardInfo.from_dict(d.get("board") or {"found": False}),
            points=list(d.get("points") or [0] * 24),
            bar=dict(d.get("bar") or {"light": 0, "dark": 0}),
            off=dict(d.get("off") or {"light": None, "dark": None}),
            dice=[DieReading.from_dict(x) for x in d.get("dice") or []],
            cube=None if not cube else CubeReading(int(cube["value"]), list(cube.get("center") or [0, 0])),
            warnings=list(d.get("warnings") or []),
            image=d.get("image"),
            extra={k: v for k, v in d.items() if k not in known},
        )

    def light_total(self) -> int:
        return sum(n for n in self.points if n and n > 0) + self.bar["light"] + (self.off["light"] or 0)

    def dark_total(self) -> int:
        return -sum(n for n in self.points if n and n < 0) + self.bar["dark"] + (self.off["dark"] or 0)
