"""`bgref dice IMAGE... [--json] [--die-size PX]`: find and read dice anywhere in images, no board needed.

With --json one object per image and line: {"image": PATH, "dice": [{"value": 1-6 or null, "flat": bool,
"center": [x, y]}], "cube": {...} or null}. An image that cannot be read gets a line with "error" while the others
are still read; the exit code is then 2. Without --json one readable line per die.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.errors import VisionError

EXIT_BAD_INPUT = 2


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("dice", help="find and read dice (and the doubling cube) in images",
                                   description=__doc__.split("\n\n")[0])
    parser.add_argument("images", nargs="+", metavar="IMAGE", help="image files")
    parser.add_argument("--json", action="store_true", help="JSON Lines: one object per image")
    parser.add_argument("--die-size", type=float, metavar="PX", help="expected die edge in pixels (faster)")
    parser.set_defaults(func=run)
    return parser


def load_image(path: str) -> np.ndarray:
    """The image at ``path`` as BGR, or a VisionError naming the file."""
    if not Path(path).is_file():
        raise VisionError(f"no such image file: {path}")
    image = cv2.imread(path, cv2.IMREAD_COLOR)
    if image is None or image.size == 0:
        raise VisionError(f"cannot read image (not a picture?): {path}")
    return image


def read_image(path: str, die_size: float | None = None) -> dict[str, Any]:
    """The `bgref dice --json` object for one image."""
    from vision.cube import read_cube
    from vision.dice import find_dice

    image = load_image(path)
    t0 = time.perf_counter()
    dice = find_dice(image, die_size_px=die_size, memory=None)  # separate photos: no edge learnt across them
    cube = read_cube(image)
    ms = (time.perf_counter() - t0) * 1000.0
    return {"image": path, "dice": [d.to_dict() for d in dice], "cube": None if cube is None else cube.to_dict(),
            "ms": round(ms, 1)}


def run(args: argparse.Namespace) -> int:
    if args.die_size is not None and not (4 <= args.die_size <= 2000):
        raise VisionError(f"--die-size {args.die_size}: expected a die edge of 4..2000 pixels")
    status = 0
    for path in args.images:
        try:
            result = read_image(path, args.die_size)
        except VisionError as exc:
            status = EXIT_BAD_INPUT
            if args.json:
                print(json.dumps({"image": path, "error": str(exc)}), flush=True)
            else:
                print(f"{path}: error: {exc}", file=sys.stderr, flush=True)
            continue
        if args.json:
            print(json.dumps(result), flush=True)
            continue
        if len(args.images) > 1:
            print(f"== {path}")
        if not result["dice"]:
            print("no dice found")
        for d in result["dice"]:
            value = "?" if d["value"] is None else d["value"]
            flat = "flat" if d["flat"] else "cocked"
            print(f"die {value} {flat} at ({d['center'][0]:.0f}, {d['center'][1]:.0f})")
        if result["cube"] is not None:
            c = result["cube"]
            print(f"cube {c['value']} at ({c['center'][0]:.0f}, {c['center'][1]:.0f})")
    return status
