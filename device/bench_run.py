"""The whole benchmark in one call: vision stages per size, the rules engine and the daemon's memory.

Why the daemon runs in a child process: its peak memory is the question, and this process holds every benchmark
frame in memory; a fresh interpreter running ``device.bench_daemon`` measures the daemon alone. The rules benchmark
(``device.bench_rules``) runs in this process, single-threaded like the rest.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Optional, Sequence

import cv2

from device.bench import bench_size
from device.bench_frames import BENCH_SEED, JPEG_QUALITY, bench_frames
from device.bench_report import machine, pi4_prediction, targets

log = logging.getLogger(__name__)

SIZES = [(1536, 864), (1920, 1080), (2304, 1296)]
DAEMON_FRAMES = 10_000
QUICK_DAEMON_FRAMES = 300
DAEMON_TIMEOUT_S = 1800
# The child adds its own peak RSS from /proc (VmHWM): getrusage's ru_maxrss survives exec on Linux, so in a child
# of this process (which holds every benchmark frame) it would report the parent's peak, not the daemon's.
CHILD = """
import json, sys
from device.bench_daemon import bench_daemon
result = bench_daemon(int(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else None)
try:
    with open("/proc/self/status") as fh:
        kb = next(int(line.split()[1]) for line in fh if line.startswith("VmHWM:"))
    result["peak_rss_mb"] = round(kb / 1024, 1)
except (OSError, StopIteration, ValueError):
    result["peak_rss_mb"] = None
print(json.dumps(result))
"""


def run_rules(quick: bool) -> dict[str, Any]:
    try:
        from device.bench_rules import run_rules_benchmark
    except ImportError as exc:
        return {"error": f"device.bench_rules not available ({exc})"}
    return run_rules_benchmark(positions=100, rounds=1) if quick else run_rules_benchmark()


def run_daemon(frames: int, video: Optional[Path] = None) -> dict[str, Any]:
    """``device.bench_daemon`` over ``frames`` frames in a fresh interpreter; its JSON, or an error entry.

    ``video``: a rendered game folder read by the camera reader (the reader's own caches are then part of what must
    stay flat); without it, scripted games read by the oracle (the pipeline alone)."""
    root = Path(__file__).resolve().parents[1]
    if not (root / "device" / "bench_daemon.py").is_file():
        return {"error": "device.bench_daemon not available"}
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["OMP_NUM_THREADS"] = "1"
    try:
        proc = subprocess.run([sys.executable, "-c", CHILD, str(frames), *([str(video)] if video else [])], cwd=root, env=env,
                              capture_output=True, text=True, timeout=DAEMON_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return {"error": f"device.bench_daemon did not finish in {DAEMON_TIMEOUT_S} s"}
    if proc.returncode != 0:
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": f"device.bench_daemon exited {proc.returncode}: {tail}"}
    try:
        return json.loads(proc.stdout)
    except ValueError:
        return {"error": "device.bench_daemon printed no JSON"}


def run_benchmark(sizes: Sequence[tuple[int, int]] = SIZES, frames: int = 50, warmup: int = 3,
                  rules: bool = True, daemon: bool = True, quick: bool = False, intrinsics: bool = True,
                  cache: Optional[Path] = None, seed: int = BENCH_SEED,
                  daemon_frames: Optional[int] = None, daemon_video: Optional[Path] = None) -> dict[str, Any]:
    """Every measurement of `bgref bench` as one dict (what ``--json`` prints)."""
    cv2.setNumThreads(1)
    result: dict[str, Any] = {
        "machine": machine(),
        "conditions": {"frames": frames, "warmup": warmup, "seed": seed, "jpeg_quality": JPEG_QUALITY,
                       "intrinsics": intrinsics, "threads": 1, "clock": "thread CPU time (time.thread_time)",
                       "quick": quick},
    }
    per_size = []
    for size in sizes:
        log.info("bench %dx%d: rendering %d frames", size[0], size[1], frames)
        fs = bench_frames(size, frames, seed=seed, cache=cache)
        log.info("bench %dx%d: timing the stages", size[0], size[1])
        per_size.append(bench_size(fs, warmup=warmup, intrinsics=intrinsics))
    result["sizes"] = per_size
    result["pi4"] = pi4_prediction(per_size)
    result["rules"] = None
    if rules:
        log.info("bench: rules engine")
        result["rules"] = run_rules(quick)
    result["daemon"] = None
    if daemon:
        n = daemon_frames or (QUICK_DAEMON_FRAMES if quick else DAEMON_FRAMES)
        log.info("bench: daemon over %d frames", n)
        result["daemon"] = run_daemon(n, daemon_video)
    ok_rules = result["rules"] if result["rules"] and "error" not in result["rules"] else None
    ok_daemon = result["daemon"] if result["daemon"] and "error" not in result["daemon"] else None
    result["targets"] = targets(per_size, ok_rules, ok_daemon)
    try:
        result["load_average_end"] = [round(v, 2) for v in os.getloadavg()]
    except OSError:
        result["load_average_end"] = None
    return result
