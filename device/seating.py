"""Who sits where: the map between the image's geometric point numbers and each player's own numbering.

The camera numbers points geometrically (vision/observation.py). A player's own point p (1 = ace point) is a
geometric point that depends on which corner holds the light player's home board. The starting position tells:
each colour's two back checkers stand on the other colour's ace point, so exactly one of the four possible
layouts matches a correct starting position. The player whose home board is along the bottom edge sits there.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Optional

from device.errors import DeviceError
from rules.position import CHECKERS, START_POINTS, Position
from vision.observation import Observation

COLOURS = ("light", "dark")
HOMES = ("bottom-right", "bottom-left", "top-right", "top-left")


def other(colour: str) -> str:
    return "dark" if colour == "light" else "light"


@functools.lru_cache(maxsize=None)
def _light_path(home: str) -> tuple[int, ...]:
    """Geometric point of the light player's own point p, for p = 1..24 (index p - 1). Kept per corner (four at
    most, an immutable tuple): ``Seating.geometric`` asks for it once per point, 48 times for every position the
    referee matches, and building it each time cost about 1.6% of a replay's CPU (game 54434, py-spy)."""
    if home == "bottom-right":  # light moves 24 -> 1 exactly along the geometric numbering
        return tuple(range(1, 25))
    if home == "bottom-left":
        return tuple(13 - p if p <= 12 else 37 - p for p in range(1, 25))
    if home == "top-right":
        return tuple(25 - p for p in range(1, 25))
    if home == "top-left":
        return tuple(p + 12 if p <= 12 else p - 12 for p in range(1, 25))
    raise DeviceError(f"seating: unknown home board corner {home!r} (one of {', '.join(HOMES)})")


@dataclass(frozen=True)
class Board:
    """The checkers a still frame shows, geometric: +n light, -n dark per point; bar and off per colour."""

    points: tuple[int, ...]
    bar: tuple[int, int]  # light, dark
    off: tuple[int, int]  # light, dark (inferred from 15 when the tray cannot be seen)
    missing: tuple[int, int] = (0, 0)  # checkers of each colour seen nowhere (knocked off the board)

    @classmethod
    def from_observation(cls, obs: Observation) -> Optional["Board"]:
        """None when a point is unreadable or a colour shows more than 15 checkers."""
        if not obs.board.found or len(obs.points) != 24 or any(n is None for n in obs.points):
            return None
        points = tuple(int(n) for n in obs.points)
        bar = (int(obs.bar.get("light") or 0), int(obs.bar.get("dark") or 0))
        on = (sum(n for n in points if n > 0) + bar[0], -sum(n for n in points if n < 0) + bar[1])
        off = []
        missing = []
        for i, colour in enumerate(COLOURS):
            seen = obs.off.get(colour)
            if on[i] > CHECKERS:
                return None
            if seen is None:
                off.append(CHECKERS - on[i])
                missing.append(0)
            else:
                seen = int(seen)
                if on[i] + seen > CHECKERS:
                    return None
                off.append(seen)
                missing.append(CHECKERS - on[i] - seen)
        return cls(points, bar, (off[0], off[1]), (missing[0], missing[1]))

    def same_checkers(self, other: "Board") -> bool:
        return self.points == other.points and self.bar == other.bar and self.off == other.off


@dataclass(frozen=True)
class Seating:
    """Which corner holds the light player's home board; everything else follows from it."""

    light_home: str

    def __post_init__(self) -> None:
        _light_path(self.light_home)

    @property
    def light_seat(self) -> str:
        """Where the light player sits, as the image shows it: "bottom" or "top"."""
        return self.light_home.split("-")[0]

    def seat(self, colour: str) -> str:
        seat = self.light_seat
        return seat if colour == "light" else ("top" if seat == "bottom" else "bottom")

    def right_half(self, colour: str) -> str:
        """The image half ("left"/"right") on the player's right hand: the bottom player sees the image as is."""
        return "right" if self.seat(colour) == "bottom" else "left"

    def roller_of_half(self, half: Optional[str]) -> Optional[str]:
        """The colour whose right-hand half this image half is."""
        for colour in COLOURS:
            if half is not None and self.right_half(colour) == half:
                return colour
        return None

    def geometric(self, colour: str, point: int) -> int:
        """The geometric point number of ``colour``'s own point ``point`` (1-24)."""
        path = _light_path(self.light_home)
        return path[point - 1] if colour == "light" else path[24 - point]

    def position(self, board: Board, mover: str) -> Position:
        """The board as a Position with ``mover`` on roll (each side in its own numbering)."""
        sides = {}
        for colour, sign, bar in (("light", 1, board.bar[0]), ("dark", -1, board.bar[1])):
            counts = []
            for p in range(1, 25):
                n = board.points[self.geometric(colour, p) - 1] * sign
                counts.append(n if n > 0 else 0)
            counts.append(bar)
            sides[colour] = tuple(counts)
        return Position(sides[mover], sides[other(mover)])

    def board(self, position: Position, mover: str, off_seen: bool = True) -> Board:
        """The geometric board of a Position with ``mover`` on roll (the inverse of :meth:`position`)."""
        points = [0] * 24
        sides = {mover: position.player, other(mover): position.opponent}
        for colour, sign in (("light", 1), ("dark", -1)):
            for p in range(1, 25):
                n = sides[colour][p - 1]
                if n:
                    points[self.geometric(colour, p) - 1] = sign * n
        bar = (sides["light"][24], sides["dark"][24])
        off = (CHECKERS - sum(sides["light"]), CHECKERS - sum(sides["dark"]))
        return Board(tuple(points), bar, off)

    @classmethod
    def from_start(cls, board: Board, light_seat: Optional[str] = None) -> Optional["Seating"]:
        """The seating under which ``board`` is the standard starting position, or None. ``light_seat`` ("bottom",
        "top", or a home corner like "bottom-right" from a calibration) keeps only the seatings it allows."""
        start = Position.start()
        for home in HOMES:
            seating = cls(home)
            if light_seat and light_seat not in (seating.light_seat, seating.light_home):
                continue
            if board.bar != (0, 0) or board.off != (0, 0):
                return None
            if seating.board(start, "light").points == board.points:
                return seating
        return None


def is_start(board: Board, seating: Seating) -> bool:
    return board.same_checkers(seating.board(Position.start(), "light"))


BACK_STACK = 2  # the start's back checkers: a stack this tall may be read as none (see start_read_short)
SHORT_STACK = 3  # a start stack this tall may be read short (its checkers overlap, a dark one merges with the bar)
MIN_START_SEEN = 20  # of the 30 checkers, as calibration.start.MIN_SEEN: fewer seen is too little to call it the start


def start_read_short(points: tuple, unsure: set[int], start: tuple[int, ...], most_doubt: int) -> Optional[set[int]]:
    """Whether a reading of the 24 points may show the starting position ``start`` (geometric counts) although
    the reader counted some of its stacks short with confidence; the colours read short (+1 light, -1 dark), or
    None when it may not.

    Why: a reader that misses checkers of a stack (dark checkers beside a dark bar, a 5-stack whose lower
    checkers hide in perspective) counts the start short on a sure point, and a referee that never sees the
    start never starts (g515/h515: dark's 7-point 5-stack read as one). A miss is taken for a miss, never for a
    move: every point the reader is sure of holds the start's colour and at most the start's count, a short
    point is a stack of SHORT_STACK or more still read with a checker of its colour (a 2-stack read 1 may be a
    back checker that ran) or, on one point at most, the back checkers read as none (both cannot have run
    without a checker showing elsewhere), a colour read short shows no checker on any other point (where a moved
    one could have gone), at most ``most_doubt`` unsure points differ, and most of the 30 checkers are seen."""
    short: set[int] = set()
    doubt = 0
    back_gone = False
    for i, (n, want) in enumerate(zip(points, start)):
        if n == want:
            continue
        if n is None or i + 1 in unsure:
            doubt += 1
            continue
        if abs(want) >= SHORT_STACK and n * want > 0 and abs(n) < abs(want):
            short.add(1 if want > 0 else -1)
            continue
        if abs(want) == BACK_STACK and n == 0 and not back_gone:
            # the back checkers (the start's one 2-stack of each colour) read as none on a sure point: both
            # missed, beside the tray or in the board's shadow (game 3737, the whole game). Both cannot have run
            # and left no checker anywhere else (checked below); one such point at most
            back_gone = True
            short.add(1 if want > 0 else -1)
            continue
        return None
    if doubt > most_doubt:
        return None
    for sign in short:
        if any(n is not None and n * sign > 0 and want * sign <= 0 for n, want in zip(points, start)):
            return None
    seen = sum(min(abs(n), abs(want)) for n, want in zip(points, start) if n is not None and n * want > 0)
    return short if seen >= MIN_START_SEEN else None


START_COUNTS = dict(START_POINTS)
