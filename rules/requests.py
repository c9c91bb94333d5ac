"""Reading the requests `bgref plays` and `bgref judge` take: Position IDs and dice, as typed or as batch lines.

Why here: the same checks (a malformed ID, a die outside 1-6, an impossible position) must give the same one-line
message on the command line and in batch mode, and the daemon may reuse them; no I/O happens in this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from rules.errors import InvalidRoll, RulesError
from rules.position import Position


def parse_die(text: str, which: str = "die") -> int:
    """A die from text: an integer 1-6, else :class:`InvalidRoll` naming the value."""
    try:
        value = int(str(text).strip())
    except ValueError:
        raise InvalidRoll(f"{which} {text!r} is not a number from 1 to 6") from None
    if not 1 <= value <= 6:
        raise InvalidRoll(f"{which} {value} is outside 1-6")
    return value


def parse_dice(d1: str, d2: str) -> tuple[int, int]:
    return parse_die(d1, "first die"), parse_die(d2, "second die")


def parse_position(text: str, what: str = "position") -> Position:
    try:
        return Position.from_position_id(text)
    except RulesError as exc:
        raise type(exc)(f"{what}: {exc}") from None


@dataclass(frozen=True)
class Request:
    """One batch line: a position and dice, and for judging the observed position after the play."""

    position_id: str
    dice: tuple[int, int]
    before: Position
    after_id: Optional[str] = None
    after: Optional[Position] = None


def parse_request(line: str, with_after: bool) -> Request:
    """``POSITION_ID D1 D2`` (or ``BEFORE_ID D1 D2 AFTER_ID`` when ``with_after``); raises :class:`RulesError`."""
    fields = line.split()
    expected = 4 if with_after else 3
    shape = "BEFORE_ID D1 D2 AFTER_ID" if with_after else "POSITION_ID D1 D2"
    if len(fields) != expected:
        raise RulesError(f"expected {shape}, got {len(fields)} field{'s' if len(fields) != 1 else ''}")
    before = parse_position(fields[0], "before" if with_after else "position")
    dice = parse_dice(fields[1], fields[2])
    if with_after:
        return Request(fields[0], dice, before, fields[3], parse_position(fields[3], "after"))
    return Request(fields[0], dice, before)
