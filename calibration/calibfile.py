"""The board calibration file that `bgref calibrate board` writes and `bgref read` and the daemon load.

One human-readable, versioned JSON file holds everything learnt from one photo of the starting position: where
the board is (geometry, and the lens when known), which colour sits where and moves which way, each player's
home board and right-hand half (where their dice must land), the checker size, and colour models of both checker
colours and both point colours. Loading it fails with one clear line naming the file and the problem.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from calibration.errors import CalibrationError
from calibration.geometry import BoardGeometry, GeometryError
from calibration.intrinsics import Intrinsics

CALIBRATION_VERSION = 1
SEATS = ("bottom", "top")
DIRECTIONS = ("ascending", "descending")
HALVES = ("left", "right")


class CalibrationFileError(CalibrationError):
    """A calibration file that is missing, unreadable, of another version or missing a field."""


@dataclass
class ColourModel:
    """A colour as the camera sees it: mean and covariance in OpenCV's 8-bit Lab, from n sampled pixels."""

    mean: list[float]
    cov: list[list[float]]
    n: int = 0

    def distance(self, lab: Any) -> float:
        """Mahalanobis distance of one Lab colour to this model (regularised: never singular)."""
        import numpy as np

        d = np.asarray(lab, float) - np.asarray(self.mean, float)
        cov = np.asarray(self.cov, float) + np.eye(3) * 4.0
        return float(math.sqrt(max(0.0, d @ np.linalg.solve(cov, d))))

    def to_dict(self) -> dict[str, Any]:
        return {"mean": [round(float(v), 2) for v in self.mean],
                "cov": [[round(float(v), 2) for v in row] for row in self.cov], "n": int(self.n)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "ColourModel":
        mean = [float(v) for v in d["mean"]]
        cov = [[float(v) for v in row] for row in d["cov"]]
        if len(mean) != 3 or len(cov) != 3 or any(len(r) != 3 for r in cov):
            raise ValueError("a colour model needs a 3-value mean and a 3x3 covariance")
        return cls(mean, cov, int(d.get("n", 0)))


@dataclass
class Calibration:
    """Everything `bgref read` and the daemon need to know about one board under one camera.

    Point numbers are geometric (see vision/observation.py). ``light_direction`` says whether the light
    checkers travel up (1 -> 24) or down (24 -> 1) the geometric numbering; dark always travels the other way.
    ``dice_half`` is each player's right-hand half as the image shows it ("left"/"right" of the bar).
    """

    geometry: BoardGeometry
    light_seat: str
    light_direction: str
    home: dict[str, list[int]]
    dice_half: dict[str, str]
    checker_diameter_px: float
    colours: dict[str, ColourModel] = field(default_factory=dict)  # light, dark, point_odd, point_even
    intrinsics: Optional[Intrinsics] = None
    board_size_cm: Optional[list[float]] = None
    tournament_size: Optional[bool] = None
    size_doubt: Optional[str] = None  # why the measured size may be off (the board's outline was doubted)
    # how the size was measured (calibration.size.SizeView.to_dict: focal length and lens sources, frame height
    # assumed or given): what a tournament director needs to judge a size near a bound
    size_how: Optional[dict[str, Any]] = None
    start_slips: list[str] = field(default_factory=list)  # counter slips forgiven when matching the start
    source: Optional[str] = None
    created: Optional[str] = None
    version: int = CALIBRATION_VERSION

    def __post_init__(self) -> None:
        if self.light_seat not in SEATS:
            raise CalibrationFileError(f"light_seat must be one of {SEATS}, not {self.light_seat!r}")
        if self.light_direction not in DIRECTIONS:
            raise CalibrationFileError(f"light_direction must be one of {DIRECTIONS}, not {self.light_direction!r}")
        for who in ("light", "dark"):
            if self.dice_half.get(who) not in HALVES:
                raise CalibrationFileError(f"dice_half.{who} must be 'left' or 'right'")
            pts = self.home.get(who) or []
            if sorted(pts) not in ([1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], [13, 14, 15, 16, 17, 18],
                                   [19, 20, 21, 22, 23, 24]):
                raise CalibrationFileError(f"home.{who} must be one quarter of the board, got {pts}")

    @property
    def dark_seat(self) -> str:
        return "top" if self.light_seat == "bottom" else "bottom"

    # ----------------------------------------------------------------------------------------------- file form
    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "kind": "bgref board calibration",
            "source": self.source,
            "created": self.created,
            "light_seat": self.light_seat,
            "dark_seat": self.dark_seat,
            "light_direction": self.light_direction,
            "home": {k: list(v) for k, v in self.home.items()},
            "dice_half": dict(self.dice_half),
            "checker_diameter_px": round(float(self.checker_diameter_px), 2),
            "board_size_cm": None if self.board_size_cm is None else [round(float(v), 1) for v in self.board_size_cm],
            "tournament_size": self.tournament_size,
            "board_size_doubt": self.size_doubt,
            "board_size_how": None if self.size_how is None else dict(self.size_how),
            "start_slips": list(self.start_slips),
            "colours": {k: v.to_dict() for k, v in self.colours.items()},
            "intrinsics": None if self.intrinsics is None else self.intrinsics.to_dict(),
            "geometry": self.geometry.to_dict(),
        }

    def save(self, path: str | Path) -> None:
        path = Path(path)
        try:
            path.write_text(json.dumps(self.to_dict(), indent=1) + "\n")
        except OSError as exc:
            raise CalibrationFileError(f"{path}: cannot write the calibration file ({exc.strerror})") from None

    @classmethod
    def from_dict(cls, d: Any, where: str = "calibration") -> "Calibration":
        if not isinstance(d, dict):
            raise CalibrationFileError(f"{where}: not a calibration (expected a JSON object)")
        version = d.get("version")
        if version != CALIBRATION_VERSION:
            raise CalibrationFileError(f"{where}: calibration version {version!r}; this bgref reads version "
                                       f"{CALIBRATION_VERSION} (run `bgref calibrate board` again)")
        try:
            intr = Intrinsics.from_dict(d["intrinsics"]) if d.get("intrinsics") else None
            geometry = BoardGeometry.from_dict(d["geometry"])
            if intr is not None and geometry.intrinsics is None:
                geometry.intrinsics = intr
            return cls(
                geometry=geometry,
                light_seat=d["light_seat"],
                light_direction=d["light_direction"],
                home={k: [int(p) for p in v] for k, v in d["home"].items()},
                dice_half=dict(d["dice_half"]),
                checker_diameter_px=float(d["checker_diameter_px"]),
                colours={k: ColourModel.from_dict(v) for k, v in (d.get("colours") or {}).items()},
                intrinsics=intr,
                board_size_cm=d.get("board_size_cm"),
                tournament_size=d.get("tournament_size"),
                size_doubt=d.get("board_size_doubt"),
                size_how=dict(d["board_size_how"]) if isinstance(d.get("board_size_how"), dict) else None,
                start_slips=[str(x) for x in d.get("start_slips") or []],
                source=d.get("source"),
                created=d.get("created"),
                version=version,
            )
        except KeyError as exc:
            raise CalibrationFileError(f"{where}: missing field {exc.args[0]!r}") from None
        except (GeometryError, CalibrationFileError) as exc:
            raise CalibrationFileError(f"{where}: {exc}") from None
        except (TypeError, ValueError, AttributeError) as exc:
            raise CalibrationFileError(f"{where}: bad value ({exc})") from None

    @classmethod
    def load(cls, path: str | Path) -> "Calibration":
        path = Path(path)
        try:
            text = path.read_text()
        except FileNotFoundError:
            raise CalibrationFileError(f"{path}: no such calibration file (make one with `bgref calibrate board`)"
                                       ) from None
        except IsADirectoryError:
            raise CalibrationFileError(f"{path}: is a folder, not a calibration file") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise CalibrationFileError(f"{path}: cannot read the calibration file ({exc})") from None
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise CalibrationFileError(f"{path}: not valid JSON (line {getattr(exc, 'lineno', '?')}): the file "
                                       "is corrupt") from None
        return cls.from_dict(data, where=str(path))


def load(path: str | Path) -> Calibration:
    """Module-level loader (``calibration.calibfile.load``)."""
    return Calibration.load(path)
