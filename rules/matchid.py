"""GNU Backgammon's 12-character Match ID, bit for bit as the program (``matchid.c``) writes and reads it.

The match key is 72 bits (9 bytes) packed little-endian, each field least significant bit first:

====== ===== ===================================================================================
bits   width field
====== ===== ===================================================================================
0-3    4     log2 of the cube value
4-5    2     cube owner: 0, 1, or 3 when centred (gnubg writes ``fCubeOwner & 3`` with -1 centred)
6      1     player on roll, or who rolled (``fMove``)
7      1     Crawford game
8-10   3     game state: 0 none, 1 playing, 2 over, 3 resigned, 4 ended by a dropped cube
11     1     player who must decide now (``fTurn``): the other side while a double or resignation waits
12     1     a double is offered
13-14  2     resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon
15-17  3     die 1 (the program writes the higher die first), 0 when not rolled
18-20  3     die 2
21-35  15    match length, 0 for money play
36-50  15    score of player 0
51-65  15    score of player 1
66     1     1 when the Jacoby rule is NOT in use (gnubg writes ``!fJacoby``)
====== ===== ===================================================================================

The 9 bytes are base64-encoded to exactly 12 characters. Players are gnubg's 0 and 1; bgref uses the same numbers.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from enum import IntEnum

from rules.errors import InvalidPositionID

MAXSCORE = 64  # gnubg's MAXSCORE: longest match it accepts
LENGTH = 12


class GameState(IntEnum):
    NONE = 0
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4


# (bit offset, width) of each field
_FIELDS = {
    "cube_log": (0, 4),
    "cube_owner": (4, 2),
    "move": (6, 1),
    "crawford": (7, 1),
    "game_state": (8, 3),
    "turn": (11, 1),
    "doubled": (12, 1),
    "resigned": (13, 2),
    "die1": (15, 3),
    "die2": (18, 3),
    "length": (21, 15),
    "score0": (36, 15),
    "score1": (51, 15),
    "no_jacoby": (66, 1),
}


@dataclass(frozen=True, slots=True)
class MatchState:
    """The fields a Match ID carries. ``cube_owner`` is None when centred; ``dice`` is (0, 0) before rolling."""

    cube: int = 1
    cube_owner: int | None = None
    move: int = 0
    crawford: bool = False
    game_state: GameState = GameState.PLAYING
    turn: int = 0
    doubled: bool = False
    resigned: int = 0
    dice: tuple[int, int] = (0, 0)
    length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = True

    def match_id(self) -> str:
        return encode(self)


def _put(key: bytearray, name: str, value: int) -> None:
    offset, width = _FIELDS[name]
    for i in range(width):
        if value >> i & 1:
            key[(offset + i) >> 3] |= 1 << ((offset + i) & 7)


def _get(key: bytes, name: str) -> int:
    offset, width = _FIELDS[name]
    return sum(((key[(offset + i) >> 3] >> ((offset + i) & 7)) & 1) << i for i in range(width))


def _log2(cube: int) -> int:
    if cube < 1 or cube & (cube - 1):
        raise InvalidPositionID(f"cube value {cube} is not a power of two")
    return cube.bit_length() - 1


def encode(state: MatchState) -> str:
    """The Match ID of ``state``, as gnubg's ``MatchID()`` computes it."""
    for die in state.dice:
        if not 0 <= die <= 6:
            raise InvalidPositionID(f"die {die} is not 0 (not rolled) or 1-6")
    key = bytearray(9)
    _put(key, "cube_log", _log2(state.cube))
    _put(key, "cube_owner", 3 if state.cube_owner is None else state.cube_owner)
    _put(key, "move", state.move)
    _put(key, "crawford", int(state.crawford))
    _put(key, "game_state", int(state.game_state))
    _put(key, "turn", state.turn)
    _put(key, "doubled", int(state.doubled))
    _put(key, "resigned", state.resigned)
    high, low = max(state.dice), min(state.dice)
    _put(key, "die1", high)
    _put(key, "die2", low)
    _put(key, "length", state.length & 0x7FFF)
    _put(key, "score0", state.score[0] & 0x7FFF)
    _put(key, "score1", state.score[1] & 0x7FFF)
    _put(key, "no_jacoby", int(not state.jacoby))
    return base64.b64encode(bytes(key)).decode("ascii")


def decode(match_id: str) -> MatchState:
    """Read a Match ID; raise :class:`InvalidPositionID` naming what is wrong (gnubg's own checks, and a few more)."""
    text = match_id.strip()
    if text.startswith("Match ID:"):
        text = text[len("Match ID:"):].strip()
    if len(text) != LENGTH:
        raise InvalidPositionID(f"Match ID {match_id!r} has {len(text)} characters; it needs {LENGTH}")
    try:
        key = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise InvalidPositionID(f"Match ID {match_id!r} is not base64") from None
    fields = {name: _get(key, name) for name in _FIELDS}
    dice = (fields["die1"], fields["die2"])
    if any(d > 6 for d in dice):
        raise InvalidPositionID(f"Match ID {match_id!r}: dice {dice} are not 0-6")
    if (dice[0] == 0) != (dice[1] == 0):
        raise InvalidPositionID(f"Match ID {match_id!r}: only one die is set {dice}")
    length, s0, s1 = fields["length"], fields["score0"], fields["score1"]
    if length > MAXSCORE:
        raise InvalidPositionID(f"Match ID {match_id!r}: match length {length} is over {MAXSCORE}")
    if length and (s0 > length or s1 > length):
        raise InvalidPositionID(f"Match ID {match_id!r}: score {s0}-{s1} is past the match length {length}")
    if not length and fields["crawford"]:
        raise InvalidPositionID(f"Match ID {match_id!r}: a money game cannot be a Crawford game")
    if fields["game_state"] > GameState.DROPPED:
        raise InvalidPositionID(f"Match ID {match_id!r}: game state {fields['game_state']} is not 0-4")
    owner = fields["cube_owner"]  # gnubg reads anything but 0 and 1 as centred
    return MatchState(
        cube=1 << fields["cube_log"],
        cube_owner=owner if owner in (0, 1) else None,
        move=fields["move"],
        crawford=bool(fields["crawford"]),
        game_state=GameState(fields["game_state"]),
        turn=fields["turn"],
        doubled=bool(fields["doubled"]),
        resigned=fields["resigned"],
        dice=dice,
        length=length,
        score=(s0, s1),
        jacoby=not fields["no_jacoby"],
    )
