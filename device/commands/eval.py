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
    parser.add_argument("--lens", action="store_true",
                        help="read each image through the camera lens its label states (a rendered still's "
                             "`camera`: K, dist, width, height), as a camera set up with `bgref calibrate camera` "
                             "reads; images whose label states none are read without")
    parser.add_argument("--dice", action="store_true",
                        help="the folders hold dice photos labelled YOLO-style (images/NAME.jpg, labels/NAME.txt, "
                             "as ../shared/dice/): measure `bgref dice` on them, no board")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    if args.dice:
        return _run_dice(args)
    from vision.evaluate import evaluate, format_table
    from vision.reader import Reader, _geometry_from_calibration

    geometry = None if args.calibration is None else _geometry_from_calibration(args.calibration)
    table = evaluate(args.dirs, reader_factory=lambda intrinsics=None: Reader(geometry, intrinsics=intrinsics),
                     worst=args.worst, lens=args.lens)
    if args.json:
        print(json.dumps(table))
    else:
        print(format_table(table))
    return EXIT_BAD_INPUT if table["errors"] else 0


def _run_dice(args: argparse.Namespace) -> int:
    """The dice finder alone on YOLO-labelled dice photos, one table (or JSON object) per folder: the figures the
    README gives for ``../shared/dice/`` come from here."""
    from pathlib import Path

    from vision.dice_eval import evaluate_dice_yolo
    from vision.errors import VisionError

    for d in args.dirs:
        if not (Path(d) / "labels").is_dir():
            raise VisionError(f"{d}: not a folder of YOLO-labelled dice photos (needs images/ and labels/)")
    for d in args.dirs:
        table = evaluate_dice_yolo(d)
        table["folder"] = str(d)
        if args.json:
            print(json.dumps(table))
            continue
        pct = lambda v: "n/a" if v is None else f"{100 * v:.2f}%"  # noqa: E731
        print(f"{d}: {table['images']} photos, {table['dice']} dice")
        print(f"  dice found              {pct(table['recall'])} (precision {pct(table['precision'])}, "
              f"{table['detections']} readings)")
        print(f"  values right            {pct(table['value_accuracy'])} of those read "
              f"({len(table['wrong'])} wrong)")
        print(f"  side faces read instead {table['side_reads']} (values right counting them: "
              f"{pct(table['value_accuracy_with_side_reads'])})")
        print(f"  time per photo          {table['ms_per_image_median']:.1f} ms (median, one thread)")
    return 0
