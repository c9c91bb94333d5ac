"""`bgref demo`: the referee on the recorded game in sample_images/, printed as it goes.

Shows what the daemon does without a camera: the setup, opening roll, every roll and play, and the illegal plays
and re-rolls it catches, then a summary (compared with the recording's own list of events when it has one).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Optional

from device.errors import DeviceError
from device.pipeline import TextPrinter, load_calibration, make_reader, recording_lens
from device.referee import Referee
from device.sources import FolderSource
from device.tracker import GameTracker

SAMPLES = Path(__file__).resolve().parent.parent.parent / "sample_images"


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("demo", help="referee the recorded game in sample_images/ (start here)",
                                   description=__doc__)
    parser.add_argument("--video", metavar="DIR", default=None,
                        help="a game video folder (frames/, video.json); default: the one in sample_images/")
    parser.add_argument("--json", action="store_true", help="print events as JSON Lines")
    parser.add_argument("--oracle", action="store_true", help="use the recording's labels instead of vision")
    parser.add_argument("--calibration", metavar="FILE", default=None, help="calibration file (optional)")
    parser.add_argument("--no-lens", action="store_true",
                        help="ignore the camera intrinsics video.json states (as with an uncalibrated camera)")
    parser.set_defaults(func=run)
    return parser


def find_video(folder: Path = SAMPLES) -> Path:
    """The first game video folder under sample_images/ (one holding video.json and frames/)."""
    if (folder / "video.json").is_file():
        return folder
    if folder.is_dir():
        for candidate in sorted(folder.iterdir()):
            if (candidate / "video.json").is_file() and (candidate / "frames").is_dir():
                return candidate
    raise DeviceError(f"demo: no game video in {folder} (a folder with video.json and frames/); "
                      "make one with `bgref render game` or give --video DIR")


def _expected(folder: Path) -> Optional[list[dict[str, Any]]]:
    path = folder / "events.jsonl"
    if not path.is_file():
        return None
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


class _Collector:
    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    def publish(self, event: dict[str, Any]) -> None:
        self.events.append(event)

    def frame(self, image: Any, observation: Any) -> None:
        pass


MATCH_FIELDS = ("player", "dice", "legal", "play", "first", "light", "dark", "action", "value", "winner")


def match_events(got: list[dict[str, Any]], expected: list[dict[str, Any]], window: int = 3,
                 late: int = 30) -> tuple[list[tuple[dict, dict]], list[tuple[dict, dict]], list[dict]]:
    """Each expected event paired with the referee's event of the same type and content: (on time: 0-``window``
    frames after the frame a perfect referee could decide it, late: up to ``late`` frames off, missed)."""
    used: set[int] = set()
    on_time, late_pairs, missed = [], [], []
    for want in expected:
        same = [i for i, e in enumerate(got) if i not in used and e["type"] == want["type"]
                and all(e.get(k) == want[k] for k in MATCH_FIELDS if k in want and k in e)
                and (want["type"] != "warning" or e.get("code") == want.get("code"))]
        now = [i for i in same if 0 <= got[i]["frame"] - want["frame"] <= window]
        near = [i for i in same if abs(got[i]["frame"] - want["frame"]) <= late]
        if now:
            used.add(now[0])
            on_time.append((want, got[now[0]]))
        elif near:
            used.add(near[0])
            late_pairs.append((want, got[near[0]]))
        else:
            missed.append(want)
    return on_time, late_pairs, missed


def summary(got: list[dict[str, Any]], expected: Optional[list[dict[str, Any]]]) -> list[str]:
    """What the referee caught, and how that compares with what the recording holds."""
    illegal = [e for e in got if e["type"] == "play" and e.get("legal") is False]
    rerolls = [e for e in got if e["type"] == "reroll"]
    plays = [e for e in got if e["type"] == "play"]
    lines = [f"{len(plays)} plays judged: {len(illegal)} illegal, {len(rerolls)} re-rolls called"]
    for e in illegal:
        lines.append(f"  frame {e['frame']}: {e['player']} {'-'.join(map(str, e['dice']))}: {e.get('reason')}")
    if expected is not None:
        want_illegal = [e for e in expected if e["type"] == "play" and e.get("legal") is False]
        want_rerolls = [e for e in expected if e["type"] == "reroll"]
        caught = sum(1 for w in want_illegal if any(abs(g["frame"] - w["frame"]) <= 3 for g in illegal))
        caught_r = sum(1 for w in want_rerolls if any(abs(g["frame"] - w["frame"]) <= 3 for g in rerolls))
        false_alarms = sum(1 for g in illegal if not any(abs(g["frame"] - w["frame"]) <= 3 for w in want_illegal))
        lines.append(f"the recording holds {len(want_illegal)} illegal plays and {len(want_rerolls)} re-rolls: "
                     f"caught {caught} and {caught_r}; false alarms {false_alarms}")
        on_time, late, missed = match_events(got, expected)
        lag = sorted(g["frame"] - w["frame"] for w, g in on_time + late if w["type"] == "play")
        lines.append(f"events as recorded: {len(on_time)}/{len(expected)} within 3 frames, {len(late)} late, "
                     f"{len(missed)} missed" + (f"; play verdicts {lag} frames after the dice were lifted"
                                                if lag else ""))
        for w, g in late:
            lines.append(f"  late:   frame {w['frame']} {w['type']} {w.get('player') or ''} (said at {g['frame']})")
        for w in missed:
            lines.append(f"  missed: frame {w['frame']} {w['type']} {w.get('player') or ''} "
                         f"{w.get('reason') or w.get('code') or ''}".rstrip())
    return lines


def run(args: argparse.Namespace) -> int:
    folder = Path(args.video) if args.video else find_video()
    if args.video and not folder.is_dir():
        raise DeviceError(f"demo: {folder} is not a folder")
    video = {}
    if (folder / "video.json").is_file():
        video = json.loads((folder / "video.json").read_text())
    calibration, seat = load_calibration(args.calibration)
    lens = None if getattr(args, "no_lens", False) else recording_lens(video)
    source = FolderSource(folder, labels=args.oracle)
    collector = _Collector()
    if args.json:
        from device.events import EventWriter

        printer: Any = EventWriter(sys.stdout, log_lines=False)
    else:
        printer = TextPrinter()
        print(f"bgref demo: refereeing {folder} ({len(source.files)} frames at {source.fps:g} fps, "
              f"{'labels' if args.oracle else 'vision'}{', lens from video.json' if lens and not args.oracle else ''})")
    referee = Referee(source, make_reader(args.oracle, calibration, lens),
                      GameTracker(match_length=int(video.get("match_length", 0) or 0), light_seat=seat),
                      publishers=[printer, collector])
    start = time.perf_counter()
    frames = referee.run()
    seconds = time.perf_counter() - start
    if not args.json:
        for line in summary(collector.events, _expected(folder)):
            print(line)
        print(f"{frames} frames in {seconds:.1f} s ({frames / max(seconds, 1e-9):.0f} frames/s, "
              f"{referee.stabiliser.reads} read)")
    return 0
