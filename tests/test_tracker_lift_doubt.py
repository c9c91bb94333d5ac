"""Verdicts at the lift when the reader's doubt cannot matter (issue 6, hard views: render 1623, upside down).

After the dice are lifted the reader read a far dark stack 0 with confidence 0.5 (doubtful, as in the readings
before the play). No play of light's roll reaches that point, so it holds what it held: the play is judged on the
reading at once (legal or illegal on the confident points), not ~10 frames later when the next roll lands. And a
reader that takes one point for a hand in every still frame must not leave the referee blind.
"""

from __future__ import annotations

from device.sources import Frame
from device.stability import HAND_STILL_FRAMES, Stabiliser
from rules.position import Position
from tests.daemon_scenes import die, scene
from tests.test_tracker_faults import SEATING, START, Reader, _play
from vision.observation import BoardInfo, Observation

DARK_SIX = 19  # dark's 6-point (5 checkers) in the test seating: no play of light's opening roll reaches it


class UnsureTrays(Reader):
    """The reader of render 1623: both trays read unsure (no evidence either way), dark's 6-point doubtful."""

    def show(self, position: Position, mover: str, dice: tuple = (), wrong: dict | None = None) -> list[dict]:
        obs = scene(SEATING, position, mover, dice, confidence=[0.5 if p in self.unsure else 0.95
                                                                for p in range(1, 25)])
        for point, count in (wrong or {}).items():
            obs.points[point - 1] = count
        obs.off, obs.extra["off_confidence"] = {"light": 0, "dark": 0}, {"light": 0.2, "dark": 0.2}
        self.frame += 5
        out = self.tracker.feed(obs, self.frame, self.frame / 10)
        self.events.extend(out)
        return out


def _lift(after: Position) -> list[dict]:
    """Light's opening 3-1 played to ``after`` with dark's 6-point doubtful all along, then the dice lifted with
    that stack read 0 (still doubtful): the events of the lift reading."""
    r = UnsureTrays(unsure={DARK_SIX})
    r.start(3, 1)
    r.show(after, "light", (die(3, "right"), die(1, "right")))  # dice down: in-between, nothing judged
    out = r.show(after, "light", wrong={DARK_SIX: 0})
    assert r.alarms() == [e for e in out if e.get("alert_id")]
    return out


def test_a_doubtful_stack_no_play_reaches_does_not_hold_the_verdict_back():
    out = _lift(_play(START, (3, 1), "8/5 6/5"))
    assert [(e["type"], e.get("play"), e.get("legal")) for e in out] == [("play", "8/5 6/5", True)]


def test_an_illegal_play_on_confident_points_is_called_at_the_lift():
    mine = list(START.player)
    mine[7], mine[4], mine[5], mine[3] = mine[7] - 1, mine[4] + 1, mine[5] - 1, mine[3] + 1  # 8/5 6/4 for a 3-1
    out = _lift(Position(tuple(mine), START.opponent))
    assert [(e["type"], e.get("legal")) for e in out] == [("play", False)]


def test_a_doubtful_point_a_play_reaches_still_waits():
    """Light's back checkers (geometric 24) are reached by light's plays: a count read short and doubtful there is
    not filled from the belief, and no illegal call rests on it."""
    after = _play(START, (3, 1), "24/21 6/5")
    r = UnsureTrays(unsure={24})
    r.start(3, 1)
    r.show(after, "light", (die(3, "right"), die(1, "right")))
    out = r.show(after, "light", wrong={24: 0})  # light's last checker on 24 (and 21's) unsure: no whole board
    assert not any(e["type"] == "play" and e.get("legal") is False for e in out)
    assert r.alarms() == []


def _still(obs: Observation, n: int) -> list:
    stab = Stabiliser(lambda frame: obs)
    return [stab.step(Frame(i, i / 10, None, label={"moving": False})) for i in range(n)]


def _covered(points: int, flag: bool = False) -> Observation:
    counts: list = [0] * 24
    for p in range(points):
        counts[p] = None
    warning = "a hand covers point" + ("s " if points > 1 else " ") + ", ".join(str(p + 1) for p in range(points))
    return Observation(board=BoardInfo(found=True), points=counts, warnings=[warning],
                       extra={"hands": True} if flag else {})


def test_a_point_taken_for_a_hand_in_a_still_scene_is_read_as_unseen_once_the_scene_stays_still():
    got = _still(_covered(1), HAND_STILL_FRAMES + 2)
    first = next(i for i, a in enumerate(got) if a is not None)
    assert first == HAND_STILL_FRAMES - 1 and got[first].observation.points[0] is None


def test_a_hand_over_several_points_or_flagged_by_the_reader_is_never_accepted():
    assert _still(_covered(4), 8) == [None] * 8
    assert _still(_covered(1, flag=True), 8) == [None] * 8


def test_a_board_only_the_checker_count_would_force_stays_a_guess_and_no_foul_is_called_on_it():
    """Light's 8/5 6/5 leaves his 6-point 4 high, read 0 with confidence from then on (render 1623's dark 8-stack):
    the play is not judged. Light's 15 add up only with those 4 there, but the reading does not show them: the
    board stays a guess (taken as sure, such a board ended a wrong guess on a held-out game and two false alarms
    followed), so dark's 13/11 for a 6-4 is not called."""
    after = _play(START, (3, 1), "8/5 6/5")
    blind = {6: 0}  # light's 6-point (geometric 6) read as empty
    r = UnsureTrays()
    r.start(3, 1)
    r.show(after, "light", (die(3, "right"), die(1, "right")), wrong=blind)
    r.show(after, "light", wrong=blind)  # lifted: 4 checkers short where the play reaches, it waits
    out = r.show(after.swap(), "dark", (die(6, "left"), die(4, "left")), wrong=blind)
    assert [(e["type"], e.get("code") or e.get("dice")) for e in out] == [
        ("warning", "unsure_reading"), ("roll", [6, 4])]  # light's play not judged, dark's roll taken
    assert r.tracker.state.guessed
    mine = list(after.swap().player)
    mine[12], mine[10] = mine[12] - 1, mine[10] + 1  # 13/11: one checker 2 pips for a 6-4
    out = r.show(Position(tuple(mine), after.swap().opponent), "dark", wrong=blind)
    out += r.show(Position(tuple(mine), after.swap().opponent), "dark", wrong=blind)
    assert not [e for e in out if e["type"] == "play" and e.get("legal") is False]


def test_a_guessed_board_fills_nothing():
    """A board believed after a play not judged holds nothing for sure (race 4242: a wrong guess filled in made a
    wrong play 'legal' and, later, 'no checker was moved'): the doubtful stack is not taken from it."""
    after = _play(START, (3, 1), "8/5 6/5")
    r = UnsureTrays(unsure={DARK_SIX})
    r.start(3, 1)
    r.tracker.state.guessed = True
    r.show(after, "light", (die(3, "right"), die(1, "right")))
    out = r.show(after, "light", wrong={DARK_SIX: 0})
    assert not any(e["type"] == "play" for e in out)
    assert r.alarms() == []
