"""The referee never stops on its own fault: a play whose roll was read with one die only and that could not be
judged is corrected later (no verdict on a guessed die, no crash), and any exception inside the tracker's step is
a warning event while the game goes on from what was recorded."""

from __future__ import annotations

from typing import Any

from device.referee import Referee, oracle_reader
from device.seating import Seating
from device.tracker import DOUBT_READS, GameTracker
from rules.moves import legal_plays
from rules.position import Position
from tests.daemon_scenes import SceneSource, die, scene

START = Position.start()
SEATING = Seating("bottom-right")


def _play(position: Position, dice: tuple[int, int], notation: str) -> Position:
    return next(p.position for p in legal_plays(position, *dice) if p.notation() == notation)


def _moved(position: Position, src: int, dst: int) -> Position:
    """``position`` with one of the player's checkers moved from point ``src`` to ``dst`` (1-24, any distance)."""
    mine = list(position.player)
    mine[src - 1], mine[dst - 1] = mine[src - 1] - 1, mine[dst - 1] + 1
    return Position(tuple(mine), position.opponent)


class Scenes:
    """Still scenes fed to a tracker as the stabiliser would, with the events collected."""

    def __init__(self, tracker: GameTracker) -> None:
        self.tracker = tracker
        self.frame = 0
        self.events: list[dict[str, Any]] = []

    def show(self, position: Position, mover: str, dice: tuple = (), unsure: dict[int, int] | None = None
             ) -> list[dict[str, Any]]:
        """``unsure``: geometric points read as the given counts, with low confidence."""
        self.frame += 5
        unsure = unsure or {}
        obs = scene(SEATING, position, mover, dice, confidence=[0.3 if p in unsure else 0.95 for p in range(1, 25)])
        for point, count in unsure.items():
            obs.points[point - 1] = count
        out = self.tracker.feed(obs, self.frame, self.frame / 10)
        self.events.extend(out)
        return out


def _light_has_played_3_1() -> tuple[Scenes, Position]:
    """Light opens 3-1 with 8/5 6/5; the scenes so far and the board from dark's side."""
    s = Scenes(GameTracker())
    s.show(START, "light")
    s.show(START, "light", (die(3, "right"), die(1, "left")))
    after = _play(START, (3, 1), "8/5 6/5")
    s.show(after, "light")
    return s, after.swap()


def test_a_one_die_play_not_judged_then_corrected_is_not_judged_on_a_guessed_die():
    s, dark = _light_has_played_3_1()
    s.show(dark, "dark", (die(5, "left"),))  # the other die is never found
    wrong = _moved(dark, 13, 11)  # 13/11: no 5-x roll plays that
    for _ in range(DOUBT_READS + 2):
        s.show(wrong, "dark")
    assert any(e.get("code") == "unsure_reading" for e in s.events)
    fixed = _play(dark, (5, 1), "13/8 6/5")  # dark puts it right before light rolls
    s.show(fixed, "dark")
    s.show(fixed.swap(), "light", (die(4, "right"), die(2, "right")))
    assert [e for e in s.events if e.get("alert_id")] == []
    assert s.events[-1]["type"] == "roll" and s.events[-1]["player"] == "light"
    corrected = [e for e in s.events if e.get("corrected")]
    assert all(e["legal"] is True and e["dice"] == [5, 1] for e in corrected)


def test_a_roll_seen_with_one_die_lifted_with_nothing_clearly_moved_then_rolled_again_is_a_late_reroll():
    s, dark = _light_has_played_3_1()
    for _ in range(5):
        s.show(dark, "dark", (die(5, "left"),))  # the other die is cocked and never read
    for _ in range(DOUBT_READS + 2):  # the dice are lifted; nothing moved, one point is read unclearly
        s.show(dark, "dark", unsure={4: 2})
    s.show(dark, "dark", (die(6, "left"), die(2, "left")))  # dark rolls again
    kinds = [(e["type"], e.get("player"), e.get("code")) for e in s.events]
    assert ("warning", "dark", "wrong_player") not in kinds
    assert kinds[-2:] == [("reroll", "dark", None), ("roll", "dark", None)]
    assert s.events[-2].get("late") and s.events[-1]["dice"] == [6, 2]
    assert not any(e["type"] == "play" and e["player"] == "dark" for e in s.events)


# ------------------------------------------------------------------------- a fault inside the tracker's step


class _FailingJudge:
    """The rules engine's judge, failing on its first ``fails`` calls (a bug the tracker did not foresee)."""

    def __init__(self, fails: int) -> None:
        self.fails, self.calls = fails, 0

    def __call__(self, before: Position, dice: tuple[int, int], after: Position) -> Any:
        from rules.judge import judge

        self.calls += 1
        if self.calls <= self.fails:
            raise ValueError("boom")
        return judge(before, dice, after)


def _game() -> list[tuple]:
    """Opening 3-1 played 8/5 6/5; dark rolls 6-4 and plays 24/18 13/9; light rolls 2-1."""
    light = _play(START, (3, 1), "8/5 6/5")
    dark = _play(light.swap(), (6, 4), "24/18 13/9")
    return [(START, "light", ()), (START, "light", (die(3, "right"), die(1, "left"))),
            (light, "light", (die(3, "right"), die(1, "left"))), (light, "light", ()),
            (light.swap(), "dark", (die(6, "left"), die(4, "left"))), (dark, "dark", (die(6, "left"), die(4, "left"))),
            (dark, "dark", ()), (dark.swap(), "light", (die(2, "right"), die(1, "right")))]


def _referee(tmp_path, fails: int) -> tuple[Referee, Any, int]:
    from device.store import Store

    store = Store(tmp_path / "bgref.db")
    match = store.new_match(0)
    referee = Referee(SceneSource(SEATING, _game()), oracle_reader, GameTracker(judge=_FailingJudge(fails)), store=store,
                      match_id=match)
    referee.keep_events = True
    return referee, store, match


def test_a_fault_in_the_trackers_step_is_a_warning_and_the_next_reading_is_judged(tmp_path):
    referee, store, match = _referee(tmp_path, fails=1)
    referee.run()  # never raises
    kinds = [(e["type"], e.get("code"), e.get("player")) for e in referee.events]
    assert ("warning", "referee_fault", None) in kinds
    plays = [(e["player"], e["legal"]) for e in referee.events if e["type"] == "play"]
    assert plays == [("light", True), ("dark", True)]  # the reading it failed on is looked at again
    assert kinds[-1] == ("roll", None, "light")
    assert store.events(match) == referee.events  # the store keeps everything said, the warning too


def test_a_tracker_that_keeps_failing_drops_what_it_was_doing_and_the_game_goes_on(tmp_path):
    referee, store, match = _referee(tmp_path, fails=10 ** 6)
    referee.run()
    kinds = [(e["type"], e.get("code"), e.get("player")) for e in referee.events]
    assert kinds.count(("warning", "referee_fault", None)) >= 1
    assert ("warning", "resync", None) in kinds
    assert [e for e in referee.events if e.get("alert_id")] == []
    # every verdict fails, so dark's roll (read with light's play) is lost too; light's next roll is followed
    assert kinds[-1] == ("roll", None, "light") and referee.tracker.state.phase == "moving"
    assert store.events(match) == referee.events
