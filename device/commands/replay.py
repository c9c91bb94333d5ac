"""`bgref replay SOURCE`: the referee over a recording (video file or folder of frames), as fast as it can go.

The same engine as `bgref run`, without a database: it prints the events, readable or as JSON Lines (--json).
This is how tests and users check what the referee makes of a recording. With --expect EVENTS.jsonl (what a
perfect referee would say, e.g. a rendered game's events.jsonl or a tournament director's own list) it ends with a
summary: expected events on time / late / missed per type, false alarms, plays not judged and how many frames
after the dice were lifted the play verdicts came (see device/event_score.py).
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading

from device.event_score import EventList, load_expected, score
from device.pipeline import add_reading_options, add_web_options, replay_referee, start_web
from device.sources import open_source


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("replay", help="run the referee over a recording and print its events",
                                   description=__doc__)
    parser.add_argument("source", metavar="SOURCE", help="a video file or a folder of frames (name order)")
    parser.add_argument("--json", action="store_true", help="print events as JSON Lines")
    parser.add_argument("--expect", metavar="EVENTS", default=None,
                        help="score the events against this JSON Lines file of expected events (a summary at "
                             "the end; with --json a last line of type \"summary\")")
    add_reading_options(parser)
    add_web_options(parser)
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    expected = load_expected(args.expect) if getattr(args, "expect", None) else None  # bad file: fail first
    source = open_source(args.source, fps=args.fps, oracle=args.oracle)
    collected = EventList()
    referee = replay_referee(source, args, json_out=args.json,
                             extra_publishers=(collected,) if expected is not None else ())
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
    if expected is not None:
        report = score(collected.events, expected)
        if args.json:
            print(json.dumps(report.as_json(), separators=(", ", ": ")))
        else:
            print(f"--- compared with {args.expect} ---")
            for line in report.lines():
                print(line)
        sys.stdout.flush()
    return 0
