"""`bgref demo` with the real vision reader on the recorded sample game (sample_images/game).

What the referee really achieves there is asserted, not hoped for: it learns the seating from the starting
position, the opening (told by its play when a die is missed), and dark's first play; and it never calls a legal
play illegal (a false alarm is as bad as a missed illegal play). Later plays depend on the dice reader finding both
dice; they are measured by `bgref demo`, not asserted here.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from device.cli import main

GAME = Path(__file__).resolve().parent.parent / "sample_images" / "game"


@pytest.fixture(scope="module")
def game() -> Path:
    if not (GAME / "video.json").is_file():
        pytest.skip(f"no sample game video at {GAME} (make one with `bgref render game`)")
    return GAME


def _run(capsys, *extra: str) -> list[dict]:
    cv2.setNumThreads(1)
    assert main(["demo", "--json", "--video", str(GAME), *extra]) == 0
    out = capsys.readouterr().out
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def _expected() -> list[dict]:
    return [json.loads(line) for line in (GAME / "events.jsonl").read_text().splitlines() if line.strip()]


def test_the_demo_follows_the_start_and_the_first_play_with_no_false_alarm(game, capsys):
    got = _run(capsys)
    want = _expected()
    setup = [e for e in got if e["type"] == "setup"]
    assert setup and setup[0]["frame"] <= 3 and setup[0]["light"] == "top"
    assert setup[0]["position_id"] == want[0]["position_id"]
    opening = next(e for e in got if e["type"] == "opening_roll")
    want_opening = next(e for e in want if e["type"] == "opening_roll")
    assert (opening["light"], opening["dark"], opening["first"]) == (want_opening["light"], want_opening["dark"],
                                                                     want_opening["first"])
    first_play = next(e for e in got if e["type"] == "play")
    want_play = next(e for e in want if e["type"] == "play")
    assert (first_play["player"], first_play["after"], first_play["legal"]) == (want_play["player"],
                                                                                 want_play["after"], True)
    assert 0 <= first_play["frame"] - want_play["frame"] <= 3  # the verdict 0-3 frames after the dice are lifted
    illegal_frames = [e["frame"] for e in want if e["type"] == "play" and e["legal"] is False]
    false_alarms = [e for e in got if e["type"] == "play" and e["legal"] is False
                    and not any(abs(e["frame"] - f) <= 3 for f in illegal_frames)]
    assert false_alarms == []
