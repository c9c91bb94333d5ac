"""The first reading after a voided roll's dice are lifted shows no play: the player must roll again first.

Render 10400 (frame 210): dark's roll on the wrong half was called a re-roll; in the reading after he lifted the
dice the reader counted his stacks differently, and the referee told that change as a 2-2 nobody rolled
('13/11 6/2 6/4'). His real 5-1, played next, was then judged from that board and called illegal: a false alarm.
A play needs a roll lying still before it, and that still scene is this very reading (the dice lifted, or new
dice the reader missed), so nothing was played yet: the change is a misread and the believed board stands.
"""

from __future__ import annotations

from tests.daemon_scenes import die
from tests.test_tracker_faults import _play, light_played


def _dark_rerolls_wrong_half():
    """Light has played 8/5 6/5; dark's 6-4 lands with the 6 on light's half (dark's right half is "left")."""
    r, after = light_played()
    waiting = after.swap()
    for _ in range(2):  # a re-roll read once is called at the next look
        r.show(waiting, "dark", (die(6, "right"), die(4, "left")))
    assert [(e["type"], e.get("reason")) for e in r.alarms()] == [("reroll", "wrong_half")]
    return r, waiting


def test_a_change_read_as_the_voided_dice_are_lifted_is_no_play_and_the_next_play_is_judged_on_the_true_board():
    r, waiting = _dark_rerolls_wrong_half()
    misread = _play(waiting, (6, 4), "24/18 13/9")  # the lift's reading shows dark's checkers moved
    out = r.show(misread, "dark")
    assert [e for e in out if e["type"] in ("roll", "play")] == []  # no roll nobody rolled, no play told
    r.show(waiting, "dark", (die(5, "left"), die(2, "left")))  # dark rolls again: 5-2, read right
    played = _play(waiting, (5, 2), "13/11 13/8")
    out = r.show(played, "dark")
    assert [(e["type"], e.get("player"), e.get("play"), e.get("legal")) for e in out if e["type"] == "play"] == [
        ("play", "dark", "13/11 13/8", True)]
    assert [(e["type"], e.get("reason")) for e in r.alarms()] == [("reroll", "wrong_half")]


def test_a_roll_the_reader_never_saw_after_the_reroll_is_still_told_by_its_play():
    r, waiting = _dark_rerolls_wrong_half()
    r.show(waiting, "dark")  # the voided dice lifted; nothing moved
    played = _play(waiting, (6, 4), "24/18 13/9")  # dark rolled again, the reader missed both dice, he played
    assert r.show(played, "dark") == []  # told once the dice are lifted
    out = r.lift()
    assert [(e["type"], e.get("dice"), e.get("inferred"), e.get("legal")) for e in out] == [
        ("roll", [6, 4], True, None), ("play", [6, 4], None, True)]
    assert [(e["type"], e.get("reason")) for e in r.alarms()] == [("reroll", "wrong_half")]
