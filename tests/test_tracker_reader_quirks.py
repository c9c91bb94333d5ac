"""The referee over the reader's steady quirks, seen on held-out rendered games: a checker read on the bar in
every frame (the cube on the bar, h848 at 1280x720) is no reason to leave a play unjudged, and does not hide an
illegal play either."""

from __future__ import annotations

from typing import Any

from device.seating import Seating
from device.tracker import GameTracker
from rules.moves import legal_plays
from rules.position import Position
from tests.daemon_scenes import die, scene

START = Position.start()
SEATING = Seating("bottom-right")


def _play(position: Position, dice: tuple[int, int], notation: str) -> Position:
    return next(p.position for p in legal_plays(position, *dice) if p.notation() == notation)


class Quirky:
    """Still scenes fed to a tracker, read with ``phantom_bar`` extra light checkers on the bar every time."""

    def __init__(self, phantom_bar: int = 1) -> None:
        self.tracker = GameTracker()
        self.phantom_bar = phantom_bar
        self.frame = 0
        self.events: list[dict[str, Any]] = []

    def show(self, position: Position, mover: str, dice: tuple = (), phantom: bool = True) -> list[dict[str, Any]]:
        self.frame += 5
        obs = scene(SEATING, position, mover, dice)
        if phantom:
            obs.bar["light"] += self.phantom_bar
        out = self.tracker.feed(obs, self.frame, self.frame / 10)
        self.events.extend(out)
        return out


def _dark_opens_5_4(q: Quirky) -> None:
    q.show(START, "dark")
    q.show(START, "dark", (die(5, SEATING.right_half("dark")), die(4, SEATING.right_half("light"))))


def test_a_checker_read_on_the_bar_in_every_frame_leaves_the_play_judged():
    q = Quirky()
    _dark_opens_5_4(q)
    assert [e["type"] for e in q.events] == ["setup", "opening_roll"]
    after = _play(START, (5, 4), "13/4")
    out = q.show(after, "dark")
    assert [(e["type"], e.get("legal"), e.get("play")) for e in out] == [("play", True, "13/4")]
    assert out[0]["after"] == after.position_id()
    # light's 4-4 next, with the phantom still there: judged too
    light = after.swap()
    q.show(light, "light", (die(4, SEATING.right_half("light")), die(4, SEATING.right_half("light"))))
    played = _play(light, (4, 4), "13/5 8/4(2)")
    out = q.show(played, "light")
    assert [(e["type"], e.get("legal"), e.get("play")) for e in out] == [("play", True, "13/5 8/4(2)")]
    assert not any(e.get("alert_id") or e.get("code") == "unsure_reading" for e in q.events)


def test_an_illegal_play_still_shows_through_a_steady_bar_misread():
    q = Quirky()
    _dark_opens_5_4(q)
    wrong = _play(START, (6, 4), "24/18 13/9")  # played as if the roll were 6-4
    q.show(wrong, "dark")
    q.show(wrong, "dark")  # a verdict on a reading that needs a misread waits for one more agreeing reading
    plays = [e for e in q.events if e["type"] == "play"]
    assert [(e["legal"], e["dice"]) for e in plays] == [(False, [5, 4])]
    assert plays[0]["after"] == wrong.position_id()


def test_a_checker_read_on_the_bar_from_the_opening_roll_on_leaves_the_play_judged():
    # the start is read clean, the phantom appears with the dice (a die's shadow, the cube moved onto the bar)
    q = Quirky()
    q.show(START, "dark", phantom=False)
    q.show(START, "dark", (die(5, SEATING.right_half("dark")), die(4, SEATING.right_half("light"))))
    after = _play(START, (5, 4), "13/4")
    out = q.show(after, "dark")
    assert [(e["type"], e.get("legal")) for e in out] == [("play", True)]
