"""Replay a tracker fixture: the tracker's saved state before a case and the readings the camera reader gave then.

Why: a case found on a rendered game (a false alarm, a call missed) is kept as the state and readings around it, so
its test runs the tracker alone in milliseconds instead of replaying the whole game through the reader.
"""

from __future__ import annotations

import json
from pathlib import Path

from device.tracker import GameTracker
from vision.observation import Observation


def replay_fixture(name: str) -> dict[int, list[dict]]:
    """The events of each reading of ``tests/<name>`` (keys: frames), fed in order to the restored tracker."""
    data = json.loads(Path(__file__).with_name(name).read_text())
    tracker = GameTracker.restore(data["state"])
    return {r["frame"]: tracker.feed(Observation.from_dict(r["obs"]), r["frame"], r["t"]) for r in data["readings"]}
