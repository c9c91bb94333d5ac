"""`bgref bench [--json]`: the cost of every per-frame stage, the rules engine and the daemon's memory, with what
that predicts for a Raspberry Pi 4.

Renders a fixed set of frames (one board, one camera, a new position and roll in each) at 1536x864, 1920x1080 and
2304x1296 and times, single-threaded, medians after a warm-up: decoding, undistorting and rectifying, checking the
saved board geometry, finding the board from scratch, counting checkers, reading dice, reading the cube, a whole
read, the frame where the dice are lifted, the frame after it (no dice: the cube is read) and an unchanged frame,
each against the floor (convert and rectify only). Takes minutes; --quick is a smoke run.
"""

from __future__ import annotations

import argparse
import json
import logging
from pathlib import Path

from device.errors import DeviceError

log = logging.getLogger(__name__)

DEFAULT_FRAMES = 50
QUICK_FRAMES = 3
MIN_SIZE = (320, 180)


def parse_sizes(text: str) -> list[tuple[int, int]]:
    """'1920x1080,2304x1296' -> [(1920, 1080), (2304, 1296)]; a DeviceError naming the bad part otherwise."""
    sizes = []
    for part in (p.strip() for p in text.split(",")):
        try:
            w, h = (int(v) for v in part.lower().split("x"))
        except ValueError:
            raise DeviceError(f"--sizes: {part!r} is not WIDTHxHEIGHT (e.g. 1920x1080)") from None
        if not (MIN_SIZE[0] <= w <= 8000 and MIN_SIZE[1] <= h <= 8000):
            raise DeviceError(f"--sizes: {part!r}: width and height must be {MIN_SIZE[0]}-8000 and "
                              f"{MIN_SIZE[1]}-8000 pixels")
        sizes.append((w, h))
    if not sizes:
        raise DeviceError("--sizes: give at least one WIDTHxHEIGHT")
    return sizes


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("bench", help="time every per-frame stage, the rules and the daemon's memory",
                                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--frames", type=int, default=None,
                        help=f"frames timed per size and stage (default {DEFAULT_FRAMES}; --quick: {QUICK_FRAMES})")
    parser.add_argument("--sizes", default=None, metavar="WxH[,WxH...]",
                        help="frame sizes (default 1536x864,1920x1080,2304x1296)")
    parser.add_argument("--quick", action="store_true",
                        help="a few frames, one warm-up, a short rules and daemon run: checks it works, not speed")
    parser.add_argument("--skip-rules", action="store_true", help="leave out the rules engine benchmark")
    parser.add_argument("--skip-daemon", action="store_true", help="leave out the daemon memory benchmark")
    parser.add_argument("--daemon-frames", type=int, default=None,
                        help="frames for the daemon memory run (default 10000; --quick: 300)")
    parser.add_argument("--daemon-video", type=Path, default=None, metavar="DIR",
                        help="run the daemon memory benchmark on this recorded game (a folder with frames/, e.g. "
                             "sample_images/game) read by the camera reader, instead of scripted games read from "
                             "their labels")
    parser.add_argument("--no-intrinsics", action="store_true",
                        help="calibrate without the lens model (plain perspective rectification)")
    parser.add_argument("--frames-dir", type=Path, default=None, metavar="DIR",
                        help="keep the rendered frames here and load them on the next run instead of rendering")
    parser.add_argument("--seed", type=int, default=None, help="the board, camera and positions (default fixed)")
    parser.add_argument("--profile", type=int, nargs="?", const=20, default=None, metavar="N",
                        help="instead of timing: where a whole read's time goes, by function (cProfile; the N "
                             "functions with the most own time, default 20), per size (default 1920x1080,1280x720)")
    parser.add_argument("--json", action="store_true", help="print every figure as JSON")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    from device.bench_frames import BENCH_SEED
    from device.bench_report import render_text
    from device.bench_run import SIZES, run_benchmark

    frames = args.frames if args.frames is not None else (QUICK_FRAMES if args.quick else DEFAULT_FRAMES)
    if frames < 1:
        raise DeviceError(f"--frames {frames}: must be at least 1")
    if args.daemon_frames is not None and args.daemon_frames < 10:
        raise DeviceError(f"--daemon-frames {args.daemon_frames}: must be at least 10")
    if args.daemon_video is not None and not (args.daemon_video / "frames").is_dir():
        raise DeviceError(f"--daemon-video {args.daemon_video}: no frames/ folder there (a recorded game, e.g. "
                          f"sample_images/game)")
    if args.frames_dir is not None and args.frames_dir.exists() and not args.frames_dir.is_dir():
        raise DeviceError(f"--frames-dir {args.frames_dir}: is a file, not a folder")
    if args.profile is not None:
        return _profile(args, frames)
    sizes = parse_sizes(args.sizes) if args.sizes else SIZES
    warmup = 1 if args.quick else 3
    if not args.quick and frames < DEFAULT_FRAMES:
        log.warning("timing %d frames per stage: medians over fewer than %d frames are rough", frames,
                    DEFAULT_FRAMES)
    result = run_benchmark(sizes, frames=frames, warmup=warmup, rules=not args.skip_rules,
                           daemon=not args.skip_daemon, quick=args.quick, intrinsics=not args.no_intrinsics,
                           cache=args.frames_dir, seed=BENCH_SEED if args.seed is None else args.seed,
                           daemon_frames=args.daemon_frames, daemon_video=args.daemon_video)
    print(json.dumps(result, indent=1) if args.json else render_text(result))
    return 0


PROFILE_SIZES = [(1920, 1080), (1280, 720)]


def _profile(args: argparse.Namespace, frames: int) -> int:
    """`--profile`: cProfile of the whole reads per size (device.bench.profile_reads), as text or JSON."""
    from device.bench import profile_reads
    from device.bench_frames import BENCH_SEED, bench_frames
    from device.bench_report import render_profile

    if args.profile < 1:
        raise DeviceError(f"--profile {args.profile}: must be at least 1 function")
    sizes = parse_sizes(args.sizes) if args.sizes else PROFILE_SIZES
    seed = BENCH_SEED if args.seed is None else args.seed
    profiles = []
    for size in sizes:
        fs = bench_frames(size, frames, seed=seed, cache=args.frames_dir)
        profiles.append(profile_reads(fs, top=args.profile, intrinsics=not args.no_intrinsics))
    print(json.dumps({"profiles": profiles}, indent=1) if args.json else render_profile(profiles))
    return 0
