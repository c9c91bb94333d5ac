"""A foul that keeps a checker on the bar where the reading shows none rests on the bar's steady misread: not sure.

Render 2424 (frame 762): light hit dark's blot, and the reader never saw dark's checker on the bar (read 0 while
the board stood, so 0 became the bar's steady misread). Dark entered bar/20 and played 24/18; the entered checker
went unseen too, so the reading undone by the steady misread kept it on the bar: 'must enter before 24/18', a
false alarm. A checker entered where the reader missed it reads just the same, so it is said, never an alarm.
"""

from __future__ import annotations

from rules.position import Position
from tests.daemon_scenes import die
from tests.test_tracker_faults import SEATING, Reader, _play, light_played


class BarBlind(Reader):
    """The reader of render 2424: dark's checker on the bar is never seen."""

    def read_trays(self, obs) -> None:
        super().read_trays(obs)  # (the trays read as what the board leaves: none borne off)
        obs.bar["dark"] = 0


def _dark_on_the_bar() -> tuple:
    r0, opened = light_played()
    r = BarBlind()
    r.tracker = r0.tracker  # the game so far, as the sure reader saw it
    r.frame = r0.frame
    dark = _play(opened.swap(), (6, 4), "24/18 13/9")
    r.show(dark, "dark")
    r.show(dark.swap(), "light", (die(6, "right"), die(1, "right")))
    hit = _play(dark.swap(), (6, 1), "13/7* 8/7")
    r.show(hit, "light")  # dark's blot on the bar, read 0 there
    r.show(hit.swap(), "dark", (die(5, "left"), die(2, "left")))
    return r, hit.swap()


def test_a_checker_entered_unseen_from_a_bar_never_seen_is_no_foul():
    r, waiting = _dark_on_the_bar()
    played = _play(waiting, (5, 2), "bar/23 13/8")
    landed = SEATING.geometric("dark", 23)
    out = r.show(played, "dark", wrong={landed: 0}) + r.show(played, "dark", wrong={landed: 0})
    assert [e for e in out if e["type"] == "play" and e.get("legal") is False] == []
    assert [e for e in out if e.get("alert_id")] == []  # (the hit's checker said missing before: not this play)


def test_the_checker_read_on_the_bar_after_other_moves_is_still_a_foul():
    r, waiting = _dark_on_the_bar()
    player = list(waiting.player)
    player[12], player[7] = player[12] - 1, player[7] + 1  # 13/8, the checker left on the bar
    board = Position(tuple(player), waiting.opponent)

    class BarSeen(Reader):
        pass

    r.__class__ = BarSeen  # the reader sees the checker on the bar now
    out = r.show(board, "dark") + r.show(board, "dark")
    assert [(e["type"], e.get("legal"), e.get("code")) for e in out if e["type"] == "play"] == [
        ("play", False, "bar_first")]
