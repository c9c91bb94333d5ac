"""One game of backgammon as a small state machine, python-chess style: actions are pushed, and popped to undo.

The game keeps the board from the side on roll (:class:`Position`) and who that is (``turn``, player 0 or 1; the
daemon maps light and dark onto them). Its phases:

``opening``  waiting for the opening roll: one die each; equal dice roll again; the higher die moves first and
             plays both dice.
``roll``     the player on roll may double (standard rules), then rolls.
``doubled``  a double waits for the other player to take or pass.
``play``     the dice are rolled; the play is due.
``over``     finished: :attr:`Game.outcome` says who won, how, and for how many points.

Plays are given as the resulting :class:`Position` (seen from the mover, before the turn passes) or as a
``rules.moves.Play``. When the move generator is available the play is checked against the legal plays; a judge
that wants to record an illegal play that stood passes ``check=False``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Iterator, Optional, Union

from rules.cube import Cube, CubeError
from rules.errors import InvalidRoll, RulesError
from rules.matchid import GameState, MatchState
from rules.position import CHECKERS, Position
from rules.scoring import SINGLE, Ruleset, game_result, resignation_points
from rules.xgid import XGID


class IllegalAction(RulesError):
    """An action that does not fit the game's phase (rolling twice, playing before rolling, ...)."""


class IllegalPlay(RulesError):
    """A play that is not one of the legal plays for the dice."""


class Phase(str, Enum):
    OPENING = "opening"
    ROLL = "roll"
    DOUBLED = "doubled"
    PLAY = "play"
    OVER = "over"


# how a game ended
BEAROFF = "bearoff"
PASSED = "pass"
RESIGNED = "resign"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: ``winner`` scores ``points``; ``kind`` as in :mod:`rules.scoring`; ``how`` it ended."""

    winner: int
    kind: str
    points: int
    how: str
    cube: int = 1


@dataclass(frozen=True, slots=True)
class Action:
    """One entry of the game record.

    ``kind`` is ``opening`` (``player`` None on a tie, else the player who starts), ``roll``, ``play``, ``double``,
    ``take``, ``pass`` or ``resign``. ``dice`` for opening/roll/play; ``notation`` and ``position`` (the board after
    the play, from the mover) for play; ``cube`` the cube value after a double is taken / offered as doubled to;
    ``legal`` False for a play recorded with ``check=False`` that was not legal (None: not checked);
    ``steps`` the play's single-die moves ``(from, to, hit)`` in the mover's numbering (25 bar, 0 off), when known.
    """

    kind: str
    player: Optional[int]
    dice: Optional[tuple[int, int]] = None
    notation: Optional[str] = None
    position: Optional[Position] = None
    cube: Optional[int] = None
    resign_kind: Optional[str] = None
    legal: Optional[bool] = None
    steps: Optional[tuple[tuple[int, int, bool], ...]] = None


@dataclass(frozen=True, slots=True)
class _State:
    phase: Phase
    position: Position
    turn: int
    dice: Optional[tuple[int, int]]
    cube: Cube
    outcome: Optional[Outcome]


def _check_die(d: int) -> int:
    if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
        raise InvalidRoll(f"die {d!r} is not 1-6")
    return d


def _moves_module() -> Any:
    """The move generator, imported lazily (it is written separately); None while it does not exist."""
    try:
        from rules import moves  # noqa: WPS433
    except ImportError:
        return None
    return moves if hasattr(moves, "legal_plays") else None


Steps = tuple[tuple[int, int, bool], ...]


def _play_parts(play: Any) -> tuple[Position, Optional[str], Optional[Steps]]:
    """(resulting position from the mover, notation, single-die steps) of a ``rules.moves.Play`` or a Position.

    Steps are ``(from, to, hit)`` in the mover's numbering, 25 the bar and 0 off, as ``Play.moves`` holds them.
    """
    if isinstance(play, Position):
        return play, None, None
    after = getattr(play, "position", None)
    if not isinstance(after, Position):
        raise RulesError(f"a play must be a Position or a Play with a .position, not {type(play).__name__}")
    steps = tuple((m.from_point, m.to_point, bool(m.hit)) for m in getattr(play, "moves", ()))
    if not steps:
        return after, "", ()
    notation = play.notation() if callable(getattr(play, "notation", None)) else None
    return after, notation, steps


class Game:
    """A game from the opening roll (or from a set-up position) to its outcome, with undo."""

    def __init__(
        self,
        ruleset: Union[Ruleset, str] = Ruleset.STANDARD,
        *,
        crawford: bool = False,
        jacoby: bool = False,
        position: Optional[Position] = None,
        turn: Optional[int] = None,
        cube: Optional[Cube] = None,
    ) -> None:
        """A new game. Give ``position`` and ``turn`` to start from a set-up board (no opening roll)."""
        self.ruleset = Ruleset.parse(ruleset)
        self.crawford = crawford
        self.jacoby = jacoby
        if (position is None) != (turn is None):
            raise RulesError("a set-up game needs both the position and the player on roll")
        if turn is not None and turn not in (0, 1):
            raise RulesError(f"player {turn} does not exist; players are 0 and 1")
        cube = cube or Cube()
        if cube.value > 1 and not self.ruleset.uses_cube:
            raise RulesError("club rules have no doubling cube")
        if position is None:
            state = _State(Phase.OPENING, Position.start(), 0, None, cube, None)
        else:
            state = _State(Phase.ROLL, position, turn, None, cube, None)
        self._state = state
        self._stack: list[_State] = []
        self.actions: list[Action] = []

    @classmethod
    def resume(
        cls,
        position: Position,
        turn: int,
        *,
        dice: tuple[int, int] = (0, 0),
        cube: int = 1,
        cube_owner: Optional[int] = None,
        doubled: bool = False,
        ruleset: Union[Ruleset, str] = Ruleset.STANDARD,
        crawford: bool = False,
        jacoby: bool = False,
    ) -> "Game":
        """A game taken up mid-way (from a Position ID + Match ID, an XGID, a director's correction).

        ``position`` is seen from ``turn``, the player on roll (the doubler while ``doubled``); ``dice`` (0, 0)
        means not rolled yet.
        """
        if position.is_game_over():
            raise RulesError(f"position {position.position_id()} is already finished: nothing to resume")
        cube_state = Cube(cube, cube_owner, offered_by=turn if doubled else None)
        game = cls(ruleset, crawford=crawford, jacoby=jacoby, position=position, turn=turn, cube=cube_state)
        if doubled:
            if dice != (0, 0):
                raise RulesError("a double is offered before rolling, but dice are given")
            game._state = replace(game._state, phase=Phase.DOUBLED)
        elif dice != (0, 0):
            game._state = replace(game._state, phase=Phase.PLAY, dice=(_check_die(dice[0]), _check_die(dice[1])))
        return game

    # ------------------------------------------------------------------------------------------------- state
    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def position(self) -> Position:
        """The board from the side on roll (the doubler while a double waits; the winner once over)."""
        return self._state.position

    @property
    def turn(self) -> int:
        """The player on roll (0 or 1)."""
        return self._state.turn

    @property
    def dice(self) -> Optional[tuple[int, int]]:
        return self._state.dice

    @property
    def cube(self) -> Cube:
        return self._state.cube

    @property
    def outcome(self) -> Optional[Outcome]:
        return self._state.outcome

    @property
    def is_over(self) -> bool:
        return self._state.phase is Phase.OVER

    @property
    def winner(self) -> Optional[int]:
        return self._state.outcome.winner if self._state.outcome else None

    def board_for(self, player: int) -> Position:
        """The board seen from ``player``."""
        return self.position if player == self.turn else self.position.swap()

    def _push(self, action: Action, state: _State) -> None:
        self._stack.append(self._state)
        self.actions.append(action)
        self._state = state

    def pop(self) -> Action:
        """Undo the last action and return it."""
        if not self.actions:
            raise IllegalAction("nothing to undo: the game has no actions yet")
        self._state = self._stack.pop()
        return self.actions.pop()

    def _need(self, *phases: Phase, doing: str) -> None:
        if self.phase not in phases:
            wanted = " or ".join(p.value for p in phases)
            raise IllegalAction(f"cannot {doing} now: the game is in phase {self.phase.value!r}, not {wanted}")

    def _check_player(self, player: Optional[int], expected: int, doing: str) -> None:
        if player is not None and player != expected:
            raise IllegalAction(f"player {player} cannot {doing}: it is player {expected}'s decision")

    # ----------------------------------------------------------------------------------------------- opening
    def opening_roll(self, die0: int, die1: int) -> Optional[int]:
        """One die each (``die0`` is player 0's). Returns the player who starts, or None on a tie (roll again).

        The starter plays both dice, so the game goes straight to the ``play`` phase with dice (high, low).
        """
        self._need(Phase.OPENING, doing="make the opening roll")
        d0, d1 = _check_die(die0), _check_die(die1)
        if d0 == d1:
            self._push(Action("opening", None, (d0, d1)), self._state)
            return None
        first = 0 if d0 > d1 else 1
        dice = (max(d0, d1), min(d0, d1))
        self._push(
            Action("opening", first, (d0, d1)),
            replace(self._state, phase=Phase.PLAY, turn=first, dice=dice, position=Position.start()),
        )
        return first

    # ------------------------------------------------------------------------------------------------ rolling
    def roll(self, d1: int, d2: int) -> None:
        """The player on roll rolls (a pending double must be answered first)."""
        self._need(Phase.ROLL, doing="roll")
        dice = (_check_die(d1), _check_die(d2))
        self._push(Action("roll", self.turn, dice), replace(self._state, phase=Phase.PLAY, dice=dice))

    def legal_plays(self) -> list[Any]:
        """Legal plays for the rolled dice (needs ``rules.moves``)."""
        self._need(Phase.PLAY, doing="list legal plays")
        moves = _moves_module()
        if moves is None:
            raise RulesError("the move generator (rules.moves) is not available")
        return list(moves.legal_plays(self.position, *self.dice))

    def play(self, play: Any, *, check: bool = True) -> Optional[Outcome]:
        """Play the rolled dice. ``play`` is a ``Play`` or the resulting Position seen from the mover.

        Returns the outcome if this play bore off the last checker. With ``check`` (default) and the move
        generator available, a play that is not legal raises :class:`IllegalPlay`.
        """
        self._need(Phase.PLAY, doing="play")
        after, notation, steps = _play_parts(play)
        legal: Optional[bool] = None
        moves = _moves_module()
        if moves is not None:
            plays = list(moves.legal_plays(self.position, *self.dice))
            match = next((p for p in plays if _play_parts(p)[0] == after), None)
            legal = match is not None if plays else after == self.position
            if match is not None and steps is None:
                _, notation, steps = _play_parts(match)
            if check and not legal:
                d1, d2 = self.dice
                raise IllegalPlay(
                    f"player {self.turn}'s play with {d1}{d2} from {self.position.position_id()} to "
                    f"{after.position_id()} is not one of the {len(plays)} legal plays"
                )
        if notation is None and after == self.position:
            notation, steps = "", ()
        mover = self.turn
        action = Action("play", mover, self.dice, notation, after, legal=legal, steps=steps)
        if after.player_off == CHECKERS:
            jacoby_single = self.jacoby and self.cube.value == 1
            kind, points = game_result(after, self.cube.value, self.ruleset, count_gammons=not jacoby_single)
            outcome = Outcome(mover, kind, points, BEAROFF, self.cube.value)
            self._push(action, replace(self._state, phase=Phase.OVER, position=after, outcome=outcome))
            return outcome
        self._push(
            action,
            replace(self._state, phase=Phase.ROLL, position=after.swap(), turn=1 - mover, dice=None),
        )
        return None

    push = play  # python-chess's name

    # ---------------------------------------------------------------------------------------------- the cube
    def why_not_double(self) -> Optional[str]:
        """None if the player on roll may double now, else why not."""
        if not self.ruleset.uses_cube:
            return "club rules have no doubling cube"
        if self.phase is not Phase.ROLL:
            if self.phase is Phase.PLAY:
                return "doubling is only allowed before rolling"
            return f"the game is in phase {self.phase.value!r}"
        return self.cube.why_not_double(self.turn, crawford=self.crawford)

    def double(self, player: Optional[int] = None) -> None:
        """The player on roll offers a double, before rolling."""
        self._check_player(player, self.turn, "double")
        reason = self.why_not_double()
        if reason:
            raise CubeError(f"player {self.turn} cannot double: {reason}")
        cube = self.cube.offer(self.turn, crawford=self.crawford)
        self._push(
            Action("double", self.turn, cube=cube.value * 2),
            replace(self._state, phase=Phase.DOUBLED, cube=cube),
        )

    def take(self, player: Optional[int] = None) -> None:
        """The doubled player takes: he owns the cube at twice the value; the doubler then rolls."""
        self._need(Phase.DOUBLED, doing="take")
        taker = 1 - self.turn
        self._check_player(player, taker, "take")
        cube = self.cube.take(taker)
        self._push(Action("take", taker, cube=cube.value), replace(self._state, phase=Phase.ROLL, cube=cube))

    def pass_(self, player: Optional[int] = None) -> Outcome:
        """The doubled player passes (drops): the doubler wins the value before the double."""
        self._need(Phase.DOUBLED, doing="pass")
        passer = 1 - self.turn
        self._check_player(player, passer, "pass")
        points = self.cube.pass_(passer)
        outcome = Outcome(self.turn, SINGLE, points, PASSED, points)
        self._push(
            Action("pass", passer, cube=points),
            replace(self._state, phase=Phase.OVER, cube=replace(self.cube, offered_by=None), outcome=outcome),
        )
        return outcome

    drop = pass_

    def resign(self, player: int, kind: str = SINGLE) -> Outcome:
        """``player`` resigns (and the opponent accepts): the opponent wins ``kind`` at the current cube."""
        if player not in (0, 1):
            raise RulesError(f"player {player} does not exist; players are 0 and 1")
        self._need(Phase.ROLL, Phase.DOUBLED, Phase.PLAY, doing="resign")
        points = resignation_points(kind, self.cube.value, self.ruleset)
        outcome = Outcome(1 - player, kind, points, RESIGNED, self.cube.value)
        self._push(
            Action("resign", player, resign_kind=kind),
            replace(self._state, phase=Phase.OVER, cube=replace(self.cube, offered_by=None), outcome=outcome),
        )
        return outcome

    # ------------------------------------------------------------------------------------------------ export
    def match_state(
        self, length: int = 0, score: tuple[int, int] = (0, 0), jacoby: Optional[bool] = None
    ) -> MatchState:
        """The fields of a GNU Backgammon Match ID for this moment of the game.

        Before the opening roll the game state is 0 (no game started); after it, 1 (playing) with ``move`` the
        player on roll and ``turn`` the player to decide (the taker while a double waits); once over, 2, 3 or 4
        for a bear-off, a resignation, a dropped cube.
        """
        s = self._state
        doubled = s.phase is Phase.DOUBLED
        if s.phase is Phase.OPENING:
            game_state = GameState.NONE
        elif s.phase is Phase.OVER:
            how = s.outcome.how if s.outcome else BEAROFF
            game_state = {BEAROFF: GameState.OVER, PASSED: GameState.DROPPED, RESIGNED: GameState.RESIGNED}[how]
        else:
            game_state = GameState.PLAYING
        cube = s.cube
        return MatchState(
            cube=cube.value,
            cube_owner=cube.owner,
            move=s.turn,
            crawford=self.crawford,
            game_state=game_state,
            turn=1 - s.turn if doubled else s.turn,
            doubled=doubled,
            dice=s.dice or (0, 0),
            length=length,
            score=score,
            # in match play the bit means nothing; gnubg writes its global setting, on by default
            jacoby=(self.jacoby if length == 0 else True) if jacoby is None else jacoby,
        )

    def match_id(self, length: int = 0, score: tuple[int, int] = (0, 0)) -> str:
        return self.match_state(length, score).match_id()

    def gnubg_id(self, length: int = 0, score: tuple[int, int] = (0, 0)) -> str:
        """``PositionID:MatchID``, the pair gnubg's ``set gnubgid`` reads."""
        return f"{self.position.position_id()}:{self.match_id(length, score)}"

    def xgid(self, length: int = 0, score: tuple[int, int] = (0, 0)) -> str:
        s = self._state
        return str(
            XGID(
                position=s.position,
                turn=s.turn,
                cube=s.cube.value,
                cube_owner=s.cube.owner,
                dice=s.dice or (0, 0),
                doubled=s.phase is Phase.DOUBLED,
                score=score,
                length=length,
                crawford=self.crawford,
                jacoby=self.jacoby,
            )
        )

    def plays(self) -> Iterator[Action]:
        """The play actions, in order."""
        return (a for a in self.actions if a.kind == "play")
