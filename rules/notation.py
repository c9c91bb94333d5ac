"""GNU Backgammon's play notation: writing it exactly as the program does, and reading it back.

Why exact: other tools (match files, streams, logs) compare our strings with GNU Backgammon's. The writer follows
GNU Backgammon's ``FormatMove``: single-die moves sorted from the highest starting point (ties: higher destination
first); a checker that moves on is merged into one move (``24/13``) unless it hit on the way, then the stop is kept
(``24/18*/13``); identical moves are grouped (``8/5(2)``); a hit is marked once per point.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from rules.errors import RulesError
from rules.moves import BAR_POINT, OFF_POINT, Move, Play, legal_results
from rules.position import Position

NO_PLAY = "(no play)"


class InvalidPlay(RulesError):
    """Play notation that does not parse or is not a legal play for the position and roll."""


def _point(n: int) -> str:
    return "bar" if n == BAR_POINT else "off" if n == OFF_POINT else str(n)


def format_play(moves: Sequence[Move] | Iterable[Move]) -> str:
    """The GNU Backgammon notation of a sequence of single-die moves (``(no play)`` when empty)."""
    moves = list(moves)
    if not moves:
        return NO_PLAY
    hit_points = {m.to_point for m in moves if m.hit}
    rows = sorted(([m.from_point, m.to_point] for m in moves), key=lambda r: (-r[0], -r[1]))
    alive = [True] * len(rows)
    # combine moves of a single checker
    for i in range(len(rows)):
        for j in range(i, len(rows)):
            if alive[i] and alive[j] and i != j and rows[i][-1] == rows[j][0]:
                if rows[i][-1] in hit_points:
                    rows[i].append(rows[j][1])  # keep the stop where it hit
                else:
                    rows[i][-1] = rows[j][1]
                alive[j] = False
    paths = [r for r, a in zip(rows, alive) if a]
    # group identical moves
    counts = [1] * len(paths)
    for i in range(len(paths)):
        if counts[i]:
            for j in range(i + 1, len(paths)):
                if counts[j] and paths[j] == paths[i]:
                    counts[i] += 1
                    counts[j] = 0
    marked: set[int] = set()
    parts = []
    for path, count in zip(paths, counts):
        if not count:
            continue
        text = _point(path[0])
        for stop in path[1:-1]:
            text += f"/{_point(stop)}*"
            marked.add(stop)
        dest = path[-1]
        text += f"/{_point(dest)}"
        if dest and dest in hit_points and dest not in marked:
            text += "*"
            marked.add(dest)
        if count > 1:
            text += f"({count})"
        parts.append(text)
    return " ".join(parts)


_TOKEN = re.compile(r"^(?P<path>(?:bar|off|\d+)\*?(?:/(?:bar|off|\d+)\*?)+)(?:\((?P<count>[1-4])\))?$")


def _parse_point(text: str, where: str) -> int:
    t = text.rstrip("*").lower()
    if t == "bar":
        return BAR_POINT
    if t == "off":
        return OFF_POINT
    n = int(t)
    if not 0 <= n <= 25:
        raise InvalidPlay(f"{where}: {n} is not a point (1-24, bar, off)")
    return n


def parse_segments(text: str) -> list[tuple[int, int]]:
    """Split notation into (from, to) checker movements, stops included, counts expanded; no legality check."""
    text = text.strip()
    if text.lower() in (NO_PLAY, "", "no play", "-"):
        return []
    segments: list[tuple[int, int]] = []
    for token in text.lower().split():
        m = _TOKEN.match(token)
        if not m:
            raise InvalidPlay(f"play {text!r}: cannot read {token!r} (expected e.g. 24/18, 13/7*/5, bar/22, 6/off, 8/5(2))")
        points = [_parse_point(p, f"play {text!r}") for p in m["path"].split("/")]
        count = int(m["count"] or 1)
        for _ in range(count):
            for a, b in zip(points, points[1:]):
                if not a > b:
                    raise InvalidPlay(f"play {text!r}: {token} does not move forward")
                segments.append((a, b))
    return segments


def parse_play(text: str, position: Position, dice: tuple[int, int] | Sequence[int]) -> Play:
    """The legal play that ``text`` (GNU Backgammon notation) describes for ``position`` and ``dice``.

    Merged moves (``24/13``) are resolved through whichever stop the dice allow. Raises :class:`InvalidPlay` naming
    the fault if the text does not parse or does not describe a legal play.
    """
    d1, d2 = int(dice[0]), int(dice[1])
    segments = parse_segments(text)
    results = legal_results(position, d1, d2)
    # the net checker movement the text describes: where checkers left from, where they arrived
    mine = list(position.player)
    opp = list(position.opponent)
    for a, b in segments:
        ia = 24 if a == BAR_POINT else a - 1
        if mine[ia] <= 0:
            raise InvalidPlay(f"play {text!r}: no checker of the player on roll on {_point(a)}")
        mine[ia] -= 1
        if b != OFF_POINT:
            mine[b - 1] += 1
            j = 24 - b  # the opponent's index for our point b
            if opp[j] == 1:
                opp[j] = 0
                opp[24] += 1
            elif opp[j] >= 2:
                raise InvalidPlay(f"play {text!r}: point {b} is held by {opp[j]} opposing checkers")
    # a stop marked '*' in the text hit there even if the checker moved on: check the text agrees with the result
    target = Position._unchecked(tuple(mine), tuple(opp))
    play = results.get(target)
    if play is None:
        legal = ", ".join(p.notation() for p in results.values())
        raise InvalidPlay(f"play {text!r} is not legal with {d1}-{d2} here; legal plays: {legal}")
    return play
