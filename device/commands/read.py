"""`bgref read IMAGE... [--calibration FILE] [--json]`: read boards from still images.

One image with --json prints one JSON object; several print one object per line (JSON Lines), in order, each with
"image". An image that cannot be read at all gets a line with "error" while the others are still read; the exit
code is then 2. Without --json a readable diagram per image.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Optional

from vision.errors import VisionError
from vision.observation import Observation

EXIT_BAD_INPUT = 2


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("read", help="read checkers, bar, off and dice from images",
                                   description=__doc__.split("\n\n")[0])
    parser.add_argument("images", nargs="+", metavar="IMAGE", help="image files")
    parser.add_argument("--calibration", metavar="FILE", help="a saved calibration (skips finding the board)")
    parser.add_argument("--json", action="store_true", help="JSON (JSON Lines for several images)")
    parser.set_defaults(func=run)
    return parser


def _cell(n: Optional[int], depth: int) -> str:
    if n is None:
        return " ? " if depth == 0 else "   "
    k = abs(n)
    if k <= depth:
        return " . " if depth == 0 else "   "
    if depth == 4 and k > 5:
        return f"{k:^3}"
    return " L " if n > 0 else " D "


def diagram(obs: Observation) -> str:
    """A board as the image shows it: 13-24 along the top, 12-1 along the bottom; L light, D dark, ? unsure."""
    if not obs.board.found:
        return "no board found" + "".join(f"\n  warning: {w}" for w in obs.warnings)
    top, bottom = list(range(13, 25)), list(range(12, 0, -1))

    def row(points: list[int], depth: int) -> str:
        cells = [_cell(obs.points[p - 1], depth) for p in points]
        return "|" + "".join(cells[:6]) + "|   |" + "".join(cells[6:]) + "|"

    lines = [" " + "".join(f"{p:^3}" for p in top[:6]) + "     " + "".join(f"{p:^3}" for p in top[6:]),
             "+" + "-" * 18 + "+---+" + "-" * 18 + "+"]
    lines += [row(top, d) for d in range(5)]
    lines.append("|" + " " * 18 + "|BAR|" + " " * 18 + f"|  bar: light {obs.bar['light']}, dark {obs.bar['dark']}")
    lines += [row(bottom, d) for d in reversed(range(5))]
    lines.append("+" + "-" * 18 + "+---+" + "-" * 18 + "+")
    lines.append(" " + "".join(f"{p:^3}" for p in bottom[:6]) + "     " + "".join(f"{p:^3}" for p in bottom[6:]))

    def off(v: Optional[int]) -> str:
        return "not visible" if v is None else str(v)

    lines.append(f"off: light {off(obs.off['light'])}, dark {off(obs.off['dark'])}")
    if obs.dice:
        lines.append("dice: " + ", ".join(
            f"{'?' if d.value is None else d.value}{'' if d.flat else ' (cocked)'}"
            f"{'' if d.half is None else ' ' + d.half}" for d in obs.dice))
    if obs.cube is not None:
        lines.append(f"cube: {obs.cube.value}")
    lines += [f"warning: {w}" for w in obs.warnings]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from vision.reader import Reader, read_file

    calibration = args.calibration
    if calibration is not None:
        from vision.reader import _geometry_from_calibration, loaded_calibration

        calibration = loaded_calibration(calibration)  # read once for every image
        _geometry_from_calibration(calibration)  # a bad file: one clear error, exit 2, before any image is read
    status = 0
    for path in args.images:
        try:
            obs = read_file(path, Reader(calibration))
        except VisionError as exc:
            status = EXIT_BAD_INPUT
            if args.json:
                print(json.dumps({"image": path, "error": str(exc)}), flush=True)
            else:
                print(f"{path}: error: {exc}", file=sys.stderr, flush=True)
            continue
        if args.json:
            print(json.dumps(obs.to_dict()), flush=True)
        else:
            if len(args.images) > 1:
                print(f"== {path}")
            print(diagram(obs), flush=True)
    return status
