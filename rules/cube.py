"""The doubling cube: its value, who owns it, and whether a double may be offered, taken or passed.

Only the owner, or either player while the cube is centred, may double; a double is offered before rolling (the
game checks that part, the cube does not know about dice); never in the Crawford game; never past the highest
value (64 on a physical cube). After a take the taker owns the cube at twice the value; after a pass the doubler
wins the game at the value before the double.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from rules.errors import RulesError

MAX_CUBE = 64


class CubeError(RulesError):
    """A cube action the rules do not allow; the message says why."""


def _check_player(player: int) -> None:
    if player not in (0, 1):
        raise CubeError(f"player {player} does not exist; players are 0 and 1")


@dataclass(frozen=True, slots=True)
class Cube:
    """Cube state. ``owner`` is None while centred; ``offered_by`` is the doubler while a double awaits an answer."""

    value: int = 1
    owner: Optional[int] = None
    offered_by: Optional[int] = None
    max_value: int = MAX_CUBE

    def __post_init__(self) -> None:
        if self.value < 1 or self.value & (self.value - 1) or self.value > self.max_value:
            raise CubeError(f"cube value {self.value} is not a power of two from 1 to {self.max_value}")
        if self.owner is not None:
            _check_player(self.owner)
        if self.offered_by is not None:
            _check_player(self.offered_by)

    @property
    def centred(self) -> bool:
        return self.owner is None

    @property
    def offered(self) -> bool:
        return self.offered_by is not None

    def why_not_double(self, player: int, *, crawford: bool = False) -> Optional[str]:
        """None if ``player`` may double now, else the reason (for the referee to say)."""
        _check_player(player)
        if crawford:
            return "no doubling in the Crawford game"
        if self.offered:
            return f"a double by player {self.offered_by} is already waiting for an answer"
        if self.owner is not None and self.owner != player:
            return f"player {self.owner} owns the cube; only the owner may double"
        if self.value * 2 > self.max_value:
            return f"the cube is at {self.value}; it cannot go past {self.max_value}"
        return None

    def may_double(self, player: int, *, crawford: bool = False) -> bool:
        return self.why_not_double(player, crawford=crawford) is None

    def offer(self, player: int, *, crawford: bool = False) -> "Cube":
        """``player`` doubles; the cube value changes only when the double is taken."""
        reason = self.why_not_double(player, crawford=crawford)
        if reason:
            raise CubeError(f"player {player} cannot double: {reason}")
        return replace(self, offered_by=player)

    def _check_answer(self, player: int, action: str) -> None:
        _check_player(player)
        if not self.offered:
            raise CubeError(f"player {player} cannot {action}: no double has been offered")
        if player == self.offered_by:
            raise CubeError(f"player {player} cannot {action} his own double")

    def take(self, player: int) -> "Cube":
        """``player`` takes: he owns the cube at twice the value."""
        self._check_answer(player, "take")
        return replace(self, value=self.value * 2, owner=player, offered_by=None)

    def pass_(self, player: int) -> int:
        """``player`` passes (drops): returns the points the doubler wins, the value before the double."""
        self._check_answer(player, "pass")
        return self.value

    drop = pass_
