"""`bgref render`: the simulated camera. Labelled stills, game videos with the events a perfect referee would
emit, and the committed `sample_images/` set (rebuilt exactly, fixed seeds)."""

from __future__ import annotations

import argparse
import logging
import time
from pathlib import Path

from device.errors import DeviceError

log = logging.getLogger(__name__)


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise DeviceError(f"--size {text!r}: expected WIDTHxHEIGHT, e.g. 1920x1080") from None
    if not (160 <= w <= 8000 and 120 <= h <= 8000):
        raise DeviceError(f"--size {text!r}: width and height must be 160-8000 and 120-8000 pixels")
    return w, h


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("render", help="render labelled camera frames of simulated boards",
                                   description=__doc__)
    sub = parser.add_subparsers(dest="what", metavar="WHAT")
    st = sub.add_parser("stills", help="random labelled stills: NAME.jpg + NAME.json (observation shape)")
    st.add_argument("out", type=Path, help="output folder")
    st.add_argument("--count", type=int, default=20)
    st.add_argument("--seed", type=int, default=0, help="first seed; still i uses seed+i")
    st.add_argument("--size", type=parse_size, default=None, help="WIDTHxHEIGHT (default: a random Pi mode)")
    st.add_argument("--quality", type=int, default=90, help="JPEG quality of the written files")
    st.add_argument("--hands", choices=["random", "always", "never"], default="random")
    gm = sub.add_parser("game", help="a game video: frames/, video.json, labels.jsonl, events.jsonl")
    gm.add_argument("out", type=Path, help="output folder")
    gm.add_argument("--seed", type=int, default=0)
    gm.add_argument("--plays", type=int, default=30, help="plays in a random game")
    gm.add_argument("--illegal-rate", type=float, default=0.1, help="share of plays made illegal on purpose")
    gm.add_argument("--incident-rate", type=float, default=0.1,
                    help="share of rolls with an incident (cocked die, wrong half, a die off the board)")
    gm.add_argument("--size", type=parse_size, default=(1280, 720))
    gm.add_argument("--quality", type=int, default=80)
    gm.add_argument("--scripted", action="store_true", help="the short scripted game of sample_images/")
    sm = sub.add_parser("samples", help="rebuild sample_images/ exactly (fixed seeds)")
    sm.add_argument("--out", type=Path, default=None, help="default: sample_images/ of the repository")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    what = getattr(args, "what", None)
    if what == "stills":
        return _stills(args)
    if what == "game":
        from device.sim.video import write_game

        if args.plays < 1:
            raise DeviceError(f"--plays {args.plays}: must be at least 1")
        if not 0 <= args.illegal_rate <= 1 or not 0 <= args.incident_rate <= 1:
            raise DeviceError("--illegal-rate and --incident-rate must be between 0 and 1")
        t0 = time.perf_counter()
        n = write_game(args.out, seed=args.seed, plays=args.plays, illegal_rate=args.illegal_rate,
                       incident_rate=args.incident_rate, size=args.size, quality=args.quality,
                       scripted=args.scripted)
        print(f"wrote {n} frames to {args.out} in {time.perf_counter() - t0:.1f} s")
        return 0
    if what == "samples":
        from device.sim.samples import build_samples

        out = args.out or Path(__file__).resolve().parents[2] / "sample_images"
        build_samples(out)
        print(f"rebuilt {out}")
        return 0
    raise DeviceError("bgref render: say what to render: stills, game or samples")


def _stills(args: argparse.Namespace) -> int:
    from device.sim.stills import render_still, write_still

    if args.count < 1:
        raise DeviceError(f"--count {args.count}: must be at least 1")
    if not 1 <= args.quality <= 100:
        raise DeviceError(f"--quality {args.quality}: must be 1-100")
    hands = {"random": None, "always": True, "never": False}[args.hands]
    t0 = time.perf_counter()
    for i in range(args.count):
        seed = args.seed + i
        still = render_still(seed, size=args.size, hands=hands)
        write_still(still, args.out, f"sim_{seed:06d}", args.quality)
    dt = time.perf_counter() - t0
    print(f"wrote {args.count} stills to {args.out} ({dt / args.count:.2f} s each)")
    return 0
