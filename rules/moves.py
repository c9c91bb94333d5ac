"""Legal plays: every way the side on roll may use a roll, one result per distinct resulting position.

Why this shape: a referee must know the complete set of positions a roll can legally reach, fast enough to judge
every play on a Raspberry Pi and to run tens of thousands of property checks against GNU Backgammon. The generator
works on a *board* tuple in the mover's numbering (see :data:`Board`) and expands one die at a time, keeping only
one path per distinct intermediate board, so doubles with checkers on many points stay cheap.

Rules implemented (standard backgammon): checkers on the bar enter first, into the opponent's home board; no
landing on a point held by two or more opposing checkers; landing on a single opposing checker hits it to the bar;
the whole roll must be used if at all possible; if only one die can be used, the larger must be used when it can
be; doubles play four times, as many as possible; bearing off only when all fifteen are in the home board, with the
exact number or, when no checker is on a higher point, a higher number from the highest occupied point.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from rules.errors import InvalidRoll
from rules.position import Position

BAR_POINT = 25  # the bar, as a starting point in the mover's numbering
OFF_POINT = 0  # borne off, as a destination

# A *board* is one flat tuple of 51 ints, all in the mover's numbering:
#   [0]       mover's checkers borne off
#   [1..24]   mover's checkers on its points 1..24
#   [25]      mover's checkers on the bar
#   [26]      opponent's checkers on the bar
#   [26 + p]  opponent's checkers on the mover's point p (p = 1..24)
Board = tuple
_OPP = 26


@dataclass(frozen=True, slots=True)
class Move:
    """One checker moved by one die (or, in notation, by several): points in the mover's numbering."""

    from_point: int  # 25 = bar
    to_point: int  # 0 = off
    hit: bool = False

    def __str__(self) -> str:
        src = "bar" if self.from_point == BAR_POINT else str(self.from_point)
        dst = "off" if self.to_point == OFF_POINT else str(self.to_point)
        return f"{src}/{dst}{'*' if self.hit else ''}"


@dataclass(frozen=True, slots=True)
class Play:
    """A whole play: its single-die moves in the order made, and the position it reaches (mover still on roll)."""

    moves: tuple[Move, ...]
    position: Position

    def notation(self) -> str:
        """GNU Backgammon's notation, e.g. ``24/18 13/10*``, ``8/5(2)``, ``13/7*/5``; ``(no play)`` if empty."""
        from rules.notation import format_play

        return format_play(self.moves)

    def __str__(self) -> str:
        return self.notation()


# ------------------------------------------------------------------------------------------- conversions
def board_of(position: Position) -> Board:
    """The flat generator board of a position (mover's numbering)."""
    p, o = position.player, position.opponent
    return (15 - sum(p),) + p[:24] + (p[24], o[24]) + o[23::-1]


def position_of(board: Board) -> Position:
    """The position a generator board stands for (mover still on roll)."""
    return Position._unchecked(board[1:26], board[50:26:-1] + (board[26],))


def check_dice(d1: int, d2: int) -> None:
    for d in (d1, d2):
        if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
            raise InvalidRoll(f"die {d!r} is not a number from 1 to 6")


# ------------------------------------------------------------------------------------------- one die
def single_moves(board: Board, die: int) -> list[tuple[int, int, bool]]:
    """Every legal (from, to, hit) for one die on ``board``: the bar first, blocks, bear-off rules."""
    if board[25]:
        to = 25 - die
        opp = board[_OPP + to]
        if opp >= 2:
            return []
        return [(25, to, opp == 1)]
    out = []
    home = not any(board[7:26])
    for frm in range(24, die, -1):
        if board[frm]:
            to = frm - die
            opp = board[_OPP + to]
            if opp < 2:
                out.append((frm, to, opp == 1))
    if home:
        if board[die]:
            out.append((die, 0, False))
        else:
            # a higher number bears off from the highest occupied point, if no checker stands above the die
            for frm in range(min(die - 1, 6), 0, -1):
                if board[frm]:
                    if not any(board[die:7]):
                        out.append((frm, 0, False))
                    break
    return out


def apply_move(board: Board, frm: int, to: int, hit: bool) -> Board:
    """The board after one checker moves ``frm`` -> ``to`` (hitting a blot there if ``hit``)."""
    b = list(board)
    b[frm] -= 1
    b[to] += 1
    if hit:
        b[_OPP + to] = 0
        b[_OPP] += 1
    return tuple(b)


def _expand(level: dict, die: int) -> dict:
    """All boards reachable from ``level`` by one more checker moved ``die`` pips, one path kept per board."""
    nxt: dict = {}
    for board, path in level.items():
        for frm, to, hit in single_moves(board, die):
            b = list(board)
            b[frm] -= 1
            b[to] += 1
            if hit:
                b[_OPP + to] = 0
                b[_OPP] += 1
            t = tuple(b)
            if t not in nxt:
                nxt[t] = path + ((frm, to, hit),)
    return nxt


def legal_boards(board: Board, d1: int, d2: int) -> dict[Board, tuple]:
    """Map each legal resulting board to one path of (from, to, hit) that reaches it (empty path: no play)."""
    start = {board: ()}
    if d1 == d2:
        best = start
        level = start
        for _ in range(4):
            level = _expand(level, d1)
            if not level:
                break
            best = level
        return best
    hi, lo = max(d1, d2), min(d1, d2)
    first_hi = _expand(start, hi)
    first_lo = _expand(start, lo)
    both = _expand(first_hi, lo)
    for b, path in _expand(first_lo, hi).items():
        if b not in both:
            both[b] = path
    if both:
        return both
    if first_hi:  # only one die can be played: the larger, if it can be
        return first_hi
    if first_lo:
        return first_lo
    return start


def _play(board: Board, path: tuple) -> Play:
    return Play(tuple(Move(f, t, h) for f, t, h in path), position_of(board))


def legal_results(position: Position, d1: int, d2: int) -> dict[Position, Play]:
    """Each distinct legal resulting position with one play reaching it (``{position: Play(())}`` if none)."""
    check_dice(d1, d2)
    return {position_of(b): _play(b, path) for b, path in legal_boards(board_of(position), d1, d2).items()}


def legal_plays(position: Position, d1: int, d2: int) -> list[Play]:
    """One play per distinct resulting position, sorted by notation (GNU order within each play).

    No legal play gives ``[]``; the position then stays as it is.
    """
    check_dice(d1, d2)
    boards = legal_boards(board_of(position), d1, d2)
    plays = [_play(b, path) for b, path in boards.items() if path]
    return sort_plays(plays)


def sort_plays(plays: Iterable[Play]) -> list[Play]:
    """Deterministic order: by notation, compared point by point, higher starting points first."""
    return sorted(plays, key=lambda p: _sort_key(p.notation()))


def _sort_key(text: str) -> tuple:
    key = []
    for part in text.replace("(", " ").replace(")", " ").split():
        for pt in part.split("/"):
            pt = pt.rstrip("*")
            n = 25 if pt == "bar" else 0 if pt == "off" else int(pt) if pt.isdigit() else -1
            key.append(-n)
        key.append(1)  # a play that continues sorts after one that stops here
    return tuple(key)


def apply_play(position: Position, moves: Iterable[Move | tuple[int, int]]) -> Position:
    """The position after making ``moves`` in order, hitting any lone opposing checker landed on.

    No legality check beyond the board itself: use :func:`legal_results` for that. Raises
    :class:`rules.errors.InvalidPosition` if a move starts from an empty point or lands on a held point.
    """
    from rules.errors import InvalidPosition

    b = board_of(position)
    for m in moves:
        frm, to = (m.from_point, m.to_point) if isinstance(m, Move) else (int(m[0]), int(m[1]))
        if not (0 <= to < frm <= 25) or to == 25:
            raise InvalidPosition(f"move {frm}/{to} does not go forward from a point or the bar")
        if not b[frm]:
            where = "the bar" if frm == 25 else f"point {frm}"
            raise InvalidPosition(f"move {frm}/{to}: no checker of the player on roll on {where}")
        opp = b[_OPP + to] if to else 0
        if opp >= 2:
            raise InvalidPosition(f"move {frm}/{to}: point {to} is held by {opp} opposing checkers")
        b = apply_move(b, frm, to, opp == 1)
    return position_of(b)
