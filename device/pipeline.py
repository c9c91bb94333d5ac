"""Assembling a referee from command-line options: shared by `bgref run`, `bgref replay` and `bgref demo`."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path
from typing import Any, Callable, Optional

from device.errors import DeviceError
from device.events import EventWriter, describe
from device.referee import Referee, oracle_reader, vision_reader
from device.sources import Frame, Source
from device.tracker import GameTracker
from vision.observation import Observation

log = logging.getLogger(__name__)


def add_reading_options(parser: argparse.ArgumentParser) -> None:
    """Options every referee command shares: how frames are read and who sits where."""
    parser.add_argument("--fps", type=float, default=None,
                        help="frame rate of a folder of frames (default: the recording's video.json, else 10)")
    parser.add_argument("--calibration", metavar="FILE", default=None,
                        help="calibration file from `bgref calibrate` (default: find the board in every view)")
    parser.add_argument("--light-seat", choices=("bottom", "top"), default=None,
                        help="where the light player sits in the image (default: learnt from the starting position)")
    parser.add_argument("--match-length", type=int, default=None, metavar="N",
                        help="points to win the match (default 0: money play)")
    parser.add_argument("--oracle", action="store_true",
                        help="read a rendered video's labels.jsonl instead of the pixels (a perfect reader)")


def add_web_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--serve", action="store_true", help="serve the live web page")
    parser.add_argument("--listen", default=None, metavar="ADDR", help="address of the web page (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=None, metavar="N", help="port of the web page (default 8080)")
    parser.add_argument("--token", default=None, metavar="T", help="token needed for corrections from the page")


def load_calibration(path: Optional[str]) -> Any:
    """The calibration object for the reader and its light seat (if it records one), or (None, None)."""
    if not path:
        return None, None
    try:
        from calibration.calibfile import Calibration  # the calibration helper's file type
    except ImportError:
        from pathlib import Path

        if not Path(path).is_file():
            raise DeviceError(f"calibration {path}: no such file") from None
        return path, None  # the reader can load a calibration file itself
    calibration = Calibration.load(path)
    return calibration, seating_hint(calibration)


def seating_hint(calibration: Any) -> Optional[str]:
    """The light player's home corner ("bottom-right", ...) a calibration records, else its light seat."""
    quarters = {"bottom-right": range(1, 7), "bottom-left": range(7, 13), "top-left": range(13, 19),
                "top-right": range(19, 25)}
    home = (getattr(calibration, "home", None) or {}).get("light")
    for name, points in quarters.items():
        if home and sorted(home) == list(points):
            return name
    return getattr(calibration, "light_seat", None)


def make_reader(oracle: bool, calibration: Any, intrinsics: Any = None) -> Callable[[Frame], Observation]:
    return oracle_reader if oracle else vision_reader(calibration, intrinsics)


def recording_lens(video: dict[str, Any]) -> Any:
    """The camera intrinsics a recording's video.json states (``camera``: K, dist, width, height), or None.

    A Pi install knows its lens from `bgref calibrate camera`; a recording made by the renderer states the lens
    it used, which stands in for that calibration."""
    camera = video.get("camera") if isinstance(video, dict) else None
    if not isinstance(camera, dict) or "K" not in camera or "dist" not in camera:
        return None
    from calibration.intrinsics import Intrinsics, IntrinsicsError

    try:
        return Intrinsics.from_camera(camera, (video.get("width"), video.get("height")))
    except IntrinsicsError as exc:
        raise DeviceError(f"video.json: camera intrinsics unreadable ({exc})") from None


def start_web(referee: Referee, listen: Optional[str], port: Optional[int], token: Optional[str],
              read_token: Optional[str] = None) -> Any:
    """Start device.web.server.WebServer if it is installed; it becomes one more publisher."""
    try:
        from device.web.server import WebServer
    except ImportError as exc:
        raise DeviceError(f"--serve: the web page is not available in this build ({exc})") from None
    server = WebServer(host=listen or "127.0.0.1", port=port or 8080, token=token or None,
                       read_token=read_token or None, referee=referee)
    server.start()  # it logs its address (and a generated token) itself
    referee.publishers.append(server)
    return server


class TextPrinter:
    """Prints each event as a readable line (the human form of `bgref replay`)."""

    def __init__(self, stream: Any = None) -> None:
        self.stream = stream or sys.stdout

    def publish(self, event: dict[str, Any]) -> None:
        t = float(event.get("t") or 0.0)
        minutes, seconds = divmod(t, 60)
        self.stream.write(f"{int(minutes):02d}:{seconds:04.1f}  frame {event.get('frame'):>5}  "
                          f"{describe(event)}\n")
        self.stream.flush()

    def frame(self, image: Any, observation: Any) -> None:
        pass


def replay_referee(source: Source, args: argparse.Namespace, json_out: bool,
                   extra_publishers: tuple = ()) -> Referee:
    """A referee over a recording with no store: events go to stdout as JSON Lines or readable lines."""
    calibration, seat = load_calibration(getattr(args, "calibration", None))
    tracker = GameTracker(match_length=args.match_length or 0, light_seat=args.light_seat or seat)
    publisher: Any = EventWriter(sys.stdout, log_lines=False) if json_out else TextPrinter()
    lens = None
    folder = getattr(args, "source", None)
    if folder and calibration is None and (Path(folder) / "video.json").is_file():
        import json

        try:
            lens = recording_lens(json.loads((Path(folder) / "video.json").read_text()))
        except ValueError:
            raise DeviceError(f"{folder}/video.json: not JSON") from None
    return Referee(source, make_reader(args.oracle, calibration, lens), tracker,
                   publishers=[publisher, *extra_publishers])
