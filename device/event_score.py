"""Scoring a referee's events against the events a recording should give (a perfect referee's list).

Shared by `bgref demo` and `bgref replay --expect`, so players, tournament directors and tests judge any recording
the same way: each expected event is on time (0-3 frames after the frame a perfect referee could decide it), late
(said up to 30 frames off) or missed; each alarm the referee sounds (an illegal play, a re-roll, an alert warning
such as a roll out of turn) that the expected list does not hold is a false alarm, as bad as a missed illegal
play; "not judged" warnings are counted apart (honest, but a play nobody checked); and play verdicts are timed
from the frame the dice were lifted.
"""

from __future__ import annotations

import json
import statistics
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from device.errors import DeviceError
from device.events import EVENT_TYPES, dice_text, is_alert

# the fields that make two events the same event (absent fields are not compared)
MATCH_FIELDS = ("player", "dice", "legal", "play", "first", "light", "dark", "action", "value", "winner")
ON_TIME = 3  # frames after the deciding frame that still count as on time
LATE = 30  # frames off (either way) that still count as the same event, said late
NOT_JUDGED_CODES = ("unsure_reading", "resync")  # warnings that say a play or board was not judged / not sure

Event = dict[str, Any]


class EventList:
    """A publisher that keeps every event the referee emits, to score them when the recording ends."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def publish(self, event: Event) -> None:
        self.events.append(event)

    def frame(self, image: Any, observation: Any) -> None:
        pass


def kind(event: Event) -> str:
    """The row an event is counted in: its type, with illegal plays apart from legal ones."""
    if event.get("type") == "play" and event.get("legal") is False:
        return "illegal_play"
    return str(event.get("type"))


def is_alarm(event: Event) -> bool:
    """An alarm stops the game: an illegal play, a re-roll call, or a warning that sounds the alert (a roll out
    of turn, a checker knocked off the board)."""
    return is_alert(event)


def load_expected(path: str | Path) -> list[Event]:
    """The expected events of a recording (JSON Lines, each with ``frame`` and ``type``); bad input is a
    DeviceError naming the file and line."""
    path = Path(path)
    if not path.is_file():
        raise DeviceError(f"expected events {path}: no such file")
    events: list[Event] = []
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DeviceError(f"expected events {path}: cannot read it ({exc})") from None
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except ValueError:
            raise DeviceError(f"expected events {path}:{lineno}: not valid JSON") from None
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise DeviceError(f"expected events {path}:{lineno}: not an event (an object with a \"type\")")
        if event["type"] not in EVENT_TYPES:
            raise DeviceError(f"expected events {path}:{lineno}: unknown event type {event['type']!r}")
        frame = event.get("frame")
        if isinstance(frame, bool) or not isinstance(frame, int) or frame < 0:
            raise DeviceError(f"expected events {path}:{lineno}: \"frame\" must be a frame index (0 or more), "
                              f"not {frame!r}")
        events.append(event)
    return events


def _same(got: Event, want: Event) -> bool:
    if got["type"] != want["type"]:
        return False
    if want["type"] == "warning" and got.get("code") != want.get("code"):
        return False
    return all(_same_field(k, got, want) for k in MATCH_FIELDS if k in want and k in got)


def _same_field(key: str, got: Event, want: Event) -> bool:
    """One field alike. A play said with the one die read (``other_die_unseen``: a foul that stands whatever the
    other die showed) names a die of the roll: it holds all the referee could know, nothing made up."""
    if key == "dice" and got.get("other_die_unseen") and isinstance(got["dice"], list) and len(got["dice"]) == 1:
        return isinstance(want["dice"], list) and got["dice"][0] in want["dice"]
    return got.get(key) == want[key]


def match_events(got: list[Event], expected: list[Event], window: int = ON_TIME,
                 late: int = LATE) -> tuple[list[tuple[Event, Event]], list[tuple[Event, Event]], list[Event]]:
    """Each expected event paired with the referee's event of the same type and content: (on time: 0-``window``
    frames after the frame a perfect referee could decide it, late: up to ``late`` frames off, missed).

    On-time pairs are taken first for every expected event, then the nearest of what is left: a roll of 3-1 the
    referee missed must not take the next 3-1 said on time from its own expected event. Each of the referee's
    events is used once; the lists come back in the expected order."""
    used: set[int] = set()
    pair: dict[int, int] = {}
    for w, want in enumerate(expected):
        now = [i for i, e in enumerate(got) if i not in used and _same(e, want)
               and 0 <= e["frame"] - want["frame"] <= window]
        if now:
            used.add(now[0])
            pair[w] = now[0]
    on_time_keys = set(pair)
    for w, want in enumerate(expected):
        if w in pair:
            continue
        near = sorted((i for i, e in enumerate(got) if i not in used and _same(e, want)
                       and abs(e["frame"] - want["frame"]) <= late),
                      key=lambda i: abs(got[i]["frame"] - want["frame"]))
        if near:
            used.add(near[0])
            pair[w] = near[0]
    on_time = [(want, got[pair[w]]) for w, want in enumerate(expected) if w in on_time_keys]
    late_pairs = [(want, got[pair[w]]) for w, want in enumerate(expected) if w in pair and w not in on_time_keys]
    missed = [want for w, want in enumerate(expected) if w not in pair]
    return on_time, late_pairs, missed


@dataclass
class Score:
    """How a referee's events compare with a recording's expected events."""

    expected: int
    on_time: list[tuple[Event, Event]]
    late: list[tuple[Event, Event]]  # said 4-30 frames after the deciding frame, or up to 30 before it
    missed: list[Event]
    false_alarms: list[Event]  # illegal plays, re-rolls and alert warnings the expected list does not hold
    not_judged: list[Event]  # "not judged" / "not sure" / re-sync warnings
    play_lag: list[int] = field(default_factory=list)  # frames from the dice lifted to each play verdict

    def by_kind(self) -> dict[str, dict[str, int]]:
        """On time / late / missed per kind of expected event (illegal plays apart from legal ones)."""
        rows: dict[str, dict[str, int]] = {}

        def add(event: Event, column: str) -> None:
            rows.setdefault(kind(event), {"on_time": 0, "late": 0, "missed": 0})[column] += 1

        for want, _ in self.on_time:
            add(want, "on_time")
        for want, _ in self.late:
            add(want, "late")
        for want in self.missed:
            add(want, "missed")
        order = [*EVENT_TYPES[:4], "play", "illegal_play", *EVENT_TYPES[5:]]
        return {k: rows[k] for k in sorted(rows, key=lambda k: order.index(k) if k in order else len(order))}

    def lag_median(self) -> Optional[float]:
        return float(statistics.median(self.play_lag)) if self.play_lag else None

    def lag_max(self) -> Optional[int]:
        return max(self.play_lag) if self.play_lag else None

    def as_json(self) -> dict[str, Any]:
        """The summary as one JSON object (the last line of `bgref replay --expect --json`)."""
        return {
            "type": "summary",
            "expected": self.expected,
            "on_time": len(self.on_time),
            "late": len(self.late),
            "missed": len(self.missed),
            "by_type": self.by_kind(),
            "false_alarms": len(self.false_alarms),
            "false_alarm_frames": [e["frame"] for e in self.false_alarms],
            "not_judged": len(self.not_judged),
            "not_judged_frames": [e["frame"] for e in self.not_judged],
            "play_lag_median": self.lag_median(),
            "play_lag_max": self.lag_max(),
            "missed_frames": [w["frame"] for w in self.missed],
            "late_frames": [[w["frame"], g["frame"]] for w, g in self.late],
        }

    def lines(self) -> list[str]:
        """The summary for people: one line per kind of event, then what went wrong, frame by frame."""
        out = [f"expected events: {len(self.on_time)}/{self.expected} on time (0-{ON_TIME} frames), "
               f"{len(self.late)} late or early (up to {LATE} frames off), {len(self.missed)} missed"]
        for name, row in self.by_kind().items():
            out.append(f"  {name:<13} {row['on_time']:>3} on time {row['late']:>3} late {row['missed']:>3} missed")
        out.append(f"false alarms: {len(self.false_alarms)}")
        for e in self.false_alarms:
            out.append(f"  frame {e['frame']}: {_brief(e)}")
        out.append(f"not judged / not sure: {len(self.not_judged)}")
        for e in self.not_judged:
            out.append(f"  frame {e['frame']}: {e.get('message') or e.get('code')}")
        if self.play_lag:
            out.append(f"play verdicts after the dice were lifted: median {self.lag_median():g} frames, "
                       f"max {self.lag_max()} ({len(self.play_lag)} plays)")
        else:
            out.append("play verdicts after the dice were lifted: none matched")
        for w, g in self.late:
            out.append(f"  late:   frame {w['frame']} {_brief(w)} (said at {g['frame']})")
        for w in self.missed:
            out.append(f"  missed: frame {w['frame']} {_brief(w)}")
        return out


def _brief(event: Event) -> str:
    """A short name of an event for the summary: 'illegal_play dark 5-5', 'reroll light cocked'."""
    parts = [kind(event), event.get("player") or ""]
    if event.get("dice"):
        parts.append("-".join(map(str, event["dice"])))
    if event.get("type") == "opening_roll":
        parts.append(f"{event.get('light')}-{event.get('dark')}")
    if event.get("type") == "play" and event.get("legal"):
        parts.append(event.get("play") or "")
    if event.get("type") == "reroll":
        parts.append(event.get("reason") or "")
    if event.get("type") == "warning":
        parts.append(event.get("code") or "")
    return " ".join(p for p in parts if p)


def score(got: list[Event], expected: list[Event], window: int = ON_TIME, late: int = LATE) -> Score:
    """Score the referee's events ``got`` against ``expected``.

    A false alarm is an alarm (illegal play, re-roll, alert warning) that matches no expected event by content,
    and has no expected alarm of its kind left unmatched within ``late`` frames either (an illegal play caught
    at the right moment with a dice value misread is a miss of details, not a false alarm)."""
    on_time, late_pairs, missed = match_events(got, expected, window, late)
    matched = {id(g) for _, g in on_time + late_pairs}
    missed_alarms = [w for w in missed if is_alarm(w)]
    false_alarms: list[Event] = []
    for e in got:
        if not is_alarm(e) or id(e) in matched:
            continue
        twin = next((w for w in missed_alarms if kind(w) == kind(e) and abs(e["frame"] - w["frame"]) <= late
                     and (e["type"] != "warning" or w.get("code") == e.get("code"))), None)
        if twin is not None:
            missed_alarms.remove(twin)  # the alarm was right; its details differ (counted as that event missed)
            continue
        false_alarms.append(e)
    not_judged = [e for e in got if e["type"] == "warning" and e.get("code") in NOT_JUDGED_CODES]
    lag = sorted(g["frame"] - w["frame"] for w, g in on_time + late_pairs if w["type"] == "play")
    return Score(len(expected), on_time, late_pairs, missed, false_alarms, not_judged, lag)


def demo_lines(got: list[Event], expected: Optional[list[Event]]) -> list[str]:
    """What the referee caught, and how that compares with what the recording holds (`bgref demo`'s summary)."""
    illegal = [e for e in got if e["type"] == "play" and e.get("legal") is False]
    rerolls = [e for e in got if e["type"] == "reroll"]
    plays = [e for e in got if e["type"] == "play"]
    lines = [f"{len(plays)} plays judged: {len(illegal)} illegal, {len(rerolls)} re-rolls called"]
    for e in illegal:
        lines.append(f"  frame {e['frame']}: {e['player']} {dice_text(e)}: {e.get('reason')}")
    if expected is not None:
        want_illegal = [e for e in expected if e["type"] == "play" and e.get("legal") is False]
        want_rerolls = [e for e in expected if e["type"] == "reroll"]
        caught = sum(1 for w in want_illegal if any(abs(g["frame"] - w["frame"]) <= 3 for g in illegal))
        caught_r = sum(1 for w in want_rerolls if any(abs(g["frame"] - w["frame"]) <= 3 for g in rerolls))
        false_alarms = sum(1 for g in illegal if not any(abs(g["frame"] - w["frame"]) <= 3 for w in want_illegal))
        lines.append(f"the recording holds {len(want_illegal)} illegal plays and {len(want_rerolls)} re-rolls: "
                     f"caught {caught} and {caught_r}; false alarms {false_alarms}")
        on_time, late, missed = match_events(got, expected)
        lag = sorted(g["frame"] - w["frame"] for w, g in on_time + late if w["type"] == "play")
        lines.append(f"events as recorded: {len(on_time)}/{len(expected)} within 3 frames, {len(late)} late, "
                     f"{len(missed)} missed" + (f"; play verdicts {lag} frames after the dice were lifted"
                                                if lag else ""))
        for w, g in late:
            lines.append(f"  late:   frame {w['frame']} {w['type']} {w.get('player') or ''} (said at {g['frame']})")
        for w in missed:
            lines.append(f"  missed: frame {w['frame']} {w['type']} {w.get('player') or ''} "
                         f"{w.get('reason') or w.get('code') or ''}".rstrip())
    return lines
