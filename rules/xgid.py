"""eXtreme Gammon's position string, the XGID, read and written the way GNU Backgammon's importer reads it.

``XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10`` has ten fields separated by colons:

1. the board, 26 characters, always from the bottom player X's side whoever is on roll: character 0 is O's bar,
   1-24 are X's points 1-24, 25 is X's bar; ``-`` empty, ``A``-``P`` 1-16 of X's checkers, ``a``-``p`` of O's.
2. log2 of the cube value (before the double, while one is offered);
3. cube owner: 0 centred, 1 X, -1 O;
4. turn: 1 X, -1 O: the player on roll, or the doubler while a double is offered;
5. dice: two digits (``00`` not rolled yet), or ``D`` a double offered (``B``/``R`` beaver/raccoon: not modelled);
6. X's score, 7. O's score (points won, not points away);
8. rules: in a match 1 for the Crawford game, else 0; in money play bit 1 Jacoby and bit 2 beavers;
9. match length, 0 for money play; 10. log2 of the highest cube (XG writes 10; gnubg ignores it).

gnubg's ``SetXGID`` makes X its player 1 and O its player 0, so here too: player 1 is X, player 0 is O, and the
scores and Match ID of the same state agree with gnubg's.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import InvalidPosition, InvalidPositionID
from rules.position import BAR, Position

PREFIX = "XGID="


@dataclass(frozen=True, slots=True)
class XGID:
    """One XGID's content. ``position`` is seen from ``turn`` (the player on roll, or the doubler)."""

    position: Position
    turn: int = 1
    cube: int = 1
    cube_owner: int | None = None
    dice: tuple[int, int] = (0, 0)
    doubled: bool = False
    score: tuple[int, int] = (0, 0)  # (player 0 = O, player 1 = X)
    length: int = 0
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    max_cube_log: int = 10

    def __str__(self) -> str:
        return encode(self)

    def sides(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(X's side, O's side), each 25 counts in its own numbering."""
        if self.turn == 1:
            return self.position.player, self.position.opponent
        return self.position.opponent, self.position.player


def _letter(count: int, upper: bool) -> str:
    if count > 16:
        raise InvalidPositionID(f"XGID cannot write {count} checkers on one point (16 at most)")
    return chr((ord("A") if upper else ord("a")) + count - 1)


def board_string(x_side: tuple[int, ...], o_side: tuple[int, ...]) -> str:
    """The 26-character board field from X's and O's sides (each in its own numbering)."""
    out = [_letter(o_side[BAR], False) if o_side[BAR] else "-"]
    for point in range(1, 25):
        x = x_side[point - 1]
        o = o_side[24 - point]
        if x and o:
            raise InvalidPosition(f"X's point {point} holds checkers of both sides")
        out.append(_letter(x, True) if x else _letter(o, False) if o else "-")
    out.append(_letter(x_side[BAR], True) if x_side[BAR] else "-")
    return "".join(out)


def encode(state: XGID) -> str:
    if state.turn not in (0, 1):
        raise InvalidPositionID(f"turn {state.turn} is not player 0 or 1")
    if state.cube < 1 or state.cube & (state.cube - 1):
        raise InvalidPositionID(f"cube value {state.cube} is not a power of two")
    x_side, o_side = state.sides()
    if state.doubled:
        dice = "D"
    else:
        d1, d2 = state.dice
        if (d1 == 0) != (d2 == 0) or not (0 <= d1 <= 6 and 0 <= d2 <= 6):
            raise InvalidPositionID(f"dice {state.dice} are not a roll (1-6 each) or (0, 0)")
        dice = f"{max(d1, d2)}{min(d1, d2)}"
    owner = {None: 0, 1: 1, 0: -1}[state.cube_owner]
    if state.length:
        rules = int(state.crawford)
    else:
        rules = int(state.jacoby) | (2 if state.beavers else 0)
    fields = [
        board_string(x_side, o_side),
        str(state.cube.bit_length() - 1),
        str(owner),
        "1" if state.turn == 1 else "-1",
        dice,
        str(state.score[1]),
        str(state.score[0]),
        str(rules),
        str(state.length),
        str(state.max_cube_log),
    ]
    return PREFIX + ":".join(fields)


def _int(text: str, what: str, xgid: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InvalidPositionID(f"XGID {xgid!r}: {what} {text!r} is not a number") from None


def decode(xgid: str) -> XGID:
    """Read an XGID (with or without ``XGID=``); raise :class:`InvalidPositionID` naming the bad field."""
    text = xgid.strip()
    if text.upper().startswith(PREFIX):
        text = text[len(PREFIX):]
    parts = text.split(":")
    if len(parts) != 10:
        raise InvalidPositionID(f"XGID {xgid!r} has {len(parts)} fields; it needs 10")
    board, cube_log, owner, turn, dice, score_x, score_o, rules, length, max_cube = parts
    if len(board) != 26:
        raise InvalidPositionID(f"XGID {xgid!r}: the board field has {len(board)} characters; it needs 26")
    x_side, o_side = [0] * 25, [0] * 25
    for i, ch in enumerate(board):
        if ch == "-":
            continue
        if "A" <= ch <= "P":
            n, upper = ord(ch) - ord("A") + 1, True
        elif "a" <= ch <= "p":
            n, upper = ord(ch) - ord("a") + 1, False
        else:
            raise InvalidPositionID(f"XGID {xgid!r}: board character {i} is {ch!r}, not -, A-P or a-p")
        if i == 0:
            if upper:
                raise InvalidPositionID(f"XGID {xgid!r}: character 0 is O's bar, but holds X's checkers")
            o_side[BAR] = n
        elif i == 25:
            if not upper:
                raise InvalidPositionID(f"XGID {xgid!r}: character 25 is X's bar, but holds O's checkers")
            x_side[BAR] = n
        elif upper:
            x_side[i - 1] = n
        else:
            o_side[24 - i] = n
    log = _int(cube_log, "cube", xgid)
    if not 0 <= log <= 15:
        raise InvalidPositionID(f"XGID {xgid!r}: cube field {log} is not 0-15")
    own = _int(owner, "cube owner", xgid)
    if own not in (-1, 0, 1):
        raise InvalidPositionID(f"XGID {xgid!r}: cube owner {own} is not -1, 0 or 1")
    who = _int(turn, "turn", xgid)
    if who not in (-1, 1):
        raise InvalidPositionID(f"XGID {xgid!r}: turn {who} is not 1 or -1")
    doubled = False
    if dice == "D":
        doubled, roll = True, (0, 0)
    elif len(dice) == 2 and dice.isdigit() and ((dice == "00") or ("1" <= dice[0] <= "6" and "1" <= dice[1] <= "6")):
        roll = (int(dice[0]), int(dice[1]))
    else:
        raise InvalidPositionID(f"XGID {xgid!r}: dice field {dice!r} is not two dice 1-6, 00 or D")
    match_length = _int(length, "match length", xgid)
    flags = _int(rules, "rules", xgid)
    sx, so = _int(score_x, "X's score", xgid), _int(score_o, "O's score", xgid)
    if match_length < 0 or sx < 0 or so < 0:
        raise InvalidPositionID(f"XGID {xgid!r}: negative match length or score")
    if match_length and flags not in (0, 1):
        raise InvalidPositionID(f"XGID {xgid!r}: in a match the rules field is 0 or 1 (Crawford), not {flags}")
    if not match_length and flags not in (0, 1, 2, 3):
        raise InvalidPositionID(f"XGID {xgid!r}: in money play the rules field is 0-3, not {flags}")
    player = 1 if who == 1 else 0
    try:
        x_pos = Position(tuple(x_side), tuple(o_side))
    except InvalidPosition as exc:
        raise InvalidPosition(f"XGID {xgid!r}: {exc}".replace("player on roll", "X").replace("opponent", "O")) from None
    return XGID(
        position=x_pos if player == 1 else x_pos.swap(),
        turn=player,
        cube=1 << log,
        cube_owner={0: None, 1: 1, -1: 0}[own],
        dice=roll,
        doubled=doubled,
        score=(so, sx),
        length=match_length,
        crawford=bool(match_length and flags == 1),
        jacoby=bool(not match_length and flags & 1),
        beavers=bool(not match_length and flags & 2),
        max_cube_log=_int(max_cube, "max cube", xgid),
    )
