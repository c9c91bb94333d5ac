"""What a finished game is worth, under the two rulesets the referee knows.

* ``standard``: single game 1, gammon 2 (the loser has borne off none), backgammon 3 (the loser has borne off none
  and still has a checker on the bar or in the winner's home board), all times the doubling cube.
* ``club``: the club's simplified scoring, no cube. 3 points if the loser still has a checker in the winner's home
  board or on the bar, 2 if (failing that) one in either outer board, 1 otherwise. Borne-off checkers do not
  matter: a loser who has borne off none but has every checker in his own home board gets the winner 1 point,
  exactly as the club's text says ("1 otherwise").

Boards are read in the loser's own numbering (:mod:`rules.position`): his home board is his points 1-6, his outer
board 7-12, the winner's outer board his 13-18, the winner's home board his 19-24, the bar index 24.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple, Sequence, Union

from rules.errors import RulesError
from rules.position import BAR, CHECKERS, Position


class Ruleset(str, Enum):
    """Which scoring the match uses; chosen by configuration."""

    STANDARD = "standard"
    CLUB = "club"

    @classmethod
    def parse(cls, value: "str | Ruleset") -> "Ruleset":
        """Read a configuration value; raise :class:`RulesError` naming the bad value and the choices."""
        if isinstance(value, Ruleset):
            return value
        text = str(value).strip().lower()
        for member in cls:
            if member.value == text:
                return member
        choices = ", ".join(m.value for m in cls)
        raise RulesError(f"ruleset {value!r} is not one of: {choices}")

    @property
    def uses_cube(self) -> bool:
        return self is Ruleset.STANDARD


# result kinds
SINGLE = "single"
GAMMON = "gammon"
BACKGAMMON = "backgammon"
# club kinds, named after where the loser's rearmost checker still is
CLUB_HOME = "home"  # winner's home board or the bar: 3
CLUB_OUTER = "outer"  # either outer board: 2
CLUB_SINGLE = "single"  # only in his own home board (or all off): 1

STANDARD_MULTIPLIER = {SINGLE: 1, GAMMON: 2, BACKGAMMON: 3}
CLUB_POINTS = {CLUB_HOME: 3, CLUB_OUTER: 2, CLUB_SINGLE: 1}


class GameResult(NamedTuple):
    """``(kind, points)``: unpacks like the pair the design card names."""

    kind: str
    points: int


Sides = tuple[Sequence[int], Sequence[int]]


def _loser_side(final: Union[Position, Sides]) -> Sequence[int]:
    """The loser's 25 counts, from a finished Position or a (winner, loser) pair of 25-count sides."""
    if isinstance(final, Position):
        player_done = final.player_off == CHECKERS
        opponent_done = final.opponent_off == CHECKERS
        if player_done == opponent_done:
            state = "both sides have" if player_done else "neither side has"
            raise RulesError(f"cannot score the game: {state} borne off all {CHECKERS} checkers")
        return final.opponent if player_done else final.player
    try:
        winner, loser = final
    except (TypeError, ValueError):
        raise RulesError("a final board must be a Position or a (winner, loser) pair of sides") from None
    for name, side in (("winner", winner), ("loser", loser)):
        if len(side) != 25:
            raise RulesError(f"{name}'s side has {len(side)} counts; it needs 25 (points 1-24 and the bar)")
    if sum(winner) != 0:
        raise RulesError(f"the winner still has {sum(winner)} checkers on the board")
    if sum(loser) == 0:
        raise RulesError("the loser has borne off all his checkers too")
    return loser


def _standard_kind(loser: Sequence[int]) -> str:
    if CHECKERS - sum(loser) > 0:
        return SINGLE
    if loser[BAR] or any(loser[18:24]):
        return BACKGAMMON
    return GAMMON


def _club_kind(loser: Sequence[int]) -> str:
    if loser[BAR] or any(loser[18:24]):
        return CLUB_HOME
    if any(loser[6:18]):
        return CLUB_OUTER
    return CLUB_SINGLE


def game_result(
    final: Union[Position, Sides],
    cube: int = 1,
    ruleset: "Ruleset | str" = Ruleset.STANDARD,
    *,
    count_gammons: bool = True,
) -> GameResult:
    """Kind and points of a game won by bearing off.

    ``final`` is the board when the game ended: a :class:`Position` (the side that has borne off all 15 is the
    winner) or a ``(winner_side, loser_side)`` pair of 25 counts, each in its own numbering. ``cube`` is the cube
    value (standard rules only; club rules have no cube and refuse one above 1). ``count_gammons=False`` is the
    Jacoby rule in money play with the cube never turned: every win counts single.
    """
    rules = Ruleset.parse(ruleset)
    loser = _loser_side(final)
    if rules is Ruleset.CLUB:
        if cube != 1:
            raise RulesError(f"club rules have no doubling cube, but the cube is at {cube}")
        kind = _club_kind(loser)
        return GameResult(kind, CLUB_POINTS[kind])
    check_cube_value(cube)
    kind = _standard_kind(loser) if count_gammons else SINGLE
    return GameResult(kind, STANDARD_MULTIPLIER[kind] * cube)


def resignation_points(kind: str, cube: int = 1, ruleset: "Ruleset | str" = Ruleset.STANDARD) -> int:
    """Points of an accepted resignation of ``kind`` (single/gammon/backgammon, or the club kinds)."""
    rules = Ruleset.parse(ruleset)
    if rules is Ruleset.CLUB:
        table = {**CLUB_POINTS, GAMMON: 2, BACKGAMMON: 3}
        if kind not in table:
            raise RulesError(f"cannot resign {kind!r} under club rules; choose one of {', '.join(table)}")
        return table[kind]
    if kind not in STANDARD_MULTIPLIER:
        raise RulesError(f"cannot resign {kind!r}; choose single, gammon or backgammon")
    check_cube_value(cube)
    return STANDARD_MULTIPLIER[kind] * cube


def check_cube_value(cube: int) -> None:
    if cube < 1 or cube & (cube - 1):
        raise RulesError(f"cube value {cube} is not a power of two")


@dataclass
class Tally:
    """Running points per player: a session's totals, or a match's score."""

    points: list[int] = field(default_factory=lambda: [0, 0])

    def add(self, winner: int, points: int) -> None:
        if winner not in (0, 1):
            raise RulesError(f"player {winner} does not exist; players are 0 and 1")
        if points < 0:
            raise RulesError(f"a game cannot be worth {points} points")
        self.points[winner] += points

    def __getitem__(self, player: int) -> int:
        return self.points[player]

    def as_tuple(self) -> tuple[int, int]:
        return (self.points[0], self.points[1])


def session_totals(results: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """Total points per player from ``(winner, points)`` pairs: the club's session total."""
    tally = Tally()
    for winner, points in results:
        tally.add(winner, points)
    return tally.as_tuple()
