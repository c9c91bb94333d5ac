"""A reading at the lift that lacks checkers only where the reader read a point as it always read it (a stack it is
blind to) is weighed at once, as a whole reading is: waiting for the opponent's roll changed nothing the reading
would show, and a roll of his that was not both dice on his half kept the verdict waiting through whole turns
(render 62535 frame 213: dark's five checkers read as none all game, his play judged 106 frames late, every event
between missed). A doubt there is looked at again and said "not judged" (``decide`` calls no foul a checker leaving
the mover's blind stack could explain)."""

from __future__ import annotations

from rules.position import Position
from tests.daemon_scenes import die
from tests.test_tracker_faults import START, Reader, _play


class TraysCounted(Reader):
    """A reader that counts the trays (empty before any bear-off), sure of light's and not of dark's (its count
    and the board's disagree: the five checkers it misses): dark's checkers it misses on a point are missing."""

    def read_trays(self, obs) -> None:
        obs.off["light"], obs.off["dark"] = 0, 0
        obs.extra["off_confidence"] = {"light": 1.0, "dark": 0.2}


def _dark_played(one_die_only: bool) -> tuple[TraysCounted, Position, dict]:
    """Dark's 6-point (geometric 19, five checkers) read as none, with confidence, in every reading from light's
    opening play on; light opened 8/5 6/5, dark rolled 6-5 and played 24/18 (only the six: illegal) or 24/18 13/8."""
    blind = {19: 0}
    r = TraysCounted()
    r.start(3, 1)
    after = _play(START, (3, 1), "8/5 6/5")
    r.show(after, "light", wrong=blind)
    rolled = after.swap()
    r.show(rolled, "dark", (die(6, "left"), die(5, "left")), wrong=blind)
    # how the reader read the point while the board stood (State.seen): none, every time (a render reads so for
    # hundreds of frames; here the history is set, as one reading would not make it)
    r.tracker.state.seen[18] = [0]
    if one_die_only:
        mine = list(rolled.player)
        mine[23], mine[17] = mine[23] - 1, mine[17] + 1
        played = Position(tuple(mine), rolled.opponent)
    else:
        played = _play(rolled, (6, 5), "24/18 13/8")
    r.show(played, "dark", (die(6, "left"), die(5, "left")), wrong=blind)
    return r, played, blind


def _lift(r: TraysCounted, played: Position, wrong: dict):
    """The reading at the lift as the tracker would take it (the tray counts the reader is unsure of set)."""
    from device.tracker import with_trusted_off
    from tests.daemon_scenes import scene
    from tests.test_tracker_faults import SEATING

    obs = scene(SEATING, played, "dark", confidence=[0.95] * 24)
    for point, count in wrong.items():
        obs.points[point - 1] = count
    r.read_trays(obs)
    return with_trusted_off(obs, r.tracker._off_allowed())


def test_a_reading_short_only_on_a_stack_read_so_all_along_is_weighed_at_the_lift():
    r, played, blind = _dark_played(one_die_only=True)
    assert r.tracker._lift_steady(_lift(r, played, blind))


def test_a_reading_short_where_the_point_was_read_otherwise_waits():
    r, played, blind = _dark_played(one_die_only=True)
    assert not r.tracker._lift_steady(_lift(r, played, {**blind, 12: -2}))  # dark's midpoint read 2 of 5, new


def test_a_foul_read_whole_but_for_a_blind_stack_is_judged_at_the_lift():
    r, played, blind = _dark_played(one_die_only=True)
    out = r.show(played, "dark", wrong=blind)  # the dice lifted
    assert [(e["type"], e.get("code"), e.get("player")) for e in out if e["type"] in ("play", "warning")] == [
        ("play", "not_whole_roll", "dark")]
    # light's roll is then light's, taken as such
    out = r.show(played.swap(), "light", (die(4, "right"), die(2, "right")), wrong=blind)
    assert [(e["type"], e.get("player"), e.get("dice")) for e in out] == [("roll", "light", [4, 2])]


def test_a_legal_play_on_a_blind_stack_is_judged_at_the_lift():
    r, played, blind = _dark_played(one_die_only=False)
    out = r.show(played, "dark", wrong=blind)
    assert [(e["type"], e.get("play"), e.get("legal")) for e in out if e["type"] == "play"] == [
        ("play", "24/18 13/8", True)]
    assert r.alarms() == []
