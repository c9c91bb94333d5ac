"""`bgref export`: write a match kept by `bgref run` as a .mat file for GNU Backgammon."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from device.errors import DeviceError
from device.matexport import mat_text
from device.store import Store


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("export", help="write a stored match as a .mat file for GNU Backgammon",
                                   description=__doc__)
    parser.add_argument("--db", metavar="FILE", default="bgref.sqlite3", help="the daemon's database")
    parser.add_argument("--match", type=int, default=None, metavar="ID", help="which match (default: the latest)")
    parser.add_argument("--events", metavar="FILE", default=None,
                        help="read events from a JSON Lines file (bgref replay --json) instead of the database")
    parser.add_argument("--match-length", type=int, default=None, metavar="N",
                        help="match length for --events (default 0: money play)")
    parser.add_argument("-o", "--output", metavar="FILE", default="-", help="the .mat file (default: stdout)")
    parser.add_argument("--list", action="store_true", help="list the stored matches instead")
    parser.set_defaults(func=run)
    return parser


def _events_from_file(path: str) -> list[dict]:
    events = []
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if line.strip():
                try:
                    events.append(json.loads(line))
                except ValueError:
                    raise DeviceError(f"{path}:{lineno}: not a JSON event") from None
    return events


def run(args: argparse.Namespace) -> int:
    if args.events:
        text = mat_text(_events_from_file(args.events), args.match_length or 0)
    else:
        if not Path(args.db).is_file():
            raise DeviceError(f"database {args.db}: no such file (run `bgref run` first, or give --db)")
        store = Store(args.db)
        try:
            matches = store.matches()
            if args.list:
                for m in matches:
                    state = "finished" if m["finished"] else "open"
                    print(f"match {m['id']}: {m['match_length']} points, {m['events']} events, {state}")
                return 0
            if not matches:
                raise DeviceError(f"database {args.db}: no match stored yet")
            match_id = args.match if args.match is not None else matches[-1]["id"]
            if match_id not in {m["id"] for m in matches}:
                raise DeviceError(f"database {args.db}: no match {match_id} (see bgref export --list)")
            text = mat_text(store.events(match_id), store.match_length(match_id))
        finally:
            store.close()
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
    return 0
