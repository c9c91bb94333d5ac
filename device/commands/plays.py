"""`bgref plays POSITION_ID D1 D2`: every legal play and its resulting Position ID, one per line, sorted.

The resulting ID is written from the mover's side (as GNU Backgammon would show it if the same player were still
on roll). No legal play: one line ``(no play)``, a tab, the unchanged ID.
"""

from __future__ import annotations

import argparse
import json

from device.commands.batch import run_batch
from rules.errors import RulesError
from rules.moves import legal_plays
from rules.notation import NO_PLAY
from rules.position import Position
from rules.requests import Request, parse_dice, parse_position


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("plays", help="list the legal plays of a position and roll", description=__doc__,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("position_id", nargs="?", metavar="POSITION_ID", help="GNU Backgammon Position ID")
    parser.add_argument("d1", nargs="?", metavar="D1", help="first die (1-6)")
    parser.add_argument("d2", nargs="?", metavar="D2", help="second die (1-6)")
    parser.add_argument("--json", action="store_true", help='print a JSON list of {"play", "position_id"}')
    parser.add_argument("--batch", metavar="FILE",
                        help="read 'POSITION_ID D1 D2' lines from FILE ('-' = stdin), print one JSON object per line")
    parser.set_defaults(func=run)
    return parser


def plays_of(position: Position, d1: int, d2: int) -> list[dict]:
    """The legal plays as [{"play", "position_id"}]; ``(no play)`` with the unchanged ID when there is none."""
    plays = legal_plays(position, d1, d2)
    if not plays:
        return [{"play": NO_PLAY, "position_id": position.position_id()}]
    return [{"play": p.notation(), "position_id": p.position.position_id()} for p in plays]


def _answer(req: Request) -> dict:
    return {"plays": plays_of(req.before, *req.dice)}


def run(args: argparse.Namespace) -> int:
    if args.batch:
        if args.position_id:
            raise RulesError("give either --batch FILE or POSITION_ID D1 D2, not both")
        return run_batch(args.batch, False, _answer)
    if not (args.position_id and args.d1 and args.d2):
        raise RulesError("expected POSITION_ID D1 D2 (or --batch FILE)")
    position = parse_position(args.position_id)
    d1, d2 = parse_dice(args.d1, args.d2)
    rows = plays_of(position, d1, d2)
    if args.json:
        print(json.dumps(rows))
    else:
        print("\n".join(f"{r['play']}\t{r['position_id']}" for r in rows))
    return 0
