"""Referee events: JSON Lines for other tools, and one readable line per event for people.

Every event is a dict with ``frame`` (index of the frame that decided it), ``t`` (seconds) and ``type``; the
fields per type are documented in the README and relied on by other tools, so they are only ever added to.
"""

from __future__ import annotations

import json
import logging
import sys
import threading
from pathlib import Path
from typing import IO, Any, Optional

log = logging.getLogger("bgref.events")

EVENT_TYPES = ("setup", "opening_roll", "roll", "reroll", "play", "cube", "game_end", "warning")
ALERT_TYPES = ("reroll",)  # plus illegal plays and warnings flagged with "alert": true


def make_event(event_type: str, frame: int, t: float, **fields: Any) -> dict[str, Any]:
    event: dict[str, Any] = {"frame": int(frame), "t": round(float(t), 3), "type": event_type}
    event.update(fields)
    return event


def is_alert(event: dict[str, Any]) -> bool:
    """Illegal plays, re-rolls and alert-worthy warnings sound the alert."""
    if event.get("type") == "play":
        return event.get("legal") is False
    return event.get("type") in ALERT_TYPES or bool(event.get("alert"))


def dice_text(event: dict[str, Any]) -> str:
    """The dice of an event as players say them, "6-4"; "5-?" for a play said with the one die read."""
    dice = [str(d) for d in event.get("dice") or []]
    if len(dice) == 1 and event.get("other_die_unseen"):  # one die read: a foul that stands whatever the other shows
        dice.append("?")
    return "-".join(dice)


def describe(event: dict[str, Any]) -> str:
    """One line a player understands, e.g. 'light rolls 6-3' or 'ILLEGAL dark 5-2: 13/8 13/11 ...'."""
    kind = event.get("type")
    who = event.get("player") or "?"
    if kind == "setup":
        return f"starting position set up; light sits at the {event.get('light')}"
    if kind == "opening_roll":
        first = event.get("first")
        if first is None:
            return f"opening roll {event.get('light')} (light) - {event.get('dark')} (dark): equal, roll again"
        return f"opening roll {event.get('light')} (light) - {event.get('dark')} (dark): {first} moves first"
    if kind == "roll":
        return f"{who} rolls {dice_text(event)}"
    if kind == "reroll":
        reasons = {"cocked": "a die is cocked", "wrong_half": "dice not on the roller's right-hand half",
                   "off_board": "a die left the board",
                   # the two below are said after the fact (the referee never saw why): not the three
                   "unseen_die": "rolled again (said after the fact); one die of the roll before was never seen "
                                 "on the board",
                   "rolled_again": "rolled again without playing (said after the fact); the roll before did not "
                                   "count"}
        return f"RE-ROLL {who}: {reasons.get(event.get('reason'), event.get('reason'))}"
    if kind == "play":
        play = event.get("play") or "(no move)"
        if event.get("legal"):
            told = int(event.get("dice_told") or 0)
            if told:  # the roll was (partly) never read: the play is legal only if the unseen dice were these
                unseen = "the roll was not seen" if told >= 2 else "one die was not seen"
                return f"{who} {dice_text(event)}: {play} ({unseen}: legal if the roll was {dice_text(event)})"
            return f"{who} {dice_text(event)}: {play}"
        text = f"ILLEGAL {who} {dice_text(event)}: {event.get('reason') or 'not a legal play'}"
        closest = event.get("closest") or []
        if closest:
            text += f" (legal: {', '.join(str(c) for c in closest[:3])})"
        return text
    if kind == "cube":
        return f"{who} {event.get('action')}s (cube {event.get('value')})"
    if kind == "game_end":
        score = event.get("score") or {}
        return (f"{event.get('winner')} wins a {event.get('kind')} for {event.get('points')} point(s); "
                f"score light {score.get('light', 0)} - dark {score.get('dark', 0)}")
    if kind == "warning":
        return f"warning: {event.get('message')}"
    return json.dumps(event)


class EventWriter:
    """Writes events as JSON Lines (stdout or an appended file) and logs a readable line for each."""

    def __init__(self, target: Optional[str | IO[str]] = "-", log_lines: bool = True) -> None:
        self._lock = threading.Lock()
        self._own = False
        self.stream: Optional[IO[str]]
        if target is None:
            self.stream = None
        elif isinstance(target, str):
            if target == "-":
                self.stream = sys.stdout
            else:
                path = Path(target)
                if path.parent and not path.parent.exists():
                    from device.errors import DeviceError
                    raise DeviceError(f"events file {target}: folder {path.parent} does not exist")
                self.stream = path.open("a", encoding="utf-8")
                self._own = True
        else:
            self.stream = target
        self.log_lines = log_lines
        self.name = target if isinstance(target, str) else getattr(target, "name", "stream")
        self.failing = False  # the last write failed (disk full, reader gone): the referee goes on regardless

    def publish(self, event: dict[str, Any]) -> None:
        with self._lock:
            if self.stream is not None:
                try:
                    self.stream.write(json.dumps(event, separators=(", ", ": ")) + "\n")
                    self.stream.flush()
                except (OSError, ValueError) as exc:  # ValueError: the stream was closed under us
                    if not self.failing:
                        log.warning("events %s: cannot write (%s); events go on to the log and the database",
                                    self.name, exc)
                    self.failing = True
                else:
                    if self.failing:
                        log.warning("events %s: writable again", self.name)
                    self.failing = False
            if self.log_lines:
                level = logging.WARNING if is_alert(event) or event.get("type") == "warning" else logging.INFO
                log.log(level, "[frame %s, %.1fs] %s", event.get("frame"), event.get("t", 0.0), describe(event))

    def frame(self, image: Any, observation: Any) -> None:
        """Publishers also receive frames; a JSON Lines writer has no use for them."""

    def close(self) -> None:
        if self._own and self.stream is not None:
            try:
                self.stream.close()
            except OSError as exc:  # the last lines could not be flushed (disk full): the database has them
                log.warning("events %s: closing: %s", self.name, exc)
            self.stream = None
