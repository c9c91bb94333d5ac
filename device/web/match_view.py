"""What the page shows, rebuilt from the referee's events so a page opened late gets the whole match at once.

The daemon publishes small JSON events (setup, opening_roll, roll, reroll, play, cube, game_end, warning); a
browser that connects in the middle of a game must still see the board, the move list, the score and any alert
that is still open. :class:`MatchView` folds the events into that state. It is plain Python with no I/O so it can
be tested without a server, and it is not thread-safe by itself: :class:`device.web.server.WebServer` holds a
lock around it.

Boards are sent to the page in the camera's geometric numbering (that of :mod:`vision.observation`: point 1 is
the bottom-right point, 1-12 run right to left along the bottom, 13-24 left to right along the top; +n light,
-n dark), so the diagram looks like the board the players are looking at.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Optional

from device.web import ids
from rules.errors import RulesError
from rules.position import BAR, CHECKERS, Position

log = logging.getLogger(__name__)

SIDES = ("light", "dark")
MAX_ALERTS = 50  # alerts sent to the page (the match record keeps them all)


def other(side: str) -> str:
    return "dark" if side == "light" else "light"


@dataclass
class Seating:
    """Where each side sits, from the setup event: which side of the image the light player is on, and on which
    side (image right or left) both home boards lie. Needed to draw a position (stored per side) as seen."""

    light: str = "bottom"  # "bottom" | "top"
    home: str = "right"  # "right" | "left"

    def geometric_point(self, side: str, point: int) -> int:
        """The camera's point number (1-24) of ``side``'s own point ``point``."""
        at_bottom = (self.light == "bottom") == (side == "light")
        g = point if at_bottom else 25 - point
        if self.home == "left":  # mirror left-right: 1..12 -> 12..1, 13..24 -> 24..13
            g = 13 - g if g <= 12 else 37 - g
        return g


def board_view(position: Position, player: str, seating: Seating) -> dict[str, Any]:
    """A position stored from ``player``'s side, laid out as the camera sees it (see module docstring)."""
    points = [0] * 24
    sides = {player: position.player, other(player): position.opponent}
    for side, counts in sides.items():
        sign = 1 if side == "light" else -1
        for p in range(1, 25):
            n = counts[p - 1]
            if n:
                points[seating.geometric_point(side, p) - 1] = sign * n
    pips = position.pip_count()
    pip = {player: pips[0], other(player): pips[1]}
    return {
        "points": points,
        "bar": {s: sides[s][BAR] for s in SIDES},
        "off": {s: CHECKERS - sum(sides[s]) for s in SIDES},
        "pips": {s: pip[s] for s in SIDES},
    }


def decode(position_id: Any) -> Optional[Position]:
    """A Position from an event's ID, or None (logged) when the event carries none or a broken one."""
    if not isinstance(position_id, str):
        return None
    try:
        return Position.from_position_id(position_id)
    except RulesError as exc:
        log.warning("web view: ignoring undecodable position: %s", exc)
        return None


def play_text(play: Any) -> str:
    """A play in the usual notation. The referee may send a string already ("13/7 8/7*"), or a list of moves as
    ``[from, to]`` pairs in the mover's numbering (25 = bar, 0 = off)."""
    if play is None:
        return ""
    if isinstance(play, str):
        return play
    parts = []
    for move in play:
        if isinstance(move, str):
            parts.append(move)
            continue
        try:
            a, b = int(move[0]), int(move[1])
        except (TypeError, ValueError, IndexError):
            parts.append(str(move))
            continue
        parts.append(f"{'bar' if a >= 25 else a}/{'off' if b <= 0 else b}")
    return " ".join(parts) if parts else "(no move)"


def moved_text(before: Optional[Position], after: Optional[Position]) -> str:
    """What an illegal play did, read off the two positions of the same mover: the referee sends no notation
    for a play that matches no legal one. Leaving checkers are paired with arrivals, highest first."""
    if before is None or after is None:
        return ""
    leaving: list[int] = []
    arriving: list[int] = []
    for i in range(25):
        delta = after.player[i] - before.player[i]
        (arriving if delta > 0 else leaving).extend([i + 1] * abs(delta))
    arriving.extend([0] * (len(leaving) - len(arriving)))  # borne off
    pairs = zip(sorted(leaving, reverse=True), sorted(arriving, reverse=True))
    return " ".join(f"{'bar' if a == 25 else a}/{'off' if b == 0 else b}" for a, b in pairs) or "(no move)"


def dice_text(dice: Any, other_unseen: bool = False) -> str:
    """The dice as the page shows them, "64"; "6?" for a play said with the one die read (``other_die_unseen``)."""
    if isinstance(dice, (list, tuple)) and dice:
        return "".join(str(d) for d in dice) + ("?" if other_unseen and len(dice) == 1 else "")
    return ""


def _told_text(event: dict[str, Any]) -> str:
    """A play whose dice the referee never read (the play told them): legal only if the roll was what it used."""
    told = event.get("dice_told")
    if not isinstance(told, int) or told <= 0:
        return ""
    return " (roll not seen: told by the play)" if told >= 2 else " (one die not seen: told by the play)"


@dataclass
class MatchView:
    """The match as the page shows it. ``to_dict`` is exactly what ``GET /api/state`` returns."""

    seating: Seating = field(default_factory=Seating)
    game: int = 0
    position_id: Optional[str] = None  # current position, from the side on roll (GNU Backgammon's convention)
    on_roll: Optional[str] = None
    dice: Optional[dict[str, Any]] = None  # {"player": side, "values": [a, b]} while dice are on the board
    cube: dict[str, Any] = field(default_factory=lambda: {"value": 1, "owner": None, "offered_by": None})
    score: dict[str, int] = field(default_factory=lambda: {"light": 0, "dark": 0})
    match_length: int = 0  # 0 = money game / unlimited
    crawford: bool = False
    moves: list[dict[str, Any]] = field(default_factory=list)
    alerts: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[dict[str, Any]] = field(default_factory=list)
    corrections: list[dict[str, Any]] = field(default_factory=list)
    seq: int = 0
    last_frame: Optional[int] = None
    _position: Optional[Position] = None
    _side: Optional[str] = None  # the side ``_position`` is stored from (on roll, or light before the opening)

    # ------------------------------------------------------------------------------------------- events in
    def apply(self, event: dict[str, Any]) -> None:
        """Fold one referee event into the view. Unknown event types are kept out of the state but counted, so the
        page still refreshes; a malformed event is logged and skipped rather than killing the server."""
        self.seq += 1
        if "frame" in event:
            self.last_frame = event.get("frame")
        handler = getattr(self, "_on_" + str(event.get("type")), None)
        if handler is None:
            return
        try:
            handler(event)
        except (KeyError, TypeError, ValueError) as exc:
            log.warning("web view: skipping malformed %s event: %s", event.get("type"), exc)

    def _set_position(self, position: Optional[Position], player: Optional[str]) -> None:
        """Current board, stored from ``player``'s side (the side on roll next)."""
        if position is None or player not in SIDES:
            return
        self._position, self._side = position, player
        self.position_id = position.position_id()

    def _turn_to(self, player: str) -> None:
        """``player`` is on roll: keep the stored position from their side."""
        if self._position is not None and self._side != player:
            self._set_position(self._position.swap(), player)
        self.on_roll = player

    def _entry(self, event: dict[str, Any], entry_type: str, **fields: Any) -> dict[str, Any]:
        entry = {"n": len(self.moves) + 1, "game": self.game, "type": entry_type, "frame": event.get("frame"),
                 "t": event.get("t")}
        entry.update(fields)
        self.moves.append(entry)
        return entry

    def _on_setup(self, event: dict[str, Any]) -> None:
        light = event.get("light", "bottom")
        self.seating = Seating(light="top" if light == "top" else "bottom",
                               home="left" if event.get("home") == "left" else "right")
        self.game += 1
        self.cube = {"value": 1, "owner": None, "offered_by": None}
        self.dice = None
        self.on_roll = None
        if "match_length" in event:
            self.match_length = int(event["match_length"] or 0)
        self.crawford = bool(event.get("crawford", False))
        if "score" in event:
            self._set_score(event["score"])
        for alert in self.alerts:  # a new game settles whatever was open in the last one
            alert["resolved"] = True
        # the start is symmetric; any other setup is read from the light side unless it names one
        self._set_position(decode(event.get("position_id")), event.get("player", "light"))
        self._entry(event, "setup", text=f"Game {self.game}: light sits at the {self.seating.light}",
                    position=self._ids(self._position, self._side))

    def _on_opening_roll(self, event: dict[str, Any]) -> None:
        first = event.get("first")
        values = [event.get("light"), event.get("dark")]
        if first in SIDES:
            self._turn_to(first)
            self.dice = {"player": first, "values": values, "opening": True}  # values: light's die, dark's die
        self._entry(event, "opening_roll", player=first, dice=values,
                    text=f"Opening roll: light {values[0]}, dark {values[1]}"
                         + (f"; {first} plays first" if first in SIDES else "; roll again"))

    def _on_roll(self, event: dict[str, Any]) -> None:
        player = event["player"]
        self._turn_to(player)
        self.dice = {"player": player, "values": list(event.get("dice") or [])}
        for alert in self.alerts:
            if alert["kind"] in ("reroll", "warning"):
                alert["resolved"] = True
        self._entry(event, "roll", player=player, dice=self.dice["values"],
                    text=f"{player} rolls {dice_text(self.dice['values'])}")

    def _on_reroll(self, event: dict[str, Any]) -> None:
        player = event.get("player")
        reason = str(event.get("reason", ""))
        words = {"cocked": "a die is cocked", "wrong_half": "the dice landed in the wrong half",
                 "off_board": "a die left the board"}
        message = f"{player} must roll again: {words.get(reason, reason)}"
        self.dice = None
        entry = self._entry(event, "reroll", player=player, reason=reason, text=message)
        self._alert(event, "reroll", entry, message=message, player=player, reason=reason)

    def _on_play(self, event: dict[str, Any]) -> None:
        player = event["player"]
        dice = list(event.get("dice") or [])
        legal = bool(event.get("legal", True))
        before = decode(event.get("before"))
        after = decode(event.get("after"))  # from the mover's side, like ``before``
        text = play_text(event.get("play")) or moved_text(before, after)
        closest = event.get("closest") or []
        if isinstance(closest, (str, dict)) or (closest and not isinstance(closest[0], (list, str, dict))):
            closest = [closest]
        alternatives = [play_text(c.get("play") if isinstance(c, dict) else c) for c in closest]
        score_ctx = self._context(player, dice)
        said = dice_text(dice, bool(event.get("other_die_unseen")))
        entry = self._entry(
            event, "play", player=player, dice=dice, play=text, legal=legal,
            reason=event.get("reason") or "", alternatives=alternatives,
            text=f"{player} {said}: {text}"
            + (" (corrected)" if event.get("corrected") else "") + _told_text(event),
            # the page draws the position after a play; the one before is the previous entry's, so IDs only
            before=self._ids(before, player, score_ctx, with_board=False), after=self._ids(after, player),
        )
        self.dice = None
        for alert in self.alerts:  # the offender has played on: their earlier illegal play is settled
            if alert["kind"] == "illegal" and alert.get("player") == player and legal:
                alert["resolved"] = True
        self._set_position(after, player)
        self._turn_to(other(player))
        if not legal:
            why = entry["reason"] or "not a legal play for these dice"
            self._alert(event, "illegal", entry, player=player, reason=why, play=text, dice=dice,
                        alternatives=alternatives,
                        message=f"Illegal play by {player} ({said}): {text}: {why}")

    def _on_cube(self, event: dict[str, Any]) -> None:
        action, player = event.get("action"), event.get("player")
        value = int(event.get("value") or self.cube["value"])
        if action == "double":
            self.cube = {"value": self.cube["value"], "owner": self.cube["owner"], "offered_by": player,
                         "offered": value}
            text = f"{player} doubles to {value}"
        elif action == "take":
            self.cube = {"value": value, "owner": player, "offered_by": None}
            text = f"{player} takes ({value})"
        else:
            self.cube = dict(self.cube, offered_by=None)
            text = f"{player} passes"
        self._entry(event, "cube", player=player, action=action, value=value, text=text)

    def _on_game_end(self, event: dict[str, Any]) -> None:
        winner = event.get("winner")
        if "score" in event:
            self._set_score(event["score"])
        self.dice = None
        self.on_roll = None  # nobody is to play until the next game's opening roll
        kind = event.get("kind") or "single"
        points = event.get("points")
        self._entry(event, "game_end", player=winner, kind=kind, points=points,
                    text=f"{winner} wins a {kind} game ({points} point{'s' if points != 1 else ''})")

    def _on_warning(self, event: dict[str, Any]) -> None:
        message = str(event.get("message", ""))
        self.warnings.append({"frame": event.get("frame"), "t": event.get("t"), "message": message})
        del self.warnings[:-20]
        if event.get("alert"):  # the referee flags the few warnings that need the players now (a lost checker)
            entry = self._entry(event, "warning", text=f"warning: {message}")
            self._alert(event, "warning", entry, message=message)

    def _on_correction(self, event: dict[str, Any]) -> None:
        """The daemon's record of a director's correction (if it publishes one): the board is what they said."""
        self.corrections.append({k: event.get(k) for k in ("frame", "t", "position_id", "by")})
        player = event.get("player") or self.on_roll or "light"
        self._set_position(decode(event.get("position_id")), player)
        self.on_roll = player
        for alert in self.alerts:
            if alert["kind"] == "illegal":
                alert["resolved"] = True
        self._entry(event, "correction", player=player, text=f"position corrected by {event.get('by') or '?'}",
                    position=self._ids(self._position, self._side))

    def _on_dismiss(self, event: dict[str, Any]) -> None:
        self.dismiss(event.get("alert_id"), event.get("by"))

    # ------------------------------------------------------------------------------------------ helpers
    def _set_score(self, score: Any) -> None:
        if isinstance(score, dict):
            self.score = {s: int(score.get(s, 0)) for s in SIDES}
            if "match_length" in score:
                self.match_length = int(score["match_length"] or 0)
        elif isinstance(score, (list, tuple)) and len(score) >= 2:
            self.score = {"light": int(score[0]), "dark": int(score[1])}

    def _context(self, player: str, dice: list[int]) -> dict[str, Any]:
        """Match context for the Match ID / XGID of a position with ``player`` on roll."""
        return {"player": player, "dice": dice, "cube": dict(self.cube), "score": dict(self.score),
                "match_length": self.match_length, "crawford": self.crawford}

    def _ids(self, position: Optional[Position], player: Optional[str],
             context: Optional[dict[str, Any]] = None, with_board: bool = True) -> Optional[dict[str, Any]]:
        """IDs and (unless not wanted) the geometric board of a position stored from ``player``'s side."""
        if position is None or player not in SIDES:
            return None
        ctx = context or self._context(player, [])
        out: dict[str, Any] = {
            "position_id": position.position_id(),
            "player": player,
            "match_id": ids.match_id(position, ctx),
            "xgid": ids.xgid(position, ctx),
        }
        if with_board:
            out["board"] = board_view(position, player, self.seating)
        return out

    def _alert(self, event: dict[str, Any], kind: str, entry: dict[str, Any], **fields: Any) -> None:
        alert_id = event.get("alert_id", event.get("id", event.get("frame", entry["n"])))
        alert = {"id": alert_id, "kind": kind, "move": entry["n"], "frame": event.get("frame"),
                 "t": event.get("t"), "dismissed": False, "dismissed_by": None, "resolved": False}
        alert.update(fields)
        entry["alert_id"] = alert_id
        self.alerts.append(alert)

    def find_alert(self, alert_id: Any) -> Optional[dict[str, Any]]:
        for alert in self.alerts:
            if str(alert["id"]) == str(alert_id):
                return alert
        return None

    def dismiss(self, alert_id: Any, by: Any = None) -> bool:
        alert = self.find_alert(alert_id)
        if alert is None:
            return False
        alert["dismissed"], alert["dismissed_by"] = True, by
        return True

    # ------------------------------------------------------------------------------------------- state out
    def to_dict(self) -> dict[str, Any]:
        current = None
        if self._position is not None and self._side in SIDES:
            dice = self.dice["values"] if self.dice and self.dice.get("player") == self._side else []
            current = self._ids(self._position, self._side, self._context(self._side, dice))
        return {
            "seq": self.seq,
            "frame": self.last_frame,
            "game": self.game,
            "seating": {"light": self.seating.light, "home": self.seating.home},
            "position": current,
            "on_roll": self.on_roll,
            "dice": self.dice,
            "cube": self.cube,
            "score": self.score,
            "match_length": self.match_length,
            # the page lists the game in progress; earlier games stay in the .mat download
            "moves": [m for m in self.moves if m["game"] == self.game],
            "alerts": self.alerts[-MAX_ALERTS:],
            "open_alerts": [a["id"] for a in self.alerts if not a["dismissed"] and not a["resolved"]],
            "warnings": self.warnings,
            "corrections": self.corrections,
        }
