"""A guess doubting the bar keeps a foul unjudged only when the mover's own bar count may be wrong (issue 6).

A guess notes "the bar" as one place it may be wrong on (a hit it may have wrong, a bar read otherwise). The mover's
foul rests on his own bar count only: the opponent's checkers there block nothing. g6464 frame 222: dark's bar/24*
not judged (his own bar read empty while a checker still sat there) left a guess doubting the bar, and light's
bar/23 on 6-2 (one die of two played) went unjudged, though his checker on the bar was read there every time.
"""

from __future__ import annotations

from typing import Optional

from tests.test_tracker_guess_points import TrayBlindReader, light_opens_on_a_guess
from tests.test_tracker_faults import _play
from tests.daemon_scenes import die

BAR = 25  # tracker.BAR_INDEX: the bar among a guess's unsure points


class DarkBarReader(TrayBlindReader):
    """The tray-blind faulty reader, with dark's bar read as ``dark_bar`` while it is set (a shadow read as a
    checker there)."""

    dark_bar: Optional[int] = None

    def read_trays(self, obs) -> None:
        super().read_trays(obs)
        if self.dark_bar is not None:
            obs.bar = {**obs.bar, "dark": self.dark_bar}


def _dark_fouls_on_a_guess_doubting_the_bar(dark_bar_once: Optional[int]) -> DarkBarReader:
    """Light opens on a guess unsure of light's 5-, 6-, 8-points and the bar, his 6-point doubted in every reading
    (so the guess never ends); dark then plays 6-4 with one checker too many (24/18 13/9 13/11)."""
    r = DarkBarReader(wrong={19: -4})  # dark's 6-point read one short in every reading: a steady misread
    after = light_opens_on_a_guess(r, [4, 5, 7, BAR], {6})
    r.dark_bar = dark_bar_once
    r.show(after.swap(), "dark")  # nothing moves while dark picks up his dice
    r.dark_bar = None
    for _ in range(2):
        r.show(after.swap(), "dark")
    r.show(after.swap(), "dark", (die(6, "left"), die(4, "left")))
    legal = _play(after.swap(), (6, 4), "24/18 13/9")
    player = list(legal.player)
    player[12], player[10] = player[12] - 1, player[10] + 1
    foul = type(legal)(tuple(player), legal.opponent)
    for _ in range(4):
        r.show(foul, "dark")
    return r


def test_a_foul_is_called_on_a_guess_doubting_the_bar_when_the_movers_bar_read_as_held():
    r = _dark_fouls_on_a_guess_doubting_the_bar(None)
    assert r.tracker.state.guessed  # (the guess stands: light's 6-point is doubted in every reading)
    assert [(e["type"], e.get("player"), e.get("legal")) for e in r.alarms()] == [("play", "dark", False)]


def test_no_foul_is_called_when_the_movers_bar_was_read_otherwise_while_the_guess_stood():
    # one reading put a checker of dark's on the bar: his bar count is in doubt, and so is the foul
    r = _dark_fouls_on_a_guess_doubting_the_bar(1)
    assert r.alarms() == []
    assert any(e["type"] == "warning" and e.get("code") == "unsure_reading" and e.get("player") == "dark"
               for e in r.events)
