"""A wrong choice between two legal results of a play is re-examined, never carried into a false alarm.

Render 14434 (session 14's judging game), frame 925: dark played 5-1 as 8/3 7/6; the reading fitted that and
11/6 8/7 (lone checkers the reader misses on his 2- and 6-points), and the tracker believed 11/6 8/7. The still
readings of light's turn read dark's checkers as 8/3 7/6 leaves them (a lone checker read clearly on his 10-point,
where 11/6 8/7 leaves none). At frame 1023 dark's 3-3 (11/8 6/3(3)), made from the true board, looked from the
believed one like 'a checker moved backwards': a false alarm at 1025. The tracker's state before frame 925 and
the readings fed to it up to 1025 are kept in tracker_g14434_f925.json.
"""

from __future__ import annotations

import json
from pathlib import Path

import device.tracker as tracker_module
from device.earlier_choice import Change, carried
from device.seating import Board
from device.tracker import GameTracker
from vision.observation import Observation

FIXTURE = Path(__file__).with_name("tracker_g14434_f925.json")


def _replay() -> list[dict]:
    data = json.loads(FIXTURE.read_text())
    tracker = GameTracker.restore(data["state"])
    events: list[dict] = []
    for r in data["readings"]:
        events += tracker.feed(Observation.from_dict(r["obs"]), r["frame"], r["t"])
    return events


def _plays(events: list[dict]) -> list[tuple]:
    return [(e["frame"], e["player"], e["dice"], e["play"], e["legal"], bool(e.get("corrected")))
            for e in events if e["type"] == "play"]


def test_the_still_board_corrects_the_earlier_choice_and_the_next_play_is_legal():
    events = _replay()
    plays = _plays(events)
    assert (925, "dark", [5, 1], "11/6 8/7", True, False) in plays  # the choice as made on the reading then
    # light's turn over, two still readings read dark's checkers as 8/3 7/6 leaves them: corrected, said
    assert (969, "dark", [5, 1], "8/3 7/6", True, True) in plays
    assert any(e["type"] == "warning" and e.get("code") == "earlier_choice" for e in events)
    assert (1023, "dark", [3, 3], "11/8 6/3(3)", True, False) in plays
    assert not [e for e in events if e["type"] == "play" and e["legal"] is False]


def test_a_foul_only_the_wrong_choice_shows_is_judged_from_the_other(monkeypatch):
    # the still readings not enough to tell (no review): the play illegal from the believed board is weighed from
    # the board the other result leaves, where it is legal: the choice is corrected then, no alarm
    monkeypatch.setattr(tracker_module, "REVIEW_READS", 99)
    events = _replay()
    plays = _plays(events)
    assert not [e for e in events if e["type"] == "play" and e["legal"] is False]
    assert [p for p in plays if p[2] == [3, 3]] and all(p[4] for p in plays if p[2] == [3, 3])
    assert [p for p in plays if p[2] == [5, 1] and p[5]] == [(plays[-2][0], "dark", [5, 1], "8/3 7/6", True, True)]


def test_the_other_result_is_carried_only_where_no_play_since_touched_its_points():
    chosen = Board((0, -2, 0, 0) + (0,) * 20, (0, 0), (0, 0))
    other = Board((-1, -1, 0, 0) + (0,) * 20, (0, 0), (0, 0))
    change = Change.between(chosen, other)
    assert change.points == ((0, -1), (1, 1))
    now = Board((0, -2, 0, 2) + (0,) * 20, (0, 0), (0, 0))  # the opponent played elsewhere since
    assert carried(now, chosen, change) == Board((-1, -1, 0, 2) + (0,) * 20, (0, 0), (0, 0))
    hit = Board((1, -2, 0, 0) + (0,) * 20, (0, 0), (0, 0))  # the opponent has since moved onto a point it moves
    assert carried(hit, chosen, change) is None
