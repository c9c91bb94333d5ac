"""A stored match as a Jellyfish .mat file, the text format GNU Backgammon imports (File > Import > .mat).

Built from the referee's events: per game the opening roll, each turn's roll and final play (a corrected play
replaces the illegal one it corrects), cube actions and the result. Light is player 1 (left column), dark player 2.
A play that was illegal and stood is written as the checker moves the board showed, so the record matches the game
as it was played.
"""

from __future__ import annotations

from typing import Any, Optional

from rules.position import Position

COLUMN = 34


def _diff_notation(before_id: str, after_id: str) -> str:
    """Moves read off two positions of the same mover: checkers leaving points, paired with arrivals."""
    before, after = Position.from_position_id(before_id), Position.from_position_id(after_id)
    leaving: list[int] = []
    arriving: list[int] = []
    for i in range(25):
        delta = after.player[i] - before.player[i]
        point = 25 if i == 24 else i + 1
        (arriving if delta > 0 else leaving).extend([point] * abs(delta))
    arriving.extend([0] * (len(leaving) - len(arriving)))  # borne off
    leaving.sort(reverse=True)
    arriving.sort(reverse=True)
    parts = [f"{'bar' if a == 25 else a}/{'off' if b == 0 else b}" for a, b in zip(leaving, arriving)]
    return " ".join(parts)


class _GameText:
    def __init__(self, number: int, score: dict[str, int]) -> None:
        self.number = number
        self.score = dict(score)
        self.rows: list[list[str]] = []  # each row: [light text, dark text]
        self.result: Optional[tuple[str, int]] = None

    def add(self, player: str, text: str) -> None:
        col = 0 if player == "light" else 1
        if not self.rows or self.rows[-1][col] or (col == 0 and self.rows[-1][1]):
            self.rows.append(["", ""])
        self.rows[-1][col] = text

    def lines(self) -> list[str]:
        out = ["", f" Game {self.number}",
               f" {'light : ' + str(self.score.get('light', 0)):<{COLUMN + 1}} dark : {self.score.get('dark', 0)}"]
        for n, (left, right) in enumerate(self.rows, 1):
            out.append(f"{n:3d}) {left:<{COLUMN - 4}}{right}".rstrip())
        if self.result:
            winner, points = self.result
            pad = "      " if winner == "light" else " " * (COLUMN + 2)
            out.append(f"{pad}Wins {points} point{'s' if points != 1 else ''}")
        return out


def mat_text(events: list[dict[str, Any]], match_length: int = 0) -> str:
    """The .mat text of a match's events (money play is written as a 0 point match, as GNU Backgammon does).

    The events are replayed into a :class:`rules.match.Match` and written by :func:`rules.mat.write_mat`, which
    lays the file out exactly as GNU Backgammon does; a record the rules engine cannot follow (a game abandoned
    half-way, a correction it cannot place) falls back to a plain writer that keeps every event.
    """
    from rules.errors import RulesError

    try:
        return _mat_by_rules(events, match_length)
    except (RulesError, KeyError, ValueError, TypeError) as exc:
        import logging

        logging.getLogger(__name__).warning(".mat export: %s; writing a plain record instead", exc)
        return _plain_mat_text(events, match_length)


def _steps_play(before_id: str, after_id: str) -> Any:
    """A Play for the moves a board showed (for an illegal play that stood): from the checker differences."""
    from rules.moves import Move, Play

    after = Position.from_position_id(after_id)
    moves = []
    for part in _diff_notation(before_id, after_id).split():
        a, b = part.split("/")
        moves.append(Move(25 if a == "bar" else int(a), 0 if b == "off" else int(b), False))
    return Play(tuple(moves), after)


def _mat_by_rules(events: list[dict[str, Any]], match_length: int) -> str:
    from rules.mat import write_mat
    from rules.match import Match

    match = Match(match_length, names=("light", "dark"))
    game = None
    index = {"light": 0, "dark": 1}
    for event in events:
        kind = event.get("type")
        if kind == "setup":
            game = match.new_game()
        elif game is None:
            continue
        elif kind == "opening_roll":
            game.opening_roll(int(event["light"]), int(event["dark"]))
        elif kind == "roll":
            game.roll(*(int(d) for d in event["dice"]))
        elif kind == "play":
            if event.get("corrected") and game.actions and game.actions[-1].kind == "play":
                game.pop()
            after = Position.from_position_id(event["after"])
            if event.get("legal"):
                game.play(after, check=False)
            else:
                game.play(_steps_play(event["before"], event["after"]), check=False)
        elif kind == "cube":
            action = event.get("action")
            if action == "double":
                game.double(index.get(event.get("player")))
            elif action == "take":
                game.take(index.get(event.get("player")))
            elif action == "pass":
                game.pass_(index.get(event.get("player")))
    return write_mat(match)


def _plain_mat_text(events: list[dict[str, Any]], match_length: int = 0) -> str:
    """A simple .mat layout straight from the events (the fallback of :func:`mat_text`)."""
    games: list[_GameText] = []
    game: Optional[_GameText] = None
    score = {"light": 0, "dark": 0}
    for event in events:
        kind = event.get("type")
        if kind == "setup":
            game = _GameText(len(games) + 1, score)
            games.append(game)
        if game is None:
            continue
        if kind == "play":
            dice = "".join(str(d) for d in event.get("dice") or [])
            if event.get("legal") and event.get("play") is not None:
                moves = event["play"] if event["play"] != "(no play)" else ""
            else:
                moves = _diff_notation(event["before"], event["after"])
            text = f"{dice}: {moves}".rstrip()
            if event.get("corrected"):  # replaces the play written for the same turn
                for row in reversed(game.rows):
                    col = 0 if event["player"] == "light" else 1
                    if row[col]:
                        row[col] = text
                        break
            else:
                game.add(event["player"], text)
        elif kind == "cube":
            action = event.get("action")
            words = {"double": f" Doubles => {event.get('value')}", "take": " Takes", "pass": " Drops"}
            if action in words:
                game.add(event.get("player") or "light", words[action])
        elif kind == "game_end":
            game.result = (event["winner"], int(event.get("points") or 1))
            score = dict(event.get("score") or score)
    lines = [f" {match_length} point match"]
    for g in games:
        lines.extend(g.lines())
    return "\n".join(lines) + "\n"
