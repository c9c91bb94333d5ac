"""The referee over a rendered game video (sample_images/): the exact event list a perfect referee emits.

The video (frames, labels.jsonl, events.jsonl) is rendered by `bgref render game --scripted` and committed in
sample_images/; BGREF_GAME_VIDEO=DIR points these tests at another rendered video. With the labels as the reader
(--oracle), and with the simulated camera (motion from the rendered pixels), the whole game must come out event
for event. (The vision reader's own replay of this video is measured by `bgref demo` and device/bench_daemon.py.)
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from device.referee import Referee, oracle_reader
from device.sources import FolderSource
from device.tracker import GameTracker

ROOT = Path(__file__).resolve().parent.parent
KEYS = ("type", "player", "dice", "legal", "play", "light", "dark", "first", "action", "value", "winner", "code")


def game_video() -> Path:
    override = os.environ.get("BGREF_GAME_VIDEO")
    if override:
        return Path(override)
    for candidate in sorted((ROOT / "sample_images").glob("*/events.jsonl")):
        if (candidate.parent / "frames").is_dir():
            return candidate.parent
    pytest.skip("no rendered game video in sample_images/ (make one: bgref render game --scripted DIR)")


def expected(folder: Path) -> list[dict]:
    return [json.loads(x) for x in (folder / "events.jsonl").read_text().splitlines() if x.strip()]


def check(got: list[dict], want: list[dict]) -> None:
    assert [e["type"] for e in got] == [e["type"] for e in want], [e["type"] for e in got]
    for g, w in zip(got, want):
        assert {k: g.get(k) for k in KEYS if k in w} == {k: w[k] for k in KEYS if k in w}, (g, w)
        assert 0 <= g["frame"] - w["frame"] <= 3, ("verdict latency", g, w)


def test_the_whole_game_read_by_the_oracle_gives_exactly_the_expected_events():
    folder = game_video()
    referee = Referee(FolderSource(folder, labels=True), oracle_reader, GameTracker())
    referee.keep_events = True
    referee.run()
    check(referee.events, expected(folder))


def test_the_simulated_camera_with_motion_from_the_pixels_gives_the_same_events():
    """sim:DIR plays the frames themselves: the motion gate works on the rendered pixels, the labels read them."""
    from device.sources import open_source

    folder = game_video()
    referee = Referee(open_source(f"sim:{folder}", oracle=True), oracle_reader, GameTracker())
    referee.keep_events = True
    referee.run()
    check(referee.events, expected(folder))
    assert referee.stabiliser.reads < referee.frames_seen  # the gate spares reads of unchanged frames

