"""A player who lifts his dice with nothing played and rolls again rolled a roll that did not count (a cocked die
read flat): his new roll is taken and the re-roll said after the fact, even when the reading at the lift was too
unclear to say "nothing moved" (judging game 77535 frame 828: light's 21/16*/14* on his new 5-2 was judged on the
4-3 that did not count, and the 5-2 never said)."""

from __future__ import annotations

from typing import Any, Optional

from device.seating import Seating
from device.tracker import GameTracker
from rules.moves import legal_plays
from rules.position import Position
from tests.daemon_scenes import scene
from vision.observation import DieReading

START = Position.start()
SEATING = Seating("bottom-right")


def _play(position: Position, dice: tuple[int, int], notation: str) -> Position:
    return next(p.position for p in legal_plays(position, *dice) if p.notation() == notation)


class Feed:
    def __init__(self) -> None:
        self.tracker = GameTracker()
        self.frame = 0
        self.events: list[dict[str, Any]] = []

    def show(self, position: Position, mover: str, dice: tuple = (), short: Optional[int] = None
             ) -> list[dict[str, Any]]:
        """``short``: a point (0-based, as the image numbers it) read one checker short."""
        self.frame += 5
        obs = scene(SEATING, position, mover, dice)
        if short is not None:
            n = obs.points[short]
            obs.points[short] = n - 1 if n > 0 else n + 1
        out = self.tracker.feed(obs, self.frame, self.frame / 10)
        self.events.extend(out)
        return out


def _die(value: int, x: float, half: str) -> DieReading:
    return DieReading(value=value, flat=True, center=[x, 400.0], half=half)


def _dark_to_roll(f: Feed) -> Position:
    f.show(START, "light")
    f.show(START, "light", (_die(6, 850.0, SEATING.right_half("light")), _die(5, 350.0, SEATING.right_half("dark"))))
    light = _play(START, (6, 5), "24/13")
    f.show(light, "light")
    f.show(light, "light")
    return light.swap()


def _light_blot(position: Position) -> int:
    """The point of light's lone checker (0-based, as the image numbers it)."""
    board = SEATING.board(position, "dark")
    return next(i for i, n in enumerate(board.points) if n == 1)


def test_a_roll_lifted_unplayed_and_rolled_again_is_a_late_reroll_and_the_new_roll_counts():
    f = Feed()
    dark = _dark_to_roll(f)
    half = SEATING.right_half("dark")
    x = 850.0 if half == "right" else 350.0
    out = f.show(dark, "dark", (_die(4, x - 80.0, half), _die(3, x - 40.0, half)))
    assert [(e["type"], e.get("dice")) for e in out] == [("roll", [4, 3])]
    blot = _light_blot(dark)
    f.show(dark, "dark", short=blot)  # lifted; light's blot missed: not clearly 'nothing moved'
    out = f.show(dark, "dark", (_die(5, x + 60.0, half), _die(2, x + 100.0, half)), short=blot)
    assert [(e["type"], e.get("reason"), e.get("dice")) for e in out] == [("reroll", "rolled_again", [4, 3]),
                                                                          ("roll", None, [5, 2])]
    assert out[0]["late"] is True
    played = _play(dark, (5, 2), "13/11 13/8")
    f.show(played, "dark", (_die(5, x + 60.0, half), _die(2, x + 100.0, half)))
    out = f.show(played, "dark")
    assert [(e["type"], e.get("dice"), e.get("legal")) for e in out] == [("play", [5, 2], True)]


def test_a_play_under_way_when_the_dice_show_again_elsewhere_is_no_reroll():
    # his checkers moved: the new dice are no roll made with nothing played (the opponent's turn went unseen, or
    # they are misread): no re-roll is said on it
    f = Feed()
    dark = _dark_to_roll(f)
    half = SEATING.right_half("dark")
    x = 850.0 if half == "right" else 350.0
    f.show(dark, "dark", (_die(4, x - 80.0, half), _die(3, x - 40.0, half)))
    played = _play(dark, (4, 3), "24/20 13/10")
    f.show(played, "dark")
    f.show(played, "dark", (_die(5, x + 60.0, half), _die(2, x + 100.0, half)))
    assert [e for e in f.events if e["type"] == "reroll"] == []
