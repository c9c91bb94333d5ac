"""The whole referee pipeline (frames -> stabiliser -> tracker -> events) over scripted games read by the oracle.

The scripted games (tests/daemon_games.py) hold each scene for a few still frames after a few frames of hands,
like a rendered video; a perfect reader sees them. The referee must produce exactly the expected events, each
within 3 frames of the frame a perfect referee could decide it.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import pytest

from device.cli import main
from device.referee import Referee, oracle_reader
from device.seating import HOMES
from device.sources import FolderSource
from device.tracker import GameTracker
from device.scripted import scripted_game

FIELDS = ("type", "player", "dice", "legal", "play", "reason", "light", "dark", "first", "winner")


def replay(folder):
    referee = Referee(FolderSource(folder, labels=True), oracle_reader, GameTracker())
    referee.keep_events = True
    referee.run()
    return referee.events


def assert_events_match(got, expected):
    assert [e["type"] for e in got] == [e["type"] for e in expected]
    for g, e in zip(got, expected):
        for key in FIELDS:
            if key in e:
                assert g.get(key) == e[key], (key, g, e)
        assert 0 <= g["frame"] - e["frame"] <= 3, (g, e)


@pytest.mark.parametrize("seed,home", [(11, "bottom-right"), (12, "bottom-left"), (13, "top-right"),
                                       (14, "top-left")])
def test_a_game_with_illegal_plays_and_rerolls_gives_exactly_the_expected_events(tmp_path, seed, home):
    script = scripted_game(seed, home=home, illegal=3, cocked=2, wrong_half=2)
    got = replay(script.write(tmp_path / "game"))
    assert_events_match(got, script.expected)
    illegal = [e for e in got if e["type"] == "play" and e["legal"] is False]
    assert len(illegal) == sum(1 for e in script.expected if e.get("legal") is False) == 3
    assert all(e["reason"] for e in illegal)


@pytest.mark.parametrize("seed", [21, 22, 23, 24])
def test_legal_games_raise_no_false_alarm(tmp_path, seed):
    script = scripted_game(seed, home=HOMES[seed % 4])
    got = replay(script.write(tmp_path / "game"))
    assert_events_match(got, script.expected)
    assert not [e for e in got if e["type"] in ("reroll", "warning") or e.get("legal") is False]
    assert got[-1]["type"] == "game_end"


def test_bgref_replay_json_prints_the_events_as_json_lines(tmp_path):
    script = scripted_game(31, illegal=1)
    folder = script.write(tmp_path / "game")
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["replay", str(folder), "--oracle", "--json"]) == 0
    got = [json.loads(line) for line in out.getvalue().splitlines()]
    assert_events_match(got, script.expected)
    assert all({"frame", "t", "type"} <= set(e) for e in got)
    assert got[1]["t"] == pytest.approx(got[1]["frame"] / 10, abs=1e-3)


def test_bgref_replay_readable_lines_name_the_illegal_play(tmp_path):
    script = scripted_game(32, illegal=1)
    folder = script.write(tmp_path / "game")
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["replay", str(folder), "--oracle"]) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == len(script.expected)
    assert sum("ILLEGAL" in line for line in lines) == 1


def test_bgref_replay_of_a_missing_source_is_one_clear_error(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "nope" in err[0] and "Traceback" not in err[0]
