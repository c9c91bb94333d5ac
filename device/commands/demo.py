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
from device.event_score import EventList, demo_lines, load_expected
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
    return load_expected(path) if path.is_file() else None


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
    collector = EventList()
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
        for line in demo_lines(collector.events, _expected(folder)):
            print(line)
        print(f"{frames} frames in {seconds:.1f} s ({frames / max(seconds, 1e-9):.0f} frames/s, "
              f"{referee.stabiliser.reads} read)")
    return 0
