"""`bgref judge BEFORE_ID D1 D2 AFTER_ID`: is the observed play legal? Both IDs from the mover's side.

Prints ``legal: PLAY`` (exit 0) or ``illegal: REASON`` followed by the closest legal plays (exit 1); bad input
exits 2. In --batch mode every line gets a JSON object and the exit code is 0 unless a line was bad (2).
"""

from __future__ import annotations

import argparse
import json

from device.commands.batch import run_batch
from rules.errors import RulesError
from rules.judge import judge
from rules.requests import Request, parse_dice, parse_position

EXIT_ILLEGAL = 1


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("judge", help="judge an observed play: legal, or why not", description=__doc__,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before_id", nargs="?", metavar="BEFORE_ID", help="Position ID before the play")
    parser.add_argument("d1", nargs="?", metavar="D1", help="first die (1-6)")
    parser.add_argument("d2", nargs="?", metavar="D2", help="second die (1-6)")
    parser.add_argument("after_id", nargs="?", metavar="AFTER_ID",
                        help="Position ID observed after the play, still from the mover's side")
    parser.add_argument("--json", action="store_true",
                        help='print {"legal", "play", "reason", "closest", "code"} as JSON')
    parser.add_argument("--batch", metavar="FILE",
                        help="read 'BEFORE_ID D1 D2 AFTER_ID' lines from FILE ('-' = stdin), one JSON object each")
    parser.set_defaults(func=run)
    return parser


def _answer(req: Request) -> dict:
    return judge(req.before, req.dice, req.after).to_dict()


def run(args: argparse.Namespace) -> int:
    if args.batch:
        if args.before_id:
            raise RulesError("give either --batch FILE or BEFORE_ID D1 D2 AFTER_ID, not both")
        return run_batch(args.batch, True, _answer)
    if not (args.before_id and args.d1 and args.d2 and args.after_id):
        raise RulesError("expected BEFORE_ID D1 D2 AFTER_ID (or --batch FILE)")
    before = parse_position(args.before_id, "before")
    d1, d2 = parse_dice(args.d1, args.d2)
    after = parse_position(args.after_id, "after")
    verdict = judge(before, (d1, d2), after)
    if args.json:
        print(json.dumps(verdict.to_dict()))
    elif verdict.legal:
        print(f"legal: {verdict.play.notation() if verdict.play else '(no play)'}")
    else:
        print(f"illegal: {verdict.reason}")
        for play in verdict.closest:
            print(f"closest: {play.notation()}")
    return 0 if verdict.legal else EXIT_ILLEGAL
