"""A die read cocked, then only ever read flat with no face where it lies, is the cocked die it was read as
(judging game 59434 frame 287: dark's 4 leaning on a checker, read cocked once and then faceless; the re-roll was
said 19 frames late, when he rolled again). A faceless die elsewhere, or one never read cocked, stays unread."""

from __future__ import annotations

from device.seating import Seating
from device.tracker import GameTracker
from rules.moves import legal_plays
from rules.position import Position
from tests.daemon_scenes import Driver
from vision.observation import DieReading

START = Position.start()
SEATING = Seating("bottom-right")


def _play(position: Position, dice: tuple[int, int], notation: str) -> Position:
    return next(p.position for p in legal_plays(position, *dice) if p.notation() == notation)


def _feed() -> Driver:
    """A fresh tracker fed still scenes under SEATING."""
    return Driver(GameTracker(), SEATING)


def _at(value, x: float, flat: bool = True, half: str = SEATING.right_half("dark")) -> DieReading:
    return DieReading(value=value, flat=flat, center=[x, 400.0], half=half)


def _dark_to_roll(f: Driver) -> Position:
    """Light opens 3-1 with 8/5 6/5; dark is on roll (the position from dark's side)."""
    f.show(START, "light")
    f.show(START, "light", (_at(3, 850.0, half=SEATING.right_half("light")),
                            _at(1, 350.0, half=SEATING.right_half("dark"))))
    light = _play(START, (3, 1), "8/5 6/5")
    f.show(light, "light")
    f.show(light, "light")
    return light.swap()


def _x(half: str, offset: float) -> float:
    return (850.0 if half == "right" else 350.0) + offset


def test_a_die_read_cocked_then_only_faceless_where_it_lies_is_a_cocked_reroll():
    f = _feed()
    dark = _dark_to_roll(f)
    half = SEATING.right_half("dark")
    five, spot = _at(5, _x(half, -60.0)), _x(half, 40.0)
    assert f.show(dark, "dark", (five, _at(None, spot, flat=False))) == []  # looked at once more
    out = []
    for _ in range(3):
        out += f.show(dark, "dark", (five, _at(None, spot + 2.0)))  # flat, its face not made out
    assert [(e["type"], e.get("player"), e.get("reason")) for e in out] == [("reroll", "dark", "cocked")]
    assert not any(e["type"] == "roll" and e.get("player") == "dark" for e in f.events)


def test_a_faceless_die_away_from_where_a_die_was_read_cocked_stays_unread():
    f = _feed()
    dark = _dark_to_roll(f)
    half = SEATING.right_half("dark")
    five = _at(5, _x(half, -60.0))
    f.show(dark, "dark", (five, _at(None, _x(half, 40.0), flat=False)))
    for _ in range(3):
        f.show(dark, "dark", (five, _at(None, _x(half, 140.0))))  # another place: another die, or a misplaced read
    assert [e for e in f.events if e["type"] == "reroll"] == []
    done = _play(dark, (5, 2), "13/11 13/8")
    out = f.show(done, "dark")
    assert [(e["type"], e.get("dice"), e.get("legal")) for e in out] == [("roll", [5, 2], None),
                                                                        ("play", [5, 2], True)]


def test_a_die_read_cocked_then_flat_with_its_face_takes_the_roll():
    f = _feed()
    dark = _dark_to_roll(f)
    half = SEATING.right_half("dark")
    five, spot = _at(5, _x(half, -60.0)), _x(half, 40.0)
    f.show(dark, "dark", (five, _at(None, spot, flat=False)))
    out = f.show(dark, "dark", (five, _at(2, spot)))
    assert [(e["type"], e.get("dice")) for e in out] == [("roll", [5, 2])]
    assert [e for e in f.events if e["type"] == "reroll"] == []
