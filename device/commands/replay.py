"""`bgref replay SOURCE`: the referee over a recording (video file or folder of frames), as fast as it can go.

The same engine as `bgref run`, without a database: it prints the events, readable or as JSON Lines (--json).
This is how tests and users check what the referee makes of a recording.
"""

from __future__ import annotations

import argparse
import signal
import threading

from device.pipeline import add_reading_options, add_web_options, replay_referee, start_web
from device.sources import open_source


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("replay", help="run the referee over a recording and print its events",
                                   description=__doc__)
    parser.add_argument("source", metavar="SOURCE", help="a video file or a folder of frames (name order)")
    parser.add_argument("--json", action="store_true", help="print events as JSON Lines")
    add_reading_options(parser)
    add_web_options(parser)
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    source = open_source(args.source, fps=args.fps, oracle=args.oracle)
    referee = replay_referee(source, args, json_out=args.json)
    server = start_web(referee, args.listen, args.port, args.token) if args.serve else None
    stopping = threading.Event()

    def on_sigterm(*_: object) -> None:
        stopping.set()
        referee.stop()

    previous = signal.signal(signal.SIGTERM, on_sigterm)
    try:
        referee.run()
        if server is not None:  # leave the page up to look at until Ctrl-C or SIGTERM
            try:
                while not stopping.wait(0.5):
                    pass
            except KeyboardInterrupt:
                pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        if server is not None:
            server.stop()
    return 0
