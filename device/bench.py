"""Per-frame vision stage timings for `bgref bench`: every stage of a read, on one core, against the floor.

Why these stages: a whole read is decode -> (drift check every few frames) -> rectify -> count checkers -> read
dice, and a board moved is searched for again; the daemon spends most frames on the unchanged-frame shortcut. The
reads are timed on the paths a game takes them: the first read of a fresh reader ("first_read": nothing kept, every
checker size tried, the cube searched whole); a frame showing a new position and roll ("whole_read": every stage
reads it, as nothing is as it was); and the turn that goes on from each frame (device.bench_frames), read by one
reader in order: one checker moved under the same dice ("in_game", the typical changed frame), the dice lifted
("lifted": the referee judges the play on it; it reads more than a frame with dice, both dice scales: no roll to
stop at), and the cube turned after the lift ("no_dice": the changed frames without dice are the only reads that
read the cube; the reader searches it again only where the frame changed since its last cube read,
vision.cube_watch: here the whole board, as every frame shows a new position, the worst case). Each stage is also
timed on its own over the same frames, so a slow read points at its stage ("cube": the whole search round the
board; "cube_turned": the reader's cube search when only the cube changed since its last look). The floor is the
least any reader must do with a frame: convert it and rectify it; each stage's ratio to it says how much work sits
on top.

Timing: single-threaded (``cv2.setNumThreads(1)``), a warm-up, then one call per frame; the figure is the median.
Two clocks: the CPU time of this thread (``time.thread_time``), which other processes on a shared machine do not
inflate, is the headline; wall-clock medians are kept beside it.
"""

from __future__ import annotations

import copy
import statistics
import time
from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

import cv2
import numpy as np

from device.bench_frames import BenchFrames, decode
from vision.change_map import frame_grids

# stage name -> what it times (the report's row labels, in order)
STAGES: dict[str, str] = {
    "decode": "decode JPEG (cv2.imdecode)",
    "rectify": "undistort + rectify (reader's view, remap)",
    "floor": "floor: BGR->grey + rectify",
    "check_geometry": "check saved geometry (drift)",
    "find_board": "find board from scratch",
    "count_checkers": "count checkers (in the rectified view)",
    "dice": "read dice",
    "cube": "read cube (whole search)",
    "cube_turned": "read cube, only the cube changed",
    "first_read": "first read (fresh reader)",
    "whole_read": "whole read, new position + roll",
    "in_game": "in-game frame (checker moved, same dice)",
    "lifted": "dice lifted (verdict frame)",
    "no_dice": "after the lift, cube turned (board new)",
    "unchanged": "unchanged frame (same frame again)",
}


@dataclass
class Timing:
    """Per-call times of one stage, in ms."""

    cpu_ms: list[float]
    wall_ms: list[float]

    def summary(self, floor_ms: Optional[float] = None) -> dict[str, Any]:
        cpu = sorted(self.cpu_ms)
        med = statistics.median(cpu)
        return {
            "median_ms": round(med, 3),
            "p90_ms": round(cpu[min(len(cpu) - 1, int(0.9 * len(cpu)))], 3),
            "max_ms": round(cpu[-1], 3),
            "wall_median_ms": round(statistics.median(self.wall_ms), 3),
            "n": len(cpu),
            "x_floor": None if not floor_ms else round(med / floor_ms, 2),
        }


def time_calls(fn: Callable[[Any], Any], items: Sequence[Any], warmup: int) -> Timing:
    """Call ``fn`` on the first ``warmup`` items untimed, then once per item timed (thread CPU and wall)."""
    for item in list(items)[:warmup]:
        fn(item)
    cpu, wall = [], []
    for item in items:
        c0, w0 = time.thread_time(), time.perf_counter()
        fn(item)
        w1, c1 = time.perf_counter(), time.thread_time()
        cpu.append((c1 - c0) * 1000)
        wall.append((w1 - w0) * 1000)
    return Timing(cpu, wall)


def calibrate(frames: BenchFrames, intrinsics: bool = True) -> Any:
    """The saved calibration the daemon would hold: the board found on the set-up view (label corners if the
    finder misses it, so the timings still run; the report says which)."""
    from vision.board import find_board, geometry_from_corners
    from vision.errors import VisionError

    image = frames.calibration_image
    intr = frames.intrinsics if intrinsics else None
    try:
        geo, how = find_board(image, intr), "find_board"
    except VisionError:
        geo, how = geometry_from_corners(image, frames.calibration_label["board"]["corners"], intr), "label corners"
    geo.warp_maps()  # built once at calibration, as the daemon does
    return geo, how


def reader_view(geo: Any, first: np.ndarray, second: np.ndarray) -> Any:
    """The geometry the reader rectifies and counts checkers in, once it has settled on a board.

    The reader may rectify straight to the checker reader's working scale and, after its first frame, look for
    the measured checker size only; two reads leave it in that state. Its own choice is used so the rectify and
    count stages time what a whole read does (the full-size geometry when the reader keeps none of its own).
    """
    from vision.reader import Reader

    reader = Reader(geo)
    reader.read(first)
    reader.read(second)
    work = getattr(reader, "_work", None)
    return work[1] if work else geo


def _reads_match(obs: Any, label: dict[str, Any]) -> tuple[bool, int, bool]:
    """(board found, points read right out of 24, dice values right) of one whole read against its label."""
    found = bool(obs.board.found)
    points = sum(a == b for a, b in zip(obs.points, label["points"])) if found else 0
    want = sorted(d["value"] for d in label.get("dice", []))
    got = sorted(d.value for d in obs.dice if d.value is not None)
    return found, points, got == want


def bench_size(frames: BenchFrames, warmup: int = 3, intrinsics: bool = True,
               stages: Optional[Sequence[str]] = None) -> dict[str, Any]:
    """Time every stage on one size's frames; returns the stage summaries and what the reads found."""
    from vision.board import check_geometry, find_board, rectify
    from vision.checkers import count_checkers
    from vision.reader import Reader

    cv2.setNumThreads(1)
    wanted = set(stages or STAGES)
    geo, how = calibrate(frames, intrinsics)
    images = frames.images
    helper = Reader(geo)  # its per-stage methods, so the dice and cube stages are exactly the reader's own
    timings: dict[str, Timing] = {}

    def run(name: str, fn: Callable[[Any], Any], items: Sequence[Any]) -> None:
        if name in wanted:
            timings[name] = time_calls(fn, items, warmup)

    view = reader_view(geo, frames.calibration_image, images[-1])
    run("decode", decode, frames.jpegs)
    run("rectify", lambda im: rectify(im, view), images)
    run("floor", lambda im: (cv2.cvtColor(im, cv2.COLOR_BGR2GRAY), rectify(im, view)), images)
    run("check_geometry", lambda im: check_geometry(im, geo), images)
    found_boards: list[bool] = []
    run("find_board", lambda im: found_boards.append(_find_or_none(find_board, im, geo.intrinsics) is not None),
        images)
    rects = [rectify(im, view) for im in images]
    run("count_checkers", lambda r: count_checkers(r, view), rects)
    run("dice", lambda im: helper._dice(im, geo), images)
    run("cube", lambda im: helper._cube(im, geo), images)

    outcome: dict[str, Any] = {"found": 0, "points_right": 0, "point_share": 0.0, "dice_right": 0,
                               "unchanged_hits": 0, "in_game_reused": 0, "in_game_dice_held": 0,
                               "in_game_dice_right": 0, "cube_reads": 0}
    if wanted & {"whole_read", "unchanged"}:
        # one reader over the frames in order, as the daemon runs it; after each new frame the same frame is fed
        # again, which is the unchanged-frame path. The warm-up reads other frames (the last ones, reversed).
        reader = Reader(geo)
        for im in images[::-1][:warmup]:
            reader.read(im)
        whole, same = Timing([], []), Timing([], [])
        for im, label in zip(images, frames.labels):
            for timing in (whole, same):
                c0, w0 = time.thread_time(), time.perf_counter()
                obs = reader.read(im)
                w1, c1 = time.perf_counter(), time.thread_time()
                timing.cpu_ms.append((c1 - c0) * 1000)
                timing.wall_ms.append((w1 - w0) * 1000)
                if timing is whole:
                    found, points, dice = _reads_match(obs, label)
                    outcome["found"] += found
                    outcome["points_right"] += points == 24
                    outcome["point_share"] += points / (24 * len(images))
                    outcome["dice_right"] += dice
                else:
                    outcome["unchanged_hits"] += bool(obs.extra.get("unchanged"))
        if "whole_read" in wanted:
            timings["whole_read"] = whole
        if "unchanged" in wanted:
            timings["unchanged"] = same

    if "first_read" in wanted:
        # a fresh reader per frame: nothing kept (no checker size measured, no cube searched before)
        run("first_read", lambda im: Reader(geo).read(im), images)

    if wanted & {"in_game", "lifted", "no_dice", "cube_turned"} and frames.turn_images:
        # one reader through each frame's turn, as the daemon reads a game: the frame (untimed), one checker moved
        # under the same dice, the dice lifted (the verdict frame), the cube turned (a double offered: read
        # without dice). The warm-up runs the last turns first.
        steps = {"in_game": "moved", "lifted": "lifted", "no_dice": "doubled"}
        turn_t = {name: Timing([], []) for name in steps}
        cube_t = Timing([], [])
        game_reader = Reader(geo)
        pairs = list(zip(images, frames.turn_images))
        for im, turn in pairs[::-1][:warmup]:
            for frame in (im, turn["moved"], turn["lifted"], turn["doubled"]):
                game_reader.read(frame)
        for k, (im, turn) in enumerate(pairs):
            game_reader.read(im)
            for name, step in steps.items():
                if name == "no_dice":
                    # the cube alone when only it changed: a copy of the reader's watch brought up to the lifted
                    # frame (untimed), then the turned cube (the read below finds the reader's watch as it was)
                    watch = copy.deepcopy(game_reader._cube_watch)
                    if watch is not None:
                        watch.look(turn["lifted"], frame_grids(turn["lifted"]).grid)
                        grid = frame_grids(turn[step]).grid
                        c0, w0 = time.thread_time(), time.perf_counter()
                        watch.look(turn[step], grid)
                        w1, c1 = time.perf_counter(), time.thread_time()
                        cube_t.cpu_ms.append((c1 - c0) * 1000)
                        cube_t.wall_ms.append((w1 - w0) * 1000)
                c0, w0 = time.thread_time(), time.perf_counter()
                obs = game_reader.read(turn[step])
                w1, c1 = time.perf_counter(), time.thread_time()
                turn_t[name].cpu_ms.append((c1 - c0) * 1000)
                turn_t[name].wall_ms.append((w1 - w0) * 1000)
                if name == "in_game":
                    outcome["in_game_reused"] += "checkers" in obs.extra.get("reused", ())
                    # the roll kept unread (vision.dice_watch: no cell round its dice changed), and whether the
                    # frame's dice are read right all the same
                    outcome["in_game_dice_held"] += "dice" in obs.extra.get("reused", ())
                    if k < len(frames.turns) and step in frames.turns[k]:
                        outcome["in_game_dice_right"] += _reads_match(obs, frames.turns[k][step][1])[2]
                if name == "no_dice":
                    outcome["cube_reads"] += obs.cube is not None
        for name in steps:
            if name in wanted:
                timings[name] = turn_t[name]
        if "cube_turned" in wanted and cube_t.cpu_ms:
            timings["cube_turned"] = cube_t

    floor = statistics.median(timings["floor"].cpu_ms) if "floor" in timings else None
    return {
        "size": list(frames.size),
        "frames": len(images),
        "warmup": warmup,
        "geometry": {"from": how, "intrinsics": geo.intrinsics is not None, "rect_size": list(view.rect_size),
                     "checker_diameter_px": None if not view.checker_diameter else round(view.checker_diameter, 1),
                     "rectify": "cv2.remap with cached fixed-point maps" + (
                         " (undistortion folded in)" if geo.intrinsics is not None else "")},
        "stages": {name: timings[name].summary(None if name == "floor" else floor)
                   for name in STAGES if name in timings},
        "reads": {**outcome, "point_share": round(outcome["point_share"], 3), "frames": len(images),
                  "find_board_found": sum(found_boards[-len(images):]) if found_boards else None},
    }


def _find_or_none(find_board: Callable[..., Any], image: np.ndarray, intrinsics: Any) -> Any:
    """find_board, with a miss timed like a hit (a frame where the search fails costs as much)."""
    from vision.errors import VisionError

    try:
        return find_board(image, intrinsics)
    except VisionError:
        return None


# the reader's stages, as the profile names them (function name -> row label)
PROFILE_STAGES: dict[str, str] = {
    "count_checkers": "count checkers",
    "find_dice": "read dice",
    "cube_faces": "read cube (whole or round changes)",
    "rectify": "rectify",
    "thumbnail": "thumbnail (unchanged-frame test)",
    "check_geometry": "check saved geometry (drift)",
}


PROFILE_CLOCK = time.thread_time  # seconds of the calling thread's CPU (see profile_reads)


def profile_reads(frames: BenchFrames, top: int = 20, intrinsics: bool = True) -> dict[str, Any]:
    """Where a whole read's time goes, by function: cProfile over one reader's reads of the frames as a game
    brings them (each frame with dice, then its turn: a checker moved, the lift, the cube turned), after a
    warm-up.

    Why a profile beside the timings: the stage timings say which stage is slow, a profile says which function in
    it. Under cProfile every Python call costs extra, so Python-heavy code weighs more than it does unprofiled:
    the shares point at the hot spots, the stage timings give the milliseconds.

    The profiler's clock is the reading thread's CPU time (PROFILE_CLOCK), as the stage timings' is: on a shared
    machine its default wall clock also counted the minutes the thread waited for a core, each wait charged to
    whichever function was running (session 14, load 10-20 on 2 cores, the bench's 1920x1080 frames: 916 ms per
    frame of four reads by the wall clock, 356 ms by the thread's CPU, both under the profiler).
    """
    import cProfile
    import pstats

    from vision.reader import Reader

    cv2.setNumThreads(1)
    geo, _ = calibrate(frames, intrinsics)
    reader = Reader(geo, fast_path=False)
    no_dice = frames.calibration_image

    def game(im: np.ndarray, turn: Optional[dict[str, np.ndarray]]) -> list[np.ndarray]:
        return [im] + ([turn[k] for k in ("moved", "lifted", "doubled")] if turn else [no_dice, no_dice])

    turns: list[Any] = list(frames.turn_images) or [None] * len(frames.images)
    pairs = list(zip(frames.images, turns))
    for im, turn in pairs[::-1][:2]:
        for frame in game(im, turn):
            reader.read(frame)
    profiler = cProfile.Profile(PROFILE_CLOCK)
    profiler.enable()
    for im, turn in pairs:
        for frame in game(im, turn):
            reader.read(frame)
    profiler.disable()
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    n = len(frames.images)
    total = sum(v[3] for k, v in stats.items() if k[2] == "read" and k[0].endswith("reader.py"))

    def where(key: tuple[str, int, str]) -> str:
        path, _, name = key
        if path == "~":
            return name
        parts = path.replace("\\", "/").split("/")
        return f"{'.'.join(parts[-2:])[:-3] if parts[-2] in ('vision', 'device', 'calibration') else parts[-1]}.{name}"

    stages = {}
    for name, label in PROFILE_STAGES.items():
        cum = sum(v[3] for k, v in stats.items() if k[2] == name and k[0] != "~")
        if cum:
            stages[name] = {"label": label, "ms_per_frame": round(1000 * cum / n, 2),
                            "share": round(cum / total, 3) if total else None}
    own = sorted(stats.items(), key=lambda kv: -kv[1][2])[:top]
    functions = [{"function": where(k), "calls_per_frame": round(v[1] / n, 1),
                  "own_ms_per_frame": round(1000 * v[2] / n, 2), "cum_ms_per_frame": round(1000 * v[3] / n, 2),
                  "own_share": round(v[2] / total, 3) if total else None} for k, v in own]
    return {"size": list(frames.size), "frames": n, "reads_per_frame": 4 if frames.turn_images else 3,
            "total_ms_per_frame": round(1000 * total / n, 2), "stages": stages, "functions": functions}
