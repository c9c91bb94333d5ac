"""`bgref replay SOURCE --expect EVENTS.jsonl`: the referee's events scored against what a recording should give.

Run over the recorded sample game (sample_images/game, read by the oracle: its labels) the referee gives every
recorded event on time; scored against deliberately wrong expected lists, the summary must find exactly the faults
put in: an expected event removed makes the referee's alarm a false alarm, a changed roll is missed, a shifted event
is late, and a garbled file is one line naming the file and line, exit code 2.
"""

from __future__ import annotations

import io
import json
from collections import Counter
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from device.cli import main
from device.event_score import is_alarm, kind, score

GAME = Path(__file__).resolve().parent.parent / "sample_images" / "game"


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def _events(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _write(path: Path, events: list[dict]) -> Path:
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    return path


@pytest.fixture(scope="module")
def recorded() -> tuple[list[dict], list[dict]]:
    """(the referee's events over the sample game read by the oracle, the events the recording holds)."""
    if not (GAME / "labels.jsonl").is_file() or not (GAME / "events.jsonl").is_file():
        pytest.skip(f"no sample game recording with labels and events at {GAME} (`bgref render samples`)")
    code, out, _ = _run(["replay", str(GAME), "--oracle", "--json"])
    assert code == 0
    return [json.loads(line) for line in out.splitlines()], _events(GAME / "events.jsonl")


def test_the_sample_game_scored_by_replay_has_every_event_on_time(recorded):
    got, want = recorded
    code, out, err = _run(["replay", str(GAME), "--oracle", "--json", "--expect", str(GAME / "events.jsonl")])
    assert code == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[:-1] == got  # the events as without --expect, then one summary line
    summary = lines[-1]
    assert summary["type"] == "summary"
    assert summary["expected"] == len(want) == summary["on_time"]
    assert summary["late"] == summary["missed"] == summary["false_alarms"] == summary["not_judged"] == 0
    assert summary["by_type"] == {k: {"on_time": n, "late": 0, "missed": 0}
                                  for k, n in Counter(kind(e) for e in want).items()}
    assert summary["by_type"]["illegal_play"]["on_time"] >= 1  # the recording's 5-5 that plays three 5s
    lags = [g["frame"] - w["frame"] for w in want if w["type"] == "play"
            for g in got if g["type"] == "play" and g["before"] == w["before"]]
    assert summary["play_lag_max"] == max(lags) <= 3


def test_the_readable_summary_names_each_type(recorded):
    _, want = recorded
    code, out, _ = _run(["replay", str(GAME), "--oracle", "--expect", str(GAME / "events.jsonl")])
    assert code == 0
    tail = out.split("--- compared with", 1)[1].splitlines()
    assert f"expected events: {len(want)}/{len(want)} on time (0-3 frames), 0 late or early (up to 30 frames off), 0 missed" in tail
    assert "false alarms: 0" in tail
    for name in Counter(kind(e) for e in want):
        assert any(line.split()[:1] == [name] for line in tail), name


def test_a_wrong_expected_list_is_caught_fault_by_fault(recorded, tmp_path):
    got, want = recorded
    illegal = next(i for i, e in enumerate(want) if e["type"] == "play" and e["legal"] is False)
    roll = next(i for i, e in enumerate(want) if e["type"] == "roll")
    reroll = next(i for i, e in enumerate(want) if e["type"] == "reroll")
    wrong = [dict(e) for e in want]
    wrong[roll]["dice"] = [7 - d for d in wrong[roll]["dice"]]  # a roll the referee never said: missed
    wrong[reroll]["frame"] += 12  # said 12 frames before the list has it: late
    del wrong[illegal]  # the referee's illegal call is now an alarm the list does not hold
    code, out, err = _run(["replay", str(GAME), "--oracle", "--json", "--expect",
                           str(_write(tmp_path / "wrong.jsonl", wrong))])
    assert code == 0, err
    summary = json.loads(out.splitlines()[-1])
    assert summary["expected"] == len(want) - 1
    assert summary["missed"] == 1 and summary["missed_frames"] == [want[roll]["frame"]]
    assert summary["late"] == 1 and summary["late_frames"][0][0] == want[reroll]["frame"] + 12
    assert summary["on_time"] == len(want) - 3
    assert summary["by_type"]["roll"]["missed"] == 1 and summary["by_type"]["reroll"]["late"] == 1
    assert "illegal_play" not in summary["by_type"]
    called = [g["frame"] for g in got if g["type"] == "play" and g["legal"] is False]
    assert summary["false_alarms"] == len(called) and summary["false_alarm_frames"] == called


def test_an_alarm_far_from_where_the_list_has_it_is_both_missed_and_false(recorded):
    got, want = recorded
    moved = [dict(e, frame=e["frame"] + 1000) if e["type"] == "reroll" else e for e in want]
    result = score(got, moved)
    rerolls = [e for e in want if e["type"] == "reroll"]
    assert len(result.missed) == len(rerolls) and all(w["type"] == "reroll" for w in result.missed)
    assert [e["frame"] for e in result.false_alarms] == [g["frame"] for g in got if g["type"] == "reroll"]


def test_a_right_alarm_with_a_misread_detail_is_a_miss_not_a_false_alarm():
    want = [{"frame": 10, "type": "reroll", "player": "light", "reason": "cocked"},
            {"frame": 85, "type": "warning", "code": "checker_missing", "alert": True, "message": "knocked off?"},
            {"frame": 30, "type": "play", "player": "dark", "dice": [5, 5], "legal": False, "play": None}]
    got = [{"frame": 11, "type": "reroll", "player": "dark", "reason": "cocked"},  # who rolled misread
           {"frame": 36, "type": "play", "player": "dark", "dice": [5, 5], "legal": False, "play": None},
           {"frame": 80, "type": "play", "player": "light", "dice": [2, 1], "legal": False, "play": None},
           {"frame": 90, "type": "warning", "code": "unsure_reading", "message": "not judged"},
           {"frame": 95, "type": "warning", "code": "wrong_player", "alert": True, "message": "out of turn"}]
    result = score(got, want)
    assert [w["frame"] for w in result.missed] == [10, 85]  # another alert near a missed one is no stand-in
    assert [(w["frame"], g["frame"]) for w, g in result.late] == [(30, 36)] and result.play_lag == [6]
    assert [e["frame"] for e in result.false_alarms] == [80, 95]  # an alert warning sounds at the table too
    assert [e["frame"] for e in result.not_judged] == [90]
    assert all(is_alarm(e) for e in result.false_alarms)


def test_a_foul_said_with_the_one_die_read_matches_the_roll_holding_that_die():
    """A play illegal whatever the unseen die showed is said with the die read only (other_die_unseen): that die must be
    one of the roll's; another is a misread detail (missed, not a false alarm)."""
    want = [{"frame": 30, "type": "play", "player": "light", "dice": [6, 4], "legal": False, "play": None},
            {"frame": 90, "type": "play", "player": "dark", "dice": [3, 1], "legal": False, "play": None}]
    got = [{"frame": 31, "type": "play", "player": "light", "dice": [4], "other_die_unseen": True, "legal": False,
            "play": None},
           {"frame": 91, "type": "play", "player": "dark", "dice": [5], "other_die_unseen": True, "legal": False,
            "play": None}]
    result = score(got, want)
    assert [(w["frame"], g["frame"]) for w, g in result.on_time] == [(30, 31)]
    assert [w["frame"] for w in result.missed] == [90] and result.false_alarms == []
    plain = [dict(got[0], other_die_unseen=None)]  # one die without the flag is no such play
    assert score(plain, want[:1]).on_time == []


def test_a_missed_event_does_not_take_the_next_like_event_said_on_time():
    want = [{"frame": 10, "type": "roll", "player": "light", "dice": [3, 1]},
            {"frame": 30, "type": "roll", "player": "light", "dice": [3, 1]}]
    result = score([{"frame": 31, "type": "roll", "player": "light", "dice": [3, 1]}], want)
    assert [(w["frame"], g["frame"]) for w, g in result.on_time] == [(30, 31)]
    assert [w["frame"] for w in result.missed] == [10] and not result.late


@pytest.mark.parametrize("content,where", [("{\"frame\": 1, \"type\": \"roll\"}\n{oops\n", ":2: not valid JSON"),
                                           ("[1, 2]\n", ":1: not an event"),
                                           ("{\"frame\": -3, \"type\": \"roll\"}\n", ":1: \"frame\""),
                                           ("{\"frame\": 1, \"type\": \"rol\"}\n", ":1: unknown event type")])
def test_a_garbled_expected_file_is_one_line_naming_where(recorded, tmp_path, content, where):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(content)
    code, out, err = _run(["replay", str(GAME), "--oracle", "--expect", str(bad)])
    assert code == 2 and out == ""  # refused before any event is printed
    assert len(err.strip().splitlines()) == 1 and str(bad) + where in err


def test_a_missing_expected_file_is_one_line(recorded, tmp_path):
    code, out, err = _run(["replay", str(GAME), "--oracle", "--expect", str(tmp_path / "none.jsonl")])
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "none.jsonl" in err


def test_demo_keeps_its_summary_from_the_shared_scoring(recorded):
    _, want = recorded
    code, out, _ = _run(["demo", "--oracle", "--video", str(GAME)])
    assert code == 0
    illegal = sum(1 for e in want if e["type"] == "play" and e["legal"] is False)
    rerolls = sum(1 for e in want if e["type"] == "reroll")
    assert (f"the recording holds {illegal} illegal plays and {rerolls} re-rolls: caught {illegal} and {rerolls}; "
            "false alarms 0") in out
    assert f"events as recorded: {len(want)}/{len(want)} within 3 frames, 0 late, 0 missed" in out
