"""`bgref eval DIR... [--json] [--calibration FILE]`: measure the reader on labelled images.

Every ``NAME.json`` label next to its image in the folders (our renders and ../shared/real use the same shape) is
read and scored: per-point accuracy (occluded points excluded), boards exactly right, bar and off, dice values,
cocked-die recall and precision, corner error, time per image and the worst images. Exits non-zero only on
errors (a folder that is not there, an image that cannot be read), never on low scores.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

EXIT_BAD_INPUT = 2


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("eval", help="measure reading accuracy on labelled images",
                                   description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="+", metavar="DIR", help="folders of images with NAME.json labels")
    parser.add_argument("--json", action="store_true", help="print the metrics as one JSON object")
    parser.add_argument("--calibration", metavar="FILE", help="a saved calibration used for every image")
    parser.add_argument("--worst", type=int, default=5, help="how many worst images to list (default 5)")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    from vision.evaluate import evaluate, format_table
    from vision.reader import Reader, _geometry_from_calibration

    geometry = None if args.calibration is None else _geometry_from_calibration(args.calibration)
    table = evaluate(args.dirs, reader_factory=lambda: Reader(geometry), worst=args.worst)
    if args.json:
        print(json.dumps(table))
    else:
        print(format_table(table))
    return EXIT_BAD_INPUT if table["errors"] else 0
