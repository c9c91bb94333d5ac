"""A backgammon position, seen from the side on roll.

Each side's checkers are counted in that side's own numbering: point 1 is its ace point (the last point before
bearing off) and it moves from 24 toward 1, exactly as GNU Backgammon stores a board (``anBoard[side][0..24]``,
index 24 being the bar). A point ``p`` of one side is point ``25 - p`` of the other. Checkers borne off are not
stored: they are whatever is missing from 15.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Iterable, Mapping

from rules.errors import InvalidPosition, InvalidPositionID

CHECKERS = 15
BAR = 24  # index of the bar in a side's 25 counts
POINTS = 24

# The standard starting position in each side's own numbering: 2 on the 24, 5 on the 13, 3 on the 8, 5 on the 6.
START_POINTS: Mapping[int, int] = {24: 2, 13: 5, 8: 3, 6: 5}


def _side_from_mapping(points: Mapping[int, int], bar: int) -> tuple[int, ...]:
    side = [0] * 25
    for point, count in points.items():
        if not 1 <= point <= POINTS:
            raise InvalidPosition(f"point {point} is not a point (1-24)")
        side[point - 1] = count
    side[BAR] = bar
    return tuple(side)


@dataclass(frozen=True, slots=True)
class Position:
    """Checkers of the side on roll (``player``) and of the other side (``opponent``).

    ``player[i]`` is the number of the mover's checkers on its point ``i + 1``; ``player[24]`` those on the bar.
    The same for ``opponent`` in the opponent's own numbering. Immutable and hashable, so positions can be
    collected in sets (two plays that reach the same position are one result).
    """

    player: tuple[int, ...]
    opponent: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", tuple(int(n) for n in self.player))
        object.__setattr__(self, "opponent", tuple(int(n) for n in self.opponent))
        self.validate()

    @classmethod
    def _unchecked(cls, player: tuple[int, ...], opponent: tuple[int, ...]) -> "Position":
        """Build without validation: for the move generator, whose results are valid by construction."""
        pos = object.__new__(cls)
        object.__setattr__(pos, "player", player)
        object.__setattr__(pos, "opponent", opponent)
        return pos

    # ----------------------------------------------------------------------------------------------- building
    @classmethod
    def start(cls) -> "Position":
        """The standard starting position."""
        side = _side_from_mapping(START_POINTS, 0)
        return cls(side, side)

    @classmethod
    def from_points(
        cls,
        player: Mapping[int, int],
        opponent: Mapping[int, int],
        player_bar: int = 0,
        opponent_bar: int = 0,
    ) -> "Position":
        """Build from ``{point: count}`` maps, each side in its own numbering; the rest are borne off."""
        return cls(_side_from_mapping(player, player_bar), _side_from_mapping(opponent, opponent_bar))

    def validate(self) -> None:
        """Raise :class:`InvalidPosition` naming the first thing that cannot be on a real board."""
        for name, side in (("player on roll", self.player), ("opponent", self.opponent)):
            if len(side) != 25:
                raise InvalidPosition(f"{name}: expected 25 counts (points 1-24 and the bar), got {len(side)}")
            for i, n in enumerate(side):
                if n < 0:
                    where = "the bar" if i == BAR else f"point {i + 1}"
                    raise InvalidPosition(f"{name}: {n} checkers on {where}")
            total = sum(side)
            if total > CHECKERS:
                raise InvalidPosition(f"{name} has {total} checkers on the board and bar; a side has {CHECKERS}")
        for p in range(1, POINTS + 1):
            if self.player[p - 1] and self.opponent[POINTS - p]:
                raise InvalidPosition(
                    f"point {p} (the opponent's {25 - p}) holds checkers of both colours: "
                    f"{self.player[p - 1]} of the player on roll and {self.opponent[POINTS - p]} of the opponent"
                )

    # ------------------------------------------------------------------------------------------------ queries
    @property
    def player_off(self) -> int:
        """Checkers the side on roll has borne off."""
        return CHECKERS - sum(self.player)

    @property
    def opponent_off(self) -> int:
        return CHECKERS - sum(self.opponent)

    @property
    def player_bar(self) -> int:
        return self.player[BAR]

    @property
    def opponent_bar(self) -> int:
        return self.opponent[BAR]

    def pip_count(self) -> tuple[int, int]:
        """Pips each side still has to travel: (side on roll, opponent). A checker on the bar counts 25."""
        return (
            sum((i + 1) * n for i, n in enumerate(self.player)),
            sum((i + 1) * n for i, n in enumerate(self.opponent)),
        )

    def swap(self) -> "Position":
        """The same board with the other side on roll."""
        return Position._unchecked(self.opponent, self.player)

    def is_game_over(self) -> bool:
        return self.player_off == CHECKERS or self.opponent_off == CHECKERS

    # ---------------------------------------------------------------------------------------- Position ID
    def position_id(self) -> str:
        """GNU Backgammon's 14-character Position ID.

        As the program writes it (not as its manual's prose says): the side NOT on roll is encoded first, then the
        side on roll; for each side, points 1..24 then the bar, each as that many 1-bits followed by a 0-bit,
        packed little-endian into 10 bytes, base64 without padding.
        """
        bits = "".join(["1" * n + "0" for n in self.opponent + self.player])
        key = int(bits[::-1], 2).to_bytes(10, "little")  # bit k of the key is the k-th bit written
        return base64.b64encode(key).decode("ascii")[:14]

    @classmethod
    def from_position_id(cls, position_id: str) -> "Position":
        """Decode a Position ID; raise :class:`InvalidPositionID` (or :class:`InvalidPosition`) naming the fault."""
        text = position_id.strip()
        if text.startswith("Position ID:"):
            text = text[len("Position ID:"):].strip()
        if len(text) != 14:
            raise InvalidPositionID(f"Position ID {position_id!r} has {len(text)} characters; it needs 14")
        try:
            key = base64.b64decode(text + "==", validate=True)
        except (ValueError, TypeError):
            raise InvalidPositionID(f"Position ID {position_id!r} is not base64") from None
        sides: list[list[int]] = [[0] * 25, [0] * 25]
        side, slot = 0, 0
        for bit in range(80):
            if side == 2:
                break
            if key[bit >> 3] >> (bit & 7) & 1:
                sides[side][slot] += 1
            else:
                slot += 1
                if slot == 25:
                    side, slot = side + 1, 0
        if side != 2:
            raise InvalidPositionID(f"Position ID {position_id!r} does not describe two sides of 25 slots")
        try:
            return cls(tuple(sides[1]), tuple(sides[0]))
        except InvalidPosition as exc:
            raise InvalidPosition(f"Position ID {position_id!r}: {exc}") from None

    # ------------------------------------------------------------------------------------------- text diagram
    def __str__(self) -> str:
        """A board diagram from the side on roll (X, moving toward point 1 at the bottom right); O is the opponent."""
        rows = 5

        def cell(p: int, depth: int) -> str:
            mine, theirs = self.player[p - 1], self.opponent[POINTS - p]
            n, mark = (mine, "X") if mine else (theirs, "O")
            if n <= depth:
                return " . " if depth == 0 else "   "
            if depth == rows - 1 and n > rows:
                return f"{n:^3}"
            return f" {mark} "

        def line(points: Iterable[int], depth: int) -> str:
            pts = list(points)
            return "|" + "".join(cell(p, depth) for p in pts[:6]) + "|   |" + "".join(cell(p, depth) for p in pts[6:]) + "|"

        top = list(range(13, 25))
        bottom = list(range(12, 0, -1))
        pips = self.pip_count()
        out = [
            " " + "".join(f"{p:^3}" for p in top[:6]) + "     " + "".join(f"{p:^3}" for p in top[6:]),
            "+" + "-" * 18 + "+---+" + "-" * 18 + "+",
        ]
        out += [line(top, d) for d in range(rows)]
        out.append("|" + " " * 18 + "|BAR|" + " " * 18 + f"|  X bar {self.player_bar}  O bar {self.opponent_bar}")
        out += [line(bottom, d) for d in reversed(range(rows))]
        out.append("+" + "-" * 18 + "+---+" + "-" * 18 + "+")
        out.append(" " + "".join(f"{p:^3}" for p in bottom[:6]) + "     " + "".join(f"{p:^3}" for p in bottom[6:]))
        out.append(
            f"X (on roll): pips {pips[0]}, off {self.player_off}   O: pips {pips[1]}, off {self.opponent_off}"
            f"   Position ID {self.position_id()}"
        )
        return "\n".join(out)
