"""A play told by the board (its roll never read) is said when the dice are lifted, not before (issue 6).

A play is final when the player lifts the dice. With the roll unread the tracker tells the play from the first still
board that shows it, while the unseen dice still lie: judging games 59535 and 85535 (dice of 7-10 px) had 16 told
plays said 8 frames before the lift. Now the belief and the turn move on at once, but the roll and play are said at
the next still scene read as before after a hand came and went (the lift: ``release_held``), or at the next
reading accepted, whichever comes first; at the end of a recording they are said at its last frame.
"""

from __future__ import annotations

from typing import Iterator

from device.pipeline import oracle_reader
from device.referee import Referee
from device.sources import Frame, Source
from device.tracker import GameTracker
from rules.position import Position
from tests.daemon_scenes import die, scene
from tests.test_tracker_faults import SEATING, Reader, _play, light_played


def _told(events: list[dict]) -> list[tuple]:
    return [(e["type"], e.get("player"), e.get("dice"), e.get("legal")) for e in events if e["type"] in ("roll", "play")]


def test_a_told_play_waits_for_the_dice_to_be_lifted():
    r, after = light_played()
    played = _play(after.swap(), (6, 4), "24/18 13/9")
    out = r.show(played, "dark")  # dark rolled and played; the reader saw no die at all
    assert _told(out) == []  # the unseen dice may still lie: the play is not final yet
    assert r.tracker.state.turn == "light"  # ... but the game moves on at once
    lifted = r.tracker.release_held(r.frame + 3, (r.frame + 3) / 10)
    assert _told(lifted) == [("roll", "dark", [6, 4], None), ("play", "dark", [6, 4], True)]
    assert {e["frame"] for e in lifted} == {r.frame + 3}  # said at the lift's frame
    assert r.tracker.release_held(r.frame + 4, 0.0) == []  # said once
    assert r.alarms() == []


def test_a_told_play_is_said_before_the_next_reading_when_no_lift_was_seen():
    r, after = light_played()
    played = _play(after.swap(), (6, 4), "24/18 13/9")
    r.show(played, "dark")
    out = r.show(played.swap(), "light", (die(2, "right"), die(1, "right")))  # light rolls: the dice went unseen
    assert _told(out) == [("roll", "dark", [6, 4], None), ("play", "dark", [6, 4], True),
                          ("roll", "light", [2, 1], None)]
    assert r.alarms() == []


def test_a_play_whose_roll_was_read_is_said_at_once():
    r, after = light_played()
    r.show(after.swap(), "dark", (die(6, "left"), die(4, "left")))
    played = _play(after.swap(), (6, 4), "24/18 13/9")
    out = r.show(played, "dark")  # the dice lifted with the play: judged on this reading
    assert _told(out) == [("play", "dark", [6, 4], True)]
    assert r.tracker.state.held is None


class _Game(Source):
    """Still scenes (each held four frames) with a hand over the board (one moving frame) between them; ``lift``:
    a hand also passes over the board after the last scene, and it is held four frames more."""

    def __init__(self, scenes: list[tuple], lift: bool) -> None:
        super().__init__()
        self.scenes, self.lift = scenes, lift

    def frames(self) -> Iterator[Frame]:
        index = 0
        for k, (position, mover, dice) in enumerate(self.scenes):
            label = scene(SEATING, position, mover, dice).to_dict()
            label["hands"] = False
            last = k == len(self.scenes) - 1
            if k:
                yield Frame(index, index / 10, None, label=dict(label, frame=index, moving=True, dice=[]))
                index += 1
            for j in range(8 if last and self.lift else 4):
                if last and self.lift and j == 4:  # the unseen dice lifted: a hand, then the board as before
                    yield Frame(index, index / 10, None, label=dict(label, frame=index, moving=True))
                    index += 1
                yield Frame(index, index / 10, None, label=dict(label, frame=index))
                index += 1


def _dark_told(lift: bool) -> list[dict]:
    start = Position.start()
    after = _play(start, (3, 1), "8/5 6/5")
    played = _play(after.swap(), (6, 4), "24/18 13/9")
    scenes = [(start, "light", ()), (start, "light", (die(3, "right"), die(1, "left"))), (after, "light", ()),
              (played, "dark", ())]  # dark's roll never seen, his play read
    referee = Referee(_Game(scenes, lift), oracle_reader, GameTracker())
    referee.keep_events = True
    referee.run()
    return [e for e in referee.events if e["type"] in ("roll", "play") and e.get("player") == "dark"]


def test_the_referee_says_a_held_play_when_a_hand_lifts_the_dice():
    told = _dark_told(lift=True)
    assert [(e["type"], e["dice"]) for e in told] == [("roll", [6, 4]), ("play", [6, 4])]
    # scenes of 4 frames and a hand between: dark's play still at frames 15-18, the hand at 19, still again from
    # 20: said at 21, the second read agreeing that the board is as before (no event before the lift)
    assert {e["frame"] for e in told} == {21}


def test_the_referee_says_a_held_play_at_the_end_of_a_recording():
    told = _dark_told(lift=False)
    assert [(e["type"], e["dice"], e["frame"]) for e in told] == [("roll", [6, 4], 18), ("play", [6, 4], 18)]
